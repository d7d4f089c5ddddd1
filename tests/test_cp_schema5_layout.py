"""Migration 5 (SQLite): no unique version index; the head is the highest checkpoint id unless a
row marked ``jump`` passes it in version (docs/checkpointer.md, "Storage layout").

- a database written with schema 4's layout (blob rows, the unique version index, a head stored
  out of id order, pending writes, a head moved by delete_for_runs) migrates and goes on;
- heads written out of id order, moved by delete_for_runs and pruned around stay the heads;
- two processes appending to one thread on one SQLite file: every item exactly once, every
  version distinct (the version check runs inside SQLite's write lock, not in an index).

The first two run on both backends (PostgreSQL keeps its layout and its unique index).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import ormsgpack
import pytest
from langgraph.checkpoint.base import Checkpoint, empty_checkpoint
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from raw_sql import raw

from checkpointer import VERSION_KEY, CheckpointConflict, TenantCheckpointer
from checkpointer.codec import dumps_json
from checkpointer.query import Op, migrate

SERDE = JsonPlusSerializer()
BIG = "B" * 50_000  # over the 2 KiB inline limit: a blob row under schemas 4 and 5

# -- schema 4's write statements (checkpointer/sql_*.py before migration 5; placeholders as %s) ----
PUT_BLOB = (
    "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s)"
)
PUT_CHECKPOINT = (
    "INSERT INTO kassist_cp_checkpoints (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, "
    "version, ts, run_id, checkpoint, metadata, small_values) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
PUT_WRITE = (
    "INSERT INTO kassist_cp_writes (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, "
    "channel, type, blob, task_path) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)


def _put4(
    db_url: str,
    tenant: str,
    thread: str,
    cid: str,
    parent: str | None,
    version: int,
    values: dict[str, Any],
    versions: dict[str, str],
    changed: list[str],
    run_id: str | None = None,
) -> None:
    """One checkpoint as schema 4 stored it: small values as one msgpack map in the row, a changed
    large value in its blob row, ``blob_versions`` in the skeleton, the version given (the unique
    index refuses a taken one)."""
    small = {ch: v for ch, v in values.items() if not (isinstance(v, str) and len(v) > 2048)}
    in_blobs = {ch: versions[ch] for ch in values if ch not in small}
    for ch in in_blobs:
        if ch in changed:
            raw(db_url, PUT_BLOB, (tenant, thread, "", ch, versions[ch], *SERDE.dumps_typed(values[ch])))
    skeleton = dumps_json(
        {
            "v": 4,
            "id": cid,
            "ts": "2026-12-01T12:00:00+00:00",
            "channel_versions": versions,
            "versions_seen": {},
            "updated_channels": changed,
            "blob_versions": in_blobs,
        }
    )
    metadata = dumps_json(
        {"source": "loop", "step": version, "parents": {}, **({"run_id": run_id} if run_id else {})}
    )
    raw(
        db_url,
        PUT_CHECKPOINT,
        (
            tenant,
            thread,
            "",
            cid,
            parent,
            version,
            1_764_590_400.0 + version,
            run_id,
            skeleton,
            metadata,
            ormsgpack.packb(small) if small else None,
        ),
    )


def _indexes(db_url: str) -> set[str]:
    if db_url.startswith("sqlite"):
        return {n for (n,) in raw(db_url, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    return {n for (n,) in raw(db_url, "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")}


def _head(view: TenantCheckpointer, thread: str) -> Any:
    tup = view.get_tuple({"configurable": {"thread_id": thread}})
    assert tup is not None
    return tup


def _child(head: Any, n: int) -> Checkpoint:
    cp = empty_checkpoint()
    cp["channel_values"] = {**head.checkpoint["channel_values"], "n": n}
    cp["channel_versions"] = {**head.checkpoint["channel_versions"], "n": f"{n:032}.5"}
    return cp


def _put_child(view: TenantCheckpointer, head: Any, n: int) -> Any:
    cp = _child(head, n)
    return view.put(head.config, cp, {"source": "loop", "step": n}, {"n": cp["channel_versions"]["n"]})


def test_a_schema_4_database_migrates_and_goes_on(db_url: str) -> None:
    sqlite = db_url.startswith("sqlite")
    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver._executor.run(Op(migrate(saver._executor.sql.as_of(4)), write=True)) == [1, 2, 3, 4]
        assert "kassist_cp_checkpoints_version" in _indexes(db_url)
        # t1: a blob row, pending writes on the head. Written for two tenants (same thread id).
        for tenant in ("acme", "globex"):
            _put4(
                db_url,
                tenant,
                "t1",
                "1ef001",
                None,
                1,
                {"n": 0, "big": BIG},
                {"n": "1", "big": "1"},
                ["n", "big"],
            )
            _put4(
                db_url,
                tenant,
                "t1",
                "1ef002",
                "1ef001",
                2,
                {"n": 1, "big": BIG},
                {"n": "2", "big": "1"},
                ["n"],
            )
        raw(db_url, PUT_WRITE, ("acme", "t1", "", "1ef002", "task-1", 0, "n", *SERDE.dumps_typed(7), "~0"))
        # odd: the head (version 3) has a lower id than the rows before it.
        _put4(db_url, "acme", "odd", "1ef009", None, 1, {"n": 10}, {"n": "1"}, ["n"])
        _put4(
            db_url,
            "acme",
            "odd",
            "1ef008",
            "1ef009",
            2,
            {"n": 11, "big": BIG + "x"},
            {"n": "2", "big": "2"},
            ["n", "big"],
        )
        _put4(
            db_url,
            "acme",
            "odd",
            "1ef005",
            "1ef008",
            3,
            {"n": 12, "big": BIG + "x"},
            {"n": "3", "big": "2"},
            ["n"],
        )
        # moved: delete_for_runs removed the head (run-9) and gave the latest remaining row version 3.
        _put4(db_url, "acme", "moved", "1ef001", None, 3, {"n": 20}, {"n": "1"}, ["n"])

        assert saver.setup() == ([5, 6] if sqlite else [])
        assert saver.setup() == []
        if sqlite:
            assert "kassist_cp_checkpoints_version" not in _indexes(db_url)
            assert "kassist_cp_checkpoints_jump" in _indexes(db_url)
            marked = raw(
                db_url,
                "SELECT thread_id, checkpoint_id FROM kassist_cp_checkpoints WHERE jump IS NOT NULL "
                "ORDER BY checkpoint_id",
            )
            # the rows above the highest id row's version: the head, and the row it passed
            assert marked == [("odd", "1ef005"), ("odd", "1ef008")]
        else:  # PostgreSQL keeps its unique version index
            assert "kassist_cp_checkpoints_version" in _indexes(db_url)

        acme = saver.for_tenant("acme")
        for thread, cid, version, n in (
            ("t1", "1ef002", 2, 1),
            ("odd", "1ef005", 3, 12),
            ("moved", "1ef001", 3, 20),
        ):
            head = _head(acme, thread)
            assert head.config["configurable"]["checkpoint_id"] == cid
            assert head.config["configurable"][VERSION_KEY] == version
            assert head.checkpoint["channel_values"]["n"] == n
        t1 = _head(acme, "t1")
        assert t1.checkpoint["channel_values"]["big"] == BIG and t1.pending_writes == [("task-1", "n", 7)]
        odd = _head(acme, "odd")
        assert odd.checkpoint["channel_values"]["big"] == BIG + "x"
        listed = [
            t.config["configurable"]["checkpoint_id"]
            for t in acme.list({"configurable": {"thread_id": "odd"}})
        ]
        assert listed == ["1ef009", "1ef008", "1ef005"]
        old = acme.get_tuple({"configurable": {"thread_id": "odd", "checkpoint_id": "1ef009"}})
        assert old is not None and old.checkpoint["channel_values"] == {"n": 10}

        # Going on: each head is extended at version + 1 (twice: the second put takes the hinted
        # single statement), and a put from a stale parent conflicts with the versions it saw.
        for thread, version in (("t1", 2), ("odd", 3), ("moved", 3)):
            head = _head(acme, thread)
            first = _put_child(acme, head, 100)
            assert first["configurable"][VERSION_KEY] == version + 1
            second = acme.put(first, _child(head, 101), {"source": "loop", "step": 101}, {"n": "9"})
            assert second["configurable"][VERSION_KEY] == version + 2
            with pytest.raises(CheckpointConflict) as info:
                _put_child(acme, head, 102)
            assert (info.value.expected_version, info.value.actual_version) == (version, version + 2)
            latest = _head(acme, thread)
            assert latest.config["configurable"]["checkpoint_id"] == second["configurable"]["checkpoint_id"]
            assert latest.checkpoint["channel_values"]["n"] == 101
        assert _head(acme, "t1").checkpoint["channel_values"]["big"] == BIG
        # Another tenant's thread of the same id is untouched.
        globex = _head(saver.for_tenant("globex"), "t1")
        assert globex.config["configurable"][VERSION_KEY] == 2 and globex.pending_writes == []


def _put_id(view: TenantCheckpointer, thread: str, cid: str, parent: Any, n: int, run_id: str) -> Any:
    cp = empty_checkpoint()
    cp["id"] = cid
    cp["channel_values"], cp["channel_versions"] = {"n": n, "big": BIG + str(n)}, {"n": str(n), "big": str(n)}
    config = parent or {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    config = {"configurable": {**config["configurable"], "run_id": run_id}}
    return view.put(config, cp, {"source": "loop", "step": n, "parents": {}}, {"n": str(n), "big": str(n)})


def test_heads_written_out_of_id_order_stay_the_heads(saver: TenantCheckpointer) -> None:
    """Ids that fall put after put (not LangGraph's, but allowed): each put is the head, reads
    and further puts find it, delete_for_runs and prune keep the rules."""
    view = saver.for_tenant("acme")
    config = None
    for version, cid in enumerate(("c9", "c7", "c5", "c3"), start=1):
        config = _put_id(view, "down", cid, config, version, f"run-{cid}")
        assert config["configurable"][VERSION_KEY] == version
        head = _head(view, "down")
        assert head.config["configurable"]["checkpoint_id"] == cid
        assert head.checkpoint["channel_values"]["big"] == BIG + str(version)
    with pytest.raises(CheckpointConflict) as info:  # from c5, no longer the head
        _put_id(view, "down", "c1", {"configurable": {"thread_id": "down", "checkpoint_id": "c5"}}, 9, "r")
    assert (info.value.expected_version, info.value.actual_version) == (3, 4)
    by_id = view.get_tuple({"configurable": {"thread_id": "down", "checkpoint_id": "c7"}})
    assert by_id is not None and by_id.checkpoint["channel_values"]["n"] == 2

    # delete_for_runs removes the head: the latest remaining checkpoint (highest id) takes
    # version 5 and is the head; a put extending it is stored at 6.
    view.delete_for_runs(["run-c3"])
    head = _head(view, "down")
    assert head.config["configurable"]["checkpoint_id"] == "c9"
    assert head.config["configurable"][VERSION_KEY] == 5
    nxt = _put_id(view, "down", "c0", head.config, 6, "run-c0")
    assert nxt["configurable"][VERSION_KEY] == 6
    assert _head(view, "down").config["configurable"]["checkpoint_id"] == "c0"
    # Pruning keeps the head (lowest id, highest version) and its values.
    view.prune(["down"])
    listed = list(view.list({"configurable": {"thread_id": "down"}}))
    assert [t.config["configurable"]["checkpoint_id"] for t in listed] == ["c0"]
    head = _head(view, "down")
    assert head.checkpoint["channel_values"] == {"n": 6, "big": BIG + "6"}
    assert _put_child(view, head, 7)["configurable"][VERSION_KEY] == 7


WORKER = r"""
import operator, sys
from typing import Annotated
from typing_extensions import TypedDict
from langgraph.graph import END, START, StateGraph
from checkpointer import TenantCheckpointer
from checkpointer.retry import invoke_with_retry

class S(TypedDict, total=False):
    log: Annotated[list[str], operator.add]
    seen: int

url, name, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with TenantCheckpointer.from_url(url) as saver:
    builder = StateGraph(S)
    builder.add_node("read", lambda s: {"seen": len(s.get("log", []))})
    builder.add_node("again", lambda s: {"seen": len(s.get("log", []))})
    builder.add_edge(START, "read")
    builder.add_edge("read", "again")
    builder.add_edge("again", END)
    graph = builder.compile(checkpointer=saver)
    config = {"configurable": {"thread_id": "shared", "tenant_id": "acme"}}
    print("ready", flush=True)
    sys.stdin.readline()  # both processes start together
    for i in range(runs):
        invoke_with_retry(graph, {"log": [f"{name}-{i}"]}, config, durability="sync")
    print("done", flush=True)
"""


def run_two_appenders(tmp_path: Path, url: str, worker: str, runs: int) -> None:
    """Set up ``url``, then run ``worker`` (a script like :data:`WORKER`) as processes "p" and "q",
    released together, each appending ``runs`` items to one thread; both must exit 0."""
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
    script = tmp_path / "worker.py"
    script.write_text(worker)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), url, name, str(runs)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        for name in ("p", "q")
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs


def test_two_processes_append_to_one_sqlite_thread(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/shared.db"
    runs = 25
    run_two_appenders(tmp_path, url, WORKER, runs)
    with TenantCheckpointer.from_url(url) as saver:
        view = saver.for_tenant("acme")
        head = _head(view, "shared")
        log = head.checkpoint["channel_values"]["log"]
        want = [f"{name}-{i}" for name in ("p", "q") for i in range(runs)]
        assert Counter(log) == Counter(want)  # every item exactly once
        for name in ("p", "q"):  # each process's items in its own order
            assert [x for x in log if x.startswith(name)] == [f"{name}-{i}" for i in range(runs)]
        versions = [
            t.config["configurable"][VERSION_KEY]
            for t in view.list({"configurable": {"thread_id": "shared"}})
        ]
        assert (
            len(versions) == len(set(versions)) and max(versions) == head.config["configurable"][VERSION_KEY]
        )
        assert sorted(versions) == list(range(1, len(versions) + 1))
