"""SQLite statements of the ingestion's reads of the knowledge index's tables, beside its own records
(the same database): adoption's (graph/ingestion/adoption.py) and a cancelled run's look at the
documents it still holds (graph/ingestion/effects.py). :data:`SQL` holds them as typed fields and
graph/ingestion/sql_postgres_index.py derives PostgreSQL's, once at import (each call converted them
before, session 40).
"""

from __future__ import annotations

from dataclasses import dataclass

from graph.ingestion.sql_sqlite_schema import JOBS, MANIFEST, MIGRATIONS, RUNS
from kassist.db.migrate import INGESTION
from kassist.db.migrate import TABLE as MIGRATIONS_TABLE
from knowledge.index.holds import STILL_HELD

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

# A collection made before index migration 9 keeps no audit rules (NULL: not known, knowledge/index/
# collection_rules.py): every registered run of it, the first first, with who ran it - an admin's
# runs API run (its creator's role then), or the command line's operator (no runs API job, no
# langgraph dev user); a member's, or one whose role was not kept, is neither.
# When the registry began to keep a langgraph dev run's user (ingestion migration 9, started_by):
# a run registered before it has started_by NULL whoever ran it - a member's langgraph dev run
# looked like the operator's, and the rules file she named became the collection's bar (h23 s39
# H23-1). Such a run's role was not kept: neither. A component filled from its legacy table has a
# later applied_at than the real one: its older runs count as not kept too, the safe side.
STARTED_BY_MIGRATION = next(
    number for number, step in enumerate(MIGRATIONS, 1) if any("ADD COLUMN started_by" in sql for sql in step)
)  # read off the list, so that a renumbering cannot move the bar (review s39 R4-9)
_STARTED_BY_SINCE = f"""SELECT applied_at FROM {MIGRATIONS_TABLE}
    WHERE component = '{INGESTION}' AND version = {STARTED_BY_MIGRATION}"""
_RULES_RUNS = f"""SELECT r.created_at, r.settings,
        CASE WHEN j.run_id IS NULL THEN r.started_by IS NULL ELSE j.created_role = 'admin' END,
        j.run_id IS NOT NULL
    FROM {RUNS} r LEFT JOIN {JOBS} j ON j.tenant_id = r.tenant_id AND j.run_id = r.run_id
    WHERE r.tenant_id = :tenant AND r.collection = :collection AND r.settings IS NOT NULL
    ORDER BY r.created_at, r.run_id"""


@dataclass(frozen=True)
class IndexReadSql:
    """The ingestion's reads of the index's tables in one dialect."""

    unrecorded: str
    writers: str
    unchunked: str
    last_writer: str
    rules_runs: str
    started_by_since: str
    still_held: str  # knowledge.index.holds' rule: the documents of :collection :run still holds


SQL = IndexReadSql(
    unrecorded=_UNRECORDED,
    writers=_WRITERS,
    unchunked=_UNCHUNKED,
    last_writer=_LAST_WRITER,
    rules_runs=_RULES_RUNS,
    started_by_since=_STARTED_BY_SINCE,
    still_held=STILL_HELD,
)
