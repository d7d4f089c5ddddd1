"""The context budget on both servers (issue 26): a question that cannot fit with the assistant's
instructions is refused before the run (422, one line) by ``langgraph dev`` and ``kassist serve``
alike; a question that fits, asked by a user whose pinned memories do not fit beside it, is
answered on both, the memories that did not fit left out and named in the run's context report
(graph/assistant/nodes.py says why degrading is what a LangGraph user expects)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_harness import kassist_serve
from shared_servers import SharedServer, file_tenants

from memory.manager.manager import MemoryManager
from server.turn_input import instruction_tokens

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY = ME.acme_key
Servers = tuple[str, str]  # langgraph dev, kassist serve: one database
BUDGET = 3000
PREFERENCES = 24


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory, shared_dev_hashing: SharedServer) -> Iterator[Servers]:
    tmp = tmp_path_factory.mktemp("budget")
    graph_base, db_url = shared_dev_hashing.base, shared_dev_hashing.db_url
    memory = MemoryManager.from_url(db_url).for_tenant(ME.acme)
    try:  # alice (ACME_KEY) pinned many preferences over time: ~1,500 tokens of them
        for i in range(PREFERENCES):
            value = f"answers about topic {i} in a formal register " + "with short plain sentences " * 8
            decided = memory.remember("alice", "preference", f"style_{i}", value, "user_explicit")
            assert decided.memory is not None, decided
    finally:
        memory.close()
    # The hashing embedder and no language model, as the shared server; turns only (LangServe): no
    # runs worker polling the shared database (shared_servers' rules).
    with kassist_serve(tmp, db_url, env={**ME.env, "KASSIST_RUN_WORKERS": "0"}) as serve_base:
        yield graph_base, serve_base


def _ask(servers: Servers, which: str, text: str, thread: str) -> httpx.Response:
    graph_base, serve_base = servers
    if which == "langgraph":
        client = httpx.Client(base_url=graph_base, headers={"x-api-key": ACME_KEY}, timeout=120)
        made = client.post("/threads", json={}).json()["thread_id"]
        body = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": text}]}}
        return client.post(f"/threads/{made}/runs/wait", json=body)
    client = httpx.Client(base_url=serve_base, headers={"x-api-key": ACME_KEY}, timeout=120)
    body = {"input": {"messages": [["user", text]]}, "config": {"configurable": {"thread_id": thread}}}
    return client.post("/assistant/invoke", json=body)


def _values(which: str, answer: httpx.Response) -> dict[str, Any]:
    assert answer.status_code == 200, answer.text[:500]
    values: dict[str, Any] = answer.json() if which == "langgraph" else answer.json()["output"]
    assert "__error__" not in values, values["__error__"]
    return values


def _padded(tokens: int) -> str:
    """A real question padded to about ``tokens`` tokens ("word " is one token each)."""
    head = "How many days of annual leave do new joiners get? "
    return head + "word " * (tokens - 15)


@pytest.mark.parametrize("which", ["langgraph", "serve"])
def test_a_question_that_fits_is_answered_with_the_pinned_memories_that_fit(
    servers: Servers, which: str
) -> None:
    # Alone with the instructions it fits; with alice's pinned preferences beside it, it does not.
    question = _padded(BUDGET - instruction_tokens() - 300)
    values = _values(which, _ask(servers, which, question, f"fits-{which}"))
    assert values["messages"][-1]["type"] == "ai" and values["messages"][-1]["content"]
    assert values["context_tokens"] <= BUDGET
    report = {row["id"]: row for row in values["context_report"]}
    dropped = [r for r in report.values() if r["reason"].startswith("dropped: pinned")]
    kept = [r for r in report.values() if r["kind"] == "preference" and r["included"]]
    assert dropped and all(r["kind"] == "preference" and not r["included"] for r in dropped)
    assert len(dropped) + len(kept) == PREFERENCES
    assert report["system"]["included"]
    # A short question keeps every preference.
    short = _values(
        which, _ask(servers, which, "How many days of annual leave do new joiners get?", f"s-{which}")
    )
    assert (
        sum(1 for r in short["context_report"] if r["kind"] == "preference" and r["included"]) == PREFERENCES
    )


@pytest.mark.parametrize("which", ["langgraph", "serve"])
def test_a_question_that_cannot_fit_with_the_instructions_is_422_before_the_run(
    servers: Servers, which: str
) -> None:
    # Under the budget alone, over it with the assistant's instructions (which every context holds).
    question = _padded(BUDGET - instruction_tokens() // 2)
    answer = _ask(servers, which, question, f"over-{which}")
    assert answer.status_code == 422, answer.text[:500]
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    assert "over the context budget of 3000 tokens" in detail and "shorten it" in detail
