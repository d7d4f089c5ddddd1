"""An assistant of one's own whose stored config holds ``context_budget`` passes the door's budget
check: a question the budget cannot hold runs and fails inside (h26 s40, H26-8; H26-6's root: the
door judges what the run sent, not the assistant's config langgraph-api lays under it).

docs/serving.md: a question that cannot fit the context budget with the assistant's instructions is
refused before the run, 422 with one line; "a run the server accepted answers"
(tests/test_boundary_budget.py). Sent with the run, ``configurable.context_budget: 200`` and a
~30-token question is that 422. Stored in an assistant of one's own (``config.configurable`` or
``context``, both on the allow-list), the same budget and question are a 200 carrying
``ContextBudgetTooSmall`` ("the instructions and the latest question alone are 271 tokens, over the
context budget of 200 tokens") after the turn's first nodes ran.

On the shared ``langgraph dev`` (hashing flavour, offline responder): one turn, ~2 s."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
QUESTION = "Please explain in detail " + "the leave policy for probationary hires and contractors " * 8


def test_a_question_over_an_assistants_stored_budget_is_refused_before_the_run(
    shared_dev_hashing: SharedServer,
) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    made = alice.post(
        "/assistants", json={"graph_id": "assistant", "config": {"configurable": {"context_budget": 200}}}
    )
    assert made.status_code == 200, made.text[:300]
    thread = alice.post("/threads", json={}).json()["thread_id"]

    sent = alice.post(
        f"/threads/{thread}/runs/wait",
        json={
            "assistant_id": made.json()["assistant_id"],
            "input": {"messages": [{"role": "user", "content": QUESTION}]},
        },
    )

    assert sent.status_code == 422 and "context budget" in sent.text, (
        f"the turn answered {sent.status_code}: {sent.text[:300]}"
    )
