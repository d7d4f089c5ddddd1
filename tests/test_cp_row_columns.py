"""The checkpointer reads its rows as tuples, by the column order checkpointer.query declares beside
each statement (READ_COLS, LIST_COLS, ...): every multi-column read of each dialect returns exactly
those columns, named as declared and in that order (a reordered SELECT fails here, not as a
wrong value read at some position)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer, query
from checkpointer.filters import ListSpec
from checkpointer.ops_read import TupleRequest
from checkpointer.query import CheckpointSql, Request, statements

pytestmark = pytest.mark.timeout(900)


@pytest.fixture
def saver(db_url: str) -> Iterator[TenantCheckpointer]:
    with TenantCheckpointer.from_url(db_url) as s:
        s.setup()
        yield s


def _seed(saver: TenantCheckpointer) -> tuple[str, str]:
    """Two checkpoints of thread 't' with large values, a small one and a pending write; their ids."""
    view = saver.for_tenant("acme")
    config: RunnableConfig = {"configurable": {"thread_id": "t", "checkpoint_ns": ""}}
    ids = []
    for step in range(2):
        cp = empty_checkpoint()
        # Two large values: on SQLite the larger rides in the checkpoint row, the other in a blob row.
        cp["channel_values"] = {"big": "x" * 5000 + str(step), "large": "y" * 4000, "small": step}
        cp["channel_versions"] = {ch: f"{step + 1:032}.0" for ch in cp["channel_values"]}
        config = view.put(config, cp, {"source": "loop", "step": step}, dict(cp["channel_versions"]))
        ids.append(config["configurable"]["checkpoint_id"])
    view.put_writes(config, [("small", 9)], task_id="task")
    return ids[0], ids[1]


@contextmanager
def _cursor(saver: TenantCheckpointer) -> Iterator[Any]:
    executor: Any = saver._executor  # type: ignore[attr-defined]
    if saver.backend == "sqlite":
        with executor.db.connection() as conn:
            yield conn.cursor()
        return
    with executor.pool().connection() as conn, conn.cursor() as cur:
        yield cur


def _names(saver: TenantCheckpointer, request: Request) -> tuple[str, ...]:
    """The column names of the request's last fetching statement."""
    stmt = [s for s in statements(request) if s.fetch][-1]
    with _cursor(saver) as cur:
        cur.execute(stmt.sql, stmt.params)
        assert cur.fetchall(), f"each statement is run where it answers rows: {stmt.sql[:200]}"
        return tuple(d[0] for d in cur.description)


def test_every_multi_column_read_returns_its_declared_columns(saver: TenantCheckpointer) -> None:
    sql: CheckpointSql = saver._executor.sql  # type: ignore[attr-defined]
    first, head = _seed(saver)
    key = {"tenant": "acme", "thread": "t", "ns": ""}
    threads = {"tenant": "acme", "threads": ["t"]}
    spec = ListSpec(thread=True, ns=False, checkpoint_id=False, before=False, limit=False, terms=())
    many = {
        "reqs": [0, 1],
        "tenants": ["acme"] * 2,
        "threads": ["t"] * 2,
        "nss": [""] * 2,
        "cids": [None, first],
    }
    reads: list[tuple[Request, tuple[str, ...]]] = [
        (sql.get_latest(key), query.READ_COLS),
        (sql.get_by_id({**key, "cid": first}), query.READ_COLS),
        (sql.get_many(many), query.MANY_COLS),
        (sql.list_rows({"tenant": "acme", "thread": "t"}, spec), query.LIST_COLS),
        (
            sql.list_payload({"tenant": "acme", "threads": ["t"], "nss": [""], "ids": [head]}),
            query.LIST_PAYLOAD_COLS,
        ),
        (
            sql.delta_history({**key, "cid": None, "channels": ["small"], "n_channels": 1}),
            query.DELTA_COLS,
        ),
        (sql.put_prepare({**key, "cid": head, "parent": first}), query.PREPARE_COLS),
        (sql.thread_plan_rows(threads), query.PLAN_COLS),
        (sql.thread_heads(threads), query.HEADS_COLS),
        (sql.thread_marks(threads), query.MARKS_COLS),
        (sql.thread_blob_keys(threads), query.BLOB_KEY_COLS),
    ]
    if sql.get_latest_row is not None and sql.get_by_id_row is not None and sql.get_payload is not None:
        reads += [
            (sql.get_latest_row(key), query.HEAD_ROW_COLS[: query.HEAD_ROW_COLS.index("head_ver")]),
            (sql.get_by_id_row({**key, "cid": first}), query.HEAD_ROW_COLS),
            (
                sql.get_payload({**key, "cid": head, "versions": {"large": f"{2:032}.0"}, "writes": True}),
                query.GET_PAYLOAD_COLS,
            ),
        ]
    for request, declared in reads:
        assert _names(saver, request) == declared


def test_the_head_read_run_alone_returns_its_declared_columns(saver: TenantCheckpointer) -> None:
    """``read_head`` (the statement a graph step's read runs alone): the head row, and on SQLite the
    row of a head holding its one expected value."""
    sql: CheckpointSql = saver._executor.sql  # type: ignore[attr-defined]
    _, head = _seed(saver)
    assert sql.read_head is not None
    request = TupleRequest("acme", "t", "", None)
    text, params = sql.read_head(request, {}, {}, head)
    with _cursor(saver) as cur:
        cur.execute(text, params)
        width = len(cur.fetchall()[0])
        names = tuple(d[0] for d in cur.description)
    assert names[:width] == query.HEAD_ROW_COLS[:width] and width == query.HEAD_ROW_COLS.index("head_ver")
    if sql.value_in_row:  # the largest changed value rides in the head's own row (SQLite)
        text, params = sql.read_head(request, {"big": f"{2:032}.0"}, {"big": head}, head)
        with _cursor(saver) as cur:
            cur.execute(text, params)
            assert cur.fetchall()
            assert tuple(d[0] for d in cur.description) == query.HEAD_OWN_COLS
