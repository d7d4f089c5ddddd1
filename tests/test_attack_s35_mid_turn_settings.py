"""An assistant turn stopped half-way on ``langgraph dev`` continues with the settings it was sent
with, not only one stopped in its first instant (h14 s35 H3).

``server/run_checks.keep_first_settings`` fills a resume's missing ``context_budget`` and
``compaction`` from the head checkpoint's metadata (langgraph-api records a run's configurable
there), but only when the head is the turn's input checkpoint (a kill in its first instant). A turn
stopped after any later node - a SIGKILL of the server after ``retrieve``'s checkpoint, the run
queue lost with it, or here a ``interrupt_after`` that leaves the same head - is continued by a run
with no input, and that run's configurable is the server's defaults: a turn sent with
``context_budget`` 8000 for a 4,100-token question failed its ``assemble_context`` with
``ContextBudgetTooSmall: ... over the context budget of 3000 tokens`` (a 200 carrying the
``__error__``), and every later continuation with no input fails the same way: the thread stays
stuck at ``assemble_context`` unless the client knows to send the budget again. The head says 8000.

Two runs on the shared ``langgraph dev`` (hashing flavour, the extractive responder): 4.5 s user +
0.7 s sys of CPU for the file alone, the shared server's start and pytest's included."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
QUESTION = "Please summarise the remote work policy. " + " ".join(
    f"Context item {i}: the employee handbook section on travel reimbursement and approvals."
    for i in range(260)
)
"""About 4,100 tokens with the assistant's instructions: over the default budget (3000), within 8000."""


def _stopped_after_retrieve(alice: httpx.Client) -> str:
    """A new thread whose turn (:data:`QUESTION`, sent with ``context_budget`` 8000) stopped after
    ``retrieve``: the head a kill after retrieve's checkpoint leaves. The thread's id."""
    thread: str = alice.post("/threads", json={}).json()["thread_id"]
    first = alice.post(
        f"/threads/{thread}/runs/wait",
        json={
            "assistant_id": "assistant",
            "input": {"messages": [{"role": "user", "content": QUESTION}]},
            "config": {"configurable": {"context_budget": 8000}},
            "interrupt_after": ["retrieve"],
        },
    )
    assert first.status_code == 200, first.text[:300]
    return thread


def _finished_within_its_budget(alice: httpx.Client, thread: str, continued: httpx.Response) -> None:
    """``continued`` ran the rest of the turn with no error, and the thread's context is over the
    default budget: the turn's 8000 was kept."""
    assert continued.status_code == 200, continued.text[:300]
    assert "__error__" not in continued.json(), continued.text[:300]
    state = alice.get(f"/threads/{thread}/state").json()
    assert state["next"] == [] and state["values"]["context_tokens"] > 3000, state["values"].get(
        "context_tokens"
    )


def test_a_turn_continued_after_a_stop_past_its_first_node_keeps_its_budget(
    shared_dev_hashing: SharedServer,
) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=300)
    thread = _stopped_after_retrieve(alice)
    stopped = alice.get(f"/threads/{thread}/state").json()
    assert (stopped["next"], stopped["metadata"]["context_budget"]) == (["assemble_context"], 8000)

    continued = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": None})
    _finished_within_its_budget(alice, thread, continued)


def test_a_turn_continued_by_a_resume_command_keeps_its_budget(shared_dev_hashing: SharedServer) -> None:
    """The same stop, continued with ``command: {"resume": ...}`` instead of no input (what a client that
    resumes interrupts sends; the assistant graph has none, so LangGraph runs the turn's remaining
    nodes): server/run_checks.keep_first_settings returns at once for a run with a command, and the
    turn fails with ``ContextBudgetTooSmall ... over the context budget of 3000 tokens`` (after 6cecdb1,
    which covers a continuation with no input)."""
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=300)
    thread = _stopped_after_retrieve(alice)
    continued = alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "command": {"resume": "go on"}}
    )
    _finished_within_its_budget(alice, thread, continued)
