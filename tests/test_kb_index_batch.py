"""The index's batch path (``upsert_documents`` = ``prepare_upserts`` + ``apply_upserts``, what the
ingestion pipeline calls) against the one-document path, on both backends: the same rows (ids,
vectors, documents, generation counters, embedding cache) and the same results, idempotent redo,
tenant isolation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from databases import fresh_database
from raw_sql import raw
from test_kb_index_helpers import LEAVE, SECURITY, TRAVEL, CountingEmbedder, make_doc

from kassist.tenancy import TenantMismatch
from knowledge.documents import Chunk, Document
from knowledge.index import KnowledgeIndex, TenantKnowledgeIndex

Items = list[tuple[Document, list[Chunk]]]
HOLIDAYS = [("Public holidays", "The office is closed on public holidays; the list is on the intranet.")]


@pytest.fixture(params=["sqlite", "postgres"])
def two_urls(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two fresh databases of one backend: one written one document at a time, one by batches."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'one.db'}", f"sqlite:///{tmp_path / 'batch.db'}"
        return
    server = request.getfixturevalue("pg_server_url")
    with fresh_database(server, "kassist_one") as one, fresh_database(server, "kassist_batch") as batch:
        yield one, batch


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row the index keeps, timestamps of the write left out (each path has its own clock)."""
    vector = "embedding" if url.startswith("sqlite") else "embedding::text"
    return {
        "chunks": raw(
            url,
            "SELECT id, tenant_id, collection, doc_id, chunk_id, position, heading, text, token_count, "
            f"content_hash, {vector} FROM kassist_kb_chunks ORDER BY id",
        ),
        "documents": raw(
            url,
            "SELECT tenant_id, collection, doc_id, title, source_path, media_type, size_bytes, modified_at, "
            "effective_date, content_hash FROM kassist_kb_documents ORDER BY tenant_id, collection, doc_id",
        ),
        "collections": raw(
            url,
            "SELECT tenant_id, collection, embedder, dimensions, generation FROM kassist_kb_collections "
            "ORDER BY tenant_id, collection",
        ),
        "cache": raw(
            url,
            "SELECT tenant_id, embedder, content_hash, embedding FROM kassist_kb_embedding_cache "
            "ORDER BY tenant_id, embedder, content_hash",
        ),
    }


def one_by_one(kb: TenantKnowledgeIndex, items: Items) -> list[Any]:
    return [kb.upsert_document(doc, chunks) for doc, chunks in items]


def first_batch(tenant: str = "acme") -> Items:
    """A new collection's first documents, in two collections (one created by the batch)."""
    return [
        make_doc(tenant, "handbook", "leave.md", LEAVE),
        make_doc(tenant, "handbook", "travel.md", TRAVEL),
        make_doc(tenant, "security", "security.md", SECURITY),
    ]


def second_batch(tenant: str = "acme") -> Items:
    """Re-ingest: one chunk of leave.md edited (one added, one removed), travel.md unchanged, a new
    document, and a copy of security.md's text in a new path (every vector from the cache)."""
    edited = [*LEAVE[:2], ("Sick leave", "Call your manager before 09:30 on the first day you are ill.")]
    return [
        make_doc(tenant, "handbook", "leave.md", edited),
        make_doc(tenant, "handbook", "travel.md", TRAVEL),
        make_doc(tenant, "handbook", "holidays.md", HOLIDAYS),
        make_doc(tenant, "security", "security-copy.md", SECURITY),
    ]


def test_batches_write_the_rows_and_results_of_one_document_at_a_time(two_urls: tuple[str, str]) -> None:
    one_url, batch_url = two_urls
    one_model, batch_model = CountingEmbedder(), CountingEmbedder()
    with (
        KnowledgeIndex.from_url(one_url, embedder=one_model) as one_index,
        KnowledgeIndex.from_url(batch_url, embedder=batch_model) as batch_index,
    ):
        one, batch = one_index.for_tenant("acme"), batch_index.for_tenant("acme")
        for items in (first_batch(), second_batch(), second_batch()):
            expected = one_by_one(one, items)
            assert batch.upsert_documents(items) == expected
            assert dump(batch_url) == dump(one_url)
        assert sorted(batch_model.embedded) == sorted(one_model.embedded)
        # The last batch changed nothing: re-ingesting unchanged documents embeds and adds nothing.
        assert [(r.chunks_added, r.chunks_removed, r.embedded) for r in expected] == [(0, 0, 0)] * 4
    rows = dump(batch_url)
    assert [(c, g) for _, c, _, _, g in rows["collections"]] == [
        ("handbook", 2 + 3 + 3),
        ("security", 1 + 1 + 1),
    ]
    assert len(rows["chunks"]) == 3 + 2 + 1 + 2 + 2  # leave, travel, holidays, security and its copy
    assert rows["chunks"] == sorted(rows["chunks"])  # ids follow the order of the batch
    assert {r[1] for r in rows["chunks"]} == {"acme"}


def test_the_same_document_twice_in_a_batch_ends_as_its_last_version(two_urls: tuple[str, str]) -> None:
    one_url, batch_url = two_urls
    edited = [*LEAVE[:1], ("Carry-over", "Up to five unused days carry over to the next year.")]
    items = [
        make_doc("acme", "handbook", "leave.md", LEAVE),
        make_doc("acme", "handbook", "leave.md", edited),
    ]
    with (
        KnowledgeIndex.from_url(one_url, embedder=CountingEmbedder()) as one_index,
        KnowledgeIndex.from_url(batch_url, embedder=CountingEmbedder()) as batch_index,
    ):
        expected = one_by_one(one_index.for_tenant("acme"), items)
        got = batch_index.for_tenant("acme").upsert_documents(items)
    # What was written is the same; what was embedded is not: a batch plans every document against
    # the index as it was before the batch, so the second version's shared chunk is embedded again
    # (in the same call to the model) rather than found in the cache the first version filled.
    changed = [(r.chunks_added, r.chunks_unchanged, r.chunks_removed) for r in expected]
    assert [(r.chunks_added, r.chunks_unchanged, r.chunks_removed) for r in got] == changed
    assert dump(batch_url) == dump(one_url)
    assert [r[7] for r in dump(batch_url)["chunks"]] == [text for _, text in edited]


def test_a_redone_batch_ends_with_exactly_the_rows_of_one_run(two_urls: tuple[str, str]) -> None:
    """A batch redone after a kill (the index committed, the run's checkpoint did not) plans again
    and writes again; applying plans made before the first write (stale plans) changes nothing either."""
    once_url, redone_url = two_urls
    with (
        KnowledgeIndex.from_url(once_url, embedder=CountingEmbedder()) as once_index,
        KnowledgeIndex.from_url(redone_url, embedder=CountingEmbedder()) as redone_index,
    ):
        once, redone = once_index.for_tenant("acme"), redone_index.for_tenant("acme")
        for items in (first_batch(), second_batch()):
            once.upsert_documents(items)
            stale = redone.prepare_upserts(items)
            redone.apply_upserts(stale)
            again = redone.upsert_documents(items)
            assert [(r.chunks_added, r.chunks_removed, r.embedded) for r in again] == [(0, 0, 0)] * len(items)
            assert [(r.chunks_added, r.chunks_removed) for r in redone.apply_upserts(stale)] == [
                (0, 0)
            ] * len(items)
            kept, got = dump(once_url), dump(redone_url)
            # Every write bumps the collections' generation (a cache key), redone ones too: the rows
            # of data are the same.
            assert {k: v for k, v in got.items() if k != "collections"} == {
                k: v for k, v in kept.items() if k != "collections"
            }


def test_batches_keep_tenants_apart(two_urls: tuple[str, str]) -> None:
    url, _ = two_urls
    with KnowledgeIndex.from_url(url, embedder=CountingEmbedder()) as index:
        acme, globex = index.for_tenant("acme"), index.for_tenant("globex")
        acme.upsert_documents(first_batch("acme"))
        before = dump(url)
        # The same paths for another tenant: its own rows, acme's untouched, no cache shared.
        results = globex.upsert_documents(first_batch("globex"))
        assert [r.cache_hits for r in results] == [0, 0, 0]
        after = dump(url)
        for table, rows in before.items():
            tenant = 1 if table == "chunks" else 0
            assert [r for r in after[table] if r[tenant] == "acme"] == rows
        assert {r[1] for r in after["chunks"] if r[1] != "acme"} == {"globex"}
        assert len(after["chunks"]) == 2 * len(before["chunks"])
        # A document of another tenant inside a batch: refused before anything is written.
        mixed = [*second_batch("globex")[:2], make_doc("acme", "handbook", "new.md", HOLIDAYS)]
        with pytest.raises(TenantMismatch):
            globex.upsert_documents(mixed)
        # Plans made through one tenant's view are not written through another's.
        plans = acme.prepare_upserts(second_batch("acme"))
        with pytest.raises(TenantMismatch, match="made for tenant 'acme', not 'globex'"):
            globex.apply_upserts(plans)
        assert dump(url) == after
        # Written in two halves (the model, then the write), the vectors must be those of the plans.
        with pytest.raises(ValueError, match="have no vector: pass what embed_plans"):
            acme.write_upserts(plans, {})
        assert dump(url) == after
        hits = globex.search("parental leave passwords laptop", k=50)
        assert hits and all(h.doc_id in {d.doc_id for d, _ in first_batch("globex")} for h in hits)


def _texts(items: Sequence[tuple[Document, Sequence[Chunk]]]) -> list[str]:
    return [c.text for _, chunks in items for c in chunks]


def test_a_batch_embeds_each_new_text_once_in_one_call(two_urls: tuple[str, str]) -> None:
    url, _ = two_urls
    model = CountingEmbedder()
    calls: list[int] = []
    inner = model.embed_documents

    def counted(texts: Sequence[str]) -> list[list[float]]:
        calls.append(len(texts))
        return inner(texts)

    model.embed_documents = counted  # type: ignore[method-assign]
    with ExitStack() as stack:
        kb = stack.enter_context(KnowledgeIndex.from_url(url, embedder=model)).for_tenant("acme")
        items = [*first_batch(), make_doc("acme", "archive", "leave.md", LEAVE)]  # leave.md's text twice
        results = kb.upsert_documents(items)
    assert calls == [len(set(_texts(items)))]
    assert sum(r.chunks_added for r in results) == len(_texts(items))
