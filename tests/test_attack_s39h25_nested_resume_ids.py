"""h25 s39: an admin's "approve" sent as a resume keyed by interrupt ids one level too deep passes the
server's decision check and REJECTS the run - the one outcome the check exists to prevent.

``langgraph dev``'s rule (server/roles.decision_refusal): only ``"approve"`` / ``"reject"``, bare or as
``{"decision": ...}``, or a mapping of interrupt ids to such answers decide; "anything else would reject
the run; nothing was decided (a run waiting for review still waits)" - 422 (tests/test_probe_review.py:
a typo, ``true``, a list, an extra key). The check recurses into a mapping of interrupt ids without
looking at what it maps to, so ``{<the run's interrupt id>: {<any 32 hex digits>: "approve"}}`` passes
(``recorded_decision`` keeps the inner mapping, stamping ``by``); LangGraph hands the review node the
inner mapping, which it reads as no ``approve`` and no ``by``: the run ends ``cancelled``, its review
"rejected: ..." naming no decider, its held documents never searchable - although olga sent "approve"
and was told 200.

A real ``langgraph dev`` (the shared one), an ingestion run held for review, olga's admin key."""

from __future__ import annotations

import time

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


def _waiting(shared_dev: SharedServer, collection: str) -> tuple[httpx.Client, str, str]:
    """olga's client, a member's ingestion thread waiting for review, and its interrupt's id."""
    root = shared_dev.corpus(ME.acme).parent
    (root / "secret").mkdir(parents=True, exist_ok=True)
    (root / "secret" / "deploy.md").write_text(SECRET_DOC)
    member = httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    admin = httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ME.admin_key}, timeout=120)
    thread = str(member.post("/threads", json={}).json()["thread_id"])
    settings = {"source": str(root / "secret"), "collection": collection, "embedder": "hashing"}
    run = member.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": settings}}
    )
    assert run.status_code == 200, run.text
    state = admin.get(f"/threads/{thread}/state").json()
    assert state["next"] == ["await_review"], state
    return admin, thread, state["tasks"][0]["interrupts"][0]["id"]


def _never_a_rejection(admin: httpx.Client, thread: str, refused: bool) -> None:
    """Either refused (the run still waiting) or carried out as what olga sent: never a rejection."""
    deadline = time.monotonic() + 60
    while True:  # the decision's run (a /commands one is queued, not waited for) has ended
        runs = admin.get(f"/threads/{thread}/runs").json()
        if refused or (len(runs) > 1 and all(r["status"] not in ("pending", "running") for r in runs)):
            break
        assert time.monotonic() < deadline, runs
        time.sleep(0.5)
    values = admin.get(f"/threads/{thread}/state").json()["values"]
    if refused:
        assert values["status"] == "needs_review", values
    else:
        assert (values["status"], values["review"].split(":")[0]) == ("completed", "approved by olga"), (
            values["status"], values.get("review"),
        )  # fmt: skip


REASON = (
    "H25-2: a resume {<interrupt id>: {<32 hex>: 'approve'}} passes decision_refusal (it recurses into an "
    "id mapping without checking the answer's shape) and the review node rejects the run"
)


def test_an_approve_nested_under_interrupt_ids_is_refused_not_carried_out_as_a_rejection(
    shared_dev: SharedServer,
) -> None:
    admin, thread, interrupt_id = _waiting(shared_dev, "nested")
    sent = admin.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "command": {"resume": {interrupt_id: {"0" * 32: "approve"}}}},
    )
    _never_a_rejection(admin, thread, sent.status_code == 422)


def test_an_input_respond_answer_keyed_by_interrupt_ids_is_refused_not_carried_out_as_a_rejection(
    shared_dev: SharedServer,
) -> None:
    """The same through langgraph-api's event-streaming door (POST /threads/{id}/commands, input.respond:
    tests/test_probe_review.py's second door): answered {"type": "success"}, the run cancelled."""
    admin, thread, interrupt_id = _waiting(shared_dev, "respond")
    command = {
        "id": 1,
        "method": "input.respond",
        "params": {"interrupt_id": interrupt_id, "response": {"0" * 32: "approve"}},
    }
    sent = admin.post(f"/threads/{thread}/commands", json=command)
    assert sent.status_code in (200, 422), sent.text
    refused = sent.status_code == 422 or sent.json().get("type") == "error"
    _never_a_rejection(admin, thread, refused)
