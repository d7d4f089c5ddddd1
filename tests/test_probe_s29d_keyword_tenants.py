"""h4 s29 F5: on SQLite, one tenant's keyword ranking depends on another tenant's documents (and memories).

The knowledge index's FTS5 table holds every tenant's chunks, and bm25 takes its statistics (the
number of chunks, how many hold each word, the mean length) from the whole table; the tenant filter
applies after ranking. So globex indexing sixty notes that say "zephyr" changes acme's keyword
scores and flips acme's order: acme learns how often globex's documents use a word (a search per
word, the score moving), and any tenant can push a word down in every other tenant's ranking.
PostgreSQL (ts_rank, per-row) is not affected: this test runs on SQLite only. Fixed: SQLite ranks with
the tenant's (the user's) own statistics (knowledge/index/keyword_tenant.py, memory/manager/keyword_sqlite.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from knowledge.chunking import chunk_document
from knowledge.documents import Document
from knowledge.embedders.hashing import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.index.sync_index import TenantKnowledgeIndex
from knowledge.loaders import document_id
from memory.manager import MemoryManager


def _index(view: TenantKnowledgeIndex, tenant: str, path: str, text: str) -> None:
    doc = Document(
        doc_id=document_id(tenant, "notes", path), tenant_id=tenant, collection="notes", source_path=path,
        title=path, text=text, media_type="text/plain", size_bytes=len(text),
        modified_at=datetime(2026, 1, 1, tzinfo=UTC), content_hash="0" * 64,
    )  # fmt: skip
    view.upsert_document(doc, chunk_document(doc))


@pytest.fixture
def index(sqlite_url: str) -> Iterator[KnowledgeIndex]:
    with KnowledgeIndex.from_url(sqlite_url, embedder=HashingEmbedder()) as idx:
        yield idx


def test_another_tenants_documents_never_change_a_tenants_keyword_ranking(index: KnowledgeIndex) -> None:
    acme, globex = index.for_tenant("acme"), index.for_tenant("globex")
    _index(acme, "acme", "zephyr.md", "Zephyr zephyr zephyr report.")
    _index(acme, "acme", "merger.md", "Merger report.")
    for n in range(4):
        _index(acme, "acme", f"other{n}.md", f"Canteen opening hours, note {n}.")

    def ranking() -> list[tuple[str, float]]:
        hits = acme.search("zephyr merger", mode="keyword", collections=["notes"], sentences=False)
        return [(h.source_path, round(h.score, 9)) for h in hits]

    before = ranking()
    assert [path for path, _ in before] == ["zephyr.md", "merger.md"]
    for n in range(60):
        _index(globex, "globex", f"g{n}.md", f"Zephyr zephyr note {n}.")
    assert ranking() == before


def test_another_tenants_memories_never_change_a_users_keyword_recall(sqlite_url: str) -> None:
    manager = MemoryManager.from_url(sqlite_url)
    try:
        acme, globex = manager.for_tenant("acme"), manager.for_tenant("globex")
        acme.remember("asha", "fact", "z", "Zephyr zephyr zephyr report", "user_explicit")
        acme.remember("asha", "fact", "m", "Merger report", "user_explicit")
        for n in range(4):
            acme.remember("asha", "fact", f"o{n}", f"Canteen opening hours note {n}", "user_explicit")

        def recalled() -> list[str]:
            return [r.key for r in acme.recall("asha", query="zephyr merger", k=3, strategy="keyword")]

        before = recalled()
        assert before == ["z", "m"]
        for n in range(60):
            globex.remember(f"u{n}", "fact", f"g{n}", f"Zephyr zephyr note {n}", "user_explicit")
        assert recalled() == before
    finally:
        manager.close()
