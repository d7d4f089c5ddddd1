"""What ``retain`` removed, per tenant and thread (pydantic: it crosses into the CLI and logs)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Strategy = Literal["keep_latest", "delete"]


class ThreadRetention(BaseModel):
    model_config = ConfigDict(frozen=True)

    tenant_id: str
    thread_id: str
    checkpoints_removed: int = Field(ge=0)
    blobs_removed: int = Field(ge=0)
    thread_deleted: bool = False


class RetentionReport(BaseModel):
    """The outcome of one ``retain`` call; ``threads`` lists only threads that lost something."""

    model_config = ConfigDict(frozen=True)

    strategy: Strategy
    cutoff: datetime
    tenant_id: str | None
    threads: list[ThreadRetention] = Field(default_factory=list)

    @property
    def checkpoints_removed(self) -> int:
        return sum(t.checkpoints_removed for t in self.threads)

    @property
    def threads_deleted(self) -> int:
        return sum(1 for t in self.threads if t.thread_deleted)

    def by_tenant(self) -> dict[str, list[ThreadRetention]]:
        out: dict[str, list[ThreadRetention]] = {}
        for t in self.threads:
            out.setdefault(t.tenant_id, []).append(t)
        return out
