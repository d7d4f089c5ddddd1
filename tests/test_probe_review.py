"""Who decided a review is the server's to record (session 18 probes, /tmp/kassist-docs/s18/h8-probes.md).

On ``langgraph dev`` an admin decides a run waiting for review with ``command.resume``. The resume
value carried ``by`` and ``at`` as the client wrote them, and the run kept them: an admin's
``{"decision": "approve", "by": "the-ceo", "at": "1999-01-01"}`` left "approved by the-ceo" in the
run's state and "the-ceo" at 1999 in its stored audit report. The decider is the key's identity and
the time the server's, whatever the resume says (as the runs API and the console record them)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from raw_sql import raw
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, ACME_ADMIN_KEY = ME.acme_key, ME.admin_key
Server = tuple[str, str, Path]
SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


@pytest.fixture(scope="module")
def server(shared_dev: SharedServer) -> Server:
    root = shared_dev.corpus(ME.acme).parent  # KASSIST_INGEST_ROOT/<tenant>: the tenant's folder
    (root / "secret").mkdir(parents=True)
    (root / "secret" / "deploy.md").write_text(SECRET_DOC)
    (root / "secret" / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    return shared_dev.base, shared_dev.db_url, root


def _waiting_run(member: httpx.Client, root: Path) -> str:
    thread = str(member.post("/threads", json={}).json()["thread_id"])
    settings = {"source": str(root / "secret"), "collection": "review", "embedder": "hashing"}
    run = member.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": settings}}
    )
    assert run.status_code == 200, run.text
    assert member.get(f"/threads/{thread}/state").json()["next"] == ["await_review"]
    return thread


@pytest.mark.parametrize(
    ("resume", "verdict", "status"),
    [
        ({"decision": "approve", "by": "the-ceo", "at": "1999-01-01 00:00 UTC"}, "approved", "completed"),
        ({"decision": "reject", "by": "the-ceo", "at": "1999-01-01 00:00 UTC"}, "rejected", "cancelled"),
        ("approve", "approved", "completed"),
    ],
)
def test_the_decider_is_the_admin_key_not_the_resume_payload(
    server: Server, resume: Any, verdict: str, status: str
) -> None:
    base, db_url, root = server
    member = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
    admin = httpx.Client(base_url=base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
    thread = _waiting_run(member, root)
    decided = admin.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "command": {"resume": resume}}
    )
    assert decided.status_code == 200, decided.text
    values = admin.get(f"/threads/{thread}/state").json()["values"]
    assert values["status"] == status, values
    assert values["review"].startswith(f"{verdict} by olga:"), values["review"]  # olga: the admin key
    bodies = raw(
        db_url,
        "SELECT body FROM kassist_ingest_reports WHERE tenant_id = ? AND run_id = ? AND format = 'json'",
        (ME.acme, thread),
    )
    assert bodies, "the run stored no report"
    report = json.dumps(json.loads(bodies[0][0]))
    assert "olga" in report and "the-ceo" not in report and "1999" not in report, report[-600:]


def test_an_input_respond_command_is_recorded_the_same_way(server: Server) -> None:
    """langgraph-api's event-streaming protocol resumes with ``{interrupt_id: answer}``
    (``POST /threads/{id}/commands``, ``input.respond``): the answer is the decision, the decider
    the admin key, and a member's answer is refused like a member's resume."""
    base, _, root = server
    member = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
    admin = httpx.Client(base_url=base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
    thread = _waiting_run(member, root)
    state = admin.get(f"/threads/{thread}/state").json()
    interrupt_id = state["interrupts"][0]["id"]
    answer = {"decision": "approve", "by": "the-ceo", "at": "1999-01-01 00:00 UTC"}
    command = {
        "id": 1,
        "method": "input.respond",
        "params": {"interrupt_id": interrupt_id, "response": answer},
    }
    refused = member.post(f"/threads/{thread}/commands", json=command)
    assert "only an admin key may approve" in refused.text, refused.text
    sent = admin.post(f"/threads/{thread}/commands", json=command)
    assert sent.status_code == 200 and "error" not in sent.json(), sent.text
    deadline = time.monotonic() + 60
    while (values := admin.get(f"/threads/{thread}/state").json()["values"])["status"] in (
        "needs_review",
        "running",
    ):
        assert time.monotonic() < deadline, values
        time.sleep(0.5)
    assert values["status"] == "completed" and values["review"].startswith("approved by olga:"), values


@pytest.mark.parametrize(
    "resume",
    [
        {"decision": "aprove"},  # a typo
        {"decision": "Approve"},
        "approved",
        {"decision": True},
        {"decision": ["approve"]},
        5,
        [],
        {"verdict": "approve"},
        {"decision": "approve", "note": "looks fine"},
        "x" * 200_000,
    ],
    ids=[
        "typo",
        "capital",
        "approved",
        "true",
        "list",
        "number",
        "empty-list",
        "no-decision",
        "extra-key",
        "long",
    ],
)
def test_a_resume_that_is_not_a_decision_is_refused_and_the_run_keeps_waiting(
    server: Server, resume: Any
) -> None:
    """Session 22 probes: the review node read every resume value but ``approve`` as a rejection, so
    an admin's typo (``{"decision": "aprove"}``), ``true`` or a list cancelled the run for good.
    Now only ``approve`` / ``reject`` (bare or as ``decision``) decide; anything else is 422 naming
    what to send, and the run still waits for its review."""
    base, _, root = server
    member = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
    admin = httpx.Client(base_url=base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
    thread = _waiting_run(member, root)
    sent = admin.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "command": {"resume": resume}}
    )
    assert sent.status_code == 422, (sent.status_code, sent.text[:300])
    detail = sent.json()["detail"]
    assert "command.resume" in detail and '"approve"' in detail and '"reject"' in detail, detail
    assert len(detail) < 400, detail  # a long value is not echoed whole
    state = admin.get(f"/threads/{thread}/state").json()
    assert state["next"] == ["await_review"] and state["values"]["status"] == "needs_review", state["values"]
    decided = admin.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "command": {"resume": {"decision": "reject"}}},
    )
    assert decided.status_code == 200, decided.text
    assert admin.get(f"/threads/{thread}/state").json()["values"]["status"] == "cancelled"
