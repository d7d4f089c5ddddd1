"""A person's decision on an ingestion run that needed review: one type for the run's state (the
decision committed, until its report says it) and for the audit report that shows it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DECISION_RUN = "run"
"""The key of a recorded decision (``command.resume`` as langgraph dev's door records it:
server/roles.recorded_decision) naming the LangGraph run that carries it. LangGraph keeps a Command's
resume with the waiting checkpoint until a task uses it: a decision run that failed or was killed
before its checkpoint left its decision there, and the next run of the thread - a member's bare
continuation, a cron's firing - carried it out (h26 s40 H26-9, H26-10). The review node carries out
only a decision its own run brought (graph/ingestion/nodes/review.await_review)."""


class ReviewDecision(BaseModel):
    """A person's decision on a run that needed review: what, who, when (ISO 8601, UTC). Strict
    where it enters the run's state: a verdict other than the two, or a field no decision has, is
    refused there (a ValidationError naming it), not carried to the one node that reads it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    verdict: Literal["approved", "rejected"] = Field(description="approved | rejected")
    by: str = ""
    at: str = ""
