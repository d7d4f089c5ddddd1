"""Semantic search on both backends with the deterministic hashing embedder."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from memory import MemoryStore

FIELDS = ("text", "tags[*]")
DOCS = {
    "hiking": "weekend hiking trip in the alps with mountain huts and glacier views",
    "python": "python type hints and mypy strict mode for large codebases",
    "bread": "sourdough bread recipe with a long cold fermentation",
    "tax": "quarterly tax filing deadlines for small businesses",
    "coffee": "espresso extraction time grind size and coffee beans",
}


@pytest.fixture
def root(db_url: str) -> Iterator[MemoryStore]:
    store = MemoryStore.from_url(db_url, index_fields=("text",))
    store.setup()
    yield store
    store.close()


def _fill(store: MemoryStore) -> None:
    for i, (key, text) in enumerate(DOCS.items()):
        store.put(("kb", f"shelf{i % 2}"), key, {"text": text, "rank": i})


def test_query_ranks_the_matching_item_first(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    _fill(store)
    root.for_tenant("globex").put(("kb", "shelf0"), "hiking", {"text": DOCS["hiking"], "rank": 0})
    for key, query in [
        ("hiking", "mountain hiking in the alps"),
        ("python", "mypy strict type hints"),
        ("bread", "how to make sourdough bread"),
        ("coffee", "espresso grind size"),
    ]:
        results = store.search(("kb",), query=query, limit=3)
        assert results[0].key == key, f"{query!r} ranked {[r.key for r in results]}"
        assert results[0].namespace[0] == "kb"
        scores = [r.score for r in results]
        assert all(s is not None for s in scores)
        assert scores == sorted(scores, reverse=True)  # type: ignore[type-var]
        assert 0 < (results[0].score or 0) <= 1.0001
    # Without a query there is no score; newest first.
    plain = store.search(("kb",), limit=10)
    assert all(r.score is None for r in plain)
    assert len(plain) == len(DOCS)


def test_query_with_prefix_filter_and_paging(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    _fill(store)
    everything = store.search(("kb",), query="coffee bread hiking tax python", limit=10)
    assert sorted(r.key for r in everything) == sorted(DOCS)
    page1 = store.search(("kb",), query="coffee bread hiking tax python", limit=2)
    page2 = store.search(("kb",), query="coffee bread hiking tax python", limit=2, offset=2)
    assert [r.key for r in page1 + page2] == [r.key for r in everything][:4]
    shelf0 = store.search(("kb", "shelf0"), query="espresso coffee beans")
    assert {r.namespace for r in shelf0} == {("kb", "shelf0")}
    filtered = store.search(("kb",), query="espresso coffee beans", filter={"rank": {"$lt": 2}})
    assert {r.key for r in filtered} == {"hiking", "python"}
    assert store.search(("kb",), query="espresso", limit=0) == []


def test_index_options_and_repeatable_ties(root: MemoryStore) -> None:
    store = root.for_tenant("acme")
    store.put(("n",), "skipped", {"text": "alpine glacier"}, index=False)
    store.put(("n",), "title-only", {"title": "alpine glacier", "text": "nothing related"}, index=["title"])
    store.put(("n",), "b-twin", {"text": "alpine glacier"})
    store.put(("n",), "a-twin", {"text": "alpine glacier"})
    results = store.search(("n",), query="alpine glacier")
    # Unindexed items are not candidates for a query, but filters and gets still see them.
    assert "skipped" not in [r.key for r in results]
    assert [r.key for r in results][:3] == ["a-twin", "b-twin", "title-only"]
    assert [r.key for r in store.search(("n",), filter={"text": "alpine glacier"})] != []
    assert store.get(("n",), "skipped") is not None
    # Re-putting with index=False drops the old vectors.
    store.put(("n",), "a-twin", {"text": "alpine glacier"}, index=False)
    assert "a-twin" not in [r.key for r in store.search(("n",), query="alpine glacier")]


def test_new_writes_are_searchable_from_another_store_instance(db_url: str) -> None:
    # On SQLite the vectors are cached per process; writes by another instance must invalidate it.
    first, second = MemoryStore.from_url(db_url), MemoryStore.from_url(db_url)
    try:
        first.setup()
        a, b = first.for_tenant("acme"), second.for_tenant("acme")
        a.put(("n",), "old", {"text": "quarterly report"})
        assert [r.key for r in a.search(("n",), query="glacier trek")] == ["old"]
        b.put(("n",), "new", {"text": "glacier trek"})
        assert a.search(("n",), query="glacier trek")[0].key == "new"
        b.delete(("n",), "new")
        assert [r.key for r in a.search(("n",), query="glacier trek")] == ["old"]
    finally:
        first.close()
        second.close()


async def test_async_semantic_search(db_url: str) -> None:
    root = MemoryStore.from_url(db_url, index_fields=("text",))
    try:
        await root.asetup()
        store = root.for_tenant("acme")
        for key, text in DOCS.items():
            await store.aput(("kb",), key, {"text": text})
        results = await store.asearch(("kb",), query="sourdough fermentation", limit=2)
        assert results[0].key == "bread"
    finally:
        await root.aclose()


def test_interleaved_writes_and_queries_match_a_cold_reader(sqlite_url: str) -> None:
    """SQLite patches its own writes into the cached vectors; results must equal a fresh load."""
    words = ["glacier", "espresso", "sourdough", "tax", "python", "alpine", "coffee", "bread"]
    rng = random.Random(11)
    writer = MemoryStore.from_url(sqlite_url, index_fields=FIELDS)
    try:
        writer.setup()
        view = writer.for_tenant("acme")
        for step in range(300):
            ns = ("kb", f"s{rng.randrange(4)}")
            key = f"k{rng.randrange(60)}"
            action = rng.random()
            if action < 0.15:
                view.delete(ns, key)
            elif action < 0.25:
                view.put(ns, key, {"text": rng.choice(words), "n": step}, index=False)
            else:
                text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4)))
                tags = rng.sample(words, rng.randrange(0, 3))  # several vectors per item
                view.put(ns, key, {"text": text, "tags": tags, "n": step})
            if step % 25 == 0:
                query = " ".join(rng.sample(words, 2))
                prefix = rng.choice([("kb",), ("kb", "s1"), ()])
                kwargs = {"query": query, "limit": 7, "offset": rng.randrange(3)}
                if rng.random() < 0.5:
                    kwargs["filter"] = {"n": {"$gt": step // 2}}
                warm = view.search(prefix, **kwargs)  # type: ignore[arg-type]
                with MemoryStore.from_url(sqlite_url, index_fields=FIELDS) as cold_root:
                    cold = cold_root.for_tenant("acme").search(prefix, **kwargs)  # type: ignore[arg-type]
                assert [(r.namespace, r.key) for r in warm] == [(r.namespace, r.key) for r in cold], kwargs
                assert [r.score for r in warm] == pytest.approx([r.score for r in cold], abs=1e-6)
    finally:
        writer.close()


def test_the_same_query_after_each_write_matches_a_cold_reader(sqlite_url: str) -> None:
    """The cached vectors remember the last query's scores (TenantVectors.rank): asking the same
    query again after an overwrite, a delete or an unindexed put must see that write."""
    words = ["glacier", "espresso", "sourdough", "tax", "python", "alpine", "coffee", "bread"]
    rng = random.Random(5)
    writer = MemoryStore.from_url(sqlite_url, index_fields=FIELDS)
    try:
        writer.setup()
        view = writer.for_tenant("acme")
        for n in range(40):
            view.put(("kb",), f"k{n}", {"text": " ".join(rng.sample(words, 2)), "n": n})
        query = "glacier espresso"
        for step in range(60):
            best = view.search(("kb",), query=query, limit=5)
            target = (
                best[rng.randrange(len(best))].key if best and rng.random() < 0.6 else f"k{rng.randrange(45)}"
            )
            action = rng.random()
            if action < 0.3:
                view.delete(("kb",), target)
            elif action < 0.45:
                view.put(("kb",), target, {"text": "glacier", "n": step}, index=False)
            else:
                view.put(
                    ("kb",), target, {"text": " ".join(rng.sample(words, rng.randrange(1, 3))), "n": step}
                )
            warm = view.search(("kb",), query=query, limit=5)
            with MemoryStore.from_url(sqlite_url, index_fields=FIELDS) as cold_root:
                cold = cold_root.for_tenant("acme").search(("kb",), query=query, limit=5)
            assert [r.key for r in warm] == [r.key for r in cold], step
            assert [r.score for r in warm] == pytest.approx([r.score for r in cold], abs=1e-6)
    finally:
        writer.close()
