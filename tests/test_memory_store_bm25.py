"""The store's keyword list ranks by BM25 on SQLite: every entry that contains a query word can be
found (no postings cap that keeps only the oldest), a word's weight follows how few entries contain
it, and a short entry about a word ranks above a long one that names it once (length normalised).
Real SQLite file and PostgreSQL, the hashing embedder (the keyword list is what is under test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from knowledge.embedders.hashing import HashingEmbedder
from memory import MemoryStore
from memory.store.keywords import FUSION, PrefixStats, SearchFusion, bm25_rescore, fuse


@pytest.fixture
def keyword(db_url: str) -> Iterator[MemoryStore]:
    store = MemoryStore.from_url(
        db_url, embedder=HashingEmbedder(64), index_fields=("text",), search="keyword"
    )
    store.setup()
    yield store.for_tenant("acme")
    store.close()


def test_a_late_entry_with_common_words_is_found(keyword: MemoryStore) -> None:
    # 150 older entries each share one of its words: a cap on each word's oldest postings would never reach it.
    for i in range(150):
        keyword.put(("chat",), f"g{i:03}", {"text": f"we talked about the garden on day {i}"})
        keyword.put(("chat",), f"r{i:03}", {"text": f"it rained again on day {i}"})
    keyword.put(("chat",), "late", {"text": "the garden loved the rain"})
    got = [h.key for h in keyword.search(("chat",), query="garden rain", limit=5)]
    assert got[0] == "late"


def test_short_entry_about_a_word_ranks_above_a_long_one_naming_it_once(keyword: MemoryStore) -> None:
    filler = " ".join(f"word{i}" for i in range(60))
    keyword.put(("chat",), "long", {"text": f"pottery {filler}"})
    keyword.put(("chat",), "short", {"text": "pottery class today"})
    for i in range(10):
        keyword.put(("chat",), f"other{i}", {"text": f"nothing related here {i}"})
    got = [h.key for h in keyword.search(("chat",), query="pottery", limit=5)]
    assert got[:2] == ["short", "long"]


def test_rarer_word_weighs_more_and_frequency_saturates() -> None:
    # Entries 1-3 contain "coffee" (word 0); only entry 3 contains "espresso" (word 1).
    postings = [(1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]
    contents = {1: "coffee coffee coffee coffee", 2: "coffee", 3: "coffee", 4: "espresso"}
    ranked = dict(bm25_rescore(postings, ["coffee", "espresso"], contents, PrefixStats(100, 10.0)))
    assert ranked[3] > ranked[4] > ranked[2]  # both words > the rare one alone > the common one
    assert ranked[1] > ranked[2]  # more often counts ...
    assert ranked[1] < 2 * ranked[2]  # ... but saturates


def test_score_fusion_keeps_a_far_ahead_keyword_match_first() -> None:
    # The keyword list's best is far ahead of its second (it names the question's rare words); the vector
    # list's near-equal cosines miss it. Reciprocal ranks (vector 3 : keyword 1) put every vector item
    # ahead of it; fused scores keep it first.
    def row(key: str, score: float) -> tuple[object, ...]:
        return ("chat", key, "{}", None, None, None, score)

    keyword = [row("evidence", 9.0), *(row(f"k{i}", 2.0 - i / 100) for i in range(29))]
    vector = [row(f"v{i}", 0.52 - i / 1000) for i in range(30)]
    fused = [r[1] for r in fuse(vector, keyword, FUSION)]
    assert fused[0] == "evidence"
    ranked = [r[1] for r in fuse(vector, keyword, SearchFusion(keyword=1.0, vector=3.0))]
    assert ranked.index("evidence") == 30
    # Deterministic over fixed-depth lists: the first 5 of the order do not depend on how many are asked.
    assert fused[:5] == [r[1] for r in fuse(vector, keyword, FUSION)][:5]
