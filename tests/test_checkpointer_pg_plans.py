"""PostgreSQL reads of one checkpoint do bounded work, however long the thread's history is.

A plain join of heads and checkpoints once let the planner (one-row estimates on young tables) scan
every checkpoint of the thread and filter on head_id; the delta-history walk did the same at each
step. The cost of reading the head then grew with the history. These tests count the buffers the
statements touch (EXPLAIN ANALYZE, deterministic for the same data) on a short and a long thread.
"""

from __future__ import annotations

import json
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer, sql_postgres
from checkpointer.query import Request
from kassist.db import Stmt


def _fill(saver: TenantCheckpointer, thread: str, steps: int) -> list[str]:
    """``steps`` checkpoints on one thread; a 3 KB value (over INLINE_MAX_BYTES) changes every
    step (one blob each)."""
    config: dict[str, Any] = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    ids = []
    for step in range(steps):
        cp = empty_checkpoint()
        version = saver.get_next_version(None if step == 0 else str(step), None)
        cp["channel_values"] = {"text": f"{step:04d}" + "x" * 3000, "n": step}
        cp["channel_versions"] = {"text": version, "n": version}
        config = saver.put(config, cp, {"source": "loop", "step": step}, {"text": version, "n": version})
        ids.append(config["configurable"]["checkpoint_id"])
    return ids


def _buffers(url: str, request: Request) -> int:
    assert isinstance(request, Stmt)  # one statement
    sql, params = request.sql, request.params
    with psycopg.connect(url, autocommit=True) as conn:
        ((plan,),) = conn.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + sql, params).fetchall()
    top = (plan if isinstance(plan, list) else json.loads(plan))[0]["Plan"]
    return int(top["Shared Hit Blocks"]) + int(top["Shared Read Blocks"])


SAVER_TENANT = "acme"  # the conftest `saver` speaks for it


@pytest.fixture
def db_url(pg_url: str) -> str:
    """Query plans are PostgreSQL's: this module's `saver` runs there only."""
    return pg_url


def test_head_reads_touch_the_same_pages_for_5_or_400_checkpoints(
    saver: TenantCheckpointer, pg_url: str
) -> None:
    short = _fill(saver, "short", 5)
    long = _fill(saver, "long", 400)

    def reads(thread: str, ids: list[str]) -> dict[str, int]:
        key = {"tenant": "acme", "thread": thread, "ns": ""}
        return {
            "get_latest": _buffers(pg_url, sql_postgres.SQL.get_latest(key)),
            "get_by_id": _buffers(pg_url, sql_postgres.SQL.get_by_id({**key, "cid": ids[len(ids) // 2]})),
            "delta_history": _buffers(
                pg_url,
                sql_postgres.SQL.delta_history({**key, "cid": None, "channels": ["text"], "n_channels": 1}),
            ),
            "get_many": _buffers(
                pg_url,
                sql_postgres.SQL.get_many(
                    {
                        "reqs": [0, 1],
                        "tenants": ["acme", "acme"],
                        "threads": [thread, thread],
                        "nss": ["", ""],
                        "cids": [None, ids[0]],
                    }
                ),
            ),
        }

    # Young tables (no statistics yet, as right after setup) and analysed ones: the plans must hold
    # either way.
    for stage in ("fresh", "analysed"):
        small, large = reads("short", short), reads("long", long)
        for name in small:
            # Index depth may add a page or two as the tables grow; a scan of the history would
            # add dozens.
            assert large[name] <= small[name] + 8, (stage, name, small[name], large[name])
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("ANALYZE")
