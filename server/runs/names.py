"""What a client names runs and pages by on the runs API: run ids (checked before any database sees
them), cursors, a run's links, and the error a refused request raises."""

from __future__ import annotations

import base64
import binascii
import json
import math
import time
import uuid
from typing import TYPE_CHECKING

from server.configurable import shown
from server.runs.models import RUN_ID

if TYPE_CHECKING:
    from graph.ingestion.jobs import TooManyWaiting

PREFIX = "/v1/runs"
Loc = tuple[str, ...]


def not_waiting(run: str, status: str) -> str:
    """Why a review decision on a run that does not wait for one is refused (409): one wording for
    the runs API and the LangGraph server (server/resume_rules.check_decision)."""
    return f"run {run!r} is {status}, not waiting for a review"


class ApiError(Exception):
    """A request refused with ``status``; with ``loc``, a 422 naming that field."""

    def __init__(self, status: int, detail: str, loc: Loc | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.loc = loc


def check_run_id(run: str, loc: Loc) -> str:
    """A run id as the server names runs (checked before any database sees it: PostgreSQL refuses
    a NUL in text, and an id is a folder name of the run's uploads)."""
    if len(run) > 128 or not RUN_ID.fullmatch(run) or ".." in run:
        raise ApiError(
            422, f"{shown(run)} is not a run id: 1-128 letters, digits, '.', '_' or '-', starting with a "
            "letter or digit", loc,
        )  # fmt: skip
    return run


def check_new_run_id(run: str, loc: Loc) -> str:
    """A run id a client names a new run with: a plain name (:func:`check_run_id`) that is not a UUID.
    A run id names its checkpoint thread, and the LangGraph server's thread ids are UUIDs (its
    clients may choose them): on a database both servers share, a UUID run id was a thread of the
    other, whose owner read this run's state (the server's folder in its settings) and ran on it."""
    check_run_id(run, loc)
    try:
        uuid.UUID(run)
    except ValueError:
        return run
    raise ApiError(
        422, f"{run!r} is a UUID, which names a thread of the LangGraph server; name the run (e.g. "
        "hr-2026) or leave run_id out", loc,
    )  # fmt: skip


def links(run: str) -> dict[str, str]:
    base = f"{PREFIX}/{run}"
    return {
        "self": base, "resume": f"{base}/resume", "approve": f"{base}/approve", "reject": f"{base}/reject",
        "cancel": f"{base}/cancel", "report": f"{base}/report",
    }  # fmt: skip


def encode_cursor(at: float, run: str) -> str:
    """The ``next_cursor`` of a page that ends at keyset position ``(at, run)``: the next page holds
    the runs created before ``at``, or at ``at`` with a smaller id. ``run`` is a run the page's reader
    reaches, or "" (every run created at ``at`` was read): a cursor never names a run its reader may
    not see (another member's langgraph dev run; h10 s32 #1)."""
    return base64.urlsafe_b64encode(json.dumps([at, run]).encode()).decode()


def decode_cursor(cursor: str) -> tuple[float, str]:
    try:
        if len(cursor) > 1024:
            raise ValueError("too long")
        at, run = json.loads(base64.urlsafe_b64decode(cursor.encode("ascii")))
        if not isinstance(run, str) or (run and not RUN_ID.fullmatch(run)) or not math.isfinite(float(at)):
            raise ValueError("not ours")
        return float(at), run
    except (ValueError, TypeError, OverflowError, binascii.Error, UnicodeError):  # 10**400: OverflowError
        raise ApiError(
            422, "not a cursor this server gave out; pass next_cursor as it came", ("query", "cursor")
        ) from None


def taken(run: str) -> ApiError:
    return ApiError(
        409, f"a run {run!r} exists already; choose another run_id or leave it out", ("body", "run_id")
    )


def held(run: str) -> ApiError:
    """409 for an id whose thread another request claimed and no run or thread of it exists: a
    conversation starting on it, or a create of it that did not finish (a kill between its claim
    and its run: "a run exists already" was false while GET said 404; h25 s39 H25-5)."""
    return ApiError(
        409,
        f"run_id {run!r} is held by another request (a conversation starting on that id, or a create of it "
        "that did not finish); choose another run_id or leave it out",
        ("body", "run_id"),
    )


def new_id() -> str:
    return f"run-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"


def too_many_waiting(exc: TooManyWaiting) -> ApiError:
    """409 for a run past the waiting-runs bound (graph/ingestion/jobs.WaitingBound), in the words
    langgraph dev's door uses (server/run_limits.py), naming the setting and what to do."""
    from server.run_limits import TENANT_WAITING_ENV, WAITING_ENV

    if exc.scope == "user":
        return ApiError(
            409,
            f"you have {exc.count} runs waiting or running, the most one user may have on this server is "
            f"{exc.limit} ({WAITING_ENV}): wait for them to finish, or cancel some "
            f"(POST {PREFIX}/{{run_id}}/cancel; GET {PREFIX} lists them)",
        )
    return ApiError(
        409,
        f"your tenant has {exc.count} runs waiting or running, the most one tenant may have on this server "
        f"is {exc.limit} ({TENANT_WAITING_ENV}): wait for them to finish, or cancel some (an admin of the "
        "tenant reaches every one)",
    )
