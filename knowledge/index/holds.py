"""A run's new or changed documents are held out of search until its review lets them in (h9 s32,
decision 6, session 33).

Each document row names the run holding it (``held_by``; NULL: searchable). A run of the ingestion
graph writes every document it adds or whose file changed held by itself (the file's bytes: the same
file chunked otherwise is the content let in already), and an unchanged one an earlier run still holds
(its content is the one that run's review did not let in), taken over: ``held_from`` keeps the runs it
was taken from, whose approval still lets it in (a member's run of the same folder took an admin's
waiting run's documents over, and the approval let nothing in: h12 s34 #4). The run releases them at
its review step when no review is needed, or when an admin approves it; until then - waiting for the
review, rejected, cancelled or failed - search finds none of them (every search statement's filters
and its last step, the hydration, skip held documents). A rejected run's documents stay in the
index, hidden: ``kassist kb documents list`` still lists them, ``kb documents delete`` removes them,
and the next run of their source that reads them again takes them over and needs a review (as one
that could not read a document another run holds: graph/ingestion/nodes.audit, h12 s34 #3, #6). The
library's own callers (``upsert_documents`` without ``hold=``) hold nothing.

The library's writers also release: the sync ``upsert_documents`` without ``hold=`` and the async
index's ``upsert_document`` (no hold) write ``held_by`` NULL on every document they write, one a run
holds too (HELD_ON_UPDATE with a NULL hold). No server door uses them; a program that calls them on
a collection with a run waiting for its review lets those documents in.

What search skips counts for nothing else either: the names check's words (knowledge/index/words.py)
read no held document.
"""

from __future__ import annotations

from typing import Any

from knowledge.index.dialect import Dialect, Op, Stmt

MIGRATION = (
    "ALTER TABLE kassist_kb_documents ADD COLUMN held_by TEXT",
    # The held documents alone: a search reads the tenant's few (usually none) once per statement.
    """CREATE INDEX kassist_kb_documents_held ON kassist_kb_documents (tenant_id, doc_id)
        WHERE held_by IS NOT NULL""",
)
"""Migration 4 of both backends: NULL (searchable) for the documents already indexed."""
MIGRATION_TAKEN = ("ALTER TABLE kassist_kb_documents ADD COLUMN held_from TEXT",)
"""Migration 5 of both backends: the runs whose hold of a document other runs took over (NULL: none)."""

# The SQL both backends share (SQLite's placeholders; PostgreSQL's converts them; every right-hand
# side reads the row as it was): a document row is held by the write's hold (``excluded.held_by``:
# the run's, NULL for the library's writers) when the write changes its content - its file's bytes,
# their hash - or another run holds it. The file, not the chunks: a title, status or date stated
# outside the text (HTML <title>/<meta>, DOCX and PDF properties) changes no chunk and went live
# unreviewed (h12 s34 #1); the same bytes chunked otherwise (another run's chunk_tokens) change every
# chunk and bring no content an admin has not let in, yet hid the whole collection (#2). A hold taken
# over from another run adds that run to ``held_from``, every earlier holder of the same content (each
# as " <run id> ": a run id holds no space), so the approval of any of them lets it in - the first
# holder alone lost a run in the middle of a chain (review s34 r1 F1: rejected r2, then r3, then a
# member's m1 took it: r3's approval let nothing in); new content, or a library writer's, is nobody's
# but the writer's.
HELD_ON_UPDATE = """held_by = CASE WHEN kassist_kb_documents.content_hash <> excluded.content_hash
                OR kassist_kb_documents.held_by IS NOT NULL THEN excluded.held_by
                ELSE kassist_kb_documents.held_by END,
            held_from = CASE WHEN kassist_kb_documents.content_hash <> excluded.content_hash
                OR excluded.held_by IS NULL THEN NULL
                WHEN kassist_kb_documents.held_by <> excluded.held_by
                    AND coalesce(kassist_kb_documents.held_from, ' ') = replace(
                        coalesce(kassist_kb_documents.held_from, ' '), ' ' || kassist_kb_documents.held_by || ' ', '')
                THEN coalesce(kassist_kb_documents.held_from, ' ') || kassist_kb_documents.held_by || ' '
                ELSE kassist_kb_documents.held_from END"""
# Whether :run is one of a row's earlier holders (``held_from``; NULL: none): replace(), which both
# backends have and which matches text as written (LIKE would read a run id's "_" as a wildcard).
_TAKEN_FROM = "replace(held_from, ' ' || :run || ' ', '') <> held_from"
# A chunk ``c`` of no held document. Uncorrelated (the set is built once per statement, from the
# partial index) and by doc_id alone, which names one (tenant, collection, path): a correlated
# lookup per candidate cost 13% more CPU on keyword and hybrid searches of 6,000 chunks.
NOT_HELD = """c.doc_id NOT IN (SELECT doc_id FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND held_by IS NOT NULL)"""
# The documents of :collection that :run holds, or that another run took over from it: what its
# release lets in, and what graph/ingestion/effects asks whether any are left of (one rule for both).
HELD_FOR_RUN = f"tenant_id = :tenant AND collection = :collection AND (held_by = :run OR {_TAKEN_FROM})"
RELEASE = f"UPDATE kassist_kb_documents SET held_by = NULL, held_from = NULL WHERE {HELD_FOR_RUN}"
STILL_HELD = f"SELECT 1 FROM kassist_kb_documents WHERE {HELD_FOR_RUN} LIMIT 1"
# Retention removes a run's records, and its id may be taken again (a client's run_id): the holds of
# a run it sweeps are retired, their holder renamed with a mark no run id starts with, so no later
# run of that id lets them in (h12 s34 #9); hidden, listed and deletable as a rejected run's, and
# taken over by the next run of their source as a rejected run's are.
RETIRED = "~"
RETIRE = f"""UPDATE kassist_kb_documents SET held_by = '{RETIRED}' || held_by
        WHERE tenant_id = :tenant AND held_by = :run"""
RETIRE_TAKEN = f"""UPDATE kassist_kb_documents
        SET held_from = nullif(replace(held_from, ' ' || :run || ' ', ' '), ' ')
        WHERE tenant_id = :tenant AND {_TAKEN_FROM}"""
HELD = """SELECT doc_id, held_by FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection AND held_by IS NOT NULL"""


# The documents :run holds that it took over from another run (waiting, rejected, cancelled, retired):
# what that run's review held, and this run's own audit may not let in (h12 s34 #6).
TAKEN = """SELECT count(*) FROM kassist_kb_documents
        WHERE tenant_id = :tenant AND collection = :collection AND held_by = :run AND held_from IS NOT NULL"""


def taken(d: Dialect, tenant: str, collection: str, run_id: str) -> Op[int]:
    """How many documents run ``run_id`` holds in ``collection`` that it took over from another run."""
    rows: Any = yield Stmt(d.taken_docs, {"tenant": tenant, "collection": collection, "run": run_id})
    return int(rows[0][0]) if rows else 0


def held(d: Dialect, tenant: str, collection: str) -> Op[dict[str, str]]:
    """``collection``'s held documents: doc_id -> the run holding it (usually none)."""
    rows: Any = yield Stmt(d.held_docs, {"tenant": tenant, "collection": collection})
    return {str(doc_id): str(holder) for doc_id, holder in rows}


def retire(d: Dialect, tenant: str, run_id: str) -> Op[int]:
    """Retire run ``run_id``'s holds in every collection of ``tenant`` (retention swept its records):
    no later run named ``run_id`` releases them; how many documents it held."""
    key = {"tenant": tenant, "run": run_id}
    changed: Any = yield Stmt(d.retire_held, key, rowcount=True)
    yield Stmt(d.retire_taken, key, fetch=False)
    return int(changed)


def release(d: Dialect, tenant: str, collection: str, run_id: str) -> Op[int]:
    """Let run ``run_id``'s held documents of ``collection`` into search, and those another run took
    over from it since (unchanged: the content its review judged); how many (a redo: 0)."""
    key = {"tenant": tenant, "collection": collection, "run": run_id}
    changed: Any = yield Stmt(d.release_held, key, rowcount=True)
    if int(changed):  # the collection's searchable vectors changed: a search reloads its matrix
        yield Stmt(d.bump_generation, {"tenant": tenant, "collection": collection})
    return int(changed)
