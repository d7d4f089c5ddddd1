"""The four components on one database URL share one database object (kassist.db): one durability
policy and one writer lock per SQLite file, one pool per PostgreSQL server."""

from __future__ import annotations

import operator
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated, Any, TypedDict

import psycopg
import pytest
from langgraph.graph import END, START, StateGraph
from test_kb_index_helpers import make_doc

from checkpointer import TenantCheckpointer
from kassist.db import open_database, release, users
from kassist.dburl import ENV_VAR, database_url_from_env
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from memory.manager import MemoryManager
from memory.store import MemoryStore

WRITES = 12  # per component and thread


class State(TypedDict):
    steps: Annotated[list[str], operator.add]


def _graph(saver: TenantCheckpointer) -> Any:
    builder = StateGraph(State)
    builder.add_node("a", lambda s: {"steps": ["a"]})
    builder.add_node("b", lambda s: {"steps": ["b"]})
    builder.add_edge(START, "a")
    builder.add_edge("a", "b")
    builder.add_edge("b", END)
    return builder.compile(checkpointer=saver)


def _open_all(
    url: str, stack: ExitStack
) -> tuple[TenantCheckpointer, MemoryStore, MemoryManager, KnowledgeIndex]:
    saver = stack.enter_context(TenantCheckpointer.from_url(url))
    saver.setup()
    store = stack.enter_context(MemoryStore.from_url(url))
    store.setup()
    manager = stack.enter_context(MemoryManager.from_url(url))
    index = stack.enter_context(KnowledgeIndex.from_url(url, embedder=HashingEmbedder()))
    return saver, store, manager, index


def _synchronous(url: str) -> int:
    """PRAGMA synchronous on a connection of the shared database (the components' connections)."""
    db = open_database(url)
    try:
        with db.connection() as conn:  # type: ignore[union-attr]
            return int(conn.execute("PRAGMA synchronous").fetchone()[0])
    finally:
        release(db)


@pytest.fixture
def default_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_VAR, raising=False)
    yield database_url_from_env()


def test_memories_commit_with_full_on_the_default_file_shared_by_the_four_components(
    default_url: str,
) -> None:
    assert default_url == "sqlite:///.kassist/kassist.db"
    with ExitStack() as stack:
        _, store, manager, _ = _open_all(default_url, stack)
        assert users(default_url) == 4  # one database object, four users
        manager.for_tenant("acme").remember("u1", "fact", "city", "Lyon", "user_explicit")
        store.for_tenant("acme").put(("notes",), "n1", {"text": "hello"})
        assert _synchronous(default_url) == 2  # FULL, for every component on the file
        # One policy per file: a component asking for another one is told, not silently served.
        with pytest.raises(ValueError, match=r"sqlite_synchronous='full'.*'normal' was asked"):
            TenantCheckpointer.from_url(default_url, sqlite_synchronous="normal")
    assert users(default_url) == 0  # the last close closed it


def test_normal_is_one_opt_in_for_the_whole_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/normal.db"
    with TenantCheckpointer.from_url(url, sqlite_synchronous="normal"), MemoryManager.from_url(url):
        assert _synchronous(url) == 1  # NORMAL, the memories too


def test_four_components_writing_one_sqlite_file_from_threads_never_wait_on_the_busy_handler(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path}/shared.db"
    # busy_timeout 0: any wait on SQLite's busy handler fails at once with "database is locked"
    # instead of sleeping; the components below share this database object and its writer lock.
    db = open_database(url, busy_timeout_s=0)
    errors: list[BaseException] = []
    try:
        with ExitStack() as stack:
            saver, store, manager, index = _open_all(url, stack)
            graph = _graph(saver.for_tenant("acme"))
            notes = store.for_tenant("acme")
            memories = manager.for_tenant("acme")
            kb = index.for_tenant("acme")
            start = threading.Barrier(4)

            def checkpoints() -> None:
                for i in range(WRITES):
                    graph.invoke({"steps": []}, {"configurable": {"thread_id": f"t{i}"}})

            def store_puts() -> None:
                for i in range(WRITES):
                    notes.put(("notes",), f"n{i}", {"text": f"note {i}"})

            def remembers() -> None:
                for i in range(WRITES):
                    memories.remember("u1", "fact", f"k{i}", f"value {i}", "user_explicit")

            def upserts() -> None:
                for i in range(WRITES):
                    kb.upsert_document(*make_doc("acme", "handbook", f"doc{i}.md", [("Leave", f"text {i}")]))

            def worker(work: Any) -> None:
                try:
                    start.wait()
                    work()
                except BaseException as exc:  # collected: the assertion below names them
                    errors.append(exc)

            threads = [
                threading.Thread(target=worker, args=(w,))
                for w in (checkpoints, store_puts, remembers, upserts)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert errors == []
            assert len(memories.recall("u1", memory_type="fact")) == WRITES
            assert len(notes.search(("notes",), limit=100)) == WRITES
            assert len(kb.documents("handbook")) == WRITES
            assert len(list(saver.for_tenant("acme").list(None))) == WRITES * 4  # input + 3 steps each
    finally:
        release(db)


def _backends(pg_url: str) -> int:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
        assert row is not None
        return int(row[0])


def _settled_backends(pg_url: str, expected: int, timeout: float = 10.0) -> int:
    """The server's count of our connections once it stops moving toward ``expected``: a pool opens
    its connections in the background, and a closed connection's backend exits after the close
    returns, so one reading may be taken mid-way."""
    deadline = time.monotonic() + timeout
    while True:
        count = _backends(pg_url)
        assert count <= 8, count  # one pool of 8, never more
        if count == expected or time.monotonic() > deadline:
            return count
        time.sleep(0.05)


def test_one_postgres_pool_for_the_four_components_of_a_process(pg_url: str) -> None:
    with ExitStack() as stack:
        saver, store, manager, index = _open_all(pg_url, stack)
        assert users(pg_url) == 4
        assert saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t"}}) is None
        store.for_tenant("acme").put(("notes",), "n1", {"text": "hello"})
        manager.for_tenant("acme").remember("u1", "fact", "city", "Lyon", "user_explicit")
        assert index.for_tenant("acme").stats() == []
        # One pool of the default 8 connections (four pools of 8, 8, 8 and 4 before).
        assert _settled_backends(pg_url, 8) == 8
        with pytest.raises(ValueError, match=r"pool_size=8.*2 was asked"):
            MemoryStore.from_url(pg_url, pool_size=2)
    assert users(pg_url) == 0
    assert _settled_backends(pg_url, 0) == 0
