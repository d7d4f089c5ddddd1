"""The checkpointer's statement table and what its operations yield.

Every statement is a field of :class:`CheckpointSql`, one instance per dialect
(``sql_sqlite.SQL``, ``sql_postgres.SQL``): the operations receive the dialect's instance and call
its statements with their parameters (``sql.get_latest(key)``), which hand back the
:class:`~kassist.db.Stmt` (or the several, run in order) the dialect runs for them. A misspelt
statement fails type checking, and nothing is looked up by name at run time.

An operation is a generator: it yields those statements (kassist.db's request vocabulary, run by
the shared executors as they are), receives each request's rows (a list of tuples, the
statement's columns in the order declared at the end of this module, e.g. :data:`READ_COLS`, read
by unpacking into named locals or by positions derived from those names; empty when the statement
fetches nothing) and finally returns its result. It never touches a connection, so SQLite and
PostgreSQL, sync and async, all run the same control flow. Whether a statement fetches, and how
its values are bound (SQLite's lists as JSON text, PostgreSQL's as arrays), is the dialect's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from checkpointer.filters import ListSpec

if TYPE_CHECKING:
    from checkpointer.ops_read import TupleRequest
from kassist.db import Stmt
from kassist.db import migrate as runner

Row = tuple[Any, ...]  # a fetched row: its statement's columns in the order declared below
T = TypeVar("T")
Params = Mapping[str, Any]


class Stmts(tuple[Stmt, ...]):
    """Several statements run in order as one request (in one transaction where the operation's
    first request decides it, kassist.db's single writes); the answer is the rows of the last one
    that fetches. A tuple, as kassist.db runs a sequence of statements."""

    __slots__ = ()

    @property
    def fetch(self) -> bool:
        """Whether the request answers rows (a dry run answers the others without running them)."""
        return any(s.fetch for s in self)


Request = Stmt | Stmts
"""What an operation yields: one statement, or several run in order."""
Render = Callable[[Params], Request]
"""A statement of a dialect, given its parameters: what runs."""
Many = Callable[[Sequence[Params]], Request]
"""A statement run once per parameter set (no rows come back)."""

Steps = Generator[Request, list[Row], T]
One = tuple[str, Any]
"""A statement the saver may run alone (``CheckpointExecutor.one``): its text and parameters. A
plain tuple: building a :class:`Stmt` per call cost about as much as the rest of the Python of a
graph step's put (callgrind, session 19)."""
ReadHead = Callable[["TupleRequest", Mapping[str, str] | None, Mapping[str, str], str | None], One]


@dataclass(frozen=True)
class CheckpointSql:
    """Every statement of the checkpointer in one dialect. Rows come back as tuples whose columns
    are in the order given here (and, for the multi-column reads, by the ``*_COLS`` declarations
    below), the same in both dialects; parameters are named (``tenant``, ``thread``, ``ns``,
    ``cid``...) and a list parameter is bound as the dialect binds lists."""

    backend: str
    """The backend these statements are written for (``db.backend``: ``sqlite``, ``postgres``)."""
    migrations: tuple[tuple[str, ...], ...]
    """Numbered migrations in order (1-based); each runs once, recorded in kassist_schema_versions."""
    get_latest: Render
    """(tenant, thread, ns) -> the head's rows (:data:`READ_COLS`): kind 'c' (the checkpoint), 'b'
    (blobs), 'w' (writes)"""
    get_by_id: Render
    """(tenant, thread, ns, cid) -> the same rows for that checkpoint"""
    get_many: Render
    """(reqs, tenants, threads, nss, cids) -> get_latest's rows of each request, ``req`` first
    (:data:`MANY_COLS`)"""
    list_rows: Callable[[Params, ListSpec], Request]
    """(tenant[, thread, ns, cid, before, limit], the ListSpec's filter terms) -> checkpoint rows
    (:data:`LIST_COLS`)"""
    list_payload: Render
    """(tenant, threads, nss, ids) -> the 'b' and 'w' rows of those checkpoints
    (:data:`LIST_PAYLOAD_COLS`)"""
    delta_history: Render
    """(tenant, thread, ns, cid or None, channels, n_channels) -> chain, writes and seed rows
    (:data:`DELTA_COLS`)"""
    put_fast: Render
    """(record, blobs) -> (version) when the put extended the head, else no row (nothing written)"""
    put_fast_recheck: Render
    """(tenant, thread, ns, cid, parent) -> (version) when the put re-puts the head itself"""
    begin: Request
    """What starts the full check's transaction (none where write operations run in one already)"""
    hold_parent: Request
    """What the full check of a put with a parent runs next: no retention delete (``lock_writers``)
    may take the parent between the check's read and its insert (none where the write lock is held)"""
    put_prepare: Render
    """(tenant, thread, ns, cid, parent) -> one row, :data:`PREPARE_COLS`"""
    put_blob: Many
    """(tenant, thread, ns, channel, version, type, blob) each"""
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
    run_id, versions, counters, value_channel, value_version): :data:`PLAN_COLS`"""
    thread_heads: Render
    """(tenant, threads) -> :data:`HEADS_COLS`"""
    thread_marks: Render
    """(tenant, threads) -> :data:`MARKS_COLS`: what a plan read of those threads (``thread_plan_rows``)
    must still find once writers are locked out (``lock_writers``), or it is read again"""
    lock_writers: Request
    """Keeps puts out of the checkpoints table until the transaction ends (PostgreSQL: SHARE ROW
    EXCLUSIVE; reads go on); nothing where write operations hold the write lock already (SQLite)"""
    thread_blob_keys: Render
    """(tenant, threads) -> :data:`BLOB_KEY_COLS`"""
    run_threads: Render
    """(tenant, runs) -> (thread_id)"""
    stale_threads: Render
    """(tenant, cutoff) -> (thread_id)"""
    tenants_with_stale: Render
    """(cutoff) -> (tenant_id)"""
    delete_checkpoint: Many
    """(tenant, thread, ns, cid) each"""
    delete_blob: Many
    """(tenant, thread, ns, channel, version) each"""
    clear_parent: Many
    """(tenant, thread, ns, cid) each"""
    set_head: Many
    """(tenant, thread, ns, cid, version) each"""
    delete_head: Many
    """(tenant, thread, ns) each"""
    thread_exists: Render
    """(tenant, thread) -> (one)"""
    copy_thread: Render
    """(tenant, source, target)"""

    # Optional statements: a dialect without them takes the general path.
    get_latest_row: Render | None = None
    """(tenant, thread, ns) -> the head's row alone (:data:`HEAD_ROW_COLS` but head_ver); a dialect
    with it reads the payload only when there is one (get_payload)"""
    get_by_id_row: Render | None = None
    """(tenant, thread, ns, cid) -> the same for that checkpoint, then the head version"""
    get_payload: Render | None = None
    """(tenant, thread, ns, cid, versions, writes) -> an 'x' row when the checkpoint exists, then
    the 'b' rows of the channel versions in ``versions`` (a mapping) and, when ``writes``, its 'w'
    rows (:data:`GET_PAYLOAD_COLS`; without ``writes`` the three write columns are left out)"""

    put_next: Callable[[tuple[Any, ...]], One] | None = None
    """(the planned row, :data:`ROW_FIELDS`) -> the number of rows inserted (0 or 1): the
    checkpoint at version ``pv + 1`` when ``parent`` is the head at version ``pv`` (the version a
    put or read of this process last saw), else nothing written. ``ops_write.put_planned``'s first
    statement; the saver runs it alone for a put without blob rows"""
    put_next_blobs: bool = False
    """Whether ``put_next`` may follow the put's blob rows in one transaction (else a put with blob
    rows takes ``put_fast``)"""
    read_head: ReadHead | None = None
    """The checkpoint row of a ``get_tuple``, with the values the head this process last saw keeps,
    as one statement run alone (rows as tuples, :meth:`CheckpointExecutor.one`), as
    ``ops_read.tuple_of_rows`` reads them: (request, the blob versions the head is expected to
    list or None, ``held``: which of them checkpoint rows hold, the hinted head's id)"""
    read_head_unhinted: bool = False
    """Whether ``read_head`` also takes reads by id and reads of a head this process has no hint
    for (else those are operations)"""
    head_rows: Callable[[list[Any]], list[Any]] | None = None
    """``read_head``'s rows in the shape ``ops_read.tuple_of_rows`` reads, where the statement
    cannot return it (PostgreSQL); None: as they come"""

    copy_value: Many | None = None
    """(tenant, thread, ns, cid) each: the value the row holds into the blobs table (before the row
    is deleted while another row points at it); a dialect without values in rows has none"""
    ensure_blob: Many | None = None
    """(tenant, thread, ns, channel, version) each: the value into the blobs table from the row
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


Text = str | tuple[str, ...]
"""A statement's SQL: one text, or several run in order."""


class Plain:
    """A statement (or several run in order) with the given parameters, bound by the dialect's
    ``bind`` (SQLite: lists as JSON text; PostgreSQL: a plain dict, psycopg adapts lists);
    ``fetch``: whether the (last) one answers rows."""

    __slots__ = ("bind", "fetch", "sqls")

    def __init__(self, text: Text, fetch: bool, bind: Callable[[Params], Params]) -> None:
        self.sqls = (text,) if isinstance(text, str) else text
        self.fetch, self.bind = fetch, bind

    def __call__(self, params: Params) -> Request:
        params = self.bind(params)
        if len(self.sqls) == 1:
            return Stmt(self.sqls[0], params, self.fetch)
        return Stmts(Stmt(sql, params, self.fetch) for sql in self.sqls)


class Each:
    """A statement (or several) run once per parameter set, bound as they are (no rows)."""

    __slots__ = ("sqls",)

    def __init__(self, text: Text) -> None:
        self.sqls = (text,) if isinstance(text, str) else text

    def __call__(self, param_sets: Sequence[Params]) -> Request:
        return Stmts(Stmt(sql, fetch=False, many=param_sets) for sql in self.sqls)


def statements(request: Request) -> tuple[Stmt, ...]:
    """The statements of a request, in order."""
    return (request,) if isinstance(request, Stmt) else request


def only(request: Request) -> Steps[list[Row]]:
    """The operation of this one request: its rows."""
    rows = yield request
    return rows


def migrate(sql: CheckpointSql, backend: str | None = None) -> Steps[list[int]]:
    """Apply the numbered migrations not yet recorded, by kassist.db.migrate's runner (one write
    transaction, its lock, versions in kassist_schema_versions, a newer schema refused) on a
    database of ``backend`` (``db.backend``; the saver passes it). Left out, it is the backend
    ``sql`` declares itself for (tests that build older schemas)."""
    applied: list[int] = yield from runner.migrate(
        runner.CHECKPOINTER, sql.migrations, backend or sql.backend
    )
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


# -- the columns of the multi-column reads, in order (rows are tuples) ------------------------------
# Each dialect's SQL returns exactly these columns in this order; the operations unpack rows into
# named locals, or index them by a position derived from these names (``READ_COLS.index(...)``).
PAYLOAD_COLS = ("channel", "cversion", "type", "blob", "task_id", "idx", "task_path")
"""The blob and write columns of the rows of one checkpoint ('b': the first four, a
``codec.BlobValue``; 'w': all of them, cversion NULL), wherever they come in a row."""
READ_COLS = (
    "kind",
    "thread_id",
    "checkpoint_ns",
    "checkpoint_id",
    "parent",
    "ver",
    "skel",
    "meta",
    "inl",
    "head_ver",
    *PAYLOAD_COLS,
)
"""``get_latest``/``get_by_id``: the 'c' row carries the checkpoint columns (payload NULL), 'b' and
'w' rows the key columns and the payload."""
READ_PAYLOAD = READ_COLS.index("channel")
MANY_COLS = ("req", *READ_COLS)
"""``get_many``: :data:`READ_COLS` after the index of the request the row answers."""
LIST_COLS = READ_COLS[READ_COLS.index("thread_id") : READ_PAYLOAD]
"""``list_rows``: one checkpoint row each, :data:`READ_COLS`' checkpoint columns."""
LIST_PAYLOAD_COLS = ("kind", "thread_id", "checkpoint_ns", "checkpoint_id", *PAYLOAD_COLS)
"""``list_payload``: the 'b' and 'w' rows of the listed checkpoints, keyed by thread, ns and id."""
LIST_PAYLOAD = LIST_PAYLOAD_COLS.index("channel")
GET_PAYLOAD_COLS = ("kind", *PAYLOAD_COLS)
"""``get_payload`` (SQLite): the 'x' row, then 'b' and 'w' rows."""
GET_PAYLOAD = GET_PAYLOAD_COLS.index("channel")
DELTA_COLS = (
    "kind",
    "checkpoint_id",
    "depth",
    "channel",
    "type",
    "blob",
    "task_id",
    "idx",
    "task_path",
    "versions",
    "inl",
)
"""``delta_history``: 'c' rows (the chain: versions and small values), 'w' and 'b' rows."""
PLAN_COLS = (
    "thread_id",
    "checkpoint_ns",
    "checkpoint_id",
    "parent_id",
    "version",
    "ts",
    "run_id",
    "versions",
    "counters",
    "value_channel",
    "value_version",
)
"""``thread_plan_rows`` (a dialect without values in rows answers NULL for the last two)."""
HEADS_COLS = ("thread_id", "checkpoint_ns", "head_id", "version")
"""``thread_heads``: each namespace's head."""
MARKS_COLS = ("thread_id", "checkpoint_ns", "n_rows", "top_version", "newest_ts")
"""``thread_marks``: each namespace's row count, highest version and newest timestamp (a put, a
re-put, a moved head or a deletion changes one of them)."""
BLOB_KEY_COLS = ("thread_id", "checkpoint_ns", "channel", "version", "type")
"""``thread_blob_keys``: the blob rows' keys, without their bytes."""
PREPARE_COLS = ("head_id", "head_version", "existing_parent", "existing_version", "parent_version")
"""``put_prepare``: the head, and the put's own checkpoint and parent if stored."""
HEAD_ROW_COLS = (
    "checkpoint_id",
    "parent_id",
    "version",
    "checkpoint",
    "metadata",
    "small_values",
    "has_writes",
    "head_ver",
)
"""``get_latest_row`` (all but head_ver), ``get_by_id_row`` and ``read_head``'s checkpoint row. A
``read_head`` may follow it with blob rows: :data:`PAYLOAD_COLS`' first four (a ``codec.BlobValue``),
then NULL in has_writes' place (and after), which tells them apart; or carry the value the row
holds itself as four more columns (:data:`HEAD_OWN_COLS`)."""
HEAD_OWN_COLS = (
    *HEAD_ROW_COLS[: HEAD_ROW_COLS.index("head_ver")],
    "value_channel",
    "value_version",
    "value_type",
    "value_blob",
)
"""``read_head``'s row of a head holding the one value it is expected to keep (SQLite)."""
