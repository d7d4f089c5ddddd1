"""The state of one ingestion run: what LangGraph checkpoints after every node.

It stays the same size whatever the corpus: no document text, chunks or vectors (they live in the
index), no list of paths (the run's manifest is a table, see :mod:`graph.ingestion.store`). The plan
is a fixed list of steps; the batch loop is one step with a cursor, not one step per batch.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from kassist.chunk_bounds import MIN_CHUNK_TOKENS, overlap_refusal
from kassist.review import ReviewDecision

RunStatus = Literal["pending", "running", "paused", "completed", "failed", "needs_review", "cancelled"]
StepKind = Literal["discover", "ingest", "audit", "report", "review", "notify", "remember"]
StepStatus = Literal["pending", "running", "done", "skipped", "failed"]
TERMINAL: frozenset[str] = frozenset({"completed", "cancelled"})
STOPPED: frozenset[str] = frozenset({"paused", "failed", "cancelled", "completed"})
ReportFormat = Literal["html", "json", "markdown"]
REPORT_FORMATS: tuple[ReportFormat, ...] = ("html", "json", "markdown")

# A run id names a thread, a registry row and the file stem of an exported report: a plain name,
# never a path (no "/", no "..", no NUL, no leading dot or dash), short enough for every key column.
RUN_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


class InvalidRunId(ValueError):
    """A run id that is not a plain name."""


def validate_run_id(run_id: str) -> str:
    """``run_id`` if it is a plain name (letters, digits, ``.``, ``_``, ``-``; at most 128; no ``..``)."""
    if not isinstance(run_id, str) or not RUN_ID_PATTERN.fullmatch(run_id) or ".." in run_id:
        shown = repr(run_id)[:80]
        raise InvalidRunId(
            f"run id {shown} is not a plain name: use 1-128 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit, without '..'"
        )
    return run_id


class PlanStep(BaseModel):
    step_id: str
    kind: StepKind


PLAN: tuple[PlanStep, ...] = tuple(
    PlanStep(step_id=kind, kind=kind)
    for kind in ("discover", "ingest", "audit", "report", "review", "notify", "remember")
)


class Counters(BaseModel):
    """Progress of a run; each document counts once, however often its batch was redone."""

    documents_seen: int = 0
    documents_indexed: int = 0
    documents_unchanged: int = 0
    documents_failed: int = 0
    documents_removed: int = 0
    chunks_added: int = 0
    chunks_unchanged: int = 0
    chunks_removed: int = 0
    cache_hits: int = 0
    embedded: int = 0

    def plus(self, other: Counters) -> Counters:
        return Counters(**{k: v + getattr(other, k) for k, v in self.model_dump().items()})


# The bounds of the numbers a run is asked for, shared by Settings and the runs API's RunOptions
# (server/runs/models.py), so that the graph and the API refuse the same values with the same 422.
# Strict: a client's `true` or "7" is refused with the field's name, not run as 1 or 7 (pydantic's
# lax mode converted both; session 25 probe).
BatchSize = Annotated[int, Field(ge=1, le=10_000, strict=True)]
ChunkTokens = Annotated[int, Field(ge=16, le=512, strict=True)]  # the chunker's bound: chunk_at_door
OverlapTokens = Annotated[int, Field(ge=0, le=256, strict=True)]
MaxBytes = Annotated[int, Field(ge=1, le=2**30, strict=True)]
BATCH_SIZE, CHUNK_TOKENS, OVERLAP_TOKENS, MAX_BYTES = 25, 256, 32, 20 * 2**20
"""Their defaults, the same for a run the graph is given and one the runs API starts."""
MAX_STEPS = 1_000_000
"""Far more steps than any run takes, and a number every database stores."""
MaxSteps = Annotated[int | None, Field(ge=1, le=MAX_STEPS, strict=True)]
"""A run's step budget, at its create and at a resume alike: strict, `true` or "3" is a 422, not 1 or 3
(the resume's was lax: h25 s39 H25-3)."""

STORED: dict[str, bool] = {"stored": True}
"""The validation context of a run's stored records (its state, its registration, its queued
request): a door's bound that came later does not refuse a run let in before it - one with 20 chunk
tokens failed at its ingest step, and reading it made ``kassist runs list`` and the runs API's list
exit on a raw error (review s34 r1 F3). Every read of a stored run passes it (:func:`stored_state`,
:func:`stored_settings`)."""


def _stored(info: ValidationInfo) -> bool:
    return isinstance(info.context, dict) and info.context.get("stored") is True


def chunk_at_door(chunk: int, info: ValidationInfo) -> int:
    """``chunk_tokens`` as the chunker takes it (kassist/chunk_bounds.py), at every door: a run let
    in with fewer failed at its ingest step (h12 s34 #13). Settings and the runs API's RunOptions."""
    if chunk < MIN_CHUNK_TOKENS and not _stored(info):
        raise ValueError(f"chunk_tokens must be at least {MIN_CHUNK_TOKENS}, got {chunk}")
    return chunk


def overlap_at_door(overlap: int, info: ValidationInfo) -> int:
    """``overlap_tokens`` at most half of ``chunk_tokens`` (validated first), its default too (a
    chunk of 40 alone took the default 32 and failed to read back: review s34 r1 F2)."""
    chunk = info.data.get("chunk_tokens")
    if (
        isinstance(chunk, int)
        and not _stored(info)
        and (refused := overlap_refusal(chunk, overlap)) is not None
    ):
        raise ValueError(refused)
    return overlap


class Settings(BaseModel):
    """What the run was asked to do (registered at its start, never changed after)."""

    model_config = ConfigDict(extra="forbid")  # a mistyped setting is an error, not a silent default

    source: str = ""
    collection: str = "default"
    embedder: str = "auto"
    batch_size: BatchSize = BATCH_SIZE
    chunk_tokens: ChunkTokens = CHUNK_TOKENS
    overlap_tokens: OverlapTokens = Field(default=OVERLAP_TOKENS, validate_default=True)
    notify_url: str | None = None
    audit_rules: str | None = Field(default=None, description="TOML file of audit rules (None: defaults)")
    max_bytes: MaxBytes = Field(default=MAX_BYTES, description="Larger files fail as too_large, unread")
    uploaded: bool = Field(
        default=False,
        description="The source is an upload's folder (the runs API's upload route sets it): its files "
        "join the collection's uploads and the run removes no document (knowledge/index/sources.py)",
    )

    _chunk_fits = field_validator("chunk_tokens")(chunk_at_door)
    _overlap_fits = field_validator("overlap_tokens")(overlap_at_door)


def stored_settings(data: object) -> Settings:
    """A stored run's settings (its registration, its queued request) read back: :data:`STORED`."""
    if isinstance(data, str | bytes):
        return Settings.model_validate_json(data, context=STORED)
    return Settings.model_validate(data, context=STORED)


class IngestionInput(BaseModel):
    """All a client may send to start or continue a run (the graph's input schema).

    Everything else in :class:`AgentRunState` (status, review, counters, reports, the plan and its
    cursor, the run id) is written only by the graph's nodes: LangGraph drops input keys that are
    not fields here. Optional fields default to None so that an instance of this model writes only
    what was set (LangGraph skips None values that were not given)."""

    model_config = ConfigDict(extra="forbid")

    settings: Settings = Field(description="What to ingest; fixed at the run's first invocation")
    goal: str | None = Field(default=None, description="Free text kept with the run")
    conversation_id: str | None = Field(default=None, description="The conversation that asked for it")


INPUT_KEYS: frozenset[str] = frozenset(IngestionInput.model_fields)
"""The input keys a client may send (a server refuses any other with 422)."""


class AgentRunState(BaseModel):
    run_id: str = ""
    tenant_id: str = ""
    conversation_id: str | None = None
    goal: Annotated[str, BeforeValidator(lambda v: "" if v is None else v)] = ""
    settings: Settings = Field(default_factory=Settings)
    embedder_name: str = Field(default="", description="The model actually used (e.g. hashing-384)")
    plan: list[PlanStep] = Field(default_factory=lambda: list(PLAN))
    next_step_index: int = 0
    documents_total: int = 0
    batches_total: int = 0
    batch_cursor: int = Field(default=0, description="Batches of the ingest step already committed")
    last_document: str | None = Field(default=None, description="Last document of the last committed batch")
    step_statuses: dict[str, StepStatus] = Field(default_factory=dict)
    step_outputs: dict[str, str] = Field(default_factory=dict)
    retry_counts: dict[str, int] = Field(default_factory=dict)
    status: RunStatus = "pending"
    last_error: str | None = None
    counters: Counters = Field(default_factory=Counters)
    findings: dict[str, int] = Field(default_factory=dict, description="Audit findings by severity")
    reports: list[ReportFormat] = Field(
        default_factory=list,
        description="Formats of the audit report stored with the run (graph.ingestion.reports); never a path",
    )
    audit_date: str | None = Field(default=None, description="The day the audit judges staleness against")
    review_reasons: list[str] = Field(default_factory=list, description="Why the audit wants a person")
    review: str | None = Field(default=None, description="The review's reason, then the decision")
    decision_to_report: ReviewDecision | None = Field(
        default=None,
        description="A review decision committed but not yet in the stored report (record_decision)",
    )
    refused: str | None = Field(
        default=None, description="Why `begin` refused this invocation's input (cleared by the next)"
    )
    rechunk: bool = Field(
        default=False,
        description="May give its collection its own chunk settings: decided at discover, by the run's "
        "first invocation (knowledge/index/chunk_settings.py)",
    )
    session: str = Field(default="", description="Id of the invocation that owns session_steps")
    session_steps: int = 0

    @property
    def ended(self) -> bool:
        """Whether ``route`` ends this run: completed or cancelled, with its review decision (if
        any) in the stored report. A rejection stopped right after its checkpoint is ``cancelled``
        with ``record_decision`` still to run, so it has not ended."""
        return self.status in TERMINAL and self.decision_to_report is None

    @property
    def midway(self) -> bool:
        """Whether the graph has more to do that waits for nobody: stopped between two nodes
        (``running``), or a review decision committed whose report ``record_decision`` has still
        to write. A worker stopped by a shutdown keeps such a run's request for the next one."""
        return self.status == "running" or self.decision_to_report is not None

    @property
    def announced(self) -> bool:
        """Whether the notify step told the receiver the run completed: from then on the steps after
        it only record that, and a cancel is refused at every door (:func:`too_late_to_cancel`) -
        accepted and then ignored, the runs API, the console and ``kassist runs cancel`` said the run
        would stop and it completed (session 30, review r B5)."""
        return self.step_statuses.get("notify") == "done"

    @property
    def step(self) -> PlanStep | None:
        return self.plan[self.next_step_index] if self.next_step_index < len(self.plan) else None


def stored_state(values: object) -> AgentRunState:
    """A run's state read back from its checkpoint (values, or the input it waits on): :data:`STORED`."""
    return AgentRunState.model_validate(values, context=STORED)


def too_late_to_cancel(run_id: str) -> str:
    """Why a cancel of an :attr:`AgentRunState.announced` run is refused: one line, every door."""
    return (
        f"run {run_id!r} has told its notification receiver it completed; it completes (a cancel stops "
        "only a run that has not announced its end)"
    )
