"""The owner of an assistant cannot change its settings with a PATCH that leaves graph_id out
(session 36 attack, h16 H6, low).

``POST /assistants`` with ``{"graph_id": "assistant", "config": {"configurable": {"context_budget":
1000}}}`` is stored. ``langgraph_sdk``'s ``assistants.update(assistant_id, config=...)`` sends no
``graph_id`` (it is optional there: the assistant keeps its graph), and the update handler
(server/auth_rules.check_assistant_config) then checks the config against no graph, whose allow-list
is the thread keys alone: 422 ``configurable keys ['context_budget'] cannot be set by a client for
this assistant; allowed: ['checkpoint_id', 'checkpoint_ns', 'thread_id']`` - for the key the same
assistant holds, sent by its owner (a ``context`` PATCH alike). Sent again with ``graph_id`` it is a
200. The boundary errs on the safe side, but its answer is wrong: the owner is told the key cannot be
set on this assistant at all. Expected: an update is checked against the assistant's stored graph.

Two requests to the shared ``langgraph dev``, one assistant (deleted at the end)."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_the_owner_changes_a_setting_of_its_assistant_without_naming_its_graph(
    shared_dev: SharedServer,
) -> None:
    alice = {"x-api-key": ME.acme_key}
    with httpx.Client(base_url=shared_dev.base, headers=alice, timeout=60) as client:
        made = client.post(
            "/assistants",
            json={"graph_id": "assistant", "config": {"configurable": {"context_budget": 1000}}},
        )
        assert made.status_code == 200, made.text
        assistant = made.json()["assistant_id"]
        try:
            changed = client.patch(
                f"/assistants/{assistant}", json={"config": {"configurable": {"context_budget": 2000}}}
            )
            assert changed.status_code == 200, changed.text
            assert changed.json()["config"]["configurable"]["context_budget"] == 2000
        finally:
            client.delete(f"/assistants/{assistant}")
