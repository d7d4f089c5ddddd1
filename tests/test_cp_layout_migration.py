"""Migration 4 (no heads table, a unique version index) moves a database written by schema 3.

The fixture is written the way kassist wrote it before migration 4 existed: schema 3 from the
real migrations 1-3, then rows through the write statements of that time, captured below
(``OldWriter``: a heads row per namespace moved by compare-and-set, one blob row per changed
channel version except scalars and strings of at most 256 characters, which rode in the row's
``small_values``). After ``setup()`` every checkpoint, value, pending write, parent link, version
and tenant reads back as before, and the thread goes on under the new rules. Both backends.
"""

from __future__ import annotations

import threading
from typing import Any

import ormsgpack
import pytest
from langgraph.checkpoint.base import Checkpoint, empty_checkpoint
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from raw_sql import raw

from checkpointer import CheckpointConflict, TenantCheckpointer
from checkpointer.codec import dumps_json
from checkpointer.query import Op, migrate

SERDE = JsonPlusSerializer()

# -- schema 3's write statements, as checkpointer/sql_*.py had them (placeholders as %s) ----------
OLD_PUT_BLOB = (
    "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"
)
OLD_PUT_CHECKPOINT = (
    "INSERT INTO kassist_cp_checkpoints (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, "
    "version, ts, run_id, checkpoint, metadata, small_values) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)
OLD_SET_HEAD = (
    "INSERT INTO kassist_cp_heads (tenant_id, thread_id, checkpoint_ns, head_id, version) "
    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (tenant_id, thread_id, checkpoint_ns) "
    "DO UPDATE SET head_id = excluded.head_id, version = excluded.version"
)
OLD_HEAD = "SELECT head_id, version FROM kassist_cp_heads WHERE tenant_id = %s AND thread_id = %s AND checkpoint_ns = %s"
OLD_PUT_WRITE = (
    "INSERT INTO kassist_cp_writes (tenant_id, thread_id, checkpoint_ns, checkpoint_id, task_id, idx, "
    "channel, type, blob, task_path) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"
)
OLD_DELETE_CHECKPOINT = (
    "DELETE FROM kassist_cp_checkpoints WHERE tenant_id = %s AND thread_id = %s AND checkpoint_ns = %s "
    "AND checkpoint_id = %s"
)


def _old_inlined(value: Any) -> bool:
    """Schema 3's rule (codec.inlined of that time): small scalars and short strings only."""
    if isinstance(value, str | bytes):
        return len(value) <= 256
    if value is None or isinstance(value, bool | float):
        return True
    if isinstance(value, int):
        return -(1 << 63) <= value < (1 << 64)
    return False


class OldWriter:
    """Writes checkpoints and writes as kassist did at schema 3, straight into the tables."""

    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.sqlite = db_url.startswith("sqlite")

    def put(
        self,
        tenant: str,
        thread: str,
        ns: str,
        parent: str | None,
        values: dict[str, Any],
        versions: dict[str, str],
        changed: list[str],
        step: int,
        run_id: str | None = None,
    ) -> str:
        cid = f"1ef{len(raw(self.db_url, 'SELECT checkpoint_id FROM kassist_cp_checkpoints')):05d}-{thread}-{ns}"
        head = raw(self.db_url, OLD_HEAD, (tenant, thread, ns))
        version = (int(head[0][1]) if head else 0) + 1
        small = []
        for channel, value in values.items():
            if _old_inlined(value):
                small.append([channel, versions[channel], *SERDE.dumps_typed(value)])
            elif channel in changed:
                type_, blob = SERDE.dumps_typed(value)
                raw(self.db_url, OLD_PUT_BLOB, (tenant, thread, ns, channel, versions[channel], type_, blob))
        skeleton = dumps_json(
            {
                "v": 4,
                "id": cid,
                "ts": "2026-11-30T12:00:00+00:00",
                "channel_versions": versions,
                "versions_seen": {},
                "updated_channels": changed,
            }
        )
        metadata = dumps_json(
            {"source": "loop", "step": step, "parents": {}, **({"run_id": run_id} if run_id else {})}
        )
        raw(
            self.db_url,
            OLD_PUT_CHECKPOINT,
            (
                tenant,
                thread,
                ns,
                cid,
                parent,
                version,
                1_764_504_000.0 + step,
                run_id,
                skeleton,
                metadata,
                ormsgpack.packb(small) if small else None,
            ),
        )
        raw(self.db_url, OLD_SET_HEAD, (tenant, thread, ns, cid, version))
        return cid

    def put_writes(self, tenant: str, thread: str, ns: str, cid: str, writes: list[tuple[str, Any]]) -> None:
        for idx, (channel, value) in enumerate(writes):
            type_, blob = SERDE.dumps_typed(value)
            raw(
                self.db_url,
                OLD_PUT_WRITE,
                (tenant, thread, ns, cid, "task-1", idx, channel, type_, blob, "~0"),
            )

    def drop_head_moving_it_to(self, tenant: str, thread: str, ns: str, dead: str, new_head: str) -> None:
        """What delete_for_runs did to a deleted head: the heads row moves to the latest remaining
        checkpoint with version + 1, while that row keeps its own older version."""
        ((_, version),) = raw(self.db_url, OLD_HEAD, (tenant, thread, ns))
        raw(self.db_url, OLD_DELETE_CHECKPOINT, (tenant, thread, ns, dead))
        raw(self.db_url, OLD_SET_HEAD, (tenant, thread, ns, new_head, int(version) + 1))


LONG = "L" * 300  # a blob row at schema 3 (over 256 characters), in the row under the new rules
BIG = "B" * 100_000  # a blob row under both
Expected = dict[tuple[str, str, str, str], dict[str, Any]]  # (tenant, thread, ns, cid) -> what reads back


def _write_fixture(db_url: str) -> tuple[Expected, dict[tuple[str, str, str], str]]:
    """Two tenants sharing a thread id, a subgraph namespace, a fork, pending writes, and a head
    moved by delete_for_runs. Returns every checkpoint's expected values/version/parent and the
    head of each (tenant, thread, ns)."""
    old = OldWriter(db_url)
    expected: Expected = {}
    heads: dict[tuple[str, str, str], str] = {}

    def put(
        tenant: str,
        thread: str,
        ns: str,
        parent: str | None,
        values: dict[str, Any],
        versions: dict[str, str],
        changed: list[str],
        step: int,
        run_id: str | None = None,
    ) -> str:
        cid = old.put(tenant, thread, ns, parent, dict(values), dict(versions), changed, step, run_id)
        ((version,),) = raw(db_url, OLD_HEAD.replace("head_id, version", "version"), (tenant, thread, ns))
        expected[(tenant, thread, ns, cid)] = {
            "values": dict(values),
            "version": int(version),
            "parent": parent,
        }
        heads[(tenant, thread, ns)] = cid
        return cid

    for tenant in ("acme", "globex"):
        values: dict[str, Any] = {
            "n": 0,
            "title": f"{tenant} thread",
            "long": LONG,
            "big": BIG,
            "items": [1, 2],
        }
        versions = {ch: "1" for ch in values}
        c1 = put(tenant, "t1", "", None, values, versions, list(values), -1)
        values.update(n=1, long=LONG + "1", items=[1, 2, 3])
        versions.update(n="2", long="2", items="2")
        c2 = put(tenant, "t1", "", c1, values, versions, ["n", "long", "items"], 0)
        values.update(n=2, big=BIG + tenant)
        versions.update(n="3", big="2")
        c3 = put(tenant, "t1", "", c2, values, versions, ["n", "big"], 1)
        old.put_writes(tenant, "t1", "", c3, [("n", 99), ("items", [7])])
        # A fork from c2 (time travel) became the head at version 4.
        fork = dict(expected[(tenant, "t1", "", c2)]["values"], n=20)
        put(tenant, "t1", "", c2, fork, {**versions, "n": "4", "big": "1"}, ["n"], 2)
        # A subgraph namespace of the same thread.
        put(tenant, "t1", "sub:1", None, {"inner": "x" * 10}, {"inner": "1"}, ["inner"], 0)
    # acme t2: its head was deleted by delete_for_runs, the heads row moved back to c1 (version 3).
    values = {"n": 0, "note": LONG}
    d1 = put("acme", "t2", "", None, values, {"n": "1", "note": "1"}, ["n", "note"], -1)
    d2 = put("acme", "t2", "", d1, {"n": 1, "note": LONG}, {"n": "2", "note": "1"}, ["n"], 0, run_id="run-9")
    old.drop_head_moving_it_to("acme", "t2", "", d2, d1)
    del expected[("acme", "t2", "", d2)]
    expected[("acme", "t2", "", d1)]["version"] = 3  # the moved head takes the heads row's version
    heads[("acme", "t2", "")] = d1
    return expected, heads


def test_a_schema_3_database_migrates_and_reads_back_everything(db_url: str) -> None:
    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver._executor.run(Op(migrate(saver._executor.sql.as_of(3)), write=True)) == [1, 2, 3]
        expected, heads = _write_fixture(db_url)
        assert saver.setup() == ([4, 5, 6] if db_url.startswith("sqlite") else [4])
        assert saver.setup() == []
        tables = (
            "sqlite_master WHERE type = 'table'"
            if db_url.startswith("sqlite")
            else "pg_tables WHERE schemaname = 'public'"
        )
        names = {
            n for (n,) in raw(db_url, f"SELECT {'name' if 'sqlite' in tables else 'tablename'} FROM {tables}")
        }
        assert "kassist_cp_heads" not in names and "kassist_cp_checkpoints" in names

        for (tenant, thread, ns), head in heads.items():
            view = saver.for_tenant(tenant)
            latest = view.get_tuple({"configurable": {"thread_id": thread, "checkpoint_ns": ns}})
            assert latest is not None and latest.config["configurable"]["checkpoint_id"] == head
            assert (
                latest.config["configurable"]["checkpoint_version"]
                == expected[(tenant, thread, ns, head)]["version"]
            )
            listed = list(view.list({"configurable": {"thread_id": thread, "checkpoint_ns": ns}}))
            mine = {k[3]: v for k, v in expected.items() if k[:3] == (tenant, thread, ns)}
            assert [t.config["configurable"]["checkpoint_id"] for t in listed] == sorted(mine, reverse=True)
            for tup in listed:
                cid = tup.config["configurable"]["checkpoint_id"]
                want = mine[cid]
                assert tup.checkpoint["channel_values"] == want["values"], (tenant, thread, ns, cid)
                assert (tup.parent_config or {}).get("configurable", {}).get("checkpoint_id") == want[
                    "parent"
                ]
                one = view.get_tuple(tup.config)
                assert one is not None and one.checkpoint["channel_values"] == want["values"]
                assert one.config["configurable"]["checkpoint_version"] == want["version"]
        # Pending writes of acme's c3 (now behind a fork) are still attached to it.
        acme = saver.for_tenant("acme")
        c3 = next(k[3] for k, v in expected.items() if k[:3] == ("acme", "t1", "") and v["values"]["n"] == 2)
        tup = acme.get_tuple({"configurable": {"thread_id": "t1", "checkpoint_ns": "", "checkpoint_id": c3}})
        assert tup is not None and tup.pending_writes == [("task-1", "n", 99), ("task-1", "items", [7])]

        # The threads go on under the new rules: extending the head works, a stale parent conflicts.
        for thread, version in (("t1", 4), ("t2", 3)):
            head = acme.get_tuple({"configurable": {"thread_id": thread, "checkpoint_ns": ""}})
            assert head is not None
            cp = _next(head.checkpoint, n=100)
            out = acme.put(head.config, cp, {"source": "loop", "step": 9}, {"n": "9"})
            assert out["configurable"]["checkpoint_version"] == version + 1
            with pytest.raises(CheckpointConflict) as info:
                acme.put(
                    head.config, _next(head.checkpoint, n=101), {"source": "loop", "step": 9}, {"n": "9"}
                )
            assert (info.value.expected_version, info.value.actual_version) == (version, version + 1)
        # Tenancy survived: globex's t1 is untouched; deleting acme's t2 deletes only that.
        globex = saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": "t1"}})
        assert globex is not None and globex.checkpoint["channel_values"]["n"] == 20
        assert globex.config["configurable"]["checkpoint_version"] == 4
        acme.delete_thread("t2")
        assert acme.get_tuple({"configurable": {"thread_id": "t2"}}) is None


def _next(checkpoint: Checkpoint, n: int) -> Checkpoint:
    cp = empty_checkpoint()
    cp["channel_values"] = {**checkpoint["channel_values"], "n": n}
    cp["channel_versions"] = {**checkpoint["channel_versions"], "n": "9"}
    return cp


def _race_once(views: list[TenantCheckpointer], head: Any, round_: int) -> list[Any]:
    """Both views put a child of ``head`` at the same moment; each one's config or conflict."""
    gate = threading.Barrier(2, timeout=30)
    outcomes: list[Any] = [None, None]

    def race(i: int) -> None:
        version = f"{round_ + 2}.{i}"
        nxt = empty_checkpoint()
        nxt["channel_values"], nxt["channel_versions"] = {"n": round_ * 10 + i}, {"n": version}
        gate.wait()
        try:
            outcomes[i] = views[i].put(head, nxt, {"source": "loop", "step": round_}, {"n": version})
        except CheckpointConflict as exc:
            outcomes[i] = exc

    threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_of_two_racing_puts_on_one_head_exactly_one_wins(db_url: str) -> None:
    """Two savers (own connections) extend the same head at once, many times over: each time one
    insert of version v + 1 succeeds and the other gets CheckpointConflict(expected v, actual v + 1)."""
    with TenantCheckpointer.from_url(db_url) as first, TenantCheckpointer.from_url(db_url) as second:
        first.setup()
        views = [first.for_tenant("acme"), second.for_tenant("acme")]
        config: dict[str, Any] = {"configurable": {"thread_id": "race", "checkpoint_ns": ""}}
        cp = empty_checkpoint()
        cp["channel_values"], cp["channel_versions"] = {"n": 0}, {"n": "1"}
        config = views[0].put(config, cp, {"source": "input", "step": -1}, {"n": "1"})
        for round_ in range(15):
            outcomes = _race_once(views, config, round_)
            won = [o for o in outcomes if isinstance(o, dict)]
            lost = [o for o in outcomes if isinstance(o, CheckpointConflict)]
            assert len(won) == 1 and len(lost) == 1, outcomes
            assert (lost[0].expected_version, lost[0].actual_version) == (round_ + 1, round_ + 2)
            assert won[0]["configurable"]["checkpoint_version"] == round_ + 2
            config = won[0]
        latest = views[1].get_tuple({"configurable": {"thread_id": "race"}})
        assert (
            latest is not None
            and latest.config["configurable"]["checkpoint_id"] == config["configurable"]["checkpoint_id"]
        )
        assert len(list(views[0].list({"configurable": {"thread_id": "race"}}))) == 16
