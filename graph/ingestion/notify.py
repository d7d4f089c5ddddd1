"""``--notify-url``: one POST of the run's summary, at most once per idempotency key.

The key ``notify:{run_id}:{step_id}:{target}`` is recorded in the ledger before the call (intent)
and the answer after it; a replay finds the answer and does not call again. The intent is claimed
by the worker that calls: a second worker at the same moment (a graph run on ``langgraph dev``
beside ``kassist runs resume``, which takes the run's lease the graph run does not) waits for the
answer instead of calling too. A process killed between the call and the record holds no claim
(its process is gone) and sends again on resume, with the same key in the ``Idempotency-Key``
header, so the receiver can drop the duplicate.
"""

from __future__ import annotations

import time
from typing import Any

import httpx

from graph.ingestion.errors import (
    PermanentHTTPError,
    SideEffectInFlight,
    TransientHTTPError,
    http_status_class,
)
from graph.ingestion.notify_urls import NOT_HTTP, is_http_url
from graph.ingestion.state import AgentRunState
from graph.ingestion.store import BindsRuns
from graph.ingestion.store_ops import new_holder

TIMEOUT_S = 10.0


def notify_key(run_id: str, step_id: str, target: str) -> str:
    return f"notify:{run_id}:{step_id}:{target}"


def payload(state: AgentRunState, tenant: str) -> dict[str, Any]:
    return {
        "run_id": state.run_id,
        "tenant_id": tenant,
        "collection": state.settings.collection,
        "status": "completed",
        "counters": state.counters.model_dump(),
        "findings": state.findings,
        "reports": state.reports,  # formats stored with the run: `kassist runs report` exports them
    }


def send(store: BindsRuns, tenant: str, state: AgentRunState, url: str) -> str:
    """POST the summary unless the ledger holds this key's answer; returns a one-line outcome."""
    if not is_http_url(url):  # never callable: failing it as transient would retry it at every resume
        raise PermanentHTTPError(f"the notify URL {url[:200]!r} {NOT_HTTP}; fix the URL and resume")
    key = notify_key(state.run_id, "notify", url)
    body = payload(state, tenant)
    runs = store.for_tenant(tenant)
    # The claim outlives any call (TIMEOUT_S for each of connect and read) and is void once its
    # worker's process is gone: a resume after a kill sends again at once, a live sender is waited for.
    claim = {"sending": new_holder(), "until": time.time() + 3 * TIMEOUT_S}
    entry = runs.ledger_begin(state.run_id, key, body, claim)
    if entry.state == "sending":  # another worker (a graph run beside `runs resume`) is sending it
        raise SideEffectInFlight(f"the notification to {url} is being sent by another worker; will retry")
    if entry.state != "intent":
        return f"{entry.state} earlier (replayed from the ledger): {entry.result}"
    try:
        response = httpx.post(url, json=body, headers={"Idempotency-Key": key}, timeout=TIMEOUT_S)
    except httpx.TransportError as exc:
        runs.ledger_release(key, claim)
        raise TransientHTTPError(url, 0) from exc
    verdict = http_status_class(response.status_code)
    if verdict == "transient":
        runs.ledger_release(key, claim)
        raise TransientHTTPError(url, response.status_code)
    result = {"status": response.status_code}
    if verdict == "permanent":
        runs.ledger_finish(key, "failed", result)
        raise PermanentHTTPError(
            f"{url} refused the notification with HTTP {response.status_code}; fix the URL and resume"
        )
    runs.ledger_finish(key, "done", result)
    return f"sent to {url}: HTTP {response.status_code} (key {key})"
