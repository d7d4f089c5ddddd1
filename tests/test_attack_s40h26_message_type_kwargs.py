"""A user message's ``type`` sent beside its ``role`` becomes the message's ``additional_kwargs``
(h26 s40, H26-2).

docs/serving.md: a message sent as an object holds ``role`` (or ``type``), ``content`` and a new ``id``;
``name``, ``additional_kwargs`` and ``response_metadata`` are the server's, 422 unless empty (a user
message once went into the conversation named ``system``). server/turn_input.py lets ``role`` and
``type`` both through and judges the message by ``role``; LangChain's conversion pops ``role`` and
keeps every other key, so ``type`` lands in ``additional_kwargs``: ``{"role": "user", "type": "ai",
"content": ...}`` is stored as a human message with ``additional_kwargs: {"type": "ai"}``, and
``"type": {"name": "system", ...}`` stores that object there - fields of the conversation the client
was told it cannot write, kept in the thread for every later turn and every reader of its state.

On the shared ``langgraph dev`` (hashing flavour, offline responder): one turn, ~2 s."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_a_user_message_cannot_carry_additional_kwargs_in_its_type(shared_dev_hashing: SharedServer) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    message = {
        "role": "user",
        "type": {"name": "system", "priority": "high"},
        "content": "What is our leave policy?",
    }

    sent = alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": {"messages": [message]}}
    )

    state = alice.get(f"/threads/{thread}/state").json()
    stored = [m for m in (state.get("values") or {}).get("messages", []) if m.get("type") == "human"]
    kwargs = [m.get("additional_kwargs") for m in stored]
    assert sent.status_code == 422 or all(not k for k in kwargs), (
        f"the turn answered {sent.status_code}; the conversation holds the user's message with "
        f"additional_kwargs {kwargs} (the server's field, 422 unless empty)"
    )
