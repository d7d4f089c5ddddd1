"""Review s34 r2 (strict xfail): the ``vector`` and ``rrf`` recall strategies order memories that score
alike by memory id, a uuid4 new at every write, so two databases of the same writes recall them in
different orders - the defect 47b5a4d fixed for ``keyword`` (whose test, tests/test_recall_keyword_ties.py,
asks newest first; ``hybrid`` already gives newest first).

Why: the vector matrix is loaded ``ORDER BY m.id`` (memory/manager/statements.py) and ``top_k`` breaks equal
cosines by matrix index, i.e. by uuid; ``_read_back`` (memory/manager/hybrid.py) sorts equal fused scores
``(-score, id)``. Seen on LoCoMo after 47b5a4d: two runs of ``bench/locomo.py --samples 2`` on one snapshot
still ranked 10 of conv-30's 105 rrf top-20 lists differently (keyword: 0). Fix: break ties by write order
(load the matrix in write order, or sort equal scores by the lists' own order) as bm25_rescore does.
Cost: one SQLite file, 8 writes, no model (the hashing embedder), < 1 s.
"""

from __future__ import annotations

import pytest

from knowledge.embedders import HashingEmbedder
from memory.manager import MemoryManager


@pytest.mark.parametrize("strategy", ["vector", "rrf"])
def test_memories_that_score_alike_are_recalled_newest_first(sqlite_url: str, strategy: str) -> None:
    embedder = HashingEmbedder(4096)
    manager = MemoryManager.from_url(sqlite_url, embedder)
    try:
        acme = manager.for_tenant("acme")
        for n in range(8):
            acme.remember("asha", "fact", f"k{n}", "Quarterly zephyr report filed", "user_explicit")
        query = "zephyr report"
        recalled = acme.recall(
            "asha", query=query, query_vector=embedder.embed_query(query), k=8, strategy=strategy
        )
        # 8 tied memories: by chance in this order once in 40,320 databases
        assert [r.key for r in recalled] == [f"k{n}" for n in reversed(range(8))]
    finally:
        manager.close()
