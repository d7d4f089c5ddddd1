"""Opening an up-to-date SQLite database while another process holds its write lock (h7, session 31, #6).

SQLite in WAL mode lets readers read while another connection writes. kassist's read-only commands
(``runs list``/``show``/``report``, ``kb search``, ``memory list``, ``checkpoints list``, ``keys
list``) each waited the 30 s busy timeout and then failed ``the database ... stayed locked by
another writer ...; nothing was written``: every component's set-up runs its migration as a write
transaction (``BEGIN IMMEDIATE``), which waits for the lock even when nothing is pending.

In process, on one real SQLite file: the components are set up once (their tables current), then a
second connection of this test holds ``BEGIN IMMEDIATE`` while each is opened again. The database
object is the process's one for the URL, opened first with a short busy timeout (its own setting,
``open_database(..., busy_timeout_s=...)``), so a wait shows as ``DatabaseBusy`` in half a second.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checkpointer import TenantCheckpointer
from graph.ingestion.store import RunStore
from kassist.db.shared import open_database, release
from knowledge.embedders.hashing import HashingEmbedder
from knowledge.index import KnowledgeIndex
from memory.manager.manager import MemoryManager
from memory.store import MemoryStore
from server.accepted_runs import AcceptedRuns
from server.key_store import KeyStore

OPENERS: dict[str, Callable[[str], Any]] = {
    "checkpointer": lambda url: TenantCheckpointer.from_url(url),
    "run store": lambda url: RunStore.from_url(url),
    "knowledge index": lambda url: KnowledgeIndex.from_url(url, embedder=HashingEmbedder()),
    "memory manager": lambda url: MemoryManager.from_url(url),
    "memory store": lambda url: MemoryStore.from_url(url),
    "key store": lambda url: KeyStore.from_url(url),
    "server tables": lambda url: AcceptedRuns(open_database(url)),  # every ServerTable's set-up
}


def _open_set_up(name: str, url: str) -> None:
    component = OPENERS[name](url)
    try:
        if name in ("checkpointer", "run store", "memory store", "server tables"):
            component.setup()  # the others set up in from_url
    finally:
        component.close()


def test_an_up_to_date_database_opens_while_another_process_writes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    shared = open_database(url, busy_timeout_s=0.5)
    try:
        for name in OPENERS:
            _open_set_up(name, url)  # the tables, current
        holder = sqlite3.connect(tmp_path / "kassist.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process's long write
        try:
            refused = {}
            for name in OPENERS:
                try:
                    _open_set_up(name, url)
                except Exception as exc:  # each component's answer, whatever it is
                    refused[name] = f"{type(exc).__name__}: {exc}"[:200]
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    finally:
        release(shared)
    assert refused == {}
