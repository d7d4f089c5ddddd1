"""``--notify-url``: one POST of the run's summary, at most once per idempotency key.

The key ``notify:{tenant}:{run_id}:{step_id}:{target}`` (:func:`notify_key`) is recorded in the ledger before the call (intent)
and the answer after it; a replay finds a "done" answer and does not call again (a refusal is
called again: the receiver was fixed). The intent is claimed by the worker that calls, and the
claim is renewed while its call runs: a second worker at the same moment (a graph run on
``langgraph dev`` beside ``kassist runs resume``, which takes the run's lease the graph run does
not) waits for the answer instead of calling too, however long the receiver takes. A claim ends
when its worker's process is gone (this host: at once; another host: ``CLAIM_S`` after its last
renewal): a process killed between the call and the record sends again on resume, with the same
key in the ``Idempotency-Key`` header, so the receiver can drop the duplicate. A call that went out
whole and was never answered is recorded as such (:data:`_SENT`): the run may have told its receiver.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any
from urllib.parse import quote

import httpx

from graph.ingestion.claims import kept_alive
from graph.ingestion.errors import PermanentHTTPError, TransientHTTPError, http_status_class
from graph.ingestion.notify_urls import NOT_HTTP, is_http_url, shown_target
from graph.ingestion.state import AgentRunState
from graph.ingestion.store import BindsRuns, TenantRunStore
from graph.ingestion.store_ops import LedgerEntry, new_holder

logger = logging.getLogger(__name__)
TIMEOUT_S = 10.0
CLAIM_S = 3 * TIMEOUT_S
"""How long a claim holds unless renewed; renewed every third of it while its worker's call runs
(httpx's TIMEOUT_S is per phase and per read: a receiver trickling its answer keeps a call open
longer than any fixed time, and a claim ending under a live sender let a second worker POST
again, review s30 B1). A claim of this host is void at once when its process is gone."""
WAIT_S = 1.0
"""How often a worker finding another's live claim looks at the ledger again (a read)."""


_answers_lock = threading.Lock()
_answered: dict[str, dict[str, Any]] = {}
"""Receivers' "done" answers this process got and has not recorded yet, by key (see :func:`send`)."""


def _claim(holder: str, sent: bool = False) -> dict[str, Any]:
    claim: dict[str, Any] = {"sending": holder, "until": time.time() + CLAIM_S}
    return {**claim, _SENT: True} if sent else claim


# What a key keeps of a URL as it is (besides letters, digits and "_.-~"): anything else, a non-ASCII
# letter of its path included, is percent-encoded.
_KEPT = ":/?#[]@!$&'()*+,;=%"


def notify_key(tenant: str, run_id: str, step_id: str, target: str, incarnation: float | None = None) -> str:
    """The notification's idempotency key: the same for every attempt of one run's step and target;
    another for each tenant's run (run ids are the clients' names: acme's and globex's hr-2026 are
    two runs, and a receiver dropping repeated keys dropped one of them) and for each incarnation of a
    run id (``incarnation``: its registry row's creation time; a run id used again after retention
    pruned the old run sent the old key, and the receiver dropped the new run's notification as a
    duplicate: x7 s34); and ASCII, as the ``Idempotency-Key`` header it travels in must be (a URL's
    ``/équipe`` failed every attempt with a UnicodeEncodeError). The tenant and the target are
    percent-encoded where they are not. ``~`` never occurs in a run id."""
    run = run_id if incarnation is None else f"{run_id}~{round(incarnation * 1_000_000)}"
    return f"notify:{quote(tenant, safe='')}:{run}:{step_id}:{quote(target, safe=_KEPT)}"


def run_key(runs: TenantRunStore, run_id: str, url: str) -> str:
    """The key of ``run_id``'s notification to ``url``: of its incarnation (:func:`notify_key`), but
    the key without one when the run's ledger holds that already (a notification begun by a kassist
    before incarnations were keyed: its answer, or its claim, is under that key)."""
    record = runs.get(run_id)
    legacy = notify_key(runs.tenant_id, run_id, "notify", url)
    if record is None or any(entry.key == legacy for entry in runs.ledger(run_id)):
        return legacy
    return notify_key(runs.tenant_id, run_id, "notify", url, record.created_at)


def announced(runs: TenantRunStore, state: AgentRunState) -> bool:
    """Whether the run may have told its receiver it completed: its notify step's checkpoint says so
    (:attr:`AgentRunState.announced`), or its ledger holds the receiver's "done" answer, or a call's
    claim that was never given back (:func:`send` gives it back on a refusal or a failed call): a
    call in flight, or one whose worker died mid-call, the receiver's answer unknown (sent again on
    resume, under the same Idempotency-Key). The ledger is written before the step's checkpoint: a
    run killed in between (SIGKILL, OOM, a restart) had told the receiver "completed", yet took a
    cancel and ended "cancelled" (h17 s36 H17-1, review s36 r1 F1; the lead's decision 6). The one
    reading of every door that refuses a cancel and of the nodes' cancel check; it reads the ledger
    only for a run with a notify URL whose step is not done."""
    if state.announced:
        return True
    url = state.settings.notify_url
    if not url or not state.run_id or not is_http_url(url):
        return False
    key = run_key(runs, state.run_id, url)
    return any(entry.key == key and _may_have_told(entry) for entry in runs.ledger(state.run_id))


def _may_have_told(entry: LedgerEntry) -> bool:
    """A done answer, an intent whose call's claim is still recorded (live or of a dead worker), or
    an entry one of whose calls went out whole and was never answered (:data:`_SENT`)."""
    result = entry.result or {}
    return (
        entry.state == "done"
        or (entry.state == "intent" and bool(result.get("sending")))
        or bool(result.get(_SENT))
    )


_SENT = "sent"
"""Set on a ledger entry once a call's request went out whole and its answer never came (the
connection closed after the receiver read it, a read timeout, a gateway's 502/504: the receiver may
have acted on it). It stays for every later attempt of the key - each claim carries it on and a
release keeps it - so the run counts as having maybe told its receiver "completed" and refuses a
cancel, as after a worker killed mid-call (h19 s37 H19-8). The retries send the same Idempotency-Key."""

# Failures known to have sent nothing whole: no connection, no pooled one, the request's write
# failed, or it was refused before it went out. Anything else may come after the receiver read the
# whole request (a read error or timeout, the connection closed, a SIGTERM or Ctrl-C while the answer
# was awaited: h22 s38 H22-2) and leaves the call marked sent: the receiver may have acted on it.
_SENT_NOTHING = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
    httpx.WriteError,
    httpx.WriteTimeout,
    httpx.UnsupportedProtocol,
    httpx.LocalProtocolError,
)
# A gateway's "the upstream failed / timed out behind me": the upstream may have processed the POST.
# 503 and 429 (refused before any processing) stay "not told".
_GATEWAY_LOST = frozenset({502, 504})


def _sent_before(runs: TenantRunStore, run_id: str, key: str) -> bool:
    """Whether an earlier attempt of ``key`` went out unanswered (carried on by the next claim)."""
    return any(entry.key == key and (entry.result or {}).get(_SENT) for entry in runs.ledger(run_id))


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
    # Every line a reader of the run sees names the target as shown_target does, never its path or
    # query (a webhook's secret); the log keeps the URL.
    shown = shown_target(url)
    if not is_http_url(url):  # never callable: failing it as transient would retry it at every resume
        raise PermanentHTTPError(f"the notify URL {shown} {NOT_HTTP}; fix the URL and resume")
    runs = store.for_tenant(tenant)
    key = run_key(runs, state.run_id, url)
    with _answers_lock:
        answered = _answered.get(key)
    if answered is not None:
        # This process had the receiver's answer and failed to record it (the database cut after the
        # call: the node's retry, or a resume in this process, is here): recorded now, not sent again -
        # its own claim, still live, held the retry CLAIM_S and then POSTed a second time (h19 s37).
        runs.ledger_finish(key, "done", answered)
        with _answers_lock:
            _answered.pop(key, None)
        return f"sent to {shown}: HTTP {answered['status']} (its answer recorded on a retry)"
    body = payload(state, tenant)
    # The claim lives as long as its worker's call and is void once the worker's process is gone: a
    # resume after a kill sends again at once, a live sender is waited for.
    holder = new_holder()
    sent = _sent_before(runs, state.run_id, key)  # an earlier attempt's unanswered call stays recorded
    outcome, entry = runs.ledger_begin(state.run_id, key, body, _claim(holder, sent))
    # Another worker is sending it (a graph run beside `runs resume`), or was: a server on another
    # host that died mid-call, whose claim only its time voids. Its answer or the claim's end is
    # waited for here, looking with a read (the RetryPolicy's few seconds of attempts ended first
    # and failed the run, session 30 probes, h5 #13).
    while outcome == "busy":
        time.sleep(WAIT_S)
        if not runs.ledger_claimed(key):
            sent = _sent_before(runs, state.run_id, key)
            outcome, entry = runs.ledger_begin(state.run_id, key, body, _claim(holder, sent))
    if outcome == "replay":
        return f"done earlier (replayed from the ledger): {entry.result}"
    claim = {"held": entry.result or _claim(holder, sent)}  # ours, as ledger_begin stored it; renewed below

    def renew() -> bool:
        later = _claim(holder, sent)
        if not runs.ledger_renew(key, claim["held"], later):
            return False
        claim["held"] = later
        return True

    def lost() -> None:  # our claim lapsed (the database away longer than CLAIM_S): say so
        logger.warning("notify %s: the claim on key %s lapsed during the call", state.run_id, key)

    try:
        with kept_alive(renew, CLAIM_S / 3, f"notify {tenant}/{state.run_id}", lost):
            response = httpx.post(url, json=body, headers={"Idempotency-Key": key}, timeout=TIMEOUT_S)
    except BaseException as exc:
        # No answer: the claim goes back whatever failed, or this live process's own claim kept
        # the next attempt waiting for a call nobody is making (30 s of "being sent by another
        # worker": a resume right after a failure failed again). A call that went out whole is
        # given back marked sent: the receiver may have it (H19-8), unless it surely sent nothing.
        _give_back(runs, key, claim["held"], sent or not isinstance(exc, _SENT_NOTHING))
        if isinstance(exc, httpx.TransportError):
            logger.warning("notify %s/%s: %s: %s", tenant, state.run_id, url, exc)
            raise TransientHTTPError(shown, 0) from exc
        raise
    verdict = http_status_class(response.status_code)
    if verdict == "transient":
        _give_back(runs, key, claim["held"], sent or response.status_code in _GATEWAY_LOST)
        logger.warning("notify %s/%s: %s answered HTTP %s", tenant, state.run_id, url, response.status_code)
        raise TransientHTTPError(shown, response.status_code)
    result: dict[str, Any] = {"status": response.status_code}
    if verdict == "permanent":
        # A refusal is an answer (called again after the receiver is fixed); an earlier attempt's
        # unanswered call stays recorded beside it.
        result = {**result, _SENT: True} if sent else result
        runs.ledger_finish(key, "failed", result)
        logger.warning(
            "notify %s/%s: %s refused with HTTP %s", tenant, state.run_id, url, response.status_code
        )
        raise PermanentHTTPError(
            f"{shown} refused the notification with HTTP {response.status_code}; fix the receiver and "
            "resume (the URL is the run's own setting: a new run id to send elsewhere)"
        )
    with _answers_lock:  # until it is recorded: a retry of this process records it, never POSTs again
        _answered[key] = result
    runs.ledger_finish(key, "done", result)
    with _answers_lock:
        _answered.pop(key, None)
    return f"sent to {shown}: HTTP {response.status_code}"


def _give_back(runs: TenantRunStore, key: str, held: dict[str, Any], sent: bool) -> None:
    """Give back this attempt's claim: to nothing, or to the mark that a call went out unanswered
    (a claim-for-claim swap of this worker's own, as a renewal is: the next attempt is not held)."""
    if sent:
        runs.ledger_renew(key, held, {_SENT: True})
    else:
        runs.ledger_release(key, held)
