"""Keyword recall on SQLite orders memories that score alike newest first, the same in every database
of the same writes (session 34, L: the ties were ordered by memory id, a uuid4 new at every write, so
two runs of the LoCoMo bench ranked 20 of one conversation's 105 keyword top-20 lists differently)."""

from __future__ import annotations

from memory.manager import MemoryManager


def test_memories_that_score_alike_are_recalled_newest_first(sqlite_url: str) -> None:
    manager = MemoryManager.from_url(sqlite_url)
    try:
        acme = manager.for_tenant("acme")
        for n in range(8):
            acme.remember("asha", "fact", f"k{n}", "Quarterly zephyr report filed", "user_explicit")
        recalled = [r.key for r in acme.recall("asha", query="zephyr report", k=8, strategy="keyword")]
        assert recalled == [f"k{n}" for n in reversed(range(8))]
    finally:
        manager.close()
