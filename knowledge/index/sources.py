"""Which source a collection mirrors: every indexed document records the source that put it there.

A source is a folder (recorded as the absolute path the run read) or the tenant's uploads (all of
them one source, :data:`UPLOADS`: an upload adds or replaces its own files and removes none of the
others). A collection mirrors one source: a run of another source into it is refused, before it
starts and again in the write transaction (another run may have filled the collection since), so a
member's upload neither empties nor rewrites a collection an admin filled from a folder (h9 s32 #7).

A document indexed before sources were recorded has none (NULL, "unknown"): it counts as the
folder's that runs into its collection next, which is what every folder run did with it before.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
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
    """Whether a document recorded as ``recorded`` belongs to a run of ``source``."""
    return recorded == source or (recorded is None and source != UPLOADS)


def _label(recorded: str | None) -> str:
    if recorded == UPLOADS:
        return "uploaded files"
    if recorded is None:
        return "a folder (indexed before kassist recorded sources)"
    return f"folder {PurePath(recorded).name!r}"  # its name only: the server's paths stay on the server


def _refusal(collection: str, mirrored: str | None, source: str) -> str:
    holds = "holds uploaded files" if mirrored == UPLOADS else f"mirrors {_label(mirrored)}"
    if source == UPLOADS:
        todo = "upload into another collection"
    else:
        name = PurePath(source).name
        same = mirrored not in (None, UPLOADS) and PurePath(mirrored).name == name
        todo = f"ingest folder {name!r}{' (another folder of that name)' if same else ''} into another collection"
    return f"collection {collection!r} {holds}; {todo}"


def conflict(collection: str, source: str, recorded: Iterable[str | None]) -> CollectionMirrorsAnother | None:
    """The refusal of a run of ``source`` into ``collection``, whose documents' records are
    ``recorded`` (None: none of them is another source's)."""
    others = sorted((r for r in set(recorded) if not owns(source, r)), key=lambda r: (r is not None, r or ""))
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


MIGRATION = "ALTER TABLE kassist_kb_documents ADD COLUMN source TEXT"
"""Migration 3 of both backends: the column, NULL ("unknown") for the documents already indexed."""
