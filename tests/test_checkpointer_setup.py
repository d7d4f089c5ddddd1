"""Migrations (concurrent and idempotent), opening URLs, and bad input that must fail clearly."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint
from raw_sql import raw

import checkpointer
from checkpointer import TenantCheckpointer
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL

SETUP_SCRIPT = (
    "import sys; from checkpointer import TenantCheckpointer\n"
    "s = TenantCheckpointer.from_url(sys.argv[1]); print(s.setup()); s.close()\n"
)


def all_migrations(db_url: str) -> list[int]:
    """Every migration of the backend: SQLite has a fifth (no version index) and a sixth (a value in
    its checkpoint row), docs/checkpointer.md."""
    return [1, 2, 3, 4, 5, 6] if db_url.startswith("sqlite") else [1, 2, 3, 4]


def schema_versions(db_url: str) -> list[int]:
    """The checkpointer's versions recorded in the one table of every component's (kassist.db.migrate)."""
    rows = raw(
        db_url,
        "SELECT version FROM kassist_schema_versions WHERE component = 'checkpointer' ORDER BY version",
    )
    return [int(v) for (v,) in rows]


def test_setup_from_several_processes_and_threads_at_once(db_url: str) -> None:
    procs = [
        subprocess.Popen([sys.executable, "-c", SETUP_SCRIPT, db_url], stdout=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    results: list[Any] = []

    def in_thread() -> None:
        with TenantCheckpointer.from_url(db_url) as s:
            results.append(s.setup())

    threads = [threading.Thread(target=in_thread) for _ in range(3)]
    for t in threads:
        t.start()
    outputs = [p.communicate(timeout=120)[0].strip() for p in procs]
    for t in threads:
        t.join(timeout=120)
    assert all(p.returncode == 0 for p in procs), outputs
    applied = [o for o in outputs if o != "[]"] + [str(r) for r in results if r]
    # exactly one caller applied the migrations
    assert applied == [str(all_migrations(db_url))], (outputs, results)
    with TenantCheckpointer.from_url(db_url) as saver:
        assert schema_versions(db_url) == all_migrations(db_url)
        assert saver.setup() == []


async def test_asetup_is_idempotent_and_context_managers_close(db_url: str) -> None:
    async with TenantCheckpointer.from_url(db_url) as saver:
        assert await saver.asetup() == all_migrations(db_url)
        assert await saver.asetup() == []
        view = saver.for_tenant("acme")
        await view.aclose()  # a view owns no connections: the saver still works
        assert await view.aget_tuple({"configurable": {"thread_id": "t"}}) is None
    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver.setup() == []


def test_unreachable_postgres_names_host_and_port() -> None:
    saver = TenantCheckpointer.from_url("postgresql://kassist:pw@127.0.0.1:1/nowhere", connect_timeout=3)
    with pytest.raises(DatabaseUnavailable) as info:
        saver.setup()
    message = str(info.value)
    assert "127.0.0.1:1/nowhere" in message and "KASSIST_DATABASE_URL" in message
    assert "pw" not in message
    assert info.value.__cause__ is None and info.value.__suppress_context__


async def test_unreachable_postgres_async_is_just_as_clear() -> None:
    saver = TenantCheckpointer.from_url("postgresql://127.0.0.1:1/nowhere", connect_timeout=3)
    with pytest.raises(DatabaseUnavailable, match=r"127\.0\.0\.1:1"):
        await saver.aget_tuple({"configurable": {"thread_id": "t", "tenant_id": "acme"}})


def test_unknown_scheme_lists_accepted_ones() -> None:
    with pytest.raises(UnsupportedDatabaseURL, match="postgresql://"):
        TenantCheckpointer.from_url("mysql://db/x")


def test_missing_thread_id_and_bad_filter_are_explained(sqlite_url: str) -> None:
    with TenantCheckpointer.from_url(sqlite_url) as saver:
        saver.setup()
        acme = saver.for_tenant("acme")
        with pytest.raises(ValueError, match="thread_id"):
            acme.put({"configurable": {}}, empty_checkpoint(), {}, {})
        with pytest.raises(TypeError, match="metadata filter"):
            list(acme.list(None, filter={"when": object()}))
        with pytest.raises(ValueError, match="strategy"):
            acme.prune(["t"], strategy="everything")
        with pytest.raises(ValueError, match="checkpoint_id"):
            acme.put_writes({"configurable": {"thread_id": "t"}}, [("a", 1)], "task")


def test_sqlite_file_and_directories_are_created(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'deep' / 'er' / 'k.db'}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
    assert (tmp_path / "deep" / "er" / "k.db").exists()


def test_from_env_and_langgraph_factory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KASSIST_DATABASE_URL", raising=False)
    saver = checkpointer.langgraph_checkpointer()
    try:
        assert saver.backend == "sqlite" and (tmp_path / ".kassist" / "kassist.db").exists()
        assert saver.setup() == []  # already set up by the factory
    finally:
        saver.close()
    monkeypatch.setenv("KASSIST_DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    with checkpointer.from_env() as saver:
        assert (tmp_path / "env.db").exists() and saver.setup() == []


def _synchronous(saver: TenantCheckpointer) -> int:
    conn = saver._executor._connection()  # type: ignore[attr-defined]
    return int(conn.execute("PRAGMA synchronous").fetchone()[0])


async def test_sqlite_commits_are_fsynced_unless_normal_is_asked_for(tmp_path: Path) -> None:
    """FULL (2) by default on every connection (also one opened while another is busy); NORMAL
    (1) only when asked; anything else refused before a file is created."""
    with TenantCheckpointer.from_url(f"sqlite:///{tmp_path}/full.db") as saver:
        await saver.asetup()
        assert _synchronous(saver) == 2
        busy = saver._executor._acquire()  # type: ignore[attr-defined]
        assert _synchronous(saver) == 2  # a second connection
        saver._executor._release(busy)  # type: ignore[attr-defined]
    with TenantCheckpointer.from_url(f"sqlite:///{tmp_path}/normal.db", sqlite_synchronous="normal") as saver:
        saver.setup()
        assert _synchronous(saver) == 1
    with pytest.raises(ValueError, match=r"sqlite_synchronous must be 'full'.*'normal'.*got 'off'"):
        TenantCheckpointer.from_url(f"sqlite:///{tmp_path}/off.db", sqlite_synchronous="off")
    assert not (tmp_path / "off.db").exists()


def _old_rows(db_url: str, saver: TenantCheckpointer, rows: list[tuple[str, str, int, str]]) -> None:
    """Checkpoints as versions 1 and 2 stored them (every value in the blobs table), written
    straight into the tables as an old kassist would have left them."""
    statements = (
        "INSERT INTO kassist_cp_blobs (tenant_id, thread_id, checkpoint_ns, channel, version, type, blob) "
        "VALUES ('acme', %s, '', 'n', '1', %s, %s)",
        "INSERT INTO kassist_cp_checkpoints (tenant_id, thread_id, checkpoint_ns, checkpoint_id, parent_id, "
        "version, ts, run_id, checkpoint, metadata) VALUES ('acme', %s, '', %s, NULL, 1, 1.0, %s, %s, '{}')",
        "INSERT INTO kassist_cp_heads (tenant_id, thread_id, checkpoint_ns, head_id, version) "
        "VALUES ('acme', %s, '', %s, 1)",
    )
    params = []
    for thread, cid, n, run_id in rows:
        type_, blob = saver.serde.dumps_typed(n)
        skeleton = (
            f'{{"v":4,"id":"{cid}","ts":"2026-11-01T00:00:00+00:00","channel_versions":{{"n":"1"}},'
            '"versions_seen":{},"updated_channels":["n"]}'
        )
        params.append(((thread, type_, blob), (thread, cid, run_id, skeleton), (thread, cid)))
    for each in params:
        for sql, args in zip(statements, each, strict=True):
            raw(db_url, sql, args)


def test_a_version_1_database_upgrades_and_keeps_its_data(db_url: str) -> None:
    """Migrations 2 (partial run_id index) and 3 (small values in the row) on a database set up at
    version 1 with data in it: old rows keep reading their values from the blobs table."""
    from checkpointer.query import Op, migrate

    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver._executor.run(Op(migrate(saver._executor.sql.as_of(1)), write=True)) == [1]
        _old_rows(db_url, saver, [("t1", "1ef-old-1", 41, "run-1"), ("t2", "1ef-old-2", 42, "run-2")])
        assert saver.setup() == all_migrations(db_url)[1:]
        assert schema_versions(db_url) == all_migrations(db_url)
        acme = saver.for_tenant("acme")
        old = acme.get_tuple({"configurable": {"thread_id": "t2"}})
        assert old is not None and old.checkpoint["channel_values"] == {"n": 42}
        # A new checkpoint on top of an old one stores its small value in the row and reads back.
        cp = empty_checkpoint()
        cp["channel_values"], cp["channel_versions"] = {"n": 43}, {"n": "2"}
        acme.put(old.config, cp, {"source": "loop", "step": 1, "parents": {}}, {"n": "2"})
        new = acme.get_tuple({"configurable": {"thread_id": "t2"}})
        assert new is not None and new.checkpoint["channel_values"] == {"n": 43}
        assert new.parent_config is not None
        assert acme.get_tuple(new.parent_config).checkpoint["channel_values"] == {"n": 42}  # type: ignore[union-attr]
        acme.delete_for_runs(["run-1"])
        assert acme.get_tuple({"configurable": {"thread_id": "t1"}}) is None
