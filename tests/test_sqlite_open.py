"""A wrong SQLite path gets one clear error, whichever component opens it: the file is named, what
is wrong with it is said, and nothing is created or overwritten."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checkpointer import TenantCheckpointer
from kassist.db.connect_sqlite import open_sqlite
from kassist.dburl import DatabaseUnavailable
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from memory import MemoryStore
from memory.manager import MemoryManager


def _checkpointer(url: str) -> Any:
    saver = TenantCheckpointer.from_url(url)
    saver.setup()
    return saver


def _store(url: str) -> Any:
    store = MemoryStore.from_url(url)
    store.setup()
    return store


OPENERS: dict[str, Callable[[str], Any]] = {
    "checkpointer": _checkpointer,
    "memory store": _store,
    "memory manager": lambda url: MemoryManager.from_url(url),
    "knowledge index": lambda url: KnowledgeIndex.from_url(url, embedder=HashingEmbedder()),
}


@pytest.fixture(params=sorted(OPENERS))
def opener(request: pytest.FixtureRequest) -> Callable[[str], Any]:
    return OPENERS[request.param]


def test_a_file_that_is_not_a_database_is_named_and_left_alone(
    tmp_path: Path, opener: Callable[[str], Any]
) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("these are my notes, not a database\n")
    with pytest.raises(DatabaseUnavailable, match=rf"{notes} is not a SQLite database.*another file"):
        opener(f"sqlite:///{notes}")
    assert notes.read_text() == "these are my notes, not a database\n"


def test_a_directory_is_refused_with_a_file_name_to_use(tmp_path: Path, opener: Callable[[str], Any]) -> None:
    folder = tmp_path / "data.db"
    folder.mkdir()
    with pytest.raises(DatabaseUnavailable, match=rf"{folder} is a directory.*{folder}/kassist\.db"):
        opener(f"sqlite:///{folder}")
    assert list(folder.iterdir()) == []


def test_a_directory_that_cannot_be_created_is_named(opener: Callable[[str], Any]) -> None:
    # /proc refuses new directories even to root, so this holds whoever runs the tests.
    with pytest.raises(DatabaseUnavailable, match=r"cannot open the SQLite file /proc/kassist-nope/k\.db"):
        opener("sqlite:////proc/kassist-nope/k.db")


def test_open_sqlite_creates_the_file_in_wal_mode_with_the_given_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "new" / "k.db"
    conn = open_sqlite(path, busy_timeout_s=2.5, pragmas=["PRAGMA synchronous = NORMAL"])
    try:
        assert path.exists()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 2500
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert conn.in_transaction is False and conn.isolation_level is None
    finally:
        conn.close()
