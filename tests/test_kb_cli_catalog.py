"""`kassist kb collections list|delete` and `kb documents list|show|delete` (issue 28), through the
command line (typer's CliRunner, and a real process on a terminal for the confirmation) and through
the index API (sync and async), on a real SQLite file and a real PostgreSQL.

Three scopes share one database: acme/handbook (the shipped handbook), acme/travel (one file, whose
text also sits in the handbook) and globex/handbook (the same handbook, another tenant). Deleting in
one scope must leave the others exactly as they were.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from raw_sql import raw
from typer.testing import CliRunner

from knowledge.corpus import demo_corpus_path
from knowledge.embedders import HashingEmbedder
from knowledge.index import AsyncKnowledgeIndex, CollectionNotFound, KnowledgeIndex
from knowledge.index.catalog import AmbiguousDocument, DocumentNotFound
from knowledge.ingest import ingest_directory

runner = CliRunner(env={"COLUMNS": "200"})
HANDBOOK = "hr/leave-policy-handbook-2026.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
UNIQUE = "sabbatical"  # a word only the 2026 leave handbook has (keyword search proves the FTS rows)


@pytest.fixture
def url(db_url: str, tmp_path: Path) -> Iterator[str]:
    travel = tmp_path / "travel"
    (travel / "finance").mkdir(parents=True)
    shutil.copy(demo_corpus_path() / TRAVEL, travel / TRAVEL)
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        ingest_directory(index.for_tenant("acme"), demo_corpus_path(), collection="handbook")
        ingest_directory(index.for_tenant("acme"), travel, collection="travel")
        ingest_directory(index.for_tenant("globex"), demo_corpus_path(), collection="handbook")
    yield db_url


def kb(url: str, *args: str) -> tuple[int, str]:
    from cli.kb import app

    result = runner.invoke(app, [*args, "--database-url", url])
    return result.exit_code, result.output


def counts(url: str, tenant: str, collection: str) -> tuple[int, int]:
    """(documents, chunks) straight from the tables."""
    docs = raw(url, "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = %s AND collection = %s",
               (tenant, collection))  # fmt: skip
    chunks = raw(url, "SELECT count(*) FROM kassist_kb_chunks WHERE tenant_id = %s AND collection = %s",
                 (tenant, collection))  # fmt: skip
    return int(docs[0][0]), int(chunks[0][0])


def cache_size(url: str, tenant: str) -> int:
    return int(
        raw(url, "SELECT count(*) FROM kassist_kb_embedding_cache WHERE tenant_id = %s", (tenant,))[0][0]
    )


def check_keyword_index(url: str) -> None:
    """SQLite: the FTS5 index agrees with its content table (raises otherwise); PostgreSQL's tsvector
    is a generated column of the chunk row, so it goes with it."""
    if url.startswith("sqlite"):
        raw(url, "INSERT INTO kassist_kb_chunks_fts (kassist_kb_chunks_fts) VALUES ('integrity-check')")


def test_index_api_lists_shows_and_deletes_within_one_scope(url: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as index:
        acme, globex = index.for_tenant("acme"), index.for_tenant("globex")
        page = acme.list_documents("handbook", limit=5, offset=20)
        assert (page.total, page.offset, len(page.documents)) == (24, 20, 4)
        every = acme.list_documents(limit=1000)
        assert every.total == 25 and [d.collection for d in every.documents].count("travel") == 1
        paths = [d.source_path for d in acme.list_documents("handbook", limit=1000).documents]
        assert paths == sorted(paths) and HANDBOOK in paths

        doc = acme.document(HANDBOOK, "handbook")
        assert doc.title == "Leave Policy Handbook 2026" and doc.effective_date is not None
        assert doc.chunks == len(doc.outline) > 5 and all(c.text is None for c in doc.outline)
        assert [c.position for c in doc.outline] == sorted(c.position for c in doc.outline)
        assert any("Bereavement leave" in (c.heading or "") for c in doc.outline)
        assert acme.document(doc.doc_id[:8]).doc_id == doc.doc_id  # the start of an id, any collection
        assert all(c.text for c in acme.document(doc.doc_id, text=True).outline)
        with pytest.raises(AmbiguousDocument, match="more than one document"):
            acme.document(TRAVEL)  # in handbook and in travel
        assert acme.document(TRAVEL, "travel").collection == "travel"
        # Another tenant's document, by its id, is not found (ids are per tenant anyway).
        with pytest.raises(DocumentNotFound, match="not found in any collection of tenant 'globex'"):
            globex.document(doc.doc_id)
        with pytest.raises(CollectionNotFound):
            acme.list_documents("nope")

        before = {
            s: counts(url, t, c)
            for s, (t, c) in {"g": ("globex", "handbook"), "t": ("acme", "travel")}.items()
        }
        globex_cache = cache_size(url, "globex")
        plan = acme.remove_document("handbook", doc.doc_id, dry_run=True)
        assert (plan.documents, plan.chunks, plan.dry_run) == (1, doc.chunks, True)
        assert counts(url, "acme", "handbook") == (24, counts(url, "acme", "handbook")[1])
        assert acme.search(UNIQUE, mode="keyword", collections=["handbook"])  # still there
        done = acme.remove_document("handbook", doc.doc_id)
        assert (done.documents, done.chunks, done.cached_vectors) == (1, plan.chunks, plan.cached_vectors)
        assert done.cached_vectors > 0  # its texts are not used by any other acme document
        assert counts(url, "acme", "handbook")[0] == 23
        assert not acme.search(UNIQUE, mode="keyword", collections=["handbook"])
        assert all(h.doc_id != doc.doc_id for h in acme.search("sabbatical leave days", k=50))
        assert globex.search(UNIQUE, mode="keyword")  # the other tenant's copy is untouched
        assert {
            s: counts(url, t, c)
            for s, (t, c) in {"g": ("globex", "handbook"), "t": ("acme", "travel")}.items()
        } == before
        assert cache_size(url, "globex") == globex_cache
        check_keyword_index(url)
        with pytest.raises(DocumentNotFound):
            acme.remove_document("handbook", doc.doc_id)  # gone: a second delete is "not found"
        with pytest.raises(DocumentNotFound):
            acme.remove_document("handbook", doc.doc_id[:8])  # a deletion takes an exact id only

        # A collection: everything in it goes; the travel text it shared keeps its cached vector.
        travel_chunks = counts(url, "acme", "travel")[1]
        cache_before = cache_size(url, "acme")
        plan = acme.remove_collection("handbook", dry_run=True)
        assert (plan.documents, plan.chunks) == counts(url, "acme", "handbook")
        done = acme.remove_collection("handbook")
        assert (done.documents, done.chunks, done.cached_vectors) == (
            plan.documents,
            plan.chunks,
            plan.cached_vectors,
        )
        assert acme.collection_names() == ["travel"] and counts(url, "acme", "handbook") == (0, 0)
        assert cache_size(url, "acme") == cache_before - done.cached_vectors >= travel_chunks
        assert acme.search("hotel per night", mode="keyword", collections=["travel"])
        assert globex.collection_names() == ["handbook"] and counts(url, "globex", "handbook") == before["g"]
        check_keyword_index(url)
        with pytest.raises(CollectionNotFound, match="'handbook' not found for tenant 'acme'"):
            acme.remove_collection("handbook")
        with pytest.raises(CollectionNotFound):
            globex.remove_collection("travel")  # acme's collection is not globex's to delete
        # The name can be used again, from scratch.
        ingest_directory(acme, demo_corpus_path(), collection="handbook")
        assert acme.list_documents("handbook").total == 24


def test_async_index_has_the_same_operations(url: str) -> None:
    async def run() -> None:
        async with await AsyncKnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as index:
            acme = index.for_tenant("acme")
            page = await acme.list_documents("handbook", limit=3)
            assert page.total == 24 and len(page.documents) == 3
            doc = await acme.document(HANDBOOK, "handbook", text=True)
            assert doc.outline and all(c.text for c in doc.outline)
            with pytest.raises(DocumentNotFound):
                await index.for_tenant("globex").document(doc.doc_id)
            removed = await acme.remove_document("handbook", doc.doc_id)
            assert removed.chunks == doc.chunks
            gone = await acme.remove_collection("travel")
            assert gone.documents == 1 and await acme.collection_names() == ["handbook"]

    asyncio.run(run())
    assert counts(url, "globex", "handbook")[0] == 24


def test_cli_collections_list_and_delete(url: str) -> None:
    code, out = kb(url, "collections", "list", "--tenant", "acme")
    assert code == 0 and "handbook" in out and "travel" in out and "hashing-384" in out
    code, out = kb(url, "collections", "list", "--tenant", "acme", "--json")
    assert [(c["collection"], c["documents"]) for c in json.loads(out)] == [("handbook", 24), ("travel", 1)]

    code, out = kb(url, "collections", "delete", "travel", "--tenant", "acme", "--dry-run")
    assert code == 0 and "would delete collection 'travel' of tenant 'acme': 1 document," in out
    assert "nothing changed (--dry-run)" in out and counts(url, "acme", "travel")[0] == 1
    # No terminal to confirm on and no --yes: refused, nothing deleted (as gh does).
    code, out = kb(url, "collections", "delete", "travel", "--tenant", "acme")
    assert code == 2 and "without --yes" in out and counts(url, "acme", "travel")[0] == 1
    code, out = kb(url, "collections", "delete", "travel", "--tenant", "acme", "--yes", "--json")
    assert code == 0, out
    removed = json.loads(out)
    assert (removed["collection"], removed["documents"], removed["dry_run"]) == ("travel", 1, False)
    assert counts(url, "acme", "travel") == (0, 0)

    for tenant, name in (("acme", "travel"), ("globex", "nope"), ("initech", "handbook")):
        code, out = kb(url, "collections", "delete", name, "--tenant", tenant, "--yes")
        assert (
            code == 1
            and out.count("\n") == 1
            and f"collection {name!r} not found for tenant {tenant!r}" in out
        )
    code, out = kb(url, "collections", "delete", "bad name!", "--tenant", "acme", "--yes")
    assert code == 1 and "'bad name!' is not a valid name" in out
    assert counts(url, "globex", "handbook")[0] == 24 and counts(url, "acme", "handbook")[0] == 24


def test_cli_documents_list_show_delete(url: str) -> None:
    code, out = kb(url, "documents", "list", "--tenant", "acme", "--collection", "handbook", "--limit", "5")
    assert code == 0 and "Documents 1-5 of 24 in collection 'handbook' of 'acme'" in out
    assert "next page: --offset 5" in out and "Leave Policy (2024 edition, superseded)" in out
    code, out = kb(url, "documents", "list", "-t", "acme", "-c", "handbook", "--offset", "20", "--json")
    page = json.loads(out)
    assert page["total"] == 24 and len(page["documents"]) == 4 and page["offset"] == 20
    row = page["documents"][0]
    assert {"doc_id", "title", "source_path", "chunks", "effective_date", "collection"} <= row.keys()
    code, out = kb(url, "documents", "list", "-t", "acme")  # every collection: the path says which
    assert code == 0 and f"travel/{TRAVEL}" in out and "of 25 in tenant 'acme'" in out
    code, out = kb(url, "documents", "list", "-t", "acme", "--limit", "0")
    assert code == 2 and "--limit" in out

    code, out = kb(url, "documents", "show", HANDBOOK, "-t", "acme")
    assert code == 0 and "Leave Policy Handbook 2026" in out and "Bereavement leave" in out
    assert f"path:       {HANDBOOK}" in out and "effective:  2026-01-01" in out
    assert "full pay for up to five" not in out.lower()
    code, full = kb(url, "documents", "show", HANDBOOK, "-t", "acme", "--full")
    assert code == 0 and len(full) > 3 * len(out)
    doc = json.loads(kb(url, "documents", "show", HANDBOOK, "-t", "acme", "--json")[1])
    assert doc["chunks"] == len(doc["outline"]) and doc["source_path"] == HANDBOOK
    code, out = kb(url, "documents", "show", TRAVEL, "-t", "acme")
    assert code == 1 and "more than one document" in out and "--collection" in out
    code, out = kb(url, "documents", "show", doc["doc_id"], "-t", "globex")
    assert code == 1 and out.count("\n") == 1 and "not found in any collection of tenant 'globex'" in out

    code, out = kb(url, "documents", "delete", doc["doc_id"][:10], "-t", "acme", "--dry-run", "--json")
    plan = json.loads(out)
    assert (plan["doc_id"], plan["chunks"], plan["dry_run"]) == (doc["doc_id"], doc["chunks"], True)
    code, out = kb(url, "documents", "delete", HANDBOOK, "-t", "acme")
    assert code == 2 and "without --yes" in out
    assert counts(url, "acme", "handbook")[0] == 24
    code, out = kb(url, "documents", "delete", HANDBOOK, "-t", "acme", "--yes")
    assert code == 0 and f"deleted document {HANDBOOK}" in out and f"{doc['chunks']} chunks" in out
    assert counts(url, "acme", "handbook")[0] == 23 and counts(url, "globex", "handbook")[0] == 24
    code, out = kb(url, "documents", "delete", HANDBOOK, "-t", "acme", "--yes")
    assert code == 1 and "not found" in out
    code, out = kb(url, "search", UNIQUE, "-t", "acme", "--mode", "keyword", "--json")
    assert json.loads(out) == []
    check_keyword_index(url)


def test_cli_never_creates_a_database(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such.db"
    for args in (["collections", "list"], ["collections", "delete", "h", "--yes"],
                 ["documents", "list"], ["documents", "show", "x"], ["documents", "delete", "x", "--yes"]):  # fmt: skip
        code, out = kb(f"sqlite:///{missing}", *args, "--tenant", "acme")
        assert code == 1 and "does not exist" in out, (args, out)
    assert not missing.parent.exists()
    code, out = kb(f"sqlite:///{missing}", "documents", "list", "--tenant", "")
    assert code == 2 and "tenant_id is empty" in out


@pytest.mark.parametrize("typed, deleted", [("travel", True), ("handbook", False)])
def test_confirmation_on_a_terminal(sqlite_url: str, tmp_path: Path, typed: str, deleted: bool) -> None:
    """On a terminal the name is asked for, as `gh repo delete` does: only the right one deletes."""
    travel = tmp_path / "travel"
    travel.mkdir()
    shutil.copy(demo_corpus_path() / TRAVEL, travel / "travel.md")
    with KnowledgeIndex.from_url(sqlite_url, embedder=HashingEmbedder()) as index:
        ingest_directory(index.for_tenant("acme"), travel, collection="travel")
    leader, follower = os.openpty()
    command = [sys.executable, "-P", "-m", "cli.main", "kb", "collections", "delete", "travel",
               "--tenant", "acme", "--database-url", sqlite_url]  # fmt: skip
    with subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower) as proc:
        os.close(follower)
        seen = b""
        while b"to confirm" not in seen:
            seen += os.read(leader, 1024)
        os.write(leader, typed.encode() + b"\n")
        rest = b""
        try:
            while chunk := os.read(leader, 1024):
                rest += chunk
        except OSError:  # the terminal closes with the process
            pass
        assert proc.wait(timeout=60) == (0 if deleted else 1), rest
    os.close(leader)
    assert b"collection 'travel' of tenant 'acme' (1 document," in seen
    assert (b"deleted collection 'travel'" in rest) is deleted
    assert (b"not confirmed; nothing was deleted" in rest) is not deleted
    assert counts(sqlite_url, "acme", "travel")[0] == (0 if deleted else 1)


def test_a_collection_deleted_and_ingested_again_is_searched_afresh(url: str) -> None:
    """A process that searched a collection before it was deleted (a server, say) and ingested again
    under the same name finds the new chunks, never a vector matrix of the old ones: a re-created
    collection does not repeat a generation the old one had (SQLite ranks vectors in memory)."""
    with (
        KnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as server,
        KnowledgeIndex.from_url(url, embedder=HashingEmbedder()) as cli,
    ):
        before = server.for_tenant("acme").search("sabbatical leave", mode="vector", collections=["handbook"])
        assert before
        cli.for_tenant("acme").remove_collection("handbook")
        ingest_directory(cli.for_tenant("acme"), demo_corpus_path(), collection="handbook")
        after = server.for_tenant("acme").search("sabbatical leave", mode="vector", collections=["handbook"])
        assert [h.source_path for h in after] == [h.source_path for h in before]
        assert {h.chunk_id for h in after} == {h.chunk_id for h in before}  # same content, same ids
