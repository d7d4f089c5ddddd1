"""The audit's data: findings, per-document signatures for cross-document rules, and the run's report."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# One type with the run's state (graph/ingestion/state.py), re-exported here for the report.
from kassist.review import ReviewDecision as ReviewDecision

Category = Literal["personal_data", "secret", "stale", "missing_metadata", "near_duplicate", "superseded"]
Severity = Literal["low", "medium", "high", "critical"]

CATEGORIES: tuple[Category, ...] = (
    "personal_data",
    "secret",
    "stale",
    "missing_metadata",
    "near_duplicate",
    "superseded",
)
SEVERITIES: tuple[Severity, ...] = ("low", "medium", "high", "critical")
SEVERITY_RANK: dict[str, int] = {name: rank for rank, name in enumerate(SEVERITIES)}


class Finding(BaseModel):
    """One thing the audit found in one document. ``excerpt`` is redacted: never a full secret."""

    model_config = ConfigDict(frozen=True)

    doc_id: str
    path: str
    location: str = Field(description='Where in the text: "line 12", or "document" for whole-document rules')
    rule: str = Field(description='The rule that fired, e.g. "payment_card", "stale", "missing_owner"')
    category: Category
    severity: Severity
    excerpt: str = Field(description="Redacted context: values masked, at most about 160 characters")


class DocSignature(BaseModel):
    """What the cross-document rules need of a document; small enough to store per document."""

    model_config = ConfigDict(frozen=True)

    title: str
    family: str = Field(description="Policy family key: the title without years, versions and edition words")
    year: int | None = None
    version: str | None = None
    effective: date | None = None
    reviewed: date | None = None
    status: str | None = Field(default=None, description="archived, superseded, draft, ... when stated")
    minhash: list[int] = Field(default_factory=list, description="MinHash of the text's word shingles")


class DocumentAudit(BaseModel):
    """``audit_document``'s result: the document's own findings and its signature."""

    model_config = ConfigDict(frozen=True)

    doc_id: str
    path: str
    findings: list[Finding]
    signature: DocSignature


class DocumentRow(BaseModel):
    """One document of the run, as the report's table shows it."""

    model_config = ConfigDict(frozen=True)

    doc_id: str
    path: str
    status: str = Field(description="The pipeline's outcome: indexed, unchanged, failed, ...")
    chunks: int = 0
    reason: str | None = None


class AuditReport(BaseModel):
    """Everything one run's report shows."""

    model_config = ConfigDict(frozen=True)

    run_id: str
    tenant_id: str
    collection: str
    generated_on: date | None = None
    review: list[str] = Field(default_factory=list, description="Why the run needs review (review_reasons)")
    decision: ReviewDecision | None = Field(default=None, description="The review's decision, once made")
    counters: dict[str, int] = Field(default_factory=dict)
    documents: list[DocumentRow] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)


@dataclass(frozen=True)
class ReportPaths:
    """Where ``write_reports`` put the three renderings of one report."""

    markdown: Path
    json: Path
    html: Path
