"""h23 s39 H23-4, H23-5 (strict xfail): two langgraph dev doors tell another tenant's (or another
member's) thread from an id nobody holds, in the words of their 404: "another tenant's object is not
found", and its answer is an unknown id's (what session 32's probes compared every door with).

- H23-4, ``POST /threads/{id}/runs/crons``: server/cron_rules.check_cron_thread refuses a thread
  langgraph dev's registry holds for someone else with its own line (``Thread with ID '<id>' not found
  for this cron's runs: they act as the key ...``), while an id the registry does not hold is left to
  langgraph-api (``Thread with ID '<id>' not found. Please verify the ID is correct ...``).
- H23-5, ``DELETE /threads/{id}/runs/{run_id}``: server/job_threads.check_delete answers an id the
  registry does not hold itself (``Thread with ID <id> not found``, written for ``DELETE /threads/{id}``,
  whose langgraph-api 404 has those words), while another tenant's thread gets langgraph-api's run
  delete answer, ``{"detail": "Not Found"}`` (its thread filter finds nothing: an empty result).

Either answer tells bob (globex) that an acme thread id exists, and erin that alice holds one. Thread
ids are UUIDs a client may choose (``POST /threads {"thread_id": ...}``). Expected: the same 404 body
as for an id nobody holds (the id said back the same way). The shared ``langgraph dev``: a thread of
alice's, made and deleted again; no run, no cron stays."""

from __future__ import annotations

import uuid

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
TURN = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": "daily summary"}]}}


def _answers(
    shared_dev: SharedServer, ask: str, send: str, body: dict[str, object] | None
) -> dict[str, list[tuple[int, str]]]:
    """Per asker (bob of globex, erin of acme): the answers for alice's thread and for an id nobody
    holds, each with its thread id said back as <T>. ``send``: the path, ``{t}`` the thread id."""
    alice = {"x-api-key": ME.acme_key}
    seen: dict[str, list[tuple[int, str]]] = {}
    with httpx.Client(base_url=shared_dev.base, timeout=60) as client:
        made = client.post("/threads", json={}, headers=alice)
        assert made.status_code == 200, made.text
        thread = made.json()["thread_id"]
        try:
            for who, key in (("bob", ME.globex_key), ("erin", ME.erin_key)):
                seen[who] = []
                for target in (thread, str(uuid.uuid4())):
                    answer = client.request(
                        ask, send.format(t=target, r=uuid.uuid4()), json=body, headers={"x-api-key": key}
                    )
                    if answer.status_code == 200 and "cron_id" in answer.text:  # made after all: undone
                        client.delete(f"/runs/crons/{answer.json()['cron_id']}", headers={"x-api-key": key})
                    seen[who].append((answer.status_code, answer.text.replace(target, "<T>")))
        finally:
            client.delete(f"/threads/{thread}", headers=alice)
    return seen


def test_a_cron_on_another_tenants_thread_is_answered_as_an_unknown_id(shared_dev: SharedServer) -> None:
    seen = _answers(shared_dev, "POST", "/threads/{t}/runs/crons", {**TURN, "schedule": "0 3 * * *"})
    for who, (theirs, unknown) in seen.items():
        assert theirs[0] == 404 and unknown[0] == 404, seen
        assert theirs == unknown, f"{who} tells an existing thread from an unknown id: {theirs} vs {unknown}"


def test_a_run_delete_on_another_tenants_thread_is_answered_as_an_unknown_id(
    shared_dev: SharedServer,
) -> None:
    seen = _answers(shared_dev, "DELETE", "/threads/{t}/runs/{r}", None)
    for who, (theirs, unknown) in seen.items():
        assert theirs[0] == 404 and unknown[0] == 404, seen
        assert theirs == unknown, f"{who} tells an existing thread from an unknown id: {theirs} vs {unknown}"
