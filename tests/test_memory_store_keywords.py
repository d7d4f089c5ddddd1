"""Keyword + vector search in the memory store, on a real SQLite file and a real PostgreSQL.

The keyword index (FTS5 / tsvector) sits next to the vectors: kept in step by puts, deletes and the
TTL sweep, scoped to the tenant, filled for items written before it existed; searches fuse both
lists so that a shorter page is always the start of a longer one.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import psycopg
import pytest
from clocks import ManualClock
from raw_sql import raw
from test_db_migrate_legacy import LEGACY_POSTGRES, LEGACY_SQLITE

from kassist.db import migrate as runner
from knowledge.embedders.hashing import HashingEmbedder
from memory import MemoryStore
from memory.store import sql_postgres, sql_sqlite
from memory.store.indexing import to_blob, to_pgvector
from memory.store.namespaces import encode_path

WORDS = ["glacier", "espresso", "sourdough", "tax", "python", "alpine", "coffee", "bread", "river", "forest"]
TARGET = "we hiked past two glaciers near the pass"
QUERY = "hiking glacier melting"


def _distractors(store: MemoryStore, n: int = 12) -> None:
    # Each shares the exact word "melting" with the query, which the hashing vectors see; the target
    # shares only stems ("hiked" ~ "hiking", "glaciers" ~ "glacier"), which only the keyword index sees.
    for i in range(n):
        store.put(("notes",), f"d{i:02}", {"text": f"melting point table {i}"})
    store.put(("notes",), "target", {"text": TARGET})


@pytest.fixture
def stores(db_url: str) -> Iterator[dict[str, MemoryStore]]:
    opened = {mode: MemoryStore.from_url(db_url, index_fields=("text",), search=mode) for mode in ("hybrid", "vector", "keyword")}  # type: ignore[arg-type]  # fmt: skip
    opened["hybrid"].setup()
    yield {mode: store.for_tenant("acme") for mode, store in opened.items()}
    for store in opened.values():
        store.close()


def _keys(results: list[object]) -> list[str]:
    return [r.key for r in results]  # type: ignore[attr-defined]


def test_keyword_finds_an_item_the_vectors_miss(stores: dict[str, MemoryStore]) -> None:
    _distractors(stores["hybrid"])
    vector = _keys(stores["vector"].search(("notes",), query=QUERY, limit=20))
    keyword = _keys(stores["keyword"].search(("notes",), query=QUERY, limit=20))
    hybrid = _keys(stores["hybrid"].search(("notes",), query=QUERY, limit=20))
    assert keyword[0] == "target"
    assert "target" not in vector[:10]
    # Fused, it rises above its vector rank (each distractor is in both lists, so RRF keeps some ahead).
    assert "target" in hybrid
    assert hybrid.index("target") < vector.index("target")


async def test_keyword_search_async(stores: dict[str, MemoryStore]) -> None:
    store = stores["hybrid"]
    for i in range(12):
        await store.aput(("notes",), f"d{i:02}", {"text": f"melting point table {i}"})
    await store.aput(("notes",), "target", {"text": TARGET})
    keyword = await stores["keyword"].asearch(("notes",), query=QUERY, limit=5)
    assert _keys(keyword)[0] == "target"
    hybrid = await store.asearch(("notes",), query=QUERY, limit=20)
    assert "target" in _keys(hybrid)
    assert _keys(await store.asearch(("notes",), query=QUERY, limit=5)) == _keys(hybrid)[:5]
    await store.adelete(("notes",), "target")
    assert "target" not in _keys(await stores["keyword"].asearch(("notes",), query=QUERY, limit=20))


def test_other_tenants_never_match(db_url: str) -> None:
    with MemoryStore.from_url(db_url, tenant_from_namespace=True, search="keyword") as admin:
        admin.setup()
        admin.put(("acme", "notes"), "secret", {"text": "zebra quantum roadmap"})
        admin.put(("globex", "notes"), "plain", {"text": "weekly groceries"})
        assert _keys(admin.search(("acme",), query="zebra quantum")) == ["secret"]
        assert admin.search(("globex",), query="zebra quantum roadmap") == []
        assert admin.for_tenant("globex").search((), query="zebra") == []
        # A tenant id that looks like FTS5 syntax or another tenant's token is only ever data.
        admin.put(('ac" OR "me', "notes"), "x", {"text": "zebra"})
        assert _keys(admin.search(("acme",), query="zebra")) == ["secret"]
    with MemoryStore.from_url(db_url) as hybrid:
        assert hybrid.for_tenant("globex").search(("notes",), query="zebra quantum roadmap") != []  # vectors
        assert "secret" not in _keys(hybrid.for_tenant("globex").search(("notes",), query="zebra quantum"))


def _entries(db_url: str) -> int:
    return int(raw(db_url, "SELECT count(*) FROM kassist_store_texts")[0][0])


def _sqlite_fts_hits(db_url: str, word: str) -> int:
    return int(
        raw(db_url, "SELECT count(*) FROM kassist_store_fts WHERE kassist_store_fts MATCH %s", (word,))[0][0]
    )


def test_delete_and_ttl_sweep_remove_keyword_entries(db_url: str) -> None:
    clock = ManualClock()
    with MemoryStore.from_url(db_url, clock=clock, search="keyword") as root:
        root.setup()
        store = root.for_tenant("acme")
        store.put(("n",), "gone", {"text": "ephemeral walrus"})
        store.put(("n",), "expires", {"text": "temporary walrus"}, ttl=1)
        store.put(("n",), "stays", {"text": "permanent walrus"})
        store.put(("n",), "unindexed", {"text": "hidden walrus"}, index=False)
        assert sorted(_keys(store.search(("n",), query="walrus"))) == ["expires", "gone", "stays"]
        assert _entries(db_url) == 3
        store.delete(("n",), "gone")
        store.put(("n",), "stays", {"text": "permanent seal"})  # a rewrite replaces its entry
        assert _keys(store.search(("n",), query="walrus")) == ["expires"]
        clock.advance(seconds=120)
        assert store.search(("n",), query="walrus", refresh_ttl=False) == []  # expired: invisible at once
        assert store.sweep_ttl() == 1
        assert _entries(db_url) == 1
        assert _keys(store.search(("n",), query="seal")) == ["stays"]
        if db_url.startswith("sqlite"):
            # The external-content FTS5 index itself has no entry left for the removed texts.
            assert _sqlite_fts_hits(db_url, "walrus") == 0
            assert _sqlite_fts_hits(db_url, "seal") == 1
        else:
            assert raw(
                db_url, "SELECT count(*) FROM kassist_store_texts WHERE tsv @@ to_tsquery('walrus')"
            ) == [(0,)]


def test_top_five_of_twenty_equal_a_five_query(db_url: str) -> None:
    rng = random.Random(5)
    with MemoryStore.from_url(db_url, index_fields=("text",)) as root:
        root.setup()
        store = root.for_tenant("acme")
        store.batch([])
        for lo in range(0, 300, 100):
            from langgraph.store.base import PutOp

            store.batch(
                [
                    PutOp(
                        ("kb", f"s{i % 3}"), f"k{i:03}", {"text": " ".join(rng.choices(WORDS, k=6)), "n": i}
                    )
                    for i in range(lo, lo + 100)
                ]
            )
        for _ in range(15):
            query = " ".join(rng.sample(WORDS, 3))
            prefix = rng.choice([("kb",), ("kb", "s1")])
            twenty = store.search(prefix, query=query, limit=20)
            five = store.search(prefix, query=query, limit=5)
            assert [(r.key, r.score) for r in five] == [(r.key, r.score) for r in twenty[:5]], query
            second = store.search(prefix, query=query, limit=5, offset=5)
            assert _keys(second) == _keys(twenty[5:10]), query
            assert _keys(twenty) == _keys(store.search(prefix, query=query, limit=20)), "deterministic"


def test_filters_and_prefix_still_apply(stores: dict[str, MemoryStore]) -> None:
    store = stores["hybrid"]
    for i in range(60):
        store.put(
            ("kb", f"s{i % 2}"), f"k{i:02}", {"text": f"alpine glacier trek {WORDS[i % len(WORDS)]}", "n": i}
        )
    for mode in ("hybrid", "keyword"):
        view = stores[mode]
        found = view.search(("kb", "s1"), query="glacier espresso", filter={"n": {"$gte": 40}}, limit=50)
        assert found, mode
        assert all(r.namespace == ("kb", "s1") and r.value["n"] >= 40 for r in found), mode
        assert {r.key for r in found} == {f"k{i:02}" for i in range(40, 60) if i % 2}, mode
        assert view.search(("kb",), query="glacier", filter={"n": {"$gt": 1000}}) == []


def test_bad_search_mode_is_refused(sqlite_url: str) -> None:
    with pytest.raises(ValueError, match="search must be one of"):
        MemoryStore.from_url(sqlite_url, search="semantic")  # type: ignore[arg-type]


# -- an existing database upgrades --------------------------------------------------------------

OLD_ITEMS: list[tuple[str, tuple[str, ...], str, dict[str, Any], list[str]]] = [
    ("acme", ("notes",), "indexed", {"text": "sourdough starter feeding schedule"}, ["text"]),
    ("acme", ("notes",), "titled", {"title": "glacier crossing", "text": "unrelated body"}, ["title"]),
    ("acme", ("notes",), "tagged", {"text": "x", "tags": ["espresso", "grinder"]}, ["tags.0", "tags.1"]),
    ("acme", ("notes",), "unindexed", {"text": "sourdough secrets"}, []),
    ("globex", ("notes",), "other", {"text": "sourdough at globex"}, ["text"]),
]
NOW = "2026-01-01T00:00:00.000000+00:00"


def _old_texts(value: dict[str, Any], fields: list[str]) -> list[str]:
    out = []
    for field in fields:
        head, _, tail = field.rpartition(".")
        out.append(value[head][int(tail)] if head else value[field])
    return [str(t) for t in out]


def _make_old_sqlite(path: str) -> None:
    """A database as today's schema (migration 1 only) leaves it, written row by row."""
    embedder = HashingEmbedder(384)
    with closing(sqlite3.connect(path)) as db:
        db.executescript(sql_sqlite.MIGRATION_1)
        create, record = LEGACY_SQLITE[runner.MEMORY_STORE]
        db.execute(create)
        db.execute(record % 1)
        db.execute("INSERT INTO kassist_store_index_meta VALUES (1, ?, 384)", (embedder.name,))
        for tenant, ns, key, value, fields in OLD_ITEMS:
            path_ = encode_path(ns)
            db.execute(
                "INSERT INTO kassist_store_items VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)",
                (tenant, path_, key, json.dumps(value), NOW, NOW),
            )
            for field, text in zip(fields, _old_texts(value, fields), strict=True):
                db.execute(
                    "INSERT INTO kassist_store_vectors VALUES (?, ?, ?, ?, ?)",
                    (tenant, path_, key, field, to_blob(embedder.embed_documents([text])[0])),
                )
        db.commit()


def _make_old_postgres(url: str) -> None:
    """A database as today's schema (migrations 1 and 2) leaves it, written row by row."""
    embedder = HashingEmbedder(384)
    with psycopg.connect(url, autocommit=True) as pg:
        pg.execute("CREATE EXTENSION IF NOT EXISTS vector")
        for script in (sql_postgres.MIGRATION_1, sql_postgres.MIGRATION_2.format(dims=384)):
            for statement in script.split(";"):
                if statement.strip():
                    pg.execute(statement)  # type: ignore[call-overload]
        create, record = LEGACY_POSTGRES[runner.MEMORY_STORE]
        pg.execute(create)  # type: ignore[arg-type]
        for version in (1, 2):
            pg.execute(record, (version,))  # type: ignore[arg-type]
        pg.execute("INSERT INTO kassist_store_index_meta VALUES (1, %s, 384)", (embedder.name,))
        for tenant, ns, key, value, fields in OLD_ITEMS:
            path_ = encode_path(ns)
            pg.execute(
                "INSERT INTO kassist_store_items VALUES (%s, %s, %s, %s, %s::jsonb, now(), now(), NULL, NULL)",
                (tenant, path_, key, json.dumps(value), json.dumps(value)),
            )
            for field, text in zip(fields, _old_texts(value, fields), strict=True):
                pg.execute(
                    "INSERT INTO kassist_store_vectors VALUES (%s, %s, %s, %s, %s::vector)",
                    (tenant, path_, key, field, to_pgvector(embedder.embed_documents([text])[0])),
                )


def test_database_of_the_previous_schema_upgrades(db_url: str) -> None:
    if db_url.startswith("sqlite"):
        _make_old_sqlite(db_url.removeprefix("sqlite:///"))
    else:
        _make_old_postgres(db_url)
    with MemoryStore.from_url(db_url, index_fields=("text",), search="keyword") as root:
        with pytest.raises(Exception, match="setup"):
            root.for_tenant("acme").search(("notes",), query="sourdough")
        assert root.setup() == 1
        assert root.setup() == 0
        acme = root.for_tenant("acme")
        # Existing items are indexed from the fields their vectors were made from; unindexed stay out.
        assert _keys(acme.search(("notes",), query="sourdough")) == ["indexed"]
        assert _keys(acme.search(("notes",), query="glacier")) == ["titled"]
        assert _keys(acme.search(("notes",), query="grinder")) == ["tagged"]
        assert _keys(root.for_tenant("globex").search(("notes",), query="sourdough")) == ["other"]
        acme.put(("notes",), "new", {"text": "sourdough crumb"})
        assert sorted(_keys(acme.search(("notes",), query="sourdough"))) == ["indexed", "new"]
        acme.delete(("notes",), "indexed")
        assert _keys(acme.search(("notes",), query="sourdough")) == ["new"]
