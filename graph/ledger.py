"""An idempotency-keyed side-effect ledger: the stand-in for an external system a graph writes to.

A node killed after its side effect but before its checkpoint committed is re-run on resume (LangGraph
cannot know the effect happened). The ledger makes that re-run harmless: each effect carries a
deterministic key (``f"{thread}:{step}:{doc}"``) and is applied at most once. Every attempt is logged
too, so a demo or a test can show that a re-run happened and was absorbed.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from pydantic import BaseModel

_SCHEMA = """
CREATE TABLE IF NOT EXISTS effects (
    key TEXT PRIMARY KEY,
    doc TEXT NOT NULL,
    pid INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    pid INTEGER NOT NULL,
    applied INTEGER NOT NULL
);
"""


class Attempt(BaseModel):
    """One try at a side effect; ``applied`` is False when the key had already been applied."""

    key: str
    pid: int
    applied: bool


class Ledger:
    """A SQLite file of applied effects (unique by key) and of every attempt."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as conn, conn:
            conn.executescript(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        return conn

    def apply(self, key: str, doc: str) -> bool:
        """Apply the effect named ``key`` unless it already was; True if applied now."""
        pid = os.getpid()
        # One transaction: the effect and its attempt record commit together or not at all.
        with closing(self._connect()) as conn, conn:
            cur = conn.execute(
                "INSERT OR IGNORE INTO effects (key, doc, pid) VALUES (?, ?, ?)", (key, doc, pid)
            )
            applied = cur.rowcount == 1
            conn.execute(
                "INSERT INTO attempts (key, pid, applied) VALUES (?, ?, ?)", (key, pid, int(applied))
            )
        return applied

    def effects(self, thread: str | None = None) -> list[str]:
        """Keys of applied effects, in the order they were applied (only ``thread``'s when given:
        one ledger file outlives many runs)."""
        with closing(self._connect()) as conn:
            if thread is None:
                return [row[0] for row in conn.execute("SELECT key FROM effects ORDER BY rowid")]
            # Keys are f"{thread}:{step}:{doc}"; compared by prefix, not LIKE (a thread id may hold % or _).
            prefix = f"{thread}:"
            rows = conn.execute(
                "SELECT key FROM effects WHERE substr(key, 1, ?) = ? ORDER BY rowid", (len(prefix), prefix)
            )
            return [row[0] for row in rows]

    def attempts(self) -> list[Attempt]:
        """Every attempt, oldest first."""
        with closing(self._connect()) as conn:
            rows = conn.execute("SELECT key, pid, applied FROM attempts ORDER BY seq").fetchall()
        return [Attempt(key=k, pid=p, applied=bool(a)) for k, p, a in rows]
