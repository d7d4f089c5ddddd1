"""A run's error says what kind of trouble its database is in, never which database (h14 s35 H4, x9:
kassist/db/told.py): every kind of DatabaseUnavailable a node or a worker meets reads the same to every
reader of the run (last_error, worker_error), and the servers' refusals keep their words. No I/O."""

from __future__ import annotations

import pytest

from graph.ingestion.errors import describe
from kassist.db.connect_sqlite import DatabaseBusy, DatabaseCorrupt, DatabaseReadOnly, DiskFull
from kassist.db.refused_postgres import ConnectionLimit, RoleNotPermitted, ServerReadOnly
from kassist.db.told import REQUEST, RUN, Kind
from kassist.dburl import DatabaseUnavailable, PoolExhausted
from server.db_refusals import unavailable

WHERE = "PostgreSQL at db.internal.example:5433/kassist_prod (pool_size 10, /srv/kassist/data)"


@pytest.mark.parametrize(
    ("exc", "kind"),
    [
        (DatabaseUnavailable(f"cannot reach {WHERE}"), "unavailable"),
        (PoolExhausted(f"no free connection to {WHERE}"), "busy"),
        (ConnectionLimit(f"too many connections to {WHERE}"), "busy"),
        (DatabaseBusy(f"{WHERE} is locked"), "busy"),
        (ServerReadOnly(f"{WHERE} is read-only", "cannot execute INSERT"), "read_only"),
        (DatabaseReadOnly(f"{WHERE} is read-only"), "read_only"),
        (DiskFull(f"{WHERE}: disk full"), "full"),
        (RoleNotPermitted(f"role kassist may not write {WHERE}", "permission denied"), "set_up"),
        (DatabaseCorrupt(f"{WHERE} is damaged"), "set_up"),
    ],
)
def test_a_runs_database_error_names_its_kind_not_its_database(exc: DatabaseUnavailable, kind: Kind) -> None:
    said = describe(exc)
    assert said == f"{type(exc).__name__}: {RUN[kind]}"
    for part in ("db.internal", "5433", "kassist_prod", "pool_size", "/srv"):
        assert part not in said
    assert unavailable(exc) == REQUEST[kind]


def test_the_servers_refusals_keep_their_words() -> None:
    status, line, clears = unavailable(DatabaseUnavailable(f"cannot reach {WHERE}"))
    assert (status, clears) == (503, True)
    assert (
        line
        == "the database is unavailable right now; this request was not carried out: try again in a few seconds"
    )
