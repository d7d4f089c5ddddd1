"""The knowledge index on both backends: upsert without duplicates, delete, isolation, filters, cache."""

from __future__ import annotations

import uuid
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from databases import with_dbname
from raw_sql import raw
from test_kb_index_helpers import LEAVE, SECURITY, TRAVEL, CountingEmbedder, make_doc

from kassist.dburl import DatabaseUnavailable
from kassist.tenancy import TenantMismatch, TenantRequired
from knowledge.embedders import HashingEmbedder
from knowledge.index import (
    CollectionNotFound,
    EmbedderMismatch,
    InvalidQuery,
    KnowledgeIndex,
    VectorExtensionUnavailable,
)


@pytest.fixture
def embedder() -> CountingEmbedder:
    return CountingEmbedder()


@pytest.fixture
def index(db_url: str, embedder: CountingEmbedder):  # type: ignore[no-untyped-def]
    with KnowledgeIndex.from_url(db_url, embedder=embedder) as idx:
        yield idx


def test_reingest_creates_no_duplicates_and_embeds_nothing(
    index: KnowledgeIndex, embedder: CountingEmbedder
) -> None:
    kb = index.for_tenant("acme")
    doc, chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
    first = kb.upsert_document(doc, chunks)
    assert (first.chunks_added, first.embedded) == (3, 3)
    second = kb.upsert_document(doc, chunks)
    assert (second.chunks_added, second.chunks_unchanged, second.chunks_removed, second.embedded) == (
        0,
        3,
        0,
        0,
    )
    assert len(embedder.embedded) == 3
    [stats] = kb.stats()
    assert (stats.collection, stats.documents, stats.chunks, stats.bytes) == (
        "handbook",
        1,
        3,
        doc.size_bytes,
    )
    ids = {h.chunk_id for h in kb.search("leave", k=10, mode="keyword")}
    assert ids == {c.chunk_id for c in chunks}


def test_changed_document_replaces_only_changed_chunks(
    index: KnowledgeIndex, embedder: CountingEmbedder
) -> None:
    kb = index.for_tenant("acme")
    kb.upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    edited = [*LEAVE[:2], ("Sick leave", "Call your manager before 09:30 on the first day you are ill.")]
    doc, chunks = make_doc("acme", "handbook", "leave.md", edited)
    result = kb.upsert_document(doc, chunks)
    assert (result.chunks_added, result.chunks_unchanged, result.chunks_removed, result.embedded) == (
        1,
        2,
        1,
        1,
    )
    assert embedder.embedded[-1] == edited[2][1]
    assert kb.stats()[0].chunks == 3
    assert kb.search("10:00 first day of absence", mode="keyword", k=3)[0].text != LEAVE[2][1]


def test_delete_by_document(index: KnowledgeIndex) -> None:
    kb = index.for_tenant("acme")
    leave, leave_chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
    kb.upsert_document(leave, leave_chunks)
    kb.upsert_document(*make_doc("acme", "handbook", "travel.md", TRAVEL))
    assert kb.delete_document("handbook", leave.doc_id) == 3
    assert kb.delete_document("handbook", leave.doc_id) == 0
    [stats] = kb.stats()
    assert (stats.documents, stats.chunks) == (1, 2)
    for mode in ("keyword", "vector", "hybrid"):
        assert all(h.doc_id != leave.doc_id for h in kb.search("parental leave", mode=mode))  # type: ignore[arg-type]
    with pytest.raises(CollectionNotFound, match="'nope' not found"):
        kb.delete_document("nope", leave.doc_id)


def test_tenants_and_collections_are_isolated(index: KnowledgeIndex) -> None:
    acme, globex = index.for_tenant("acme"), index.for_tenant("globex")
    acme.upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    acme.upsert_document(*make_doc("acme", "security", "security.md", SECURITY))
    globex.upsert_document(*make_doc("globex", "handbook", "travel.md", TRAVEL))
    for mode in ("keyword", "vector", "hybrid"):
        hits = globex.search("parental leave passwords laptop hotels", mode=mode, k=50)  # type: ignore[arg-type]
        assert hits and {h.doc_id for h in hits} <= {
            make_doc("globex", "handbook", "travel.md", TRAVEL)[0].doc_id
        }
        only_security = acme.search("leave laptop", mode=mode, collections=["security"], k=50)  # type: ignore[arg-type]
        assert {h.collection for h in only_security} == {"security"}
    assert [s.collection for s in globex.stats()] == ["handbook"]
    assert globex.stats()[0].chunks == 2
    with pytest.raises(CollectionNotFound, match="'security' not found for tenant 'globex'"):
        globex.search("laptop", collections=["security"])
    doc, chunks = make_doc("globex", "handbook", "x.md", TRAVEL)
    with pytest.raises(TenantMismatch):
        acme.upsert_document(doc, chunks)


def test_filters_doc_id_and_effective_dates(index: KnowledgeIndex) -> None:
    kb = index.for_tenant("acme")
    old, old_chunks = make_doc("acme", "handbook", "leave-2025.md", LEAVE, effective=date(2025, 1, 1))
    new, new_chunks = make_doc("acme", "handbook", "leave-2026.md", LEAVE, effective=date(2026, 1, 1))
    undated, _ = make_doc("acme", "handbook", "leave-undated.md", LEAVE)
    for d, c in (
        (old, old_chunks),
        (new, new_chunks),
        make_doc("acme", "handbook", "leave-undated.md", LEAVE),
    ):
        kb.upsert_document(d, c)
    for mode in ("keyword", "vector", "hybrid"):
        hits = kb.search("annual leave days", mode=mode, effective_from=date(2025, 6, 1), k=20)  # type: ignore[arg-type]
        assert hits and {h.doc_id for h in hits} == {new.doc_id}
        assert hits[0].effective_date == date(2026, 1, 1)
        hits = kb.search("annual leave days", mode=mode, effective_to=date(2025, 12, 31), k=20)  # type: ignore[arg-type]
        assert {h.doc_id for h in hits} == {old.doc_id}
        hits = kb.search("leave", mode=mode, doc_id=undated.doc_id, k=20)  # type: ignore[arg-type]
        assert {h.doc_id for h in hits} == {undated.doc_id}
    with pytest.raises(ValueError, match="swap them"):
        kb.search("leave", effective_from=date(2026, 1, 1), effective_to=date(2025, 1, 1))


@pytest.mark.parametrize(
    "query",
    [
        'parental "leave',
        "NEAR(parental leave)",
        "heading:parental",
        "leave AND OR NOT",
        "leave*",
        "-leave",
        "'; DROP TABLE kassist_kb_chunks; --",
        "^leave",
        "parental + leave (weeks)",
        "a | b & !c <-> d",
    ],
)
def test_keyword_queries_with_operators_never_raise(index: KnowledgeIndex, query: str) -> None:
    kb = index.for_tenant("acme")
    kb.upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    hits = kb.search(query, mode="keyword")
    if "leave" in query or "parental" in query:
        assert hits, query
    assert kb.stats()[0].chunks == 3


def test_query_without_words_returns_nothing_and_bad_args_are_refused(index: KnowledgeIndex) -> None:
    kb = index.for_tenant("acme")
    kb.upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    assert kb.search("?!* ---", mode="keyword") == []
    with pytest.raises(InvalidQuery, match="empty"):
        kb.search("   ")
    with pytest.raises(InvalidQuery, match="unknown search mode"):
        kb.search("leave", mode="fuzzy")  # type: ignore[arg-type]
    with pytest.raises(InvalidQuery, match="k must be"):
        kb.search("leave", k=0)
    with pytest.raises(InvalidQuery, match="collection name"):
        kb.search("leave", collections=["bad name;"])


def test_tenant_must_be_explicit(index: KnowledgeIndex) -> None:
    for bad in ("", "  ", None):
        with pytest.raises(TenantRequired):
            index.for_tenant(bad)  # type: ignore[arg-type]


def test_mixing_embedders_is_refused(db_url: str, index: KnowledgeIndex) -> None:
    index.for_tenant("acme").upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder(256)) as other:
        kb = other.for_tenant("acme")
        with pytest.raises(EmbedderMismatch, match="indexed with embedder 'hashing-384'"):
            kb.upsert_document(*make_doc("acme", "handbook", "travel.md", TRAVEL))
        with pytest.raises(EmbedderMismatch):
            kb.search("leave", collections=["handbook"])
        assert kb.search("leave", mode="keyword")  # keywords do not depend on the model
        assert kb.search("leave", mode="vector") == []  # unnamed collections of another model are skipped
        kb.upsert_document(*make_doc("acme", "handbook_256", "travel.md", TRAVEL))
    assert {s.embedder for s in index.for_tenant("acme").stats()} == {"hashing-384", "hashing-256"}


def test_cache_prevents_reembedding_per_tenant(index: KnowledgeIndex, embedder: CountingEmbedder) -> None:
    acme = index.for_tenant("acme")
    doc, chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
    acme.upsert_document(doc, chunks)
    acme.delete_document("handbook", doc.doc_id)
    again = acme.upsert_document(doc, chunks)
    assert (again.chunks_added, again.embedded, again.cache_hits) == (3, 0, 3)
    # Same text in a second collection of the same tenant: cached too.
    copy = acme.upsert_document(*make_doc("acme", "archive", "leave.md", LEAVE))
    assert (copy.embedded, copy.cache_hits) == (0, 3)
    assert len(embedder.embedded) == 3
    # Another tenant never benefits from (nor learns about) acme's cache.
    other = index.for_tenant("globex").upsert_document(*make_doc("globex", "handbook", "leave.md", LEAVE))
    assert (other.embedded, other.cache_hits) == (3, 0)
    assert len(embedder.embedded) == 6


def test_unreachable_or_unsuitable_databases_get_clear_errors(tmp_path: Path, pg_server_url: str) -> None:
    with pytest.raises(DatabaseUnavailable, match=r"cannot reach PostgreSQL at 127\.0\.0\.1:1/kb"):
        KnowledgeIndex.from_url("postgresql://kassist:secret@127.0.0.1:1/kb", embedder=HashingEmbedder())
    (tmp_path / "file").write_text("not a directory")
    with pytest.raises(DatabaseUnavailable, match=r"cannot open the SQLite file .*/file/kb\.db"):
        KnowledgeIndex.from_url(f"sqlite:///{tmp_path}/file/kb.db", embedder=HashingEmbedder())
    # A database without pgvector, opened by a role that may not create it.
    name = f"kb_novector_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(pg_server_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} LOGIN PASSWORD 'pw'")
        conn.execute(f"CREATE DATABASE {name} OWNER {name} TEMPLATE template0")
    try:
        url = with_dbname(pg_server_url, name)
        parts = urlsplit(url)
        host = parts.netloc.rsplit("@", 1)[-1]
        role_url = urlunsplit((parts.scheme, f"{name}:pw@{host}", parts.path, parts.query, ""))
        with pytest.raises(VectorExtensionUnavailable, match="CREATE EXTENSION vector"):
            KnowledgeIndex.from_url(role_url, embedder=HashingEmbedder())
    finally:
        with psycopg.connect(pg_server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"DROP ROLE IF EXISTS {name}")


def test_query_escaping_rules_are_pure_and_total() -> None:
    from knowledge.index.rules import fts5_match, websearch_or

    assert (
        fts5_match('parental "leave" NEAR(x) col:y')
        == '"parental" OR "leave" OR "near" OR "x" OR "col" OR "y"'
    )
    assert fts5_match("how many days of leave do I get") == '"many" OR "days" OR "leave" OR "get"'
    assert fts5_match("the and of") == '"the" OR "and" OR "of"'  # only stop words: keep them
    assert fts5_match("?!* ---") is None
    assert websearch_or("vpn.northwind.example 0.30 EUR") == "vpn.northwind.example or 0.30 or EUR"
    assert websearch_or('-leave "parental" OR a:b') == "leave or parental or a or b"
    assert websearch_or("?!* ---") is None


def test_keyword_search_finds_a_small_tenants_chunks_under_many_better_matches(index: KnowledgeIndex) -> None:
    # SQLite ranks the best few hundred keyword matches of the whole index before the tenant and
    # collection filters: when those are all someone else's, the search must still be complete.
    crowd = [(f"Leave {i}", "Leave: leave, leave and more leave.") for i in range(260)]
    index.for_tenant("big").upsert_document(*make_doc("big", "handbook", "leave-faq.md", crowd))
    acme = index.for_tenant("acme")
    acme.upsert_document(*make_doc("acme", "bulk", "leave-faq.md", crowd))
    leave_doc, leave_chunks = make_doc("acme", "handbook", "leave.md", LEAVE)
    acme.upsert_document(leave_doc, leave_chunks)
    small = index.for_tenant("small")
    small_doc, small_chunks = make_doc(
        "small", "handbook", "travel.md", [("Travel", "Unpaid leave for travel.")]
    )
    small.upsert_document(small_doc, small_chunks)
    # Every chunk of leave.md that mentions leave (in its heading or text): found by a search of
    # that document alone, which no other tenant's or collection's chunks can crowd out.
    expected = {h.chunk_id for h in acme.search("leave", mode="keyword", k=50, doc_id=leave_doc.doc_id)}
    assert expected and expected <= {c.chunk_id for c in leave_chunks}
    for mode in ("keyword", "hybrid"):
        assert [h.chunk_id for h in small.search("leave", mode=mode, k=5)] == [small_chunks[0].chunk_id]  # type: ignore[arg-type]
        in_handbook = acme.search("leave", mode=mode, k=10, collections=["handbook"])  # type: ignore[arg-type]
        assert expected <= {h.chunk_id for h in in_handbook}
        keyword_in_handbook = acme.search("leave", mode="keyword", k=10, collections=["handbook"])
        assert {h.chunk_id for h in keyword_in_handbook} == expected
    # Unfiltered, the crowd wins: ranking itself is unchanged.
    assert {h.doc_id for h in acme.search("leave", mode="keyword", k=10)} == {
        make_doc("acme", "bulk", "leave-faq.md", crowd)[0].doc_id
    }


def test_keyword_ranking_is_unchanged_when_common_words_are_pruned(
    index: KnowledgeIndex, db_url: str
) -> None:
    # Hundreds of chunks match the common words; SQLite leaves the chunks matching only those out of
    # the ranking when they cannot reach the top, else ranks every match. Either way the results must
    # equal a full bm25 ranking. Here short chunks with only the common words outrank the few long
    # ones with the rare word (the plan must notice), and with other words the rare word wins.
    long_text = "The sabbatical rule " + " ".join(f"filler{j}" for j in range(60))
    sections = [(f"Misc {i}", f"Nothing relevant here, item {i}.") for i in range(600)]
    sections += [(f"Leave {i}", f"leave policy leave policy {i % 7}") for i in range(250)]
    sections += [(f"Rule {i}", long_text) for i in range(12)]
    sections += [(f"Notice {i}", f"notice period carryover approval {i}") for i in range(40)]
    kb = index.for_tenant("acme")
    doc, chunks = make_doc("acme", "handbook", "bulk.md", sections)
    kb.upsert_document(doc, chunks)
    by_id = {c.chunk_id for c in chunks}
    for query in ("leave policy sabbatical", "policy carryover notice", "leave approval notice period"):
        got = [h.chunk_id for h in kb.search(query, mode="keyword", k=10)]
        assert len(got) == 10 and set(got) <= by_id
        if db_url.startswith("sqlite"):
            match = " OR ".join(f'"{w}"' for w in query.split())
            full = raw(
                db_url,
                """SELECT c.chunk_id FROM kassist_kb_chunks_fts f JOIN kassist_kb_chunks c ON c.id = f.rowid
                WHERE kassist_kb_chunks_fts MATCH %s ORDER BY bm25(kassist_kb_chunks_fts, 2.0, 1.0), c.id
                LIMIT 10""",
                (match,),
            )
            assert got == [r[0] for r in full], query
