"""Retention on PostgreSQL against puts racing it (x10 s35, after h15's H15-5).

The retain plans from an unlocked read, then locks puts out of the checkpoints table just before it
deletes and confirms the read (checkpointer/ops_admin._settle). Two interleavings the lock decides,
each held by a lock the test takes on a table the retain reaches at that moment:

- a put that arrives while the delete runs waits for it, then is refused (CheckpointConflict): it is
  never stored on the thread the delete took (a put on a deleted parent); so too while
  delete_thread runs;
- keep_latest while a fork (a turn resumed from an older checkpoint) lands after the read: the
  plan is made again from what is there, so the fork keeps the value its parent held; a fork from a
  checkpoint the retain deleted, read before it, is refused afterwards.

One fresh PostgreSQL database; the retain runs in a thread of this process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import CheckpointConflict, TenantCheckpointer

OLD = "2026-01-05T09:00:00+00:00"


def _config(thread: str, **more: Any) -> Any:
    return {"configurable": {"thread_id": thread, "checkpoint_ns": "", "tenant_id": "acme", **more}}


def _checkpoint(ts: str | None, values: dict[str, Any], versions: dict[str, int]) -> Any:
    cp = empty_checkpoint()
    if ts is not None:
        cp["ts"] = ts
    cp["channel_values"], cp["channel_versions"] = values, versions
    return cp


def _waits_on(url: str, table: str, alive: threading.Thread) -> None:
    """Until a lock on ``table`` is waited for (the other side reached it)."""
    with psycopg.connect(url, autocommit=True) as look:
        for _ in range(600):
            row = look.execute(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = %s::regclass", (table,)
            ).fetchone()
            if row and row[0]:
                return
            alive.join(0.05)
    raise AssertionError(f"nothing waited on {table}")


def _retain_while(url: str, held: str, strategy: Any, meanwhile: Callable[[], None]) -> Any:
    """Retention (30 days, acme) held at its first use of table ``held``; ``meanwhile`` runs then."""
    return _held(
        url,
        held,
        lambda p: p.retain(older_than=timedelta(days=30), tenant_id="acme", strategy=strategy),
        meanwhile,
    )


def _held(
    url: str, held: str, call: Callable[[TenantCheckpointer], Any], meanwhile: Callable[[], None]
) -> Any:
    """``call`` on another saver, held at its first use of table ``held``; ``meanwhile`` runs then."""
    done: list[Any] = []
    with psycopg.connect(url) as lock, TenantCheckpointer.from_url(url) as pruner:
        lock.execute(f"LOCK TABLE {held} IN ACCESS EXCLUSIVE MODE")
        prune = threading.Thread(target=lambda: done.append(call(pruner)))
        prune.start()
        _waits_on(url, held, prune)
        meanwhile()
        lock.rollback()
        prune.join(60)
    assert done, "the retain did not finish"
    return done[0]


def test_racing_puts_wait_for_the_delete_and_the_plan(pg_url: str) -> None:
    with TenantCheckpointer.from_url(pg_url) as saver:
        saver.setup()
        meta: Any = {"source": "loop", "step": 1, "parents": {}}

        # 1. delete: alice's put arrives while the delete of her idle thread runs (it deleted the
        # checkpoints and waits on the writes table): it waits for the commit, then is refused.
        idle = "01a24e83-a732-72b1-9942-e98bf1a21295"
        head = saver.put(_config(idle), _checkpoint(OLD, {}, {}), meta, {})
        told: list[object] = []
        # The put's thread is kept apart from what it is told: it appends its answer once the delete
        # commits, which may be before or after the retain's call returns here.
        puts: list[threading.Thread] = []

        def turn() -> None:
            try:
                told.append(saver.put(head, _checkpoint(None, {}, {}), {**meta, "step": 2}, {}))
            except CheckpointConflict as exc:
                told.append(exc)

        def put_during_the_delete() -> None:
            put = threading.Thread(target=turn)
            put.start()
            _waits_on(pg_url, "kassist_cp_checkpoints", put)  # held out by the delete's lock
            puts.append(put)

        report = _retain_while(pg_url, "kassist_cp_writes", "delete", put_during_the_delete)
        puts.pop().join(60)
        assert [t.thread_id for t in report.threads if t.thread_deleted] == [idle]
        assert len(told) == 1 and isinstance(told[0], CheckpointConflict), told
        assert saver.get_tuple(_config(idle)) is None  # nothing stored on the deleted thread
        assert list(saver.list(_config(idle))) == []

        # The same for delete_thread (langgraph-api's DELETE of a thread) while its owner's turn puts.
        head = saver.put(_config(idle), _checkpoint(None, {}, {}), meta, {})
        told.clear()
        _held(
            pg_url,
            "kassist_cp_writes",
            lambda p: p.for_tenant("acme").delete_thread(idle),
            put_during_the_delete,
        )
        puts.pop().join(60)
        assert len(told) == 1 and isinstance(told[0], CheckpointConflict), told
        assert saver.get_tuple(_config(idle)) is None

        # 2. keep_latest: a fork from the old first checkpoint (its value is no longer the head's)
        # lands after the retain read the thread: the fork, now the head, keeps that value; c1 and c2 go.
        forked = "01a24e83-a732-72b1-9942-e98bf1a21296"
        big1, big2 = "a" * 20_000, "b" * 20_000  # large: blob rows, not the checkpoint row
        c1 = saver.put(_config(forked), _checkpoint(OLD, {"doc": big1}, {"doc": 1}), meta, {"doc": 1})
        cp2 = _checkpoint(OLD, {"doc": big2}, {"doc": 2})
        saver.put(c1, cp2, {**meta, "step": 2}, {"doc": 2})
        at_c1 = saver.get_tuple(c1)  # a read by id: its config carries the fork marker
        assert at_c1 is not None
        fork = _checkpoint(None, {"doc": big1, "x": 1}, {"doc": 1, "x": 1})  # x small: no blob row
        quiet = "01a24e83-a732-72b1-9942-e98bf1a21298"  # planned from the first read, not read again
        q1 = saver.put(_config(quiet), _checkpoint(OLD, {"doc": big1}, {"doc": 1}), meta, {"doc": 1})
        saver.put(q1, _checkpoint(OLD, {"doc": big2}, {"doc": 2}), {**meta, "step": 2}, {"doc": 2})

        def fork_after_the_read() -> None:
            saver.put(at_c1.config, fork, {**meta, "source": "update", "step": 2}, {"x": 1})

        report = _retain_while(pg_url, "kassist_cp_blobs", "keep_latest", fork_after_the_read)
        removed = {t.thread_id: t.checkpoints_removed for t in report.threads}
        assert removed == {forked: 2, quiet: 1}  # c1 and c2, old and no head's once the fork is; q1
        assert saver.get_tuple(_config(quiet)).checkpoint["channel_values"] == {"doc": big2}  # type: ignore[union-attr]
        got = saver.get_tuple(_config(forked))
        assert got is not None and got.checkpoint["id"] == fork["id"]
        assert got.checkpoint["channel_values"] == {"doc": big1, "x": 1}

        # 3. a fork from a checkpoint read before a retain deleted it is refused afterwards, though
        # the head it saw has not moved: stored, it would name a parent and values not there.
        late = "01a24e83-a732-72b1-9942-e98bf1a21297"
        d1 = saver.put(_config(late), _checkpoint(OLD, {"doc": big1}, {"doc": 1}), meta, {"doc": 1})
        saver.put(d1, _checkpoint(OLD, {"doc": big2}, {"doc": 2}), {**meta, "step": 2}, {"doc": 2})
        at_d1 = saver.get_tuple(d1)
        assert at_d1 is not None
        assert saver.retain(older_than=timedelta(days=30), tenant_id="acme").checkpoints_removed == 1
        again = _checkpoint(None, {"doc": big1, "x": 2}, {"doc": 1, "x": 2})
        with pytest.raises(CheckpointConflict):
            saver.put(at_d1.config, again, {**meta, "source": "update", "step": 2}, {"x": 2})
        assert saver.get_tuple(_config(late)).checkpoint["channel_values"] == {"doc": big2}  # type: ignore[union-attr]
