"""A document's life-cycle status, stored with it at ingestion (issue 27 item 2).

The ranking already demotes a document whose title or folder says it is archived or superseded
(:func:`knowledge.index.rules.is_superseded`). A document that says so only in its body ("Superseded
by the Leave Policy Handbook 2026.", "Status: Withdrawn", "This policy has been archived") cannot be
recognised from a search hit: the hit of a later section does not hold the opening. So the status is
read once, where the whole document is in memory (the upsert), by the audit's own rule
(:func:`knowledge.audit.lifecycle.status_of`: metadata, title, the opening, the folders), and stored
in ``kassist_kb_documents.status``; a search reads it back with each hit.

Indexes made before the column existed get it from migration 2 (:func:`backfill`), which reads each
document's first chunk: the same opening ``status_of`` reads, minus a front matter the loader had
already taken out of the text (its ``status:`` field is not stored anywhere else; re-ingesting such a
file after changing it sets it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from knowledge.index.dialect import Op, Stmt

# The statuses that mean "no longer in force": ranked like a title-marked archived edition. A draft is
# not an older edition of anything, so it keeps its place.
DEMOTING = frozenset({"superseded", "archived", "obsolete", "withdrawn", "retired"})

ADD_COLUMN = "ALTER TABLE kassist_kb_documents ADD COLUMN status TEXT"

# The opening each backfilled status is read from: status_of reads 800 characters of the text, the
# header-field reader 1,500.
_OPENING = 1500
BACKFILL_SELECT = f"""SELECT d.tenant_id, d.collection, d.doc_id, d.title, d.source_path, substr(c.text, 1, {_OPENING})
    FROM kassist_kb_documents d JOIN kassist_kb_chunks c
      ON c.tenant_id = d.tenant_id AND c.collection = d.collection AND c.doc_id = d.doc_id
    WHERE c.position = (SELECT min(x.position) FROM kassist_kb_chunks x
        WHERE x.tenant_id = d.tenant_id AND x.collection = d.collection AND x.doc_id = d.doc_id)"""


def document_status(title: str, text: str, metadata: Mapping[str, str], source_path: str) -> str | None:
    """``archived``, ``superseded``, ``withdrawn``, ``draft``, ... when the document says so, else None."""
    # Imported here: knowledge.audit costs ~0.5 s to import, and a search (or the CLI's start) never
    # needs it; an ingestion run has it loaded already for its audit.
    from knowledge.audit.lifecycle import status_of
    from knowledge.loaders.metadata import header_fields

    return status_of(title, text, {**header_fields(text), **metadata}, source_path)


def demotes(status: object) -> bool:
    """Whether a stored status ranks the document after the current ones."""
    return isinstance(status, str) and status.lower() in DEMOTING


UPDATE = """UPDATE kassist_kb_documents SET status = :status
    WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id"""


def migration(update: str) -> Callable[[], Op[Any]]:
    """Migration 2 for a backend whose ``UPDATE`` is ``update`` (:data:`UPDATE` in its placeholders):
    the column, then the status of the documents already indexed."""

    def run() -> Op[Any]:
        yield Stmt(ADD_COLUMN, fetch=False)
        return (yield from backfill(update))

    return run


def backfill(update: str) -> Op[Any]:
    """Migration 2's data step: the status of every document already indexed, from its first chunk.
    ``update`` is the backend's ``UPDATE`` (parameters tenant, collection, doc_id, status)."""
    rows = yield Stmt(BACKFILL_SELECT)
    for tenant, collection, doc_id, title, source_path, opening in rows:
        status = document_status(str(title), str(opening or ""), {}, str(source_path))
        if status is not None:
            params = {"tenant": tenant, "collection": collection, "doc_id": doc_id, "status": status}
            yield Stmt(update, params, fetch=False)
    return None
