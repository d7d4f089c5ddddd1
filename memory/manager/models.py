"""Typed long-term memory records, the decisions ``remember`` returns, and audit entries.

These models cross every boundary (Python API, CLI JSON, database rows), so they are pydantic and
validate on construction: an unknown type or source is refused with the list of accepted values.
"""

from __future__ import annotations

import json
import math
from datetime import datetime
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from kassist.names import check_identifier

TENANT_DEFAULTS = "*"
"""The ``user_id`` of tenant-level defaults: every user of the tenant sees them unless they override."""

MAX_KEY_LENGTH = 200
MAX_USER_ID_LENGTH = 200
MAX_VALUE_BYTES = 16_384
MAX_SOURCE_REF_LENGTH = 500

E = TypeVar("E", bound=StrEnum)


class MemoryType(StrEnum):
    PREFERENCE = "preference"
    SETTING = "setting"
    PROJECT_CONTEXT = "project_context"
    FACT = "fact"
    EPISODE = "episode"
    PROCEDURE = "procedure"


class Source(StrEnum):
    USER_EXPLICIT = "user_explicit"
    USER_IMPLICIT = "user_implicit"
    ASSISTANT_INFERRED = "assistant_inferred"
    TOOL_OUTPUT = "tool_output"
    KB_DOCUMENT = "kb_document"
    SUMMARY = "summary"
    ADMIN = "admin"
    SYSTEM = "system"
    """kassist's own jobs (e.g. an ingestion run's summary): an operator's authority over what they
    record, but the content may carry document-derived text (paths), so it is screened and quoted."""


class Status(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    QUARANTINED = "quarantined"
    DELETED = "deleted"


class Action(StrEnum):
    ADDED = "added"
    UPDATED = "updated"
    UNCHANGED = "unchanged"
    SUPERSEDED_PREVIOUS = "superseded_previous"
    REJECTED = "rejected"
    QUARANTINED = "quarantined"


def parse_enum(enum: type[E], value: str | E, what: str) -> E:
    """``enum(value)`` with an error that lists the accepted values."""
    try:
        return enum(value)
    except ValueError:
        accepted = ", ".join(member.value for member in enum)
        raise ValueError(f"unknown {what} {value!r}; accepted: {accepted}") from None


def validate_user_id(user_id: object) -> str:
    """A user id, or :data:`TENANT_DEFAULTS` for tenant-level defaults."""
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValueError(f"user_id must be a non-empty string (or {TENANT_DEFAULTS!r} for tenant defaults)")
    return check_identifier(user_id, "user_id", MAX_USER_ID_LENGTH)


def canonical_json(value: Any) -> str:
    """The one serialisation used for equality, hashing and storage (sorted keys, no NaN)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class _Id(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str


class _Slot(BaseModel):
    """What a memory says and where it came from: the fields a stored record and a ``remember``
    call share (a record lists them after its ``id``: pydantic orders the fields of the bases from
    the last one in, so ``MemoryRecord(_Slot, _Id)`` dumps ``id`` first, as before)."""

    model_config = ConfigDict(frozen=True)

    tenant_id: str
    user_id: str
    memory_type: MemoryType
    key: str
    value: Any
    source: Source
    source_ref: str | None = None


class MemoryRecord(_Slot, _Id):
    """One version of one memory. Superseded versions keep ``valid_to`` and ``superseded_by``."""

    model_config = ConfigDict(frozen=True)

    confidence: float
    status: Status
    valid_from: datetime
    valid_to: datetime | None = None
    superseded_by: str | None = None
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None = None
    reason: str | None = None
    actor: str | None = None
    score: float | None = Field(default=None, description="similarity to the query, for semantic recall")

    @property
    def is_tenant_default(self) -> bool:
        return self.user_id == TENANT_DEFAULTS


class Decision(BaseModel):
    """What ``remember`` did and why, in words an operator can act on."""

    model_config = ConfigDict(frozen=True)

    action: Action
    reason: str
    memory: MemoryRecord | None = None
    superseded: MemoryRecord | None = None


class AuditEntry(BaseModel):
    """One line of the append-only audit log. Values appear only as salted hashes."""

    model_config = ConfigDict(frozen=True)

    seq: int
    at: datetime
    tenant_id: str
    user_id: str
    memory_id: str | None
    memory_type: str | None
    key: str | None
    action: str
    source: str | None
    actor: str
    old_hash: str | None
    new_hash: str | None
    reason: str


class RememberRequest(_Slot):
    """A validated ``remember`` call: bad input fails here, before anything is stored."""

    model_config = ConfigDict(frozen=True)

    confidence: float = 1.0
    expires_at: datetime | None = None
    actor: str = "kassist"

    @field_validator("memory_type", mode="before")
    @classmethod
    def _type(cls, v: object) -> MemoryType:
        return parse_enum(MemoryType, str(v), "memory type")

    @field_validator("source", mode="before")
    @classmethod
    def _source(cls, v: object) -> Source:
        return parse_enum(Source, str(v), "source")

    @field_validator("user_id")
    @classmethod
    def _user(cls, v: str) -> str:
        return validate_user_id(v)

    @field_validator("key")
    @classmethod
    def _key(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("key is empty; name the slot, e.g. response_language")
        if len(v) > MAX_KEY_LENGTH:
            raise ValueError(f"key is {len(v)} characters long; at most {MAX_KEY_LENGTH}")
        if "\x00" in v:
            raise ValueError("key contains a NUL character")
        return v

    @field_validator("value")
    @classmethod
    def _value(cls, v: Any) -> Any:
        try:
            text = canonical_json(v)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"value must be JSON (str, number, bool, null, list, dict): {exc}") from None
        except RecursionError:  # json's encoder recurses once per level (Python's limit, ~1000)
            raise ValueError("value is nested too deeply to store as JSON; flatten it") from None
        if "\\u0000" in text:
            raise ValueError("value contains a NUL character, which PostgreSQL JSONB cannot store")
        if len(text.encode()) > MAX_VALUE_BYTES:
            raise ValueError(f"value is {len(text.encode())} bytes as JSON; at most {MAX_VALUE_BYTES}")
        return v

    @field_validator("confidence")
    @classmethod
    def _confidence(cls, v: float) -> float:
        if math.isnan(v) or not 0.0 <= v <= 1.0:
            raise ValueError(f"confidence must be between 0 and 1, got {v}")
        return v

    @field_validator("source_ref")
    @classmethod
    def _ref(cls, v: str | None) -> str | None:
        if v is not None and len(v) > MAX_SOURCE_REF_LENGTH:
            raise ValueError(f"source_ref is {len(v)} characters long; at most {MAX_SOURCE_REF_LENGTH}")
        return v

    @field_validator("expires_at")
    @classmethod
    def _expires(cls, v: datetime | None) -> datetime | None:
        if v is not None and v.tzinfo is None:
            raise ValueError(
                "expires_at must be timezone-aware (e.g. datetime.now(UTC) + timedelta(days=30))"
            )
        return v


class MemoryInput(BaseModel):
    """One item of :meth:`MemoryManager.remember_many`; the source and actor are the batch's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    memory_type: MemoryType
    key: str
    value: Any
    source_ref: str | None = None
    confidence: float = 1.0
    expires_at: datetime | None = None

    @field_validator("memory_type", mode="before")
    @classmethod
    def _type(cls, v: object) -> MemoryType:
        return parse_enum(MemoryType, str(v), "memory type")
