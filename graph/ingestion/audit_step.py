"""The compliance audit's place in the pipeline (the rules and reports are ``knowledge.audit``'s).

Each document is audited inside its batch, while its text is in hand; its findings and signature go
into the manifest as JSON (never into the graph's state). At the end the audit step puts the run's
findings together (per-document ones plus the cross-document rules over the signatures) and the
report step renders Markdown, JSON and HTML, which the run stores with its data.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from graph.ingestion.served import tenants_file
from knowledge.audit import (
    CATEGORIES,
    RULES,
    SEVERITIES,
    AuditConfigError,
    AuditReport,
    AuditRules,
    DocumentAudit,
    DocumentRow,
    Finding,
    ReviewDecision,
    audit_collection,
    render_reports,
    review_reasons,
)
from knowledge.audit.models import SEVERITY_RANK
from knowledge.documents import Document

MAX_RULES_BYTES = 1 << 20
"""The largest audit-rules file a run reads (a rules file is a few hundred bytes of TOML)."""


SERVER_RULES = AuditRules()
"""The server's own bar for a run whose rules file a tenant can write: the defaults."""


def rules_at(path: str | None, *, within: Path | None = None, recorded: str | None = None) -> AuditRules:
    """The rules a run's documents are audited and its review is judged with: the file's, or the
    defaults. A file under the ingestion root is a tenant's (every served run's is there, and a
    tenant writes it): its rules only add to the server's (:func:`stricter`), so a tenant's own file
    cannot spare its run the admin's review (review s32 r1 L1: ``enabled = []`` and a failure share
    of 1.0 did). So is a served run's file wherever it is, and it is read only from inside ``within``,
    the folder the server serves the run (graph/ingestion/folders.served_folder): the file it opens,
    not the path it checked (:func:`read_rules`). The command line's operator names a file of their
    own and keeps full control. ``recorded``: the text of the rules the run's collection keeps
    (knowledge/index/collection_rules.py), which the run is audited with instead of its file as it
    is now: a run that names no file (they only add to the server's, whoever recorded them), and one
    that names a file, whose text discover compared with them or recorded (a member's file rewritten
    after that check lowered the collection's bar: review s37 r2 R2-3)."""
    tenants = not path or within is not None or tenants_file(path, os.environ)
    if recorded is not None:  # what its discover checked the file against, or recorded from it
        return _parsed(recorded, "(the rules its collection recorded)", tenants=tenants)
    if not path:
        return SERVER_RULES  # the defaults
    # Read as it is now, every time (a few hundred bytes, at most MAX_RULES_BYTES): a server's process
    # audited every later run of a path with the rules its first run read there - a tightened file
    # was ignored until a restart (h19 s37 H19-9). Only the parse is kept, by the text.
    text = read_rules_text(path, within=within.resolve() if within is not None else None)
    return _parsed(text, path, tenants=tenants)


@lru_cache(maxsize=16)
def _parsed(text: str, name: str, *, tenants: bool) -> AuditRules:
    """The rules of ``text`` (the file ``name``'s, named in its errors), on top of the server's when
    ``tenants``: parsed once per text, whatever path it was read from."""
    own = AuditRules.parse(text, name)
    return stricter(SERVER_RULES, own) if tenants else own


def stricter(base: AuditRules, own: AuditRules) -> AuditRules:
    """Rules that find whatever either finds and hold a run whenever either would: every category
    either enables, the higher severity of each rule, the shorter review period, every required
    field and phone region, the lower near-duplicate threshold and review bars, and only the
    exemptions (role mailboxes, organisation phone words, allowlist) both grant."""
    higher = {
        rule: max(base.severity_of(rule), own.severity_of(rule), key=SEVERITY_RANK.__getitem__)
        for rule in RULES
    }
    return AuditRules.model_validate(
        {
            "enabled": [c for c in CATEGORIES if c in base.enabled or c in own.enabled],
            "severity": higher,
            "stale_after_months": min(base.stale_after_months, own.stale_after_months),
            "required_metadata": _both(base.required_metadata, own.required_metadata),
            "near_duplicate_threshold": min(base.near_duplicate_threshold, own.near_duplicate_threshold),
            "needs_review_failure_share": min(
                base.needs_review_failure_share, own.needs_review_failure_share
            ),
            "needs_review_severity": min(
                base.needs_review_severity, own.needs_review_severity, key=SEVERITY_RANK.__getitem__
            ),
            "phone_regions": _both(base.phone_regions, own.phone_regions),
            "role_mailboxes": _common(base.role_mailboxes, own.role_mailboxes),
            "organisation_phone_context": _common(
                base.organisation_phone_context, own.organisation_phone_context
            ),
            "allowlist": _common(base.allowlist, own.allowlist),
        }
    )


def _both(first: tuple[str, ...], second: tuple[str, ...]) -> list[str]:
    return list(dict.fromkeys((*first, *second)))


def _common(first: tuple[str, ...], second: tuple[str, ...]) -> list[str]:
    # An exemption is compared as the audit reads it: letter case aside.
    kept = {value.lower() for value in second}
    return [value for value in first if value.lower() in kept]


def check_rules(path: str, *, within: Path | None = None) -> None:
    """Refuse (AuditConfigError, naming the file) a rules file a run could not audit with: no regular
    file, too large, not valid rules (TOML), or (``within`` given: a served run's folder) a file
    outside that folder - a door asks before the run exists (langgraph dev's input check, the runs
    API's), not at the run's ingest step, and reads it as the run will (:func:`read_rules`)."""
    read_rules(path, within=within)


def read_rules(path: str, *, within: Path | None = None) -> AuditRules:
    """The rules of the TOML file ``path`` (:func:`read_rules_text`)."""
    return AuditRules.parse(read_rules_text(path, within=within), path)


def read_rules_text(path: str, *, within: Path | None = None) -> str:
    """The text of the TOML file ``path``, as a run reads its rules: the text a collection records
    (knowledge/index/collection_rules.py). The file is opened once, without blocking, and read only
    if it is a regular file of at most :data:`MAX_RULES_BYTES` (a named pipe in a tenant's folder,
    named as a served run's rules, blocked the run's first batch forever, and every run queued behind
    it; a device or a huge file would be read whole). With ``within`` (resolved), the file opened must
    be the one the path resolves to under ``within``, compared by device and inode after the open: a
    check of the path, then a read of it, let a member swap the file for a link out of the folder in
    between (another tenant's rules, or any file the server can read, whose TOML errors the door and
    the run's error quote)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise AuditConfigError(
            f"audit rules file {path} does not exist; pass an existing TOML file"
        ) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise AuditConfigError(f"cannot read audit rules file {path}: {_reason(exc)}") from None
    with os.fdopen(fd, "rb") as opened:
        found = os.fstat(opened.fileno())
        if within is not None and not _opened_within(path, found, within):
            raise AuditConfigError(
                f"audit rules file {path} is not a file under the run's folder (a link out of it, or "
                "replaced since it was checked); name a TOML file under your tenant's folder"
            )
        if stat.S_ISDIR(found.st_mode):
            raise AuditConfigError(f"audit rules file {path} is a folder; pass a TOML file")
        if not stat.S_ISREG(found.st_mode):
            raise AuditConfigError(f"audit rules file {path} is not a regular file; name a TOML file")
        data = opened.read(MAX_RULES_BYTES + 1)
    if found.st_size > MAX_RULES_BYTES or len(data) > MAX_RULES_BYTES:
        raise AuditConfigError(
            f"audit rules file {path} is larger than {MAX_RULES_BYTES} bytes; an audit rules file is a "
            "short TOML file"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AuditConfigError(f"cannot read audit rules file {path}: {exc}") from None


def _opened_within(path: str, opened: os.stat_result, within: Path) -> bool:
    """Whether the file ``opened`` (its fstat) is what ``path`` resolves to under ``within`` now: the
    same device and inode as the resolved path's, which lies under ``within``. A swap after the open
    changes the resolved path's inode; one before it makes the opened file the link's target."""
    try:
        resolved = Path(path).resolve()
        if not resolved.is_relative_to(within):
            return False
        now = os.stat(resolved)
    except (OSError, ValueError, RuntimeError):  # gone, a NUL, a symlink loop
        return False
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)


def _reason(exc: Exception) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def audit_document(document: Document, rules: AuditRules, today: date) -> str:
    """The document's audit (findings and signature) as JSON for the manifest; ``rules``: the run's
    (:func:`rules_at`, read by the run's process: a load worker reads no rules file nor environment)."""
    from knowledge.audit import audit_document as audit

    metadata = {**document.metadata, "title": document.title}
    result = audit(document.doc_id, document.source_path, document.text, metadata, rules, today=today)
    return result.model_dump_json()


def findings(
    rows: Iterable[dict[str, Any]],
    rules_path: str | None,
    *,
    within: Path | None = None,
    recorded: str | None = None,
) -> list[Finding]:
    """Every finding of the run: each document's, then the cross-document rules'.

    Audits are read one at a time and only what the cross-document rules need is kept, with the
    MinHash as a uint64 array (512 bytes, not a list of 64 Python ints): the end of a 5,000-document
    run stays within the memory of its batches."""
    found: list[Finding] = []
    entries: list[tuple[str, str, Any]] = []
    for r in rows:
        if not r["audit"]:
            continue
        audit = DocumentAudit.model_validate_json(r["audit"])
        found += audit.findings
        minhash = np.asarray(audit.signature.minhash, dtype=np.uint64)
        entries.append((audit.doc_id, audit.path, audit.signature.model_copy(update={"minhash": minhash})))
    return found + audit_collection(entries, rules_at(rules_path, within=within, recorded=recorded))


def severity_counts(found: list[Finding]) -> dict[str, int]:
    """How many findings of each severity, most severe first (every summary prints them in this
    order: "4 critical, 36 high, 48 medium, 77 low"); severities with none are left out."""
    counts = {severity: 0 for severity in reversed(SEVERITIES)}
    for f in found:
        counts[f.severity] += 1
    return {severity: n for severity, n in counts.items() if n}


def reasons(
    found: list[Finding],
    *,
    failed: int,
    total: int,
    rules_path: str | None,
    within: Path | None = None,
    recorded: str | None = None,
) -> list[str]:
    """Why the run needs a person's review (the audit's rules decide), empty if it does not."""
    rules = rules_at(rules_path, within=within, recorded=recorded)
    return review_reasons(found, failed=failed, total=total, rules=rules)


def taken_over(count: int) -> str:
    """Why a run needs a review when it holds ``count`` documents it took over from another run's hold
    (waiting for its review, rejected, cancelled, or retired by retention): that review judged them,
    and this run's own audit (its rules, its files) may not let them in (h12 s34 #6)."""
    return (
        f"{count} document{'s' if count > 1 else ''} another run's review holds (waiting, rejected or "
        "stopped) would be let in by this run: an admin decides"
    )


def unread_held(
    rows: Iterable[dict[str, Any]], held: dict[str, str], run_id: str, tenant: str, collection: str
) -> str | None:
    """Why a run needs a review when it could not read documents another run holds (its manifest
    ``rows``; ``held``: the collection's held documents, doc_id -> holder), else None. That run's
    review - waiting, or rejected - judged their content with them, and this run would let in what it
    read again without the document that made the review necessary: a member's run given a
    ``max_bytes`` under the size of the file with the finding (too_large, so unaudited) released the
    policy change an admin had rejected (h12 s34 #3). A file gone from the folder is no such case:
    its run removes the document (docs/ingestion.md)."""
    from knowledge.loaders import document_id

    unread = sum(
        1
        for r in rows
        if r["outcome"] == "failed"  # a walk's error row names a path, no document: its id then
        and held.get(r["doc_id"] or document_id(tenant, collection, r["source_path"]), run_id) != run_id
    )
    if not unread:
        return None
    return (
        f"{unread} document{'s' if unread > 1 else ''} another run's review holds could not be read by "
        "this run (see the failed documents): an admin decides what it lets in"
    )


def with_decision(stored_json: str, decision: ReviewDecision) -> dict[str, str]:
    """The run's stored report (its JSON rendering) with the review's ``decision``, rendered again in
    every format: the findings, the review's reasons and the counters the admin reviewed, as they
    were (the lead's decision on h12 s34 #8: a decision never re-audits; a root-less approval of a
    served run recomputed the cross-document findings with the tenant's rules as they are, and the
    near-duplicates the admin reviewed left the final report)."""
    data = json.loads(stored_json)
    data.pop("summary", None)  # derived from the findings: rendered again
    return render_reports(AuditReport.model_validate(data).model_copy(update={"decision": decision}))


def render_report(
    *,
    run_id: str,
    tenant_id: str,
    collection: str,
    today: date,
    counters: dict[str, int],
    rows: Iterable[dict[str, Any]],
    found: list[Finding],
    review: list[str],
    decision: ReviewDecision | None = None,
) -> dict[str, str]:
    """The run's report rendered, by format (html, json, markdown)."""
    documents = [
        DocumentRow(
            doc_id=r["doc_id"] or "",
            path=r["source_path"],
            status=r["outcome"] or "pending",
            chunks=int(r["chunks_added"] or 0) + int(r["chunks_unchanged"] or 0),
            reason=r["reason"],
        )
        for r in rows
    ]
    report = AuditReport(
        run_id=run_id, tenant_id=tenant_id, collection=collection, generated_on=today, review=review,
        counters=counters, documents=documents, findings=found, decision=decision,
    )  # fmt: skip
    return render_reports(report)
