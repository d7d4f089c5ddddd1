"""A damaged SQLite file and a full disk are named errors saying which file and what to do, in the
checkpointer, the memory store and the knowledge index (all open files through
kassist.db.connect_sqlite); once a file showed damage, nothing more is written into it.

They used to be bare ``sqlite3.DatabaseError: database disk image is malformed`` (no path; writes
to the undamaged tables went on) and ``sqlite3.OperationalError: disk I/O error``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import textwrap
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer
from kassist.db.connect_sqlite import DatabaseCorrupt, DiskFull, is_damaged

ROOT = Path(__file__).resolve().parent.parent
CONFIG: Any = {"configurable": {"thread_id": "t1", "tenant_id": "acme"}}


class Note(TypedDict):
    text: str


def _graph(saver: TenantCheckpointer) -> Any:
    builder: StateGraph[Any] = StateGraph(Note)
    builder.add_node("echo", lambda state: {"text": state["text"] + "!"})
    builder.add_edge(START, "echo")
    return builder.compile(checkpointer=saver)


def _damage(path: Path, *tables: str) -> None:
    """Overwrite the root page of each table with bytes no b-tree page can hold (the file header
    and the schema on page 1 stay intact, as when a disk or a copy damaged some pages)."""
    import sqlite3

    with closing(sqlite3.connect(path)) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master WHERE type = 'table'").fetchall())
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    with path.open("r+b") as f:
        for table in tables:
            f.seek((roots[table] - 1) * size)
            f.write(b"\xa5" * size)


def _fingerprint(path: Path) -> tuple[str, int]:
    wal = Path(f"{path}-wal")
    return hashlib.sha256(path.read_bytes()).hexdigest(), wal.stat().st_size if wal.exists() else 0


def test_checkpointer_names_a_damaged_file_and_stops_writing_to_it(tmp_path: Path) -> None:
    path = tmp_path / "cp.db"
    with TenantCheckpointer.from_url(f"sqlite:///{path}") as saver:
        saver.setup()
        _graph(saver).invoke({"text": "hi"}, CONFIG)
        head = saver.get_tuple(CONFIG)
        assert head is not None
    _damage(path, "kassist_cp_checkpoints")
    with TenantCheckpointer.from_url(f"sqlite:///{path}") as saver:
        before = _fingerprint(path)
        with pytest.raises(DatabaseCorrupt) as raised:
            saver.get_tuple(CONFIG)
        message = str(raised.value)
        assert str(path) in message and "malformed" in message
        assert ".recover" in message and "backup" in message
        assert is_damaged(path)
        # The writes table is intact, and a write there used to go on into the damaged file.
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            saver.put_writes(head.config, [("text", "more")], "task-1")
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            _graph(saver).invoke({"text": "new"}, {"configurable": {"thread_id": "t2", "tenant_id": "acme"}})
        assert _fingerprint(path) == before  # nothing written into the damaged file


async def test_async_calls_name_the_damaged_file_too(tmp_path: Path) -> None:
    path = tmp_path / "cp.db"
    async with TenantCheckpointer.from_url(f"sqlite:///{path}") as saver:
        await saver.asetup()
        await _graph(saver).ainvoke({"text": "hi"}, CONFIG)
    _damage(path, "kassist_cp_checkpoints")
    async with TenantCheckpointer.from_url(f"sqlite:///{path}") as saver:
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            await saver.aget_tuple(CONFIG)
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            [t async for t in saver.alist(CONFIG)]


def test_memory_store_names_a_damaged_file_and_stops_writing_to_it(tmp_path: Path) -> None:
    from memory.store import MemoryStore

    path = tmp_path / "store.db"
    with MemoryStore.from_url(f"sqlite:///{path}") as root:
        root.setup()
        root.for_tenant("acme").put(("users", "u1"), "prefs", {"language": "English"})
    _damage(path, "kassist_store_items")
    with MemoryStore.from_url(f"sqlite:///{path}") as root:
        store = root.for_tenant("acme")
        before = _fingerprint(path)
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            store.get(("users", "u1"), "prefs")
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            store.put(("users", "u2"), "prefs", {"language": "French"})
        assert _fingerprint(path) == before


def test_memory_manager_names_a_damaged_file_and_stops_writing_to_it(tmp_path: Path) -> None:
    from memory.manager import MemoryManager

    path = tmp_path / "mem.db"
    manager = MemoryManager.from_url(f"sqlite:///{path}")
    manager.for_tenant("acme").remember("victor", "fact", "city", "lives in Lyon", "user_explicit")
    manager.close()
    _damage(path, "kassist_mem_memories")
    manager = MemoryManager.from_url(f"sqlite:///{path}")
    try:
        memory = manager.for_tenant("acme")
        before = _fingerprint(path)
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            memory.recall("victor")
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            memory.remember("victor", "fact", "pet", "has a cat", "user_explicit")
        assert _fingerprint(path) == before
    finally:
        manager.close()


def test_knowledge_index_names_a_damaged_file(tmp_path: Path) -> None:
    from test_kb_index_helpers import LEAVE, make_doc

    from knowledge.embedders import HashingEmbedder
    from knowledge.index import KnowledgeIndex

    path = tmp_path / "kb.db"
    with KnowledgeIndex.from_url(f"sqlite:///{path}", embedder=HashingEmbedder(64)) as idx:
        idx.for_tenant("acme").upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
        with closing(__import__("sqlite3").connect(path)) as conn:
            tables = [
                name
                for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if name.startswith("kassist_kb_") and "version" not in name and "_fts" not in name
            ]
    _damage(path, *tables)
    with KnowledgeIndex.from_url(f"sqlite:///{path}", embedder=HashingEmbedder(64)) as idx:
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            idx.for_tenant("acme").search("how many days of leave", k=3)
        with pytest.raises(DatabaseCorrupt, match=str(path)):
            idx.for_tenant("acme").upsert_document(*make_doc("acme", "handbook", "other.md", LEAVE))


def test_other_errors_are_left_alone_and_do_not_stop_writes(tmp_path: Path) -> None:
    import sqlite3

    from kassist.db.connect_sqlite import open_sqlite

    path = tmp_path / "fine.db"
    conn = open_sqlite(path)
    try:
        with pytest.raises(sqlite3.OperationalError, match="malformed JSON"):
            conn.execute("SELECT json_extract('{not json', '$.a')")
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            conn.execute("SELECT * FROM missing")
        assert not is_damaged(path)
        conn.execute("CREATE TABLE t (x)")
        conn.execute("INSERT INTO t VALUES (1)")
        assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]
    finally:
        conn.close()


# A full disk, for real: the child process may grow no file beyond a few hundred kilobytes
# (RLIMIT_FSIZE; SIGXFSZ ignored, so the write fails with EFBIG as on a full disk), then lifts the
# limit and checks that the failed call lost nothing and the component works again.
FULL_DISK_CHILD = textwrap.dedent(
    """
    import os, resource, signal, sys
    from pathlib import Path
    from kassist.db.connect_sqlite import DiskFull

    path, kind = Path(sys.argv[1]), sys.argv[2]
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)

    def limit() -> None:
        sizes = [p.stat().st_size for p in path.parent.iterdir()]
        resource.setrlimit(resource.RLIMIT_FSIZE, (max(sizes) + 64 * 1024, hard))

    def unlimit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))

    big = "x" * 4_000_000
    if kind == "checkpointer":
        from checkpointer import TenantCheckpointer
        config = {"configurable": {"thread_id": "t1", "tenant_id": "acme"}}
        with TenantCheckpointer.from_url(f"sqlite:///{path}") as saver:
            saver.setup()
            from langgraph.checkpoint.base import empty_checkpoint
            first = saver.put(config, empty_checkpoint(), {"step": 0}, {})
            limit()
            checkpoint = empty_checkpoint()
            checkpoint["channel_values"] = {"text": big}
            checkpoint["channel_versions"] = {"text": "1"}
            try:
                saver.put(first, checkpoint, {"step": 1}, {"text": "1"})
            except DiskFull as exc:
                print("DiskFull:", exc)
            unlimit()
            head = saver.get_tuple(config)
            print("head kept:", head.config["configurable"]["checkpoint_id"] == first["configurable"]["checkpoint_id"])
            saver.put(first, checkpoint, {"step": 1}, {"text": "1"})
            print("works again:", saver.get_tuple(config).checkpoint["channel_values"]["text"] == big)
    elif kind == "knowledge-index":
        from knowledge.embedders import HashingEmbedder
        from knowledge.index import KnowledgeIndex
        from test_kb_index_helpers import LEAVE, make_doc
        with KnowledgeIndex.from_url(f"sqlite:///{path}", embedder=HashingEmbedder(64)) as idx:
            kb = idx.for_tenant("acme")
            kb.upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
            limit()
            try:
                kb.upsert_document(*make_doc("acme", "handbook", "big.md", [("Big", big)]))
            except DiskFull as exc:
                print("DiskFull:", exc)
            unlimit()
            print("head kept:", [s.documents for s in kb.stats()] == [1])
            kb.upsert_document(*make_doc("acme", "handbook", "big.md", [("Big", big)]))
            print("works again:", [s.documents for s in kb.stats()] == [2])
    else:
        from memory.store import MemoryStore
        with MemoryStore.from_url(f"sqlite:///{path}") as root:
            root.setup()
            store = root.for_tenant("acme")
            store.put(("users", "u1"), "small", {"v": 1})
            limit()
            try:
                store.put(("users", "u1"), "big", {"v": big})
            except DiskFull as exc:
                print("DiskFull:", exc)
            unlimit()
            print("head kept:", store.get(("users", "u1"), "big") is None and store.get(("users", "u1"), "small") is not None)
            store.put(("users", "u1"), "big", {"v": big})
            print("works again:", store.get(("users", "u1"), "big").value["v"] == big)
    """
)


@pytest.mark.parametrize("kind", ["checkpointer", "memory-store", "knowledge-index"])
def test_a_full_disk_names_the_file_and_loses_nothing(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "db" / "full.db"
    path.parent.mkdir()
    paths = [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK_CHILD, str(path), kind],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("DiskFull:"), done.stdout + done.stderr[-3000:]
    assert str(path) in lines[0] and "disk is full" in lines[0] and "retry" in lines[0]
    assert lines[1:] == ["head kept: True", "works again: True"]
    assert isinstance(DiskFull("x"), ConnectionError)  # a DatabaseUnavailable, as the CLIs expect
