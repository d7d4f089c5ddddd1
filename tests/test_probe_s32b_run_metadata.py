"""Probe (session 32, h10): a run's metadata names who ran it, as the client pleases.

langgraph-api records, in a run's metadata and in every checkpoint the run writes, who ran it
(``langgraph_auth_user_id``, ``user_id``: the authenticated user) and its graph (``graph_id``). A
client's run ``metadata`` and ``config.metadata`` are laid over them: alice's run that sends
``{"langgraph_auth_user_id": "erin", "user_id": "erin", "graph_id": "ingestion"}`` is recorded, in
the thread's runs and in its checkpoints' history, as erin's run of the ingestion graph (h10 s32
#3). The server strips ``owner`` and ``tenant_id`` there (server/auth_rules.stamp, own_new_thread),
and refuses a client's ``graph_id`` on a thread (server/job_threads.graph_label_refusal), but not
these: an identity recorded from the client's data, not its key; and ``graph_id`` in a checkpoint is
what kassist serve and the command line read to tell an ingestion run's thread from a conversation
(server/thread_owner.job_thread).

On the shared ``langgraph dev`` (tests/shared_servers.py), the tests' tiny ``documents`` graph: one
step a run.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
FORGED = {"langgraph_auth_user_id": "erin", "user_id": "erin", "graph_id": "ingestion"}


@pytest.mark.parametrize("where", ["metadata", "config.metadata"])
def test_a_run_records_its_callers_identity_not_the_one_it_names(
    shared_dev: SharedServer, where: str
) -> None:
    base, alice = shared_dev.base, {"x-api-key": ME.acme_key}
    thread = httpx.post(f"{base}/threads", json={}, headers=alice, timeout=30).json()["thread_id"]
    body: dict[str, Any] = {"assistant_id": "documents", "input": {"docs": ["a"]}}
    if where == "metadata":
        body["metadata"] = FORGED
    else:
        body["config"] = {"metadata": FORGED}
    run = httpx.post(f"{base}/threads/{thread}/runs/wait", json=body, headers=alice, timeout=60)
    if run.status_code == 422:  # refused, naming what the server sets: fixed
        assert "langgraph_auth_user_id" in run.text or "graph_id" in run.text, run.text
        return
    assert run.status_code == 200, run.text
    history = httpx.post(f"{base}/threads/{thread}/history", json={"limit": 1}, headers=alice, timeout=30)
    recorded = history.json()[0]["metadata"]
    assert {k: recorded.get(k) for k in FORGED} == {
        "langgraph_auth_user_id": "alice",
        "user_id": "alice",
        "graph_id": "documents",
    }, recorded
    runs = httpx.get(f"{base}/threads/{thread}/runs", headers=alice, timeout=30).json()
    assert runs[0]["metadata"].get("langgraph_auth_user_id") in (None, "alice"), runs[0]["metadata"]
