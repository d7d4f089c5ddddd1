"""Documents indexed before kassist recorded sources get the source of the run that last wrote them.

Index migration 3 (knowledge/index/sources.py) added each document's source record, NULL for the
documents a previous release indexed; on an upgraded database that is every collection. The truth
is in the ingestion records beside the index (the same database): the manifest names the run that
indexed (or found unchanged) each document, and the run's registration names its source - an
upload's folder lies under the server's uploads folder (graph.ingestion.folders.source_record).
Every door of a run adopts its collection's unrecorded documents before it checks the source rule
(the runs API's create, ``kassist ingest``, the graph's discover), so a collection of uploads takes
uploads after the upgrade and another folder's run is refused as it is for any collection.

A document whose writer is unknown (its runs pruned) stays NULL: it belongs to no run (none removes
it as gone, no upload replaces it); docs/ingestion.md says how an operator settles it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from graph.ingestion.folders import source_record
from graph.ingestion.sql_sqlite import MANIFEST, RUNS
from kassist.db.statements import Op, Stmt
from kassist.db.tables import to_postgres
from knowledge.index import KnowledgeIndex

# The collection's unrecorded documents with every run of the collection that indexed or kept them,
# the latest last (a document's doc_id names one path of one collection of the tenant).
_WRITERS = f"""SELECT d.doc_id, r.source, r.settings FROM kassist_kb_documents d
    JOIN {MANIFEST} m ON m.tenant_id = d.tenant_id AND m.doc_id = d.doc_id
    JOIN {RUNS} r ON r.tenant_id = m.tenant_id AND r.run_id = m.run_id AND r.collection = d.collection
    WHERE d.tenant_id = :tenant AND d.collection = :collection AND d.source IS NULL
      AND m.outcome IN ('indexed', 'unchanged')
    ORDER BY r.created_at, r.run_id"""
_UNRECORDED = """SELECT 1 FROM kassist_kb_documents
    WHERE tenant_id = :tenant AND collection = :collection AND source IS NULL LIMIT 1"""
# A collection made before index migration 6 keeps no chunk settings (knowledge/index/chunk_settings.py):
# those of the last run that wrote chunks into it (indexed: a re-chunk of unchanged files is one too).
_UNCHUNKED = """SELECT 1 FROM kassist_kb_collections
    WHERE tenant_id = :tenant AND collection = :collection AND chunk_tokens IS NULL"""
_LAST_WRITER = f"""SELECT r.settings FROM {RUNS} r
    WHERE r.tenant_id = :tenant AND r.collection = :collection AND r.settings IS NOT NULL
      AND EXISTS (SELECT 1 FROM {MANIFEST} m
          WHERE m.tenant_id = r.tenant_id AND m.run_id = r.run_id AND m.outcome = 'indexed')
    ORDER BY r.created_at DESC, r.run_id DESC LIMIT 1"""


def _writers(backend: str, tenant: str, collection: str) -> Op[list[Any]]:
    key = {"tenant": tenant, "collection": collection}
    pg = backend == "postgres"
    if not (yield Stmt(to_postgres(_UNRECORDED) if pg else _UNRECORDED, key)):
        return []  # the usual case: one indexed read
    return list((yield Stmt(to_postgres(_WRITERS) if pg else _WRITERS, key)))


def _record(source: str, settings: str | None, env: Mapping[str, str]) -> str:
    """A registered run's source record (its settings may predate the upload mark, or be None)."""
    registered: Any = json.loads(settings) if settings else {}
    if not isinstance(registered, dict):
        registered = {}
    folder = str(registered.get("source") or source)
    return source_record(folder, uploaded=registered.get("uploaded") is True, env=env)


def adopt(index: KnowledgeIndex, tenant: str, collection: str, env: Mapping[str, str]) -> None:
    """Record on ``collection``'s unrecorded documents the source of the run that last wrote each,
    and on the collection its chunk settings if it keeps none (:func:`adopt_chunking`; nothing to
    do, the usual case, costs two indexed reads). ``env``: the environment of the server
    or command line that asks (its ``KASSIST_UPLOADS_DIR`` tells an upload registered before the
    mark)."""
    rows = index.run(_writers(index.driver.dialect.backend, tenant, collection))
    records = {str(doc_id): _record(str(source), settings, env) for doc_id, source, settings in rows}
    if records:
        index.for_tenant(tenant).adopt_sources(collection, records)
    adopt_chunking(index, tenant, collection)


def _chunking(backend: str, tenant: str, collection: str) -> Op[tuple[int, int] | None]:
    key = {"tenant": tenant, "collection": collection}
    pg = backend == "postgres"
    if not (yield Stmt(to_postgres(_UNCHUNKED) if pg else _UNCHUNKED, key)):
        return None  # the usual case (recorded, or no such collection): one indexed read
    rows = yield Stmt(to_postgres(_LAST_WRITER) if pg else _LAST_WRITER, key)
    registered: Any = json.loads(rows[0][0]) if rows else {}
    chunk = registered.get("chunk_tokens") if isinstance(registered, dict) else None
    overlap = registered.get("overlap_tokens") if isinstance(registered, dict) else None
    if isinstance(chunk, int) and isinstance(overlap, int):
        return chunk, overlap
    return None


def adopt_chunking(index: KnowledgeIndex, tenant: str, collection: str) -> None:
    """Record on ``collection``, made before the index kept chunk settings, those of the last run that
    wrote its chunks: left unrecorded, the first run into it - a member's - recorded its own and
    re-chunked the collection live, once per collection of every upgraded database (review s34 r1
    F4, of h12 s34 #10's fix). Nothing recorded when no registered run wrote it (pruned): its first
    run's settings are kept, as for a collection the library's own writers made."""
    found = index.run(_chunking(index.driver.dialect.backend, tenant, collection))
    if found is not None:
        index.for_tenant(tenant).record_chunking(collection, *found)
