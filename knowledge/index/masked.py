"""The one place that keeps secrets out of the index: what a write stores is masked here, whatever
door it came through (the ingestion graph, ``kb ingest``, a library caller's ``upsert_document``).

Session 34's rule: *the knowledge index never holds a secret the audit finds*. Masking the
document before chunking (knowledge.ingest.chunk_or_error) covered the two pipelines only: a
library caller's ``upsert_document(document, chunks)`` stored its chunks as given, and titles and
file names (``aws-AKIA....txt`` is cited as it is named) were stored as loaded. Every string of a
stored row that a reader sees - a chunk's text (and with it the full-text index, which the triggers
fill from it) and heading, a document's title and source path - goes through
``knowledge.audit.masking.mask_sensitive`` here (the audit's secret rules and its high-risk
personal-data rules, default rules; ``***-**-6907``, ``AKIA[redacted cloud access key, 20 chars]``).

chunk_or_error still masks a document before cutting it: a value a chunk boundary cuts in two (a
private key block is longer than a chunk) is found only in the whole text. Its chunks come here
masked and leave unchanged; the scan of them costs about 0.4 ms of CPU a document (demo corpus).

A chunk masked here gets the content hash and id of its masked text (knowledge.chunking's rule):
an id derived from the secret's text would let a reader test guesses of a short password against it,
and the embedding cache, keyed by the text's hash, must not hand back the unmasked text's vector.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from knowledge.audit.masking import mask_sensitive
from knowledge.chunking import chunk_id
from knowledge.documents import Chunk
from knowledge.index.dialect import Op, Stmt


def masked_text(text: str) -> str:
    """``text`` as the index stores it."""
    return mask_sensitive(text)


def masked_path(path: str) -> str:
    """A source path as the index stores it: each folder and file name masked, a file's extension
    apart (a key's token pattern would take "AKIA....txt" whole, and the citation lose its type)."""
    parts = []
    for part in path.split("/"):
        stem, dot, suffix = part.rpartition(".")
        parts.append(mask_sensitive(stem) + dot + mask_sensitive(suffix) if stem else mask_sensitive(part))
    return "/".join(parts)


def masked_chunk(chunk: Chunk) -> Chunk:
    """``chunk`` as the index stores it: the same chunk when it holds nothing to mask."""
    text = mask_sensitive(chunk.text)
    heading = mask_sensitive(chunk.heading) if chunk.heading else chunk.heading
    if text == chunk.text and heading == chunk.heading:
        return chunk
    content_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return chunk.model_copy(
        update={
            "text": text,
            "heading": heading,
            "content_hash": content_hash,
            "chunk_id": chunk_id(chunk.doc_id, chunk.position, content_hash),
        }
    )


# Migration 7: an index written before masking (89b7a5b, session 34) kept its secrets until each
# document was ingested again. The migration masks in place what readers see: chunk texts and headings
# (the full-text index follows: SQLite's triggers, PostgreSQL's generated tsvector) and the documents'
# titles and paths. The vectors are kept: making new ones needs the model, which neither runs in the
# migration runner's set-up nor inside a write transaction, and a vector is not text a reader is shown.
# A masked chunk keeps its id, the one of its text as loaded: the next run that ingests the document
# cuts it from masked text, sees other ids, and replaces the chunk with a new one embedded from the
# masked text, so the old vector goes then (a document never ingested again keeps it).
PAGE = 500
CHUNKS_PAGE = f"""SELECT id, tenant_id, collection, heading, text FROM kassist_kb_chunks
    WHERE id > :after ORDER BY id LIMIT {PAGE}"""
UPDATE_CHUNK = "UPDATE kassist_kb_chunks SET heading = :heading, text = :text WHERE id = :id"
DOCUMENTS_PAGE = f"""SELECT tenant_id, collection, doc_id, title, source_path FROM kassist_kb_documents
    WHERE (tenant_id, collection, doc_id) > (:tenant, :collection, :doc_id)
    ORDER BY tenant_id, collection, doc_id LIMIT {PAGE}"""
UPDATE_DOCUMENT = """UPDATE kassist_kb_documents SET title = :title, source_path = :source_path
    WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id"""
BUMP = """UPDATE kassist_kb_collections SET generation = generation + 1
    WHERE tenant_id = :tenant AND collection = :collection"""
SHARED = (CHUNKS_PAGE, UPDATE_CHUNK, DOCUMENTS_PAGE, UPDATE_DOCUMENT, BUMP)
"""The migration's statements in ``:name`` placeholders (a backend converts them, in this order)."""


def migration(statements: Sequence[str] = SHARED) -> Callable[[], Op[Any]]:
    """Migration 7 with a backend's :data:`SHARED` statements."""
    chunks_page, update_chunk, documents_page, update_document, bump = statements

    def run() -> Op[Any]:
        changed: set[tuple[str, str]] = set()  # (tenant, collection): its caches are stale
        after = 0
        while True:
            rows = yield Stmt(chunks_page, {"after": after})
            for row_id, tenant, collection, heading, text in rows:
                new_text = mask_sensitive(str(text))
                new_heading = mask_sensitive(str(heading)) if heading else heading
                if new_text != text or new_heading != heading:
                    params = {"id": row_id, "heading": new_heading, "text": new_text}
                    yield Stmt(update_chunk, params, fetch=False)
                    changed.add((str(tenant), str(collection)))
            if len(rows) < PAGE:
                break
            after = rows[-1][0]
        key = ("", "", "")
        while True:
            rows = yield Stmt(documents_page, {"tenant": key[0], "collection": key[1], "doc_id": key[2]})
            for tenant, collection, doc_id, title, source_path in rows:
                new_title, new_path = mask_sensitive(str(title)), masked_path(str(source_path))
                if (new_title, new_path) != (title, source_path):
                    params = {"tenant": tenant, "collection": collection, "doc_id": doc_id,
                              "title": new_title, "source_path": new_path}  # fmt: skip
                    yield Stmt(update_document, params, fetch=False)
                    changed.add((str(tenant), str(collection)))
            if len(rows) < PAGE:
                break
            key = (str(rows[-1][0]), str(rows[-1][1]), str(rows[-1][2]))
        for tenant, collection in sorted(changed):
            yield Stmt(bump, {"tenant": tenant, "collection": collection}, fetch=False)
        return None

    return run
