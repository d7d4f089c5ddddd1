"""One batch's files loaded, chunked and audited (:func:`prepare`): files only, no database, so a
batch can be loaded ahead of the one being written (graph/ingestion/batches_ahead.py). :class:`Work`
is what loading it depends on, the key a look-ahead is found by."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from graph.ingestion import audit_step, load_processes
from graph.ingestion.errors import for_client
from graph.ingestion.store_ops import ManifestRow, Planned
from knowledge.audit import AuditRules
from knowledge.documents import Chunk, Document, DocumentError
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


@dataclass(frozen=True)
class Job:
    """What loading one document depends on (sent to a worker: every field pickles)."""

    path: Path
    root: Path
    tenant: str
    collection: str
    max_bytes: int
    within: Path
    exact: bool
    chunk_tokens: int
    overlap_tokens: int
    # The run's audit rules as its own process reads them (audit_step.rules_at: the file, the
    # collection's record, the environment's ingestion root): a worker started earlier, in another
    # environment, reads nothing of its own (review s39 r4 R4-16).
    rules: AuditRules
    today: date
    plain: bool = False  # parse it as plain text (a page past its bound, loaded again)


@dataclass(frozen=True)
class Loaded:
    """A document with its chunks and audit (JSON), or why it is not indexed; and the time each took."""

    outcome: tuple[Document, list[Chunk], str] | DocumentError
    load_s: float
    audit_s: float
    note: str | None = None  # what the run's report says of a document loaded otherwise than asked


def load_here(job: Job) -> Loaded:
    """Load, chunk and audit ``job``'s document on this thread (a worker process runs it too:
    graph/ingestion/load_processes.py)."""
    started = time.perf_counter()
    loaded = load_file(
        job.path,
        root=job.root,
        tenant_id=job.tenant,
        collection=job.collection,
        max_bytes=job.max_bytes,
        within=job.within,
        exact=job.exact,
        plain_text=job.plain,
    )
    ready = (
        loaded
        if isinstance(loaded, DocumentError)
        else chunk_or_error(loaded, max_tokens=job.chunk_tokens, overlap_tokens=job.overlap_tokens)
    )
    load_s = time.perf_counter() - started
    if isinstance(ready, DocumentError):
        return Loaded(ready, load_s, 0.0)
    document, chunks = ready
    started = time.perf_counter()
    audit = audit_step.audit_document(document, job.rules, job.today)
    return Loaded((document, chunks, audit), load_s, time.perf_counter() - started)


@dataclass
class Prepared:
    failed: list[Planned]
    items: list[Any]  # (Document, chunks) per loaded document
    seqs: list[int]
    audits: dict[int, str]
    load_s: float
    audit_s: float
    notes: dict[int, str] = field(default_factory=dict)  # seq: a note for the run's report (load_processes)


def prepare(work: Work) -> Prepared:
    """Load + chunk + audit a batch's files: reads files only, no database (so it can run ahead).
    One document at a time, each here or in a worker process with a CPU bound
    (graph/ingestion/load_processes.py)."""
    failed: list[Planned] = []
    items: list[Any] = []
    seqs: list[int] = []
    audits: dict[int, str] = {}
    notes: dict[int, str] = {}
    load_s = audit_s = 0.0
    if not work.files:  # a batch of removals only
        return Prepared(failed, items, seqs, audits, load_s, audit_s, notes)
    # A served run's rules are read from inside its folder (within); the command line's own file keeps
    # full control (within None), whatever folder its documents are read from below.
    rules = audit_step.rules_at(work.audit_rules, within=work.within, recorded=work.kept_rules)
    for seq, source_path in work.files:
        job = Job(
            path=work.root / source_path,
            root=work.root,
            tenant=work.tenant,
            collection=work.collection,
            max_bytes=work.max_bytes,
            # A served run's folder (its tenant's), else the run's own folder as registered (the
            # command line registers it resolved): a link put in its place after discover is refused.
            within=work.within if work.within is not None else work.root,
            exact=work.within is None and work.root.is_absolute(),
            chunk_tokens=work.chunk_tokens,
            overlap_tokens=work.overlap_tokens,
            rules=rules,
            today=work.today,
        )
        loaded = load_processes.load(job, load_here)
        if isinstance(loaded, DocumentError):  # stopped at its CPU bound
            failed.append(Planned(seq=seq, outcome="failed", reason=client_reason(loaded, work.root)))
            continue
        load_s, audit_s = load_s + loaded.load_s, audit_s + loaded.audit_s
        if isinstance(loaded.outcome, DocumentError):
            failed.append(Planned(seq=seq, outcome="failed", reason=client_reason(loaded.outcome, work.root)))
            continue
        document, chunks, audits[seq] = loaded.outcome
        if loaded.note is not None:
            notes[seq] = loaded.note
        items.append((document, chunks))
        seqs.append(seq)
    return Prepared(failed, items, seqs, audits, load_s, audit_s, notes)


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
