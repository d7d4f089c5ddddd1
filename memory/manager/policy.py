"""The conflict policy and the write gates, as pure functions (no I/O, no clock).

A slot is (tenant, user, memory type, key) and holds at most one active value; the database
enforces it with a partial unique index. docs/memory.md shows these rules as a table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from memory.manager.models import (
    TENANT_DEFAULTS,
    MemoryRecord,
    MemoryType,
    RememberRequest,
    Source,
    canonical_json,
)
from memory.manager.poisoning import ScreenConfig, ScreenFinding, scan_memory

AUTHORITATIVE = frozenset({Source.USER_EXPLICIT, Source.ADMIN, Source.SYSTEM})
"""Sources that speak for the user or the tenant (or the tenant's own jobs): the newest of them wins."""

TENANT_WIDE = frozenset({Source.ADMIN, Source.SYSTEM})
"""Sources that may write tenant-level defaults (what every user of the tenant sees)."""

USER_SOURCES = frozenset({Source.USER_EXPLICIT, Source.USER_IMPLICIT})
TRUSTED_TEXT = USER_SOURCES | {Source.ADMIN}
"""Sources whose text is not screened for instructions (the user's own words, the operator's)."""

DATA_ONLY_SOURCES = frozenset({Source.TOOL_OUTPUT, Source.KB_DOCUMENT, Source.SUMMARY, Source.SYSTEM})
BEHAVIOUR_TYPES = frozenset({MemoryType.PREFERENCE, MemoryType.SETTING, MemoryType.PROCEDURE})
"""Memory types that change how the assistant behaves: data-only sources can never write them."""

DEFAULT_CONFIDENCE_CAPS: Mapping[Source, float] = {
    Source.USER_EXPLICIT: 1.0,
    Source.ADMIN: 1.0,
    Source.SYSTEM: 1.0,
    Source.USER_IMPLICIT: 0.8,
    Source.KB_DOCUMENT: 0.7,
    Source.ASSISTANT_INFERRED: 0.6,
    Source.TOOL_OUTPUT: 0.6,
    Source.SUMMARY: 0.5,
}


@dataclass(frozen=True)
class PolicyConfig:
    """Tunable limits. ``rate_limit_per_minute`` counts new rows (added, superseding, quarantined);
    ``screen`` configures the instruction screen (the tenants' link allow-lists, the semantic layer)."""

    rate_limit_per_minute: int = 60
    confidence_caps: Mapping[Source, float] = field(default_factory=lambda: dict(DEFAULT_CONFIDENCE_CAPS))
    # The tenants' own hosts come from KASSIST_SCREEN_ALLOWED_HOSTS unless a config is given.
    screen: ScreenConfig = field(default_factory=ScreenConfig.from_env)

    def __post_init__(self) -> None:
        if self.rate_limit_per_minute < 1:
            raise ValueError(f"rate_limit_per_minute must be at least 1, got {self.rate_limit_per_minute}")


class Outcome(StrEnum):
    ADD = "add"
    SUPERSEDE = "supersede"
    UPGRADE = "upgrade"  # same value, now stated by a stronger source: update in place
    REFRESH = "refresh"  # same value: refresh updated_at and confidence, no new row
    REJECT = "reject"


@dataclass(frozen=True)
class Resolution:
    outcome: Outcome
    reason: str
    confidence: float


def capped_confidence(source: Source, confidence: float, config: PolicyConfig) -> float:
    """Non-user sources are capped so that repeating a claim never makes it look certain."""
    return min(confidence, config.confidence_caps.get(source, 0.5))


def source_gate(req: RememberRequest) -> str | None:
    """Why ``req`` may not be stored at all, or None."""
    if req.user_id == TENANT_DEFAULTS and req.source not in TENANT_WIDE:
        return (
            f"tenant-level defaults apply to every user of the tenant, so only source admin (or system, "
            f"kassist's own jobs) may set them (got {req.source.value}); store it for the user instead"
        )
    if req.source in DATA_ONLY_SOURCES and req.memory_type in BEHAVIOUR_TYPES:
        return (
            f"source {req.source.value} may not set a {req.memory_type.value}: documents, tool results, "
            "summaries and kassist's jobs can only record facts, episodes or project context; ask the "
            "user to state it"
        )
    return None


RECENT_WINDOW_MINUTES = 60
RECENT_LIMIT = 4
"""How many of the user's latest memories from the same source are read together with a new one."""


def screen(
    req: RememberRequest, config: PolicyConfig | None = None, recent: Sequence[tuple[str, Any]] = ()
) -> list[ScreenFinding]:
    """Reasons to quarantine text from a non-user source (empty for user and admin sources).

    ``recent`` are (key, value) of the user's latest memories from the same source that were let
    through, oldest first: an instruction split across writes is read whole."""
    if req.source in TRUSTED_TEXT:
        return []
    screen_config = (config or PolicyConfig()).screen
    return scan_memory(req.key, req.value, screen_config, tenant_id=req.tenant_id, recent=recent)


def rate_limit_reason(recent_new_rows: int, config: PolicyConfig) -> str | None:
    if recent_new_rows >= config.rate_limit_per_minute:
        return (
            f"rate limit: this user already has {recent_new_rows} new memories in the last minute "
            f"(limit {config.rate_limit_per_minute}); try again later or raise rate_limit_per_minute"
        )
    return None


def same_value(a: object, b: object) -> bool:
    return canonical_json(a) == canonical_json(b)


def resolve(req: RememberRequest, current: MemoryRecord | None, config: PolicyConfig) -> Resolution:
    """How a value for a slot meets the slot's current active value."""
    confidence = capped_confidence(req.source, req.confidence, config)
    new_auth = req.source in AUTHORITATIVE
    if current is None:
        return Resolution(Outcome.ADD, f"new {req.memory_type.value} from {req.source.value}", confidence)
    old_auth = current.source in AUTHORITATIVE
    if same_value(req.value, current.value):
        if new_auth and not old_auth:
            reason = f"same value, now confirmed by {req.source.value} (was {current.source.value})"
            return Resolution(Outcome.UPGRADE, reason, confidence)
        kept = max(current.confidence, confidence) if not (old_auth and not new_auth) else current.confidence
        return Resolution(Outcome.REFRESH, "same value already active; refreshed", kept)
    if new_auth:
        return Resolution(
            Outcome.SUPERSEDE,
            f"newer {req.source.value} value replaces the one from {current.source.value}",
            confidence,
        )
    if old_auth:
        return Resolution(
            Outcome.REJECT,
            f"the current value was set by {current.source.value}; {req.source.value} cannot override it",
            confidence,
        )
    if confidence >= current.confidence:
        return Resolution(
            Outcome.SUPERSEDE,
            f"inferred value with confidence {confidence:.2f} >= current {current.confidence:.2f} (newer wins ties)",
            confidence,
        )
    return Resolution(
        Outcome.REJECT,
        f"inferred value with confidence {confidence:.2f} < current {current.confidence:.2f}",
        confidence,
    )
