"""Compliance audit of ingested documents: personal data, secrets, stale and unowned documents,
near-duplicates and superseded policy versions. Pure functions, no database I/O.

Per document, while its text is in memory::

    result = audit_document(doc.doc_id, doc.source_path, doc.text, doc.metadata | {"title": doc.title},
                            rules, today=date.today())
    # store result.findings and result.signature (small) with the document

At the end of the run, over every document's signature::

    findings += audit_collection([(doc_id, path, signature), ...], rules)
    paths = write_reports(AuditReport(run_id=..., tenant_id=..., collection=..., counters=...,
                                      documents=[...], findings=findings), out_dir)

Rules and thresholds come from ``AuditRules.load(path_to_toml)`` (defaults with ``None``).
"""

from knowledge.audit.collection import audit_collection
from knowledge.audit.document import audit_document
from knowledge.audit.models import (
    CATEGORIES,
    SEVERITIES,
    AuditReport,
    Category,
    DocSignature,
    DocumentAudit,
    DocumentRow,
    Finding,
    ReportPaths,
    ReviewDecision,
    Severity,
)
from knowledge.audit.report import (
    findings_matrix,
    render_reports,
    report_stem,
    review_reasons,
    write_reports,
)
from knowledge.audit.rules import RULES, AuditConfigError, AuditRules

__all__ = [
    "CATEGORIES",
    "RULES",
    "SEVERITIES",
    "AuditConfigError",
    "AuditReport",
    "AuditRules",
    "Category",
    "DocSignature",
    "DocumentAudit",
    "DocumentRow",
    "Finding",
    "ReportPaths",
    "ReviewDecision",
    "Severity",
    "audit_collection",
    "audit_document",
    "findings_matrix",
    "render_reports",
    "report_stem",
    "review_reasons",
    "write_reports",
]
