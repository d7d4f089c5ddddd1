"""A person's decision on an ingestion run that needed review: one type for the run's state (the
decision committed, until its report says it) and for the audit report that shows it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ReviewDecision(BaseModel):
    """A person's decision on a run that needed review: what, who, when (ISO 8601, UTC). Strict
    where it enters the run's state: a verdict other than the two, or a field no decision has, is
    refused there (a ValidationError naming it), not carried to the one node that reads it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    verdict: Literal["approved", "rejected"] = Field(description="approved | rejected")
    by: str = ""
    at: str = ""
