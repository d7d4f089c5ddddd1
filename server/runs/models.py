"""What the runs API accepts and answers (pydantic v2 at the boundary; the OpenAPI schema comes from
these). Unknown fields are refused, so a misspelt option is a 422 naming it, not silently ignored."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from graph.ingestion.notify_urls import notify_url_refusal
from graph.ingestion.state import (
    BATCH_SIZE,
    CHUNK_TOKENS,
    OVERLAP_TOKENS,
    RUN_ID_PATTERN,
    BatchSize,
    ChunkTokens,
    MaxSteps,
    OverlapTokens,
    chunk_at_door,
    overlap_at_door,
)
from kassist.names import COLLECTION_NAME, is_collection
from server.configurable import shown

NAME = f"^{COLLECTION_NAME}$"
"""Run ids and collections in the schema: the knowledge index's collection rule (kassist/names.py;
pydantic's ``$`` matches at the very end only, as ``fullmatch`` does). A run id names a folder of
reports and uploads, so it can never be ``..`` or hold a separator."""
RUN_ID = RUN_ID_PATTERN
"""NAME for Python's ``re.fullmatch`` (whose ``$`` would also match before a final newline): the
ingestion graph's own run-id rule (which also refuses ``..`` inside a name)."""


def collection_refusal(name: str) -> str | None:
    """Why ``name`` is not a collection name (:data:`NAME`), in one line saying what one is; None: it
    is one. Every door of the runs API says it so: pydantic's own pattern error named the pattern
    and said the value back, a list no client could act on (a 5,000-character name, session 38)."""
    if is_collection(name):
        return None
    return (
        f"collection {shown(name)} is not a collection name: give 1-128 letters, digits, '.', '_' or "
        "'-', starting with a letter or digit"
    )


Status = Literal["pending", "running", "paused", "completed", "failed", "needs_review", "cancelled"]
ReportFormat = Literal["html", "json", "markdown"]


class RunOptions(BaseModel):
    """How to ingest: the options of ``kassist ingest``."""

    model_config = ConfigDict(extra="forbid")

    embedder: Literal["auto", "local", "hashing", "openai"] = "auto"
    # The bounds and defaults of graph/ingestion/state.Settings, strict: `true` or "7" is a 422, not 1 or 7
    batch_size: BatchSize = Field(default=BATCH_SIZE, description="Documents per batch (one checkpoint each)")
    chunk_tokens: ChunkTokens = CHUNK_TOKENS
    overlap_tokens: OverlapTokens = Field(default=OVERLAP_TOKENS, validate_default=True)
    max_steps: MaxSteps = Field(default=None, description="Pause after this many steps")
    notify_url: str | None = Field(
        default=None,
        max_length=2048,
        description="POST the summary here when done (a host the server allows)",
    )
    audit_rules: str | None = Field(
        default=None,
        max_length=4096,
        description="TOML file of audit rules, relative to the run's root (default: built-in)",
    )

    _chunk_fits = field_validator("chunk_tokens")(chunk_at_door)
    _overlap_fits = field_validator("overlap_tokens")(overlap_at_door)

    @field_validator("notify_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        refused = notify_url_refusal(v) if v is not None else None
        if refused is not None:  # the one rule of every door (graph/ingestion/notify_urls.py)
            raise ValueError(refused)
        return v

    @field_validator("audit_rules")
    @classmethod
    def _no_nul(cls, v: str | None) -> str | None:
        if v is not None and "\x00" in v:
            raise ValueError("must not contain a NUL character")
        return v


class CreateRun(BaseModel):
    """A run over a folder on the server, under its ingestion root."""

    model_config = ConfigDict(extra="forbid")

    path: str = Field(
        min_length=1, max_length=4096, description="Folder to ingest, relative to the server's ingestion root"
    )
    # The schema keeps the pattern; _collection checks it, saying what is wrong in one line.
    collection: str = Field(default="default", json_schema_extra={"pattern": NAME})
    # The schema keeps the pattern; the service checks it (names.check_new_run_id): one line.
    run_id: str | None = Field(
        default=None, description="Name the run (default: generated)", json_schema_extra={"pattern": NAME}
    )
    goal: str | None = Field(default=None, max_length=500)

    @field_validator("collection")
    @classmethod
    def _collection(cls, v: str) -> str:
        refused = collection_refusal(v)
        if refused is not None:
            raise ValueError(refused)
        return v

    @field_validator("path", "goal")
    @classmethod
    def _no_nul(cls, v: str | None) -> str | None:
        if v is not None and "\x00" in v:
            raise ValueError("must not contain a NUL character")
        return v

    options: RunOptions = Field(default_factory=RunOptions)


class ResumeRun(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_steps: MaxSteps = Field(default=None, description="Pause again after this many steps")


class Accepted(BaseModel):
    """A request queued: a worker of one of the servers carries it out in the background."""

    run_id: str
    status: str
    version: int = Field(description="The run's checkpoint version when the request was queued (0: none yet)")
    queued: bool = True
    links: dict[str, str]


class Progress(BaseModel):
    step: str | None
    documents_total: int
    batch: int
    batches: int
    last_document: str | None
    counters: dict[str, int]


class FailedDocument(BaseModel):
    path: str
    reason: str | None


class Errors(BaseModel):
    last_error: str | None = Field(description="Why the run stopped, if it failed")
    worker_error: str | None = Field(description="Why the server could not carry out the last request")
    failed_documents: list[FailedDocument] = Field(description="The first 100 documents that failed")
    retry_counts: dict[str, int]


class RunView(BaseModel):
    run_id: str
    status: str
    version: int
    active: bool = Field(description="A worker holds the run's lease right now")
    queued: bool = Field(description="A request waits for a worker")
    collection: str
    source: str
    created_at: float
    goal: str | None
    embedder: str | None
    progress: Progress
    errors: Errors
    findings: dict[str, int]
    review: str | None
    reports: dict[str, str] = Field(description="Links to the audit report, by format, once written")
    links: dict[str, str]


class RunSummary(BaseModel):
    run_id: str
    status: str
    active: bool
    queued: bool
    collection: str
    source: str
    created_at: float
    links: dict[str, str]


class RunPage(BaseModel):
    runs: list[RunSummary]
    next_cursor: str | None = Field(description="Pass as ?cursor= for the next page; null: no more")
