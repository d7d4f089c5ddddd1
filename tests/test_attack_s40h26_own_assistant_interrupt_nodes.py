"""H26-1's class past its fix (2020cd5): through an assistant of one's own, ``interrupt_before`` naming
a node of the *other* graph passes and is ignored (h26 s40, H26-1b).

2020cd5 checks the names against the run's graph; a run on an assistant the server cannot map to a
graph (a user-created one) is checked against the nodes of every served graph together (its 422 lists
``assemble_context, audit, await_review, begin, compact, ...``). So a client of its own ``assistant``
graph assistant that asks ``interrupt_before: ["remember"]`` - to hold the turn before the assistant
remembers what it was told (the ingestion graph's node is ``remember``, the assistant's
``remember_explicit``) - gets a 200 and a turn that ran whole: "Remember that my manager is Bob." is in
the user's memory (``remembered: added manager``). The same request through the built-in assistant is
the 422 naming the graph's nodes. langgraph-api knows the assistant's graph (``graph_id``).

On the shared ``langgraph dev`` (hashing flavour, offline responder): one turn, ~2 s."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_an_own_assistants_turn_asked_to_stop_before_remember_remembers_nothing(
    shared_dev_hashing: SharedServer,
) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    mine = alice.post("/assistants", json={"graph_id": "assistant", "name": "mine"}).json()["assistant_id"]
    thread = alice.post("/threads", json={}).json()["thread_id"]
    said = {"messages": [{"role": "user", "content": "Remember that my manager is Bob."}]}

    sent = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": mine, "input": said, "interrupt_before": ["remember"]},
    )

    values = (alice.get(f"/threads/{thread}/state").json().get("values")) or {}
    remembered = values.get("remembered") or []
    assert not remembered, (
        f"asked to stop before 'remember', the turn answered {sent.status_code} and remembered {remembered}"
    )
