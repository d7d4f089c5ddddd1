"""Concurrent ``aget_tuple`` calls are coalesced into one statement per event-loop tick.

Every test compares against the sync ``get_tuple`` (which is not batched) or checks what each
caller of one batch gets: its own tenant's checkpoint, None, its own error, or the batch's error.
"""

from __future__ import annotations

import asyncio
import contextvars
import copy
import sqlite3
from typing import Any

import psycopg
import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointTuple, empty_checkpoint
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from raw_sql import raw_changed

from checkpointer import (
    BRANCH_FROM_KEY,
    CorruptCheckpoint,
    TenantCheckpointer,
    TenantRequired,
    ops_read,
    read_batch,
)
from checkpointer.query import MANY_COLS, READ_COLS, CheckpointSql, Op, Row, Steps
from kassist.dburl import DatabaseUnavailable


def cfg(thread: str, tenant: str | None = None, **extra: Any) -> RunnableConfig:
    conf: dict[str, Any] = {"thread_id": thread, **extra}
    if tenant is not None:
        conf["tenant_id"] = tenant
    return {"configurable": conf}


def seed(
    view: TenantCheckpointer, thread: str, steps: int, label: str, ns: str = "", size: int = 8
) -> list[str]:
    """``steps`` checkpoints on a thread of three channels (one changing per step); their ids."""
    config: RunnableConfig = {"configurable": {"thread_id": thread, "checkpoint_ns": ns}}
    values = {ch: f"{label}:{ch}:" + "v" * size for ch in ("a", "b", "c")}
    versions: dict[str, Any] = {}
    ids = []
    for step in range(steps):
        changed = list(values) if step == 0 else [("a", "b", "c")[step % 3]]
        for ch in changed:
            versions[ch] = view.get_next_version(versions.get(ch), None)
            values[ch] = f"{label}:{ch}:{step}:" + "v" * size
        cp = empty_checkpoint()
        cp["channel_values"] = dict(values)
        cp["channel_versions"] = dict(versions)
        config = view.put(config, cp, {"source": "loop", "step": step}, {ch: versions[ch] for ch in changed})
        ids.append(config["configurable"]["checkpoint_id"])
    return ids


@pytest.fixture
def batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every batch read (``ops_read.get_tuples`` call) from now on."""
    sizes: list[int] = []
    original = ops_read.get_tuples

    def spy(
        sql: CheckpointSql, serde: Any, requests: list[ops_read.TupleRequest]
    ) -> Steps[list[ops_read.TupleResult]]:
        sizes.append(len(requests))
        return original(sql, serde, requests)

    monkeypatch.setattr(ops_read, "get_tuples", spy)
    return sizes


def channel(tup: CheckpointTuple | None, name: str = "a") -> Any:
    assert tup is not None
    return tup.checkpoint["channel_values"][name]


async def test_gathered_reads_equal_one_by_one_reads(saver: TenantCheckpointer, batches: list[int]) -> None:
    acme = saver.for_tenant("acme")
    configs = []
    for i in range(40):
        ns = "" if i % 4 else "child:1"  # subgraph namespaces too
        ids = seed(acme, f"t{i}", steps=1 + i % 3, label=f"t{i}", ns=ns)
        if i % 5 == 0:  # pending writes on some heads
            head = cfg(f"t{i}", checkpoint_ns=ns, checkpoint_id=ids[-1])
            acme.put_writes(head, [("a", f"w{i}"), ("b", i)], task_id=f"task-{i}", task_path="~")
        configs.append(cfg(f"t{i}", checkpoint_ns=ns))
    configs.append(cfg("nobody-has-this"))
    expected = [acme.get_tuple(c) for c in configs]  # the sync path is not batched
    sequential = [await acme.aget_tuple(c) for c in configs]
    assert batches == []  # one at a time: each read alone, with the single-read statement

    gathered = await asyncio.gather(*(acme.aget_tuple(c) for c in configs))

    assert gathered == expected == sequential
    assert gathered[-1] is None and all(t is not None for t in gathered[:-1])
    assert gathered[0] is not None and gathered[0].pending_writes
    assert batches == [14, 14, 13]  # 41 reads: three even statements of at most 16, side by side


async def test_a_batch_mixing_tenants_gives_each_its_own(
    saver: TenantCheckpointer, batches: list[int]
) -> None:
    acme, globex = saver.for_tenant("acme"), saver.for_tenant("globex")
    acme_ids = {f"t{i}": seed(acme, f"t{i}", 2, f"acme-{i}") for i in range(5)}
    for i in range(3):
        seed(globex, f"t{i}", 2, f"globex-{i}")
    foreign_id = acme_ids["t0"][0]

    reads = [saver.aget_tuple(cfg(f"t{i}", "acme")) for i in range(5)]  # the unbound saver
    reads += [globex.aget_tuple(cfg(f"t{i}")) for i in range(5)]  # a view: same batch
    reads.append(globex.aget_tuple(cfg("t0", checkpoint_id=foreign_id)))  # acme's id, asked by globex
    reads.append(acme.aget_tuple(cfg("t0", checkpoint_id=foreign_id)))
    results = await asyncio.gather(*reads)

    assert batches == [len(reads)]  # one statement for both tenants
    assert [channel(t) for t in results[:5]] == [f"acme-{i}:a:0:v" + "v" * 7 for i in range(5)]
    assert [channel(t) for t in results[5:8]] == [f"globex-{i}:a:0:v" + "v" * 7 for i in range(3)]
    assert results[8:11] == [None, None, None]  # globex has no t3, t4, and cannot name acme's checkpoint
    assert results[11] is not None and results[11].checkpoint["id"] == foreign_id
    for tup, tenant in zip(results, ["acme"] * 5 + ["globex"] * 3, strict=False):
        assert tup is not None and tup.config["configurable"]["tenant_id"] == tenant


async def test_latest_and_explicit_ids_in_one_batch_keep_the_branch_marker(
    saver: TenantCheckpointer, batches: list[int]
) -> None:
    acme = saver.for_tenant("acme")
    ids = seed(acme, "history", 4, "h")
    other = seed(acme, "other", 2, "o")
    configs = [
        cfg("history"),
        cfg("history", checkpoint_id=ids[0]),
        cfg("history", checkpoint_id=ids[2]),
        cfg("history", checkpoint_id=ids[3]),  # the head, named explicitly
        cfg("other"),
        cfg("other", checkpoint_id=other[0]),
        cfg("history", checkpoint_id="no-such-checkpoint"),
    ]
    results = await asyncio.gather(*(acme.aget_tuple(c) for c in configs))

    assert batches == [len(configs)]
    assert results == [acme.get_tuple(c) for c in configs]
    latest, first, third, head, other_latest, other_first, missing = results
    assert missing is None
    for tup in (latest, other_latest):
        assert tup is not None and BRANCH_FROM_KEY not in tup.config["configurable"]
    for tup, version in ((first, 4), (third, 4), (head, 4), (other_first, 2)):
        assert tup is not None
        assert tup.config["configurable"][BRANCH_FROM_KEY] == version  # the head version it saw
        if tup.parent_config is not None:
            assert tup.parent_config["configurable"][BRANCH_FROM_KEY] == version
    assert first is not None and first.checkpoint["id"] == ids[0]
    assert latest is not None and head is not None and latest.checkpoint == head.checkpoint


async def test_a_corrupt_blob_fails_only_its_readers(
    saver: TenantCheckpointer, db_url: str, batches: list[int]
) -> None:
    acme = saver.for_tenant("acme")
    for i in range(4):
        seed(acme, f"t{i}", 1, f"t{i}", size=64 * 1024)  # large: the values live in the blob table
    changed = raw_changed(
        db_url,
        "UPDATE kassist_cp_blobs SET blob = %s WHERE tenant_id = 'acme' AND thread_id = 't2'",
        (b"\xc1\xff\x00garbage",),
    )
    if db_url.startswith("sqlite"):  # the largest changed value rides in its row (migration 6)
        changed += raw_changed(
            db_url,
            "UPDATE kassist_cp_checkpoints SET value_blob = %s WHERE tenant_id = 'acme' AND thread_id = 't2' "
            "AND value_blob IS NOT NULL",
            (b"\xc1\xff\x00garbage",),
        )
    assert changed == 3  # its three large values, wherever they are stored
    configs = [cfg(f"t{i}") for i in range(4)] + [cfg("t2")]
    results = await asyncio.gather(*(acme.aget_tuple(c) for c in configs), return_exceptions=True)

    assert batches == [len(configs)]
    for i in (0, 1, 3):
        tup = results[i]
        assert isinstance(tup, CheckpointTuple) and channel(tup).startswith(f"t{i}:a:0:")
    for broken in (results[2], results[4]):  # both readers of the damaged thread, each its own error
        assert isinstance(broken, CorruptCheckpoint) and "'t2'" in str(broken)
    assert results[2] is not results[4]


async def test_a_cancelled_caller_does_not_break_the_others(
    saver: TenantCheckpointer, batches: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    acme = saver.for_tenant("acme")
    for i in range(6):
        seed(acme, f"t{i}", 1, f"t{i}")
    expected = [acme.get_tuple(cfg(f"t{i}")) for i in range(6)]
    # The batch waits at this gate before it reaches the database, so the test decides when it runs.
    gate = asyncio.Event()
    run = saver._executor.arun

    async def gated(op: Op[Any]) -> Any:
        await gate.wait()
        return await run(op)

    monkeypatch.setattr(saver._executor, "arun", gated)

    # The first caller gathers the batch; it is cancelled while doing so.
    tasks = [asyncio.create_task(acme.aget_tuple(cfg(f"t{i}"))) for i in range(6)]
    await asyncio.sleep(0)  # every task has queued; the first one has not resumed yet
    tasks[0].cancel()
    for _ in range(3):
        await asyncio.sleep(0)
    assert batches == [5]  # the batch started without the cancelled caller
    tasks[3].cancel()  # another one while the batch runs
    await asyncio.sleep(0)
    gate.set()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(done[0], asyncio.CancelledError) and isinstance(done[3], asyncio.CancelledError)
    assert [done[i] for i in (1, 2, 4, 5)] == [expected[i] for i in (1, 2, 4, 5)]

    # Every caller cancelled: nothing is left hanging, and the next batch works.
    gate.clear()
    tasks = [asyncio.create_task(acme.aget_tuple(cfg(f"t{i}"))) for i in range(6)]
    await asyncio.sleep(0)
    for task in tasks:
        task.cancel()
    assert all(
        isinstance(r, asyncio.CancelledError) for r in await asyncio.gather(*tasks, return_exceptions=True)
    )
    gate.set()
    assert await asyncio.gather(*(acme.aget_tuple(cfg(f"t{i}")) for i in range(6))) == expected
    assert batches == [5, 6]  # the all-cancelled batch never ran its statement


async def test_a_database_error_fails_every_caller_of_the_batch(
    saver: TenantCheckpointer, db_url: str
) -> None:
    acme = saver.for_tenant("acme")
    for i in range(3):
        seed(acme, f"t{i}", 1, f"t{i}")
    raw_changed(db_url, "DROP TABLE kassist_cp_writes")
    results = await asyncio.gather(*(acme.aget_tuple(cfg(f"t{i}")) for i in range(5)), return_exceptions=True)
    error = results[0]
    assert isinstance(error, sqlite3.OperationalError | psycopg.errors.UndefinedTable)
    assert "kassist_cp_writes" in str(error)
    assert all(r is error for r in results)  # the same error, for all five


async def test_an_unreachable_or_closed_database_fails_every_caller(db_url: str) -> None:
    if db_url.startswith("sqlite"):
        closed = TenantCheckpointer.from_url(db_url)
        closed.setup()
        closed.close()
        expected: type[Exception] = RuntimeError
    else:
        closed = TenantCheckpointer.from_url("postgresql://nobody@127.0.0.1:1/nowhere", connect_timeout=2)
        expected = DatabaseUnavailable
    view = closed.for_tenant("acme")
    results = await asyncio.gather(*(view.aget_tuple(cfg(f"t{i}")) for i in range(4)), return_exceptions=True)
    assert isinstance(results[0], expected)
    assert all(r is results[0] for r in results)
    assert "closed" in str(results[0]) or "cannot reach PostgreSQL" in str(results[0])


async def test_a_bad_config_fails_in_its_caller_before_queueing(
    saver: TenantCheckpointer, batches: list[int]
) -> None:
    acme = saver.for_tenant("acme")
    seed(acme, "t0", 1, "t0")
    reads = [
        acme.aget_tuple(cfg("t0")),
        acme.aget_tuple({"configurable": {"checkpoint_ns": ""}}),  # no thread_id
        saver.aget_tuple(cfg("t0")),  # the unbound saver, no tenant
        acme.aget_tuple(cfg("t0")),
    ]
    ok, no_thread, no_tenant, again = await asyncio.gather(*reads, return_exceptions=True)
    assert isinstance(no_thread, ValueError) and "thread_id" in str(no_thread)
    assert isinstance(no_tenant, TenantRequired)
    assert isinstance(ok, CheckpointTuple) and ok == again and ok is not again
    assert ok.checkpoint is not again.checkpoint  # a repeated read is decoded per caller
    assert batches == [2]


async def test_the_tenant_is_resolved_in_each_callers_own_context(
    saver: TenantCheckpointer, batches: list[int]
) -> None:
    # As ServerCheckpointer does: the tenant comes from the caller's context (its request).
    current: contextvars.ContextVar[str] = contextvars.ContextVar("tenant")

    class FromContext(TenantCheckpointer):
        def _tenant(self, config: RunnableConfig | None) -> str:
            return current.get()

    reader = FromContext(saver._executor)
    for tenant in ("acme", "globex"):
        seed(saver.for_tenant(tenant), "shared", 1, tenant)
    tasks = []
    for tenant in ("acme", "globex", "initech", "acme"):
        ctx = contextvars.copy_context()
        ctx.run(current.set, tenant)
        tasks.append(asyncio.create_task(reader.aget_tuple(cfg("shared")), context=ctx))
    acme, globex, initech, acme_again = await asyncio.gather(*tasks)
    assert batches == [4]
    assert channel(acme).startswith("acme:") and channel(globex).startswith("globex:")
    assert initech is None and acme_again == acme


async def test_a_copy_with_its_own_serializer_decodes_with_it(
    saver: TenantCheckpointer, batches: list[int]
) -> None:
    # LangGraph's with_allowlist clones the saver (copy.copy) and swaps its serde.
    acme = saver.for_tenant("acme")
    for i in range(3):
        seed(acme, f"t{i}", 1, f"t{i}")

    class Counting(JsonPlusSerializer):
        calls = 0

        def loads_typed(self, data: tuple[str, bytes]) -> Any:
            Counting.calls += 1
            return super().loads_typed(data)

    clone = copy.copy(acme)
    clone.serde = Counting()
    reads = [clone.aget_tuple(cfg(f"t{i}")) for i in range(3)] + [
        acme.aget_tuple(cfg(f"t{i}")) for i in range(3)
    ]
    results = await asyncio.gather(*reads)
    # One call per read of the clone (its row's three small values decode together), none for
    # the others' reads.
    assert Counting.calls == 3
    assert results[:3] == results[3:] and sorted(batches) == [3, 3]


def test_get_many_rows_have_the_single_read_layout(saver: TenantCheckpointer) -> None:
    # The batched statement is built from the single-read one: same columns, plus the request index.
    acme = saver.for_tenant("acme")
    seed(acme, "t0", 2, "t0", size=4096)  # over INLINE_MAX_BYTES: blob rows, whatever lives in the row
    acme.put_writes(acme.get_tuple(cfg("t0")).config, [("a", 1)], task_id="x")  # type: ignore[union-attr]

    def both() -> Steps[tuple[list[Row], list[Row]]]:
        single = yield saver._executor.sql.get_latest({"tenant": "acme", "thread": "t0", "ns": ""})
        many = yield saver._executor.sql.get_many(
            {
                "reqs": [0, 1],
                "tenants": ["acme", "acme"],
                "threads": ["t0", "t0"],
                "nss": ["", ""],
                "cids": [None, None],
            }
        )
        return single, many

    single, many = saver._executor.run(Op(both()))
    kind, channel = READ_COLS.index("kind"), READ_COLS.index("channel")
    assert {r[kind] for r in single} == {"c", "b", "w"}
    # The column names of both: test_cp_row_columns.
    assert all(len(r) == len(READ_COLS) for r in single) and all(len(r) == len(MANY_COLS) for r in many)
    assert sorted((r[1 + kind], r[1 + channel] or "") for r in many if r[0] == 1) == sorted(
        (r[kind], r[channel] or "") for r in single
    )


async def test_the_coalescer_also_batches_on_loops_that_do_not_expose_their_ready_queue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # uvloop has no ``_ready``: every first caller of a tick then yields once to gather the others.
    monkeypatch.setattr(read_batch, "_others_ready", lambda loop: True)
    calls: list[list[int]] = []

    async def run_batch(keys: list[int]) -> list[int | BaseException]:
        calls.append(keys)
        await asyncio.sleep(0)
        return [ValueError(k) if k == 7 else k * 10 for k in keys]

    coalescer: read_batch.Coalescer[int, int] = read_batch.Coalescer(run_batch, max_batch=4)
    assert [await coalescer.load(k) for k in (1, 2)] == [10, 20]  # one at a time: alone
    results = await asyncio.gather(*(coalescer.load(k) for k in range(9)), return_exceptions=True)
    assert results[:7] == [0, 10, 20, 30, 40, 50, 60] and results[8] == 80
    assert isinstance(results[7], ValueError)  # only that key's caller
    assert calls == [[1], [2], [0, 1, 2], [3, 4, 5], [6, 7, 8]]
