"""Review s34 r1 F7 (of 47b5a4d): keyword recall orders memories that score alike newest first on
SQLite only. PostgreSQL's keyword statement (memory/manager/sql_postgres._keyword) and the hybrid
path's keyword list (hybrid.py: sorted by (-score, id)) still order ties by memory id, a uuid4 new at
every write, so two PostgreSQL databases of the same writes recall tied memories in different orders
(the nondeterminism 47b5a4d removed on SQLite; the LoCoMo bench runs on both backends).

One fresh PostgreSQL database (the embedded server of tests/conftest.py); ~2 s."""

from __future__ import annotations

from memory.manager import MemoryManager


def test_memories_that_score_alike_are_recalled_newest_first_on_postgres(pg_url: str) -> None:
    manager = MemoryManager.from_url(pg_url)
    try:
        acme = manager.for_tenant("acme")
        for n in range(8):
            acme.remember("asha", "fact", f"k{n}", "Quarterly zephyr report filed", "user_explicit")
        recalled = [r.key for r in acme.recall("asha", query="zephyr report", k=8, strategy="keyword")]
        assert recalled == [f"k{n}" for n in reversed(range(8))]
    finally:
        manager.close()
