"""A run whose ``command`` holds nothing to do is 422 before it exists (session 26 second-attacker
probes, /tmp/h9/probes.md 87).

``command.update`` and ``command.goto`` are refused, so what is left of a command is its ``resume``.
``{"resume": null}`` passed every rule (no decision, so no admin needed; the input checks skip a run
that carries a command), langgraph-api queued it, and LangGraph failed inside: a 200 carrying
``{"__error__": {"error": "UnboundLocalError", "message": "An internal error occurred"}}`` and a
traceback in the log, on a conversation, on an ingestion run waiting for review and on a new
thread (``command: {}`` there: ``EmptyInputError``). Now one line says what to send instead."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ALICE = {"x-api-key": ME.acme_key}
REFUSED = "command holds no resume: send command.resume"


def _run(base: str, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{base}{path}", headers=ALICE, json=body, timeout=600)


def test_a_command_without_resume_is_refused(shared_dev: SharedServer) -> None:
    base = shared_dev.base
    chat, job = str(uuid.uuid4()), str(uuid.uuid4())
    question = {"messages": [{"role": "user", "content": "How many days of leave do I get?"}]}
    turn = _run(
        base,
        f"/threads/{chat}/runs/wait",
        {"assistant_id": "assistant", "input": question, "if_not_exists": "create"},
    )
    assert turn.status_code == 200 and "__error__" not in turn.json(), turn.text[:300]
    # An ingestion run held before its first node: the thread holds a run to resume.
    settings = {"source": str(shared_dev.corpus(ME.acme)), "embedder": "hashing", "collection": "held"}
    held = {
        "assistant_id": "ingestion",
        "input": {"settings": settings},
        "if_not_exists": "create",
        "interrupt_before": ["begin"],
    }
    assert _run(base, f"/threads/{job}/runs/wait", held).status_code == 200
    before = httpx.get(f"{base}/threads/{job}/state", headers=ALICE, timeout=30).json()
    cases = [
        (f"/threads/{chat}/runs/wait", "assistant", {"resume": None}),
        (f"/threads/{job}/runs/wait", "ingestion", {"resume": None}),
        ("/runs/wait", "assistant", {"resume": None}),
        ("/runs/wait", "assistant", {}),
        (f"/threads/{chat}/runs", "assistant", {}),
    ]
    for path, graph, command in cases:
        refused = _run(base, path, {"assistant_id": graph, "command": command})
        assert refused.status_code == 422, (path, command, refused.text[:300])
        assert refused.json()["detail"].startswith(REFUSED), refused.text[:300]
    # Nothing ran: the held run is where it was, and it still resumes as it should.
    after = httpx.get(f"{base}/threads/{job}/state", headers=ALICE, timeout=30).json()
    assert after["checkpoint"] == before["checkpoint"] and after["next"] == ["begin"]
    resumed = _run(base, f"/threads/{job}/runs/wait", {"assistant_id": "ingestion", "input": None})
    assert resumed.status_code == 200 and "__error__" not in resumed.json(), resumed.text[:300]
    # A real resume of a conversation is untouched by the rule.
    again = _run(
        base, f"/threads/{chat}/runs/wait", {"assistant_id": "assistant", "command": {"resume": "go on"}}
    )
    assert again.status_code == 200, again.text[:300]
