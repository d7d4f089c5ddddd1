"""Which source a collection mirrors: every indexed document records the source that put it there.

A source is a folder (recorded as the absolute path the run read) or the tenant's uploads (all of
them one source, :data:`UPLOADS`: an upload adds or replaces its own files and removes none of the
others). A collection mirrors one source: a run of another source into it is refused, before it
starts and again in the write transaction (another run may have filled the collection since), so a
member's upload neither empties nor rewrites a collection an admin filled from a folder (h9 s32 #7).

A document indexed before sources were recorded has none (NULL). The ingestion runs adopt it
(graph/ingestion/adoption.py): its record is that of the run that last wrote it, read from the
ingestion records in the same database. One whose writer is unknown (its runs pruned) stays NULL and
belongs to no run: no run removes it as gone from its source, no upload may replace it (an upload
into its collection is refused), and a folder run that indexes it again records its own source on
it. docs/ingestion.md says how an operator settles the rest.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import PurePath

from knowledge.index.dialect import Dialect, Op, Stmt
from knowledge.index.errors import KnowledgeIndexError

UPLOADS = "uploads"
"""The source of every uploaded file of a tenant (a folder's record is an absolute path)."""


class CollectionMirrorsAnother(KnowledgeIndexError, ValueError):
    """A run of one source into a collection that holds another source's documents."""

    def __init__(self, collection: str, mirrored: str | None, source: str) -> None:
        self.collection = collection
        self.mirrored = mirrored  # the other source's record (None: documents from before records)
        self.source = source
        super().__init__(_refusal(collection, mirrored, source))


def run_source(folder: str, *, uploaded: bool) -> str:
    """The record of a run's source: :data:`UPLOADS` for an upload's folder, else the folder as an
    absolute path without links (a graph run's input may name it relative to the working directory,
    ``kassist ingest`` resolves it: one folder, one record)."""
    return UPLOADS if uploaded else os.path.realpath(folder)


def owns(source: str, recorded: str | None) -> bool:
    """Whether a document recorded as ``recorded`` belongs to a run of ``source`` (one of unknown
    source, None, belongs to none: a run never removes it as gone)."""
    return recorded == source


def _label(recorded: str | None) -> str:
    if recorded == UPLOADS:
        return "uploaded files"
    if recorded is None:
        return "documents of no known source (indexed before kassist recorded sources)"
    return f"folder {PurePath(recorded).name!r}"  # its name only: the server's paths stay on the server


def _refusal(collection: str, mirrored: str | None, source: str) -> str:
    holds = "holds uploaded files" if mirrored == UPLOADS else f"mirrors {_label(mirrored)}"
    if mirrored is None:
        holds = f"holds {_label(None)}, which an upload may not replace"
    if source == UPLOADS:
        todo = "upload into another collection"
    else:
        name = PurePath(source).name
        same = mirrored not in (None, UPLOADS) and PurePath(mirrored).name == name
        todo = f"ingest folder {name!r}{' (another folder of that name)' if same else ''} into another collection"
    return f"collection {collection!r} {holds}; {todo}"


def conflict(collection: str, source: str, recorded: Iterable[str | None]) -> CollectionMirrorsAnother | None:
    """The refusal of a run of ``source`` into ``collection``, whose documents' records are
    ``recorded`` (None: none of them is another source's). A document of unknown source refuses an
    upload (it may be the upload's own file, from a folder) and lets a folder run in (that run may
    replace it with the folder's file, as every folder run did before records, but removes none)."""
    others = sorted(
        (r for r in set(recorded) if r != source and (r is not None or source == UPLOADS)),
        key=lambda r: (r is not None, r or ""),
    )
    return CollectionMirrorsAnother(collection, others[-1], source) if others else None


def recorded(d: Dialect, tenant: str, collection: str) -> Op[list[str | None]]:
    """The distinct source records of ``collection``'s documents (none: the collection is empty)."""
    rows = yield Stmt(d.collection_sources, {"tenant": tenant, "collection": collection})
    return [None if r[0] is None else str(r[0]) for r in rows]


def check(d: Dialect, tenant: str, collection: str, source: str) -> Op[None]:
    """Raise :class:`CollectionMirrorsAnother` unless a run of ``source`` may write ``collection``."""
    refused = conflict(collection, source, (yield from recorded(d, tenant, collection)))
    if refused is not None:
        raise refused


def adopt(d: Dialect, tenant: str, collection: str, records: Mapping[str, str]) -> Op[None]:
    """Record ``records`` (doc_id -> its writer's source record) on those of ``collection``'s
    documents that have none yet; a document recorded since keeps its record."""
    if records:
        key = {"tenant": tenant, "collection": collection}
        many = [{**key, "doc_id": doc_id, "source": source} for doc_id, source in sorted(records.items())]
        yield Stmt(d.adopt_source, many=many, fetch=False)


ADOPT = """UPDATE kassist_kb_documents SET source = :source
        WHERE tenant_id = :tenant AND collection = :collection AND doc_id = :doc_id AND source IS NULL"""

MIGRATION = "ALTER TABLE kassist_kb_documents ADD COLUMN source TEXT"
"""Migration 3 of both backends: the column, NULL ("unknown") for the documents already indexed."""
