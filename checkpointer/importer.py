"""Adopt threads from a stock LangGraph saver: ``kassist checkpoints import --from URL --tenant T``.

The source is read through the stock packages (``SqliteSaver`` for ``sqlite:///``, ``PostgresSaver``
for ``postgresql://``); only pending writes are read from their table directly, because the stock
``CheckpointTuple`` drops ``idx`` and ``task_path``, which resumable tasks need. Every checkpoint
keeps its id, parent, metadata and namespace, and is written parents-first through an ordinary
tenant-bound view, so our version and branch rules apply exactly as for a live graph. Re-running
imports only what is missing.

Planning (order, changed channels, write batches) is pure; the two sources and the target are the
only I/O.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from typing import Any, Protocol

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import WRITES_IDX_MAP, BaseCheckpointSaver, CheckpointTuple
from pydantic import BaseModel, Field

from checkpointer.tenant import BRANCH_FROM_KEY, TENANT_KEY, VERSION_KEY
from kassist.db.connect_sqlite import read_only, table_names
from kassist.dburl import DatabaseUnavailable, parse_database_url, postgres_target
from kassist.tenancy import validate_tenant_id

SQLITE_THREADS = "SELECT DISTINCT thread_id FROM checkpoints ORDER BY thread_id"
SQLITE_WRITES = (
    "SELECT checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, value "
    "FROM writes WHERE thread_id = ?"
)
PG_THREADS = "SELECT DISTINCT thread_id FROM checkpoints ORDER BY thread_id"
PG_WRITES = (
    "SELECT checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, blob "
    "FROM checkpoint_writes WHERE thread_id = %s"
)


class ImportRefused(ValueError):
    """The import cannot proceed as asked; the message says why and what to do."""


class ImportConflict(ImportRefused):
    """The target already holds a thread of that id whose history did not come from the source."""


class UnknownThread(ImportRefused):
    """A thread asked for by id is not in the source."""


class NotAStockDatabase(ImportRefused):
    """The source has no stock saver tables."""


class WriteRow(BaseModel):
    """One stored pending write of the source, as the stock table holds it."""

    checkpoint_ns: str
    checkpoint_id: str
    task_id: str
    task_path: str
    idx: int
    channel: str
    value: Any


class WriteBatch(BaseModel):
    """The writes of one task, in an order that makes ``put_writes`` reproduce the source's idx."""

    task_id: str
    task_path: str
    writes: list[tuple[str, Any]]


class ThreadReport(BaseModel):
    thread_id: str
    checkpoints: int = 0
    imported: int = 0
    skipped: int = 0
    writes: int = 0
    namespaces: list[str] = Field(default_factory=list)


class ImportReport(BaseModel):
    """What one import run did; ``imported`` is 0 when re-run on an already imported source."""

    source: str
    tenant_id: str
    threads: list[ThreadReport] = Field(default_factory=list)

    @property
    def imported(self) -> int:
        return sum(t.imported for t in self.threads)

    @property
    def skipped(self) -> int:
        return sum(t.skipped for t in self.threads)


# ---- pure planning ------------------------------------------------------------------------------


def parents_first(tuples: Iterable[CheckpointTuple]) -> list[CheckpointTuple]:
    """Checkpoints ordered so each comes after its parent (same thread and namespace); among
    checkpoints ready at the same time, the oldest id first."""
    by_key = {(_ns(t.config), _cid(t.config)): t for t in tuples}
    done: set[tuple[str, str]] = set()
    ordered: list[CheckpointTuple] = []

    def visit(key: tuple[str, str]) -> None:
        chain = []
        while key in by_key and key not in done:
            chain.append(key)
            parent = _parent_id(by_key[key])
            if parent is None:
                break
            key = (key[0], parent)
        for k in reversed(chain):
            done.add(k)
            ordered.append(by_key[k])

    for key in sorted(by_key, key=lambda k: (k[1], k[0])):
        visit(key)
    return ordered


def changed_versions(
    channel_versions: dict[str, Any], parent_versions: dict[str, Any] | None
) -> dict[str, Any]:
    """The channels whose version differs from the parent's: what a live ``put`` names as new."""
    parent = parent_versions or {}
    return {ch: v for ch, v in channel_versions.items() if parent.get(ch) != v}


def write_batches(rows: Sequence[WriteRow]) -> list[WriteBatch]:
    """Group one checkpoint's writes by task. ``put_writes`` numbers ordinary writes by position and
    special channels (errors, interrupts, resumes) by ``WRITES_IDX_MAP``, so ordinary writes go first
    in idx order, special ones after."""
    tasks: dict[str, list[WriteRow]] = defaultdict(list)
    for row in rows:
        tasks[row.task_id].append(row)
    batches = []
    for task_id, task_rows in sorted(tasks.items()):
        ordinary = sorted((r for r in task_rows if r.channel not in WRITES_IDX_MAP), key=lambda r: r.idx)
        special = sorted((r for r in task_rows if r.channel in WRITES_IDX_MAP), key=lambda r: -r.idx)
        batches.append(
            WriteBatch(
                task_id=task_id,
                task_path=task_rows[0].task_path,
                writes=[(r.channel, r.value) for r in (*ordinary, *special)],
            )
        )
    return batches


def _ns(config: RunnableConfig) -> str:
    return str(config["configurable"].get("checkpoint_ns", ""))


def _cid(config: RunnableConfig) -> str:
    return str(config["configurable"]["checkpoint_id"])


def _parent_id(t: CheckpointTuple) -> str | None:
    if t.parent_config is None:
        return None
    return str(t.parent_config["configurable"]["checkpoint_id"])


def _thread_config(thread_id: str, ns: str, checkpoint_id: str | None = None) -> RunnableConfig:
    configurable: dict[str, Any] = {"thread_id": thread_id, "checkpoint_ns": ns}
    if checkpoint_id is not None:
        configurable["checkpoint_id"] = checkpoint_id
    return {"configurable": configurable}


# ---- sources --------------------------------------------------------------------------------------


class StockSource(Protocol):
    saver: BaseCheckpointSaver[Any]

    def thread_ids(self) -> list[str]: ...

    def writes(self, thread_id: str) -> list[WriteRow]: ...


class _SqliteSource:
    def __init__(self, conn: sqlite3.Connection) -> None:
        from langgraph.checkpoint.sqlite import SqliteSaver

        self.conn = conn
        saver = SqliteSaver(conn)
        # Tables were checked already; its setup() would try to write (journal mode, migrations).
        saver.is_setup = True
        self.saver: BaseCheckpointSaver[Any] = saver

    def thread_ids(self) -> list[str]:
        return [row[0] for row in self.conn.execute(SQLITE_THREADS)]

    def writes(self, thread_id: str) -> list[WriteRow]:
        return _rows(self.saver, self.conn.execute(SQLITE_WRITES, (thread_id,)).fetchall())


class _PostgresSource:
    def __init__(self, saver: Any) -> None:
        self.saver = saver
        self.conn = saver.conn

    def thread_ids(self) -> list[str]:
        return [row["thread_id"] for row in self.conn.execute(PG_THREADS).fetchall()]

    def writes(self, thread_id: str) -> list[WriteRow]:
        rows = self.conn.execute(PG_WRITES, (thread_id,)).fetchall()
        return _rows(self.saver, [tuple(r.values()) for r in rows])


def _rows(saver: BaseCheckpointSaver[Any], raw: Iterable[Sequence[Any]]) -> list[WriteRow]:
    return [
        WriteRow(
            checkpoint_ns=ns,
            checkpoint_id=cid,
            task_id=task_id,
            task_path=task_path or "",
            idx=idx,
            channel=channel,
            value=saver.serde.loads_typed((type_, bytes(blob) if blob is not None else b"")),
        )
        for ns, cid, task_id, task_path, idx, channel, type_, blob in raw
    ]


@contextmanager
def open_stock_source(url: str) -> Iterator[StockSource]:
    """Open a stock saver's database read-only (SQLite) or without writing to it (Postgres)."""
    parsed = parse_database_url(url)
    if parsed.backend == "sqlite":
        assert parsed.sqlite_path is not None
        if not parsed.sqlite_path.is_file():
            raise FileNotFoundError(f"no SQLite database at {parsed.sqlite_path} (from --from {url!r})")
        with closing(read_only(parsed.sqlite_path, check_same_thread=False)) as conn:
            _require_tables(conn)
            yield _SqliteSource(conn)
        return
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver

    try:
        cm = PostgresSaver.from_conn_string(parsed.conninfo or url)
        saver = cm.__enter__()
    except psycopg.OperationalError as exc:
        raise DatabaseUnavailable(
            f"cannot reach the source PostgreSQL at {postgres_target(parsed.conninfo or url)}: "
            f"{str(exc).strip().splitlines()[0]}"
        ) from exc
    try:
        yield _PostgresSource(saver)
    finally:
        cm.__exit__(None, None, None)


def _require_tables(conn: sqlite3.Connection) -> None:
    names = set(table_names(conn))
    if not {"checkpoints", "writes"} <= names:
        raise NotAStockDatabase(
            "the source SQLite file has no stock SqliteSaver tables (checkpoints, writes); "
            "give the file a langgraph-checkpoint-sqlite SqliteSaver wrote"
        )


# ---- the import -----------------------------------------------------------------------------------


def import_threads(
    source: StockSource,
    target: BaseCheckpointSaver[Any],
    tenant_id: str,
    thread_ids: Sequence[str] | None = None,
    source_label: str = "",
) -> ImportReport:
    """Copy ``thread_ids`` (default: every thread of the source) into ``target``, a view bound to
    ``tenant_id``. Idempotent: checkpoints already present are skipped, and their writes re-put
    (``put_writes`` is idempotent per task and idx) so an interrupted import completes on re-run."""
    tenant_id = validate_tenant_id(tenant_id)
    report = ImportReport(source=source_label, tenant_id=tenant_id)
    wanted = list(thread_ids) if thread_ids else source.thread_ids()
    known = set(source.thread_ids()) if thread_ids else set(wanted)
    missing = [t for t in wanted if t not in known]
    if missing:  # checked before anything is written, so a typo imports nothing at all
        raise UnknownThread(
            f"thread(s) {', '.join(map(repr, missing))} not in the source database; nothing was "
            "imported. Check the ids, or leave out --thread to import every thread"
        )
    for thread_id in wanted:
        report.threads.append(_import_thread(source, target, thread_id))
    return report


def _import_thread(source: StockSource, target: BaseCheckpointSaver[Any], thread_id: str) -> ThreadReport:
    tuples = parents_first(source.saver.list({"configurable": {"thread_id": thread_id}}))
    source_ids = {(_ns(t.config), _cid(t.config)) for t in tuples}
    existing = {
        (_ns(t.config), _cid(t.config)) for t in target.list({"configurable": {"thread_id": thread_id}})
    }
    foreign = existing - source_ids
    if foreign:
        ns, cid = sorted(foreign)[0]
        raise ImportConflict(
            f"thread {thread_id!r} already exists in the target with history that is not from the "
            f"source (e.g. checkpoint {cid} in namespace {ns!r}); import it under another tenant or "
            "delete the target thread first"
        )
    writes_by_checkpoint: dict[tuple[str, str], list[WriteRow]] = defaultdict(list)
    for row in source.writes(thread_id):
        writes_by_checkpoint[(row.checkpoint_ns, row.checkpoint_id)].append(row)
    report = ThreadReport(
        thread_id=thread_id, checkpoints=len(tuples), namespaces=sorted({_ns(t.config) for t in tuples})
    )
    versions: dict[tuple[str, str], dict[str, Any]] = {}
    for t in tuples:
        ns, cid = _ns(t.config), _cid(t.config)
        versions[(ns, cid)] = dict(t.checkpoint["channel_versions"])
        if (ns, cid) in existing:
            report.skipped += 1
        else:
            parent = _parent_id(t)
            put_config = _put_config(target, thread_id, ns, parent)
            new_versions = changed_versions(
                t.checkpoint["channel_versions"], versions.get((ns, parent)) if parent else None
            )
            target.put(put_config, t.checkpoint, t.metadata, new_versions)
            report.imported += 1
        for batch in write_batches(writes_by_checkpoint.get((ns, cid), [])):
            target.put_writes(
                _thread_config(thread_id, ns, cid), batch.writes, batch.task_id, batch.task_path
            )
            report.writes += len(batch.writes)
    return report


def _put_config(
    target: BaseCheckpointSaver[Any], thread_id: str, ns: str, parent_id: str | None
) -> RunnableConfig:
    """The config a live run would put with: what ``get_tuple`` of the parent returned (it carries
    whatever the saver needs to accept a child of a non-head checkpoint), or the bare thread.

    A root on a thread that already has a head (a stock thread where two first runs raced, both
    kept by the stock saver) carries the head version it saw: a deliberate new root, not a run
    that found the thread empty (``ops_write.starts_thread``)."""
    if parent_id is None:
        config = _thread_config(thread_id, ns)
        head = target.get_tuple(config)
        seen = head.config["configurable"].get(VERSION_KEY) if head is not None else None
        if seen is not None:
            config["configurable"][BRANCH_FROM_KEY] = seen
        return config
    parent = target.get_tuple(_thread_config(thread_id, ns, parent_id))
    if parent is None:
        raise ImportConflict(
            f"parent checkpoint {parent_id} of thread {thread_id!r} is missing in the target"
        )
    # The view carries the tenant; left in the config it would be merged into the copied metadata.
    configurable = {k: v for k, v in parent.config["configurable"].items() if k != TENANT_KEY}
    return {"configurable": configurable}
