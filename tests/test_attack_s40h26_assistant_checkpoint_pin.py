"""An assistant whose stored config names a ``checkpoint_id`` forks every run from it, past the door's
checkpoint rule, and breaks the thread it ran on (h26 s40, H26-6).

docs/serving.md: a ``checkpoint_id`` the thread does not hold, sent with a run (top level,
``checkpoint``, ``config.configurable`` or ``context``), is 404 ``checkpoint '...' not found in this
thread`` before the run. The configurable allow-list that assistants share (``thread_id``,
``checkpoint_id``, ``checkpoint_ns``, ``context_budget``, ``compaction``) lets an assistant of one's
own store a checkpoint id too, and langgraph-api lays the assistant's config under every run made
with it - where the door's check does not look. A run through it on a thread that does not hold the
checkpoint is a 200 carrying ``CheckpointConflict`` ("thread ... moved on: this run started from no
head but the head is now version 0 ... Retry with checkpointer.retry.invoke_with_retry"), after the
whole turn ran; and from then on every plain turn on that thread, through the built-in assistant,
runs and fails the same way in that server process (seen: three turns, each 200 with the error, the
thread's state empty; a ``kassist serve`` on the same database still served it).

On the shared ``langgraph dev`` (hashing flavour, offline responder): three turns, ~4 s."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def _turn(client: httpx.Client, thread: str, assistant: str, text: str) -> httpx.Response:
    body = {"assistant_id": assistant, "input": {"messages": [{"role": "user", "content": text}]}}
    return client.post(f"/threads/{thread}/runs/wait", json=body)


def test_an_assistant_pinned_to_a_checkpoint_breaks_no_thread(shared_dev_hashing: SharedServer) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    first = alice.post("/threads", json={}).json()["thread_id"]
    assert _turn(alice, first, "assistant", "How many days of leave do we get?").status_code == 200
    pinned_at = alice.get(f"/threads/{first}/state").json()["checkpoint"]["checkpoint_id"]
    made = alice.post(
        "/assistants",
        json={"graph_id": "assistant", "config": {"configurable": {"checkpoint_id": pinned_at}}},
    )
    other = alice.post("/threads", json={}).json()["thread_id"]

    through = (
        _turn(alice, other, made.json()["assistant_id"], "And sick leave?")
        if made.status_code == 200
        else None
    )
    plain = _turn(alice, other, "assistant", "What about parental leave?")

    assert through is None or "__error__" not in through.text, (
        f"a run through the pinned assistant answered {through.status_code}: {through.text[:300]}"
    )
    assert plain.status_code == 200 and "__error__" not in plain.text, (
        f"a plain turn on the thread afterwards answered {plain.status_code}: {plain.text[:300]}"
    )
