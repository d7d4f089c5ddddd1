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
it as gone, no upload replaces it); docs/ingestion.md says how an operator settles it. A collection's
chunk settings and audit rules, unknown on a collection made before the index kept them, are adopted
the same way (:func:`adopt_chunking`, :func:`adopt_rules`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC
from importlib import import_module
from typing import Any

from graph.ingestion.folders import source_record
from graph.ingestion.sql_sqlite_index import IndexReadSql
from kassist.db.statements import Op, Stmt
from knowledge.index import KnowledgeIndex
from knowledge.index.collection_rules import Recorded, unknown
from knowledge.index.dialect import Dialect
from knowledge.index.ops import as_datetime


def index_sql(backend: str) -> IndexReadSql:
    """The statements of ``backend``'s dialect (``graph/ingestion/sql_<backend>_index.py``)."""
    sql: IndexReadSql = import_module(f"graph.ingestion.sql_{backend}_index").SQL
    return sql


def _writers(q: IndexReadSql, tenant: str, collection: str) -> Op[list[Any]]:
    key = {"tenant": tenant, "collection": collection}
    if not (yield Stmt(q.unrecorded, key)):
        return []  # the usual case: one indexed read
    return list((yield Stmt(q.writers, key)))


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
    rows = index.run(_writers(index_sql(index.driver.dialect.backend), tenant, collection))
    records = {str(doc_id): _record(str(source), settings, env) for doc_id, source, settings in rows}
    if records:
        index.for_tenant(tenant).adopt_sources(collection, records)
    adopt_chunking(index, tenant, collection)
    adopt_rules(index, tenant, collection, env)


def _chunking(q: IndexReadSql, tenant: str, collection: str) -> Op[tuple[int, int] | None]:
    key = {"tenant": tenant, "collection": collection}
    if not (yield Stmt(q.unchunked, key)):
        return None  # the usual case (recorded, or no such collection): one indexed read
    rows = yield Stmt(q.last_writer, key)
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
    found = index.run(_chunking(index_sql(index.driver.dialect.backend), tenant, collection))
    if found is not None:
        index.for_tenant(tenant).record_chunking(collection, *found)


def _rules_runs(d: Dialect, tenant: str, collection: str) -> Op[list[Any] | None]:
    key = {"tenant": tenant, "collection": collection}
    if not (yield from unknown(d, tenant, collection)):
        return None  # the usual case (known, or no such collection): one indexed read
    q = index_sql(d.backend)
    runs = yield Stmt(q.rules_runs, key)
    since = yield Stmt(q.started_by_since)
    # applied_at is kept to the second (SQLite's CURRENT_TIMESTAMP): a run of that same second may
    # predate the column; counted as not kept (the safe side).
    kept_from = _epoch(since[0][0]) + 1.0 if since else float("inf")
    return [
        (at, settings, bool(admin) and (has_job or float(at) >= kept_from))
        for at, settings, admin, has_job in runs
    ]


def _epoch(value: Any) -> float:
    at = as_datetime(value)
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()


def _named(settings: str) -> str | None:
    registered: Any = json.loads(settings)
    rules = registered.get("audit_rules") if isinstance(registered, dict) else None
    return rules if isinstance(rules, str) and rules else None


def _read(path: str, tenant: str, env: Mapping[str, str]) -> Recorded | None:
    """The rules file ``path`` as a run reads it now (a tenant's file only from the tenant's own
    folder), or None: gone, unreadable, not rules, or named relative to a working directory gone."""
    from pathlib import Path

    from graph.ingestion.audit_step import read_rules_text
    from graph.ingestion.served import served_root, tenants_file
    from knowledge.audit import AuditRules

    if not Path(path).is_absolute():
        return None
    try:
        within = served_root(env, tenant) if tenants_file(path, env) else None
        text = read_rules_text(path, within=within)
        AuditRules.parse(text, path)
    except ValueError:  # AuditConfigError, a shared root refused: the rules stay unknown
        return None
    return Recorded(text, Path(path).name)


def adopted_rules(runs: list[Any], tenant: str, env: Mapping[str, str]) -> Recorded | None:
    """The rules a collection kept had the index kept them (its registered runs ``runs``: created_at,
    settings, by an admin or the operator): the file the latest admin's or operator's run of it
    named, as it reads now; else None (not known). Never "none" from the records: no run on record
    naming a file does not say the collection never had one - a run registered before the collection
    was made (a member's, or an admin's) may have waited in the queue while another run naming rules
    made it, and that run pruned since (h23 s39 H23-3, review s39 R4-2). Such a collection refuses a
    member's run until an admin's run records its rules (or none)."""
    admins = [path for _at, settings, admin in runs if admin and (path := _named(settings)) is not None]
    return _read(admins[-1], tenant, env) if admins else None


def adopt_rules(index: KnowledgeIndex, tenant: str, collection: str, env: Mapping[str, str]) -> None:
    """Record on ``collection``, made before the index kept audit rules, those its runs' records say
    it was audited with (:func:`adopted_rules`): left unknown, a member's run into it was audited by
    the defaults, and a document the admin's rules hold went into search unreviewed (h20 s37 H20-7).
    Nothing recorded when the records do not say: a member's run is refused until an admin's run
    records them (knowledge/index/collection_rules.RulesUnknown)."""
    found = index.run(_rules_runs(index.driver.dialect, tenant, collection))
    if found is None:
        return
    rules = adopted_rules(found, tenant, env)
    if rules is not None:
        index.for_tenant(tenant).record_rules(collection, rules)
