"""The vocabulary shared by the pure operations and the four executors.

An operation is a generator: it yields :class:`Query` objects, receives each query's rows (a list
of rows read by column name, ``row["name"]``: dicts from psycopg, ``sqlite3.Row`` from SQLite;
empty when ``fetch`` is false) and finally returns its result. It never touches a
connection, so SQLite and PostgreSQL, sync and async, all run the same control flow.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar

from kassist.db.migrate import pending

Row = dict[str, Any]  # typed as a dict; SQLite hands sqlite3.Row, read the same way (row["name"], keys())
T = TypeVar("T")


class Query(NamedTuple):
    """One named statement of the backend's SQL module, with its parameters.

    ``many`` runs the statement once per parameter mapping (no rows come back). ``variant`` carries
    what a dynamically built statement depends on (e.g. the metadata filter terms). A named tuple:
    several are built per call, and a frozen dataclass cost about 1 us each.
    """

    name: str
    params: Mapping[str, Any] = MappingProxyType({})
    fetch: bool = False
    many: Sequence[Mapping[str, Any]] | None = None
    variant: Any = None


Steps = Generator[Query, list[Row], T]


@dataclass
class Op(Generic[T]):
    """An operation plus how it must be run.

    ``write`` ops take the write lock up front; ``single`` ops issue one statement and need no
    explicit transaction (PostgreSQL then saves the BEGIN and COMMIT round trips).
    """

    steps: Steps[T]
    write: bool = False
    single: bool = False


def migrate(count: int) -> Steps[list[int]]:
    """Apply the numbered migrations not yet recorded (kassist.db.migrate's rule: a schema newer
    than ``count`` is refused); the executor runs this as one write transaction."""
    yield Query("migration_lock")
    yield Query("create_version_table")
    rows = yield Query("applied_versions", fetch=True)
    applied = pending("checkpoint tables", (int(r["version"]) for r in rows), count)
    for version in applied:
        yield Query(f"migration:{version}")
        yield Query("record_version", {"v": version})
    return applied
