"""One batch's files loaded, chunked and audited (:func:`prepare`): files only, no database, so a
batch can be loaded ahead of the one being written (graph/ingestion/batches_ahead.py). :class:`Work`
is what loading it depends on, the key a look-ahead is found by."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from graph.ingestion import audit_step
from graph.ingestion.errors import for_client
from graph.ingestion.store_ops import ManifestRow, Planned
from knowledge.documents import DocumentError
from knowledge.ingest import chunk_or_error
from knowledge.loaders import load_file


def client_reason(error: DocumentError, root: Path) -> str:
    """A failed document's reason as the run's readers see it: paths relative to its source folder,
    no other server path (the loaders word theirs for the command line's operator)."""
    return for_client(f"{error.kind}: {error.reason}", str(root))


@dataclass(frozen=True)
class Work:
    """What loading one batch depends on: its files and the run's settings (a prefetch's key)."""

    tenant: str
    run_id: str
    root: Path
    collection: str
    files: tuple[tuple[int, str], ...]  # (seq, source path) of the batch's documents to (re)load
    chunk_tokens: int
    overlap_tokens: int
    max_bytes: int
    audit_rules: str | None
    today: date
    within: Path | None = None  # a served run's folder, resolved by the server (load_file's within)
    kept_rules: str | None = None  # the rules its collection keeps, for a run naming none (their text)
    # Each file as it is when the batch is planned (:func:`stamps`): a look-ahead loaded before a
    # file changed or went is another key, never used (h19 s37 H19-7: a run paused and resumed in
    # the same server process indexed an edited file's old text and a deleted file).
    stamps: tuple[tuple[int, int, int] | None, ...] = ()


@dataclass
class Prepared:
    failed: list[Planned]
    items: list[Any]  # (Document, chunks) per loaded document
    seqs: list[int]
    audits: dict[int, str]
    load_s: float
    audit_s: float


def prepare(work: Work) -> Prepared:
    """Load + chunk + audit a batch's files: reads files only, no database (so it can run ahead)."""
    failed: list[Planned] = []
    items = []
    seqs: list[int] = []
    started = time.perf_counter()
    for seq, source_path in work.files:
        loaded = load_file(
            work.root / source_path,
            root=work.root,
            tenant_id=work.tenant,
            collection=work.collection,
            max_bytes=work.max_bytes,
            # A served run's folder (its tenant's), else the run's own folder as registered (the
            # command line registers it resolved): a link put in its place after discover is refused.
            within=work.within if work.within is not None else work.root,
            exact=work.within is None and work.root.is_absolute(),
        )
        ready = (
            loaded
            if isinstance(loaded, DocumentError)
            else chunk_or_error(loaded, max_tokens=work.chunk_tokens, overlap_tokens=work.overlap_tokens)
        )
        if isinstance(ready, DocumentError):
            failed.append(Planned(seq=seq, outcome="failed", reason=client_reason(ready, work.root)))
            continue
        items.append(ready)
        seqs.append(seq)
    load_s = time.perf_counter() - started
    started = time.perf_counter()
    audits = {
        seq: audit_step.audit_document(
            document, work.audit_rules, work.today, within=work.within, recorded=work.kept_rules
        )
        for seq, (document, _chunks) in zip(seqs, items, strict=True)
    }
    return Prepared(failed, items, seqs, audits, load_s, time.perf_counter() - started)


def work_of(
    rows: Sequence[ManifestRow], tenant: str, run_id: str, root: Path, collection: str, **settings: Any
) -> Work:
    # A redone batch upserts its documents again (idempotent: by chunk id) but keeps the outcomes
    # its first attempt recorded; failed and removed ones are done.
    files = tuple(
        (r.seq, r.source_path) for r in rows if r.kind == "file" and r.outcome not in ("failed", "removed")
    )
    return Work(tenant, run_id, root, collection, files, **settings, stamps=stamps(root, files))


def stamps(root: Path, files: Sequence[tuple[int, str]]) -> tuple[tuple[int, int, int] | None, ...]:
    """Each file's (size, mtime_ns, inode), None for one that cannot be looked at (gone): a stat each."""

    def stamp(path: Path) -> tuple[int, int, int] | None:
        try:
            st = path.stat()
        except (OSError, ValueError):  # gone, unreadable, a name the system refuses: load_file says which
            return None
        return (st.st_size, st.st_mtime_ns, st.st_ino)

    return tuple(stamp(root / source_path) for _seq, source_path in files)
