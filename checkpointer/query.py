"""The vocabulary shared by the pure operations and the four executors.

Every statement is a field of :class:`CheckpointSql`, one instance per dialect
(``sql_sqlite.SQL``, ``sql_postgres.SQL``): the operations receive the dialect's instance and name
statements as its attributes (``sql.get_latest``), so a misspelt statement fails type checking,
and nothing is looked up by name at run time.

An operation is a generator: it yields :class:`Query` objects, receives each query's rows (a list
of rows read by column name, ``row["name"]``: dicts from psycopg, ``sqlite3.Row`` from SQLite;
empty when ``fetch`` is false) and finally returns its result. It never touches a
connection, so SQLite and PostgreSQL, sync and async, all run the same control flow.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar

from kassist.db import Stmt
from kassist.db import migrate as runner

Row = dict[str, Any]  # typed as a dict; SQLite hands sqlite3.Row, read the same way (row["name"], keys())
T = TypeVar("T")


class Query(NamedTuple):
    """One statement of the dialect's :class:`CheckpointSql` (``stmt``), with its parameters.

    ``many`` runs the statement once per parameter mapping (no rows come back). ``variant`` carries
    what a dynamically built statement depends on (e.g. the metadata filter terms). A named tuple:
    several are built per call, and a frozen dataclass cost about 1 us each.
    """

    stmt: Render
    params: Mapping[str, Any] = MappingProxyType({})
    fetch: bool = False
    many: Sequence[Mapping[str, Any]] | None = None
    variant: Any = None


Render = Callable[[Query], Stmt | list[Stmt]]
"""A statement of a dialect: compiles a query of it into the driver's statement(s), run in order."""

Steps = Generator[Query, list[Row], T]


def compile_query(query: Query) -> Stmt | list[Stmt]:
    """The executors' compile function: the query's own statement renders it."""
    return query.stmt(query)


@dataclass(frozen=True)
class CheckpointSql:
    """Every statement of the checkpointer in one dialect. Rows come back with the column names
    given here, the same in both dialects; parameters are named (``tenant``, ``thread``, ``ns``,
    ``cid``...) and a list parameter is bound as the dialect binds lists."""

    backend: str
    """The backend these statements are written for (``db.backend``: ``sqlite``, ``postgres``)."""
    migrations: tuple[Render, ...]
    """Numbered migrations in order (1-based); each runs once, recorded in kassist_schema_versions."""
    get_latest: Render
    """(tenant, thread, ns) -> the head's rows: kind 'c' (the checkpoint), 'b' (blobs), 'w' (writes)"""
    get_by_id: Render
    """(tenant, thread, ns, cid) -> the same rows for that checkpoint"""
    get_many: Render
    """(reqs, tenants, threads, nss, cids) -> get_latest's rows of each request plus ``req``"""
    list_rows: Render
    """variant: a ListSpec; (tenant[, thread, ns, cid, before, limit], filter terms) -> checkpoint rows"""
    list_payload: Render
    """(tenant, threads, nss, ids) -> the 'b' and 'w' rows of those checkpoints"""
    delta_history: Render
    """(tenant, thread, ns, cid or None, channels, n_channels) -> chain, writes and seed rows"""
    put_fast: Render
    """(record, blobs) -> (version) when the put extended the head, else no row (nothing written)"""
    put_fast_recheck: Render
    """(tenant, thread, ns, cid, parent) -> (version) when the put re-puts the head itself"""
    begin: Render
    put_prepare: Render
    """(tenant, thread, ns, cid, parent) -> (head_id, head_version, existing_parent,
    existing_version, parent_version)"""
    put_blob: Render
    """many (tenant, thread, ns, channel, version, type, blob)"""
    put_checkpoint: Render
    """(record, version) -> (version), or no row when another writer took the version"""
    put_checkpoint_again: Render
    """(record) rewrites a stored checkpoint's row"""
    head_version: Render
    """(tenant, thread, ns) -> (version)"""
    put_write_rows: Render
    """(tenant, thread, ns, cid, rows) keeps a stored write"""
    upsert_write_rows: Render
    """(tenant, thread, ns, cid, rows) replaces a stored write"""
    delete_threads: Render
    """(tenant, threads)"""
    thread_plan_rows: Render
    """(tenant, threads) -> (thread_id, checkpoint_ns, checkpoint_id, parent_id, version, ts,
    run_id, versions, counters)"""
    thread_heads: Render
    """(tenant, threads) -> (thread_id, checkpoint_ns, head_id, version); locks them on PostgreSQL"""
    thread_blob_keys: Render
    """(tenant, threads) -> (thread_id, checkpoint_ns, channel, version, type)"""
    run_threads: Render
    """(tenant, runs) -> (thread_id)"""
    stale_threads: Render
    """(tenant, cutoff) -> (thread_id)"""
    tenants_with_stale: Render
    """(cutoff) -> (tenant_id)"""
    delete_checkpoint: Render
    """many (tenant, thread, ns, cid)"""
    delete_blob: Render
    """many (tenant, thread, ns, channel, version)"""
    clear_parent: Render
    """many (tenant, thread, ns, cid)"""
    set_head: Render
    """many (tenant, thread, ns, cid, version)"""
    delete_head: Render
    """many (tenant, thread, ns)"""
    thread_exists: Render
    """(tenant, thread) -> (one)"""
    copy_thread: Render
    """(tenant, source, target)"""

    # Optional statements: a dialect without them takes the general path.
    get_latest_row: Render | None = None
    """(tenant, thread, ns) -> the head's row alone, columns by position: checkpoint id, parent
    id, version, skeleton, metadata, small values, has_writes; a dialect with it reads the payload
    only when there is one (get_payload)"""
    get_by_id_row: Render | None = None
    """(tenant, thread, ns, cid) -> the same for that checkpoint, then the head version"""
    get_payload: Render | None = None
    """(tenant, thread, ns, cid, versions, writes) -> an 'x' row when the checkpoint exists, then
    the 'b' rows of the channel versions in ``versions`` (a mapping) and, when ``writes``, its 'w'
    rows"""

    put_next: Render | None = None
    """(record, blobs, pv) -> the number of rows inserted (0 or 1): the checkpoint at version
    ``pv + 1`` when ``parent`` is the head at version ``pv`` (the version a put or read of this
    process last saw), else nothing written"""

    copy_value: Render | None = None
    """many (tenant, thread, ns, cid): the value the row holds into the blobs table (before the row
    is deleted while another row points at it); a dialect without values in rows has none"""
    ensure_blob: Render | None = None
    """many (tenant, thread, ns, channel, version): the value into the blobs table from the row
    holding it, unless a blob row has it (a put that could not name the holder)"""
    value_in_row: bool = False
    """Whether a put's largest changed large value rides in its checkpoint row (SQLite, migration 6)"""

    def as_of(self, version: int) -> CheckpointSql:
        """This dialect with its migrations up to ``version`` only (tests build older schemas)."""
        return replace(self, migrations=self.migrations[:version])


@dataclass
class Op(Generic[T]):
    """An operation plus how it must be run.

    ``write`` ops take the write lock up front; ``single`` ops issue one statement and need no
    explicit transaction (PostgreSQL then saves the BEGIN and COMMIT round trips).
    """

    steps: Steps[T]
    write: bool = False
    single: bool = False


def _given(query: Query) -> Stmt:
    # The statement a Query built by migrate() carries as it is.
    stmt: Stmt = query.variant
    return stmt


def _rendered(render: Render) -> list[Stmt]:
    out = render(Query(render))
    return [out] if isinstance(out, Stmt) else out


def migrate(sql: CheckpointSql, backend: str | None = None) -> Steps[list[int]]:
    """Apply the numbered migrations not yet recorded, by kassist.db.migrate's runner (one write
    transaction, its lock, versions in kassist_schema_versions, a newer schema refused) on a
    database of ``backend`` (``db.backend``; the saver passes it). Left out, it is the backend
    ``sql`` declares itself for (tests that build older schemas)."""
    migrations = [_rendered(m) for m in sql.migrations]
    op = runner.migrate(runner.CHECKPOINTER, migrations, backend or sql.backend)
    try:
        stmt = next(op)
        while True:
            rows = yield Query(_given, fetch=stmt.fetch, variant=stmt)
            stmt = op.send(rows)
    except StopIteration as stop:
        applied: list[int] = stop.value
        return applied


ROW_FIELDS = (
    "tenant",
    "thread",
    "ns",
    "cid",
    "parent",
    "pv",
    "ts",
    "run_id",
    "checkpoint",
    "metadata",
    "inline",
)
"""The fields of a planned checkpoint row (``ops_write.PutPlan.row``), in order: SQLite's
``put_next`` binds them by position."""
VALUE_FIELDS = ("vchannel", "vversion", "vtype", "vblob")
"""The fields a planned row has after :data:`ROW_FIELDS` when its checkpoint row holds a value
(SQLite, migration 6); a row without one ends at ROW_FIELDS (four parameters fewer to bind)."""
