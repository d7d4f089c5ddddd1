"""``audit_document``: one document's findings and signature, computed while its text is in memory."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import date
from typing import Any

from knowledge.audit.credentials import find_secrets
from knowledge.audit.lifecycle import months_between, signature
from knowledge.audit.masking import sensitive_hits
from knowledge.audit.models import DocSignature, DocumentAudit, Finding
from knowledge.audit.personal import find_personal_data
from knowledge.audit.redact import Hit, excerpts, line_of, line_starts
from knowledge.audit.rules import AuditRules
from knowledge.loaders.metadata import merge_metadata

_WHERE_METADATA = "front matter, HTML meta tag, document properties or a header line such as"


def audit_document(
    doc_id: str,
    path: str,
    text: str,
    metadata: Mapping[str, Any],
    rules: AuditRules,
    *,
    today: date,
) -> DocumentAudit:
    """Findings of every enabled per-document rule, and the signature the cross-document rules need.

    ``metadata`` is what the loader found (``Document.metadata``, optionally with ``title``); fields it
    lacks are looked for in the text's header lines. Pure: no I/O, same input, same result.
    """
    meta: dict[str, Any] = dict(merge_metadata({k: v for k, v in metadata.items() if k != "title"}, text))
    if "title" in metadata:
        meta["title"] = metadata["title"]
    sig = signature(text, meta, path)
    findings = _content_findings(doc_id, path, text, rules)
    # A title the text does not hold (HTML <title>, PDF/DOCX metadata) is what hits, citations and
    # answers name: read it too (session 34, h13 C2: a key there reached search with no review).
    title = str(metadata.get("title") or "")
    if title and title not in text:
        findings += [
            f.model_copy(update={"location": "title"}) for f in _content_findings(doc_id, path, title, rules)
        ]
    if rules.enabled_category("stale"):
        findings.extend(_stale(doc_id, path, sig, rules, today))
    if rules.enabled_category("missing_metadata"):
        findings.extend(
            rules.finding(
                doc_id,
                path,
                f"missing_{field}",
                f"no {field} stated ({_WHERE_METADATA} '{field.capitalize()}: ...')",
            )
            for field in rules.required_metadata
            if not str(meta.get(field) or "").strip()
        )
    return DocumentAudit(doc_id=doc_id, path=path, findings=findings, signature=sig)


def _content_findings(doc_id: str, path: str, text: str, rules: AuditRules) -> list[Finding]:
    taken: list[tuple[int, int]] = []
    hits: list[Hit] = []
    if rules.enabled_category("secret"):
        hits.extend(find_secrets(text, taken))
    if rules.enabled_category("personal_data"):
        hits.extend(find_personal_data(text, rules, taken))
    if not hits:
        return []
    starts = line_starts(text)
    by_line: dict[int, list[Hit]] = defaultdict(list)
    for hit in hits:
        by_line[line_of(starts, hit.start)].append(hit)
    # An excerpt masks what the index masks whatever the rules (knowledge/audit/masking.py): a rules
    # file enabling one category quoted the other's values in full to every reader of the report
    # (session 34, h13 C5). Only when a category is off: otherwise its hits are on the line already.
    masks: dict[int, list[Hit]] = defaultdict(list)
    if not (rules.enabled_category("secret") and rules.enabled_category("personal_data")):
        for other in sensitive_hits(text, list(taken)):
            masks[line_of(starts, other.start)].append(other)
    findings: list[Finding] = []
    for line, on_line in sorted(by_line.items()):
        cut = excerpts(text, starts, line, on_line + masks[line])
        findings += (
            rules.finding(
                doc_id, path, hit.rule, cut[id(hit)], category=hit.category, location=f"line {line}"
            )
            for hit in sorted(on_line, key=lambda h: h.start)
        )
    return findings


def _stale(doc_id: str, path: str, sig: DocSignature, rules: AuditRules, today: date) -> list[Finding]:
    dates = [d for d in (sig.effective, sig.reviewed) if d is not None]
    if not dates:
        return []
    latest = max(dates)
    age = months_between(latest, today)
    if age < rules.stale_after_months:
        return []
    stated = ", ".join(
        f"{label} {d.isoformat()}"
        for label, d in (("effective", sig.effective), ("last reviewed", sig.reviewed))
        if d
    )
    return [
        rules.finding(
            doc_id,
            path,
            "stale",
            f"{stated}: {age} months old on {today.isoformat()}, "
            f"over the {rules.stale_after_months}-month review period",
        )
    ]
