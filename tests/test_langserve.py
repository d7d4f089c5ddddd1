"""The assistant over LangServe (``python -m server.langserve_app``, a real uvicorn process on
127.0.0.1, SQLite and PostgreSQL): ``langserve.RemoteRunnable`` holds a two-turn conversation on a
thread, checkpointed in our database under the key's tenant; another tenant can neither read nor
continue it; refused requests run nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langserve import RemoteRunnable
from server_harness import ACME_KEY, GLOBEX_KEY, backend_database, kassist_serve

from checkpointer import TenantCheckpointer
from knowledge.corpus import demo_corpus_path
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

Server = tuple[str, str]
HANDBOOK = "hr/leave-policy-handbook-2026.md"
TURN_1 = "Locate our company's 2026 Employee Leave Policy handbook."
TURN_2 = "Now review what it specifies regarding earned leaves for probationary hires."


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("langserve")
    with backend_database(request, tmp, "kassist_ls") as db_url:
        with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
            ingest_directory(index.for_tenant("acme"), demo_corpus_path(), collection="handbook")
        # --database-url must win over the environment, which names a server that is never there.
        # The offline extractive responder, searching with the model the handbook was indexed with.
        with kassist_serve(tmp, db_url, env_db_url="postgresql://kassist@127.0.0.1:1/unreachable") as base:
            yield base, db_url


def _config(thread_id: str, **extra: Any) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id, **extra}}


def _ask(text: str) -> dict[str, Any]:
    return {"messages": [{"type": "human", "content": text}]}


def _invoke(base: str, key: str | None, body: dict[str, Any], route: str = "invoke") -> httpx.Response:
    headers = {"x-api-key": key} if key else {}
    return httpx.post(f"{base}/assistant/{route}", json=body, headers=headers, timeout=60)


def _state(base: str, key: str, thread_id: str) -> httpx.Response:
    return httpx.get(f"{base}/assistant/threads/{thread_id}/state", headers={"x-api-key": key}, timeout=30)


def _remote(base: str, key: str) -> RemoteRunnable[Any, Any]:
    return RemoteRunnable(f"{base}/assistant", headers={"x-api-key": key}, timeout=120)


def test_remote_runnable_holds_a_conversation_on_a_thread_under_the_keys_tenant(server: Server) -> None:
    base, db_url = server
    acme = _remote(base, ACME_KEY)
    first = acme.invoke({"messages": [HumanMessage(TURN_1)]}, config=_config("t-1"))  # type: ignore[arg-type]
    assert first["citations"][0]["path"] == HANDBOOK, first["citations"]
    assert isinstance(first["messages"][-1], AIMessage)
    assert "Leave Policy Handbook 2026" in first["messages"][-1].content
    # Turn 2 on the same thread: "it" is the handbook of turn 1, from the checkpointed state.
    second = acme.invoke({"messages": [HumanMessage(TURN_2)]}, config=_config("t-1"))  # type: ignore[arg-type]
    assert second["citations"][0]["doc_id"] == first["citations"][0]["doc_id"]
    answer = second["messages"][-1].content
    assert "no more than five days of earned leave may be taken before the probationary period ends" in answer
    assert second["citations"][0]["chunk_id"] not in answer  # ids live in citations / --json
    assert "[1] Leave Policy Handbook 2026" in answer
    assert [type(m).__name__ for m in second["messages"]] == ["HumanMessage", "AIMessage"] * 2
    assert second["focus"]["source_path"] == HANDBOOK

    # A third turn streamed: node by node, the answer in the "respond" update.
    chunks = list(
        acme.stream({"messages": [HumanMessage("And for part-time staff?")]}, config=_config("t-1"))
    )  # type: ignore[arg-type]
    assert [next(iter(c)) for c in chunks][:3] == ["remember_explicit", "load_memories", "retrieve"]
    assert any("respond" in c for c in chunks)

    state = _state(base, ACME_KEY, "t-1").json()
    assert len(state["values"]["messages"]) == 6 and state["values"]["turn"] == 3
    with TenantCheckpointer.from_url(db_url) as saver:
        head = saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t-1"}})
        assert head is not None and head.config["configurable"]["checkpoint_id"] == state["checkpoint_id"]
        assert saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": "t-1"}}) is None


async def test_remote_runnable_streams_events_and_batches(server: Server) -> None:
    base, _ = server
    acme = _remote(base, ACME_KEY)
    kinds = set()
    async for event in acme.astream_events(
        {"messages": [HumanMessage(TURN_1)]},
        config=_config("t-events"),  # type: ignore[arg-type]
        version="v2",
    ):
        kinds.add(event["event"])
    assert {"on_chain_start", "on_chain_end"} <= kinds
    outs = await acme.abatch(
        [
            {"messages": [HumanMessage(TURN_1)]},
            {"messages": [HumanMessage("What is the remote work policy?")]},
        ],
        config=[_config("t-batch-1"), _config("t-batch-2")],  # type: ignore[arg-type]
    )
    assert outs[0]["citations"][0]["path"] == HANDBOOK
    assert [len(o["messages"]) for o in outs] == [2, 2]


def test_another_tenant_cannot_read_or_continue_the_thread(server: Server) -> None:
    base, _ = server
    assert _invoke(base, ACME_KEY, {"input": _ask(TURN_1), "config": _config("t-2")}).status_code == 200

    bearer = {"Authorization": f"Bearer {GLOBEX_KEY}"}
    assert httpx.get(f"{base}/assistant/threads/t-2/state", headers=bearer).status_code == 404
    # The same thread id under globex is globex's own, new thread: nothing of acme's comes back, and
    # globex's knowledge base (empty) has nothing of acme's to cite.
    out = _invoke(base, GLOBEX_KEY, {"input": _ask(TURN_2), "config": _config("t-2")})
    assert out.status_code == 200, out.text
    assert len(out.json()["output"]["messages"]) == 2 and out.json()["output"]["citations"] == []
    state = _state(base, ACME_KEY, "t-2").json()
    assert [m["content"] for m in state["values"]["messages"] if m["type"] == "human"] == [TURN_1]


@pytest.mark.parametrize(
    ("key", "config", "status", "says"),
    [
        (None, _config("t-3"), 401, "missing or unknown API key"),
        ("wrong-key-0123456789abcdef", _config("t-3"), 401, "missing or unknown API key"),
        (ACME_KEY, _config("t-3", tenant_id="globex"), 403, "not the tenant of your API key"),
        (ACME_KEY, {}, 422, "configurable.thread_id is required"),
    ],
)
def test_refused_requests_run_nothing(
    server: Server, key: str | None, config: dict[str, Any], status: int, says: str
) -> None:
    base, db_url = server
    response = _invoke(base, key, {"input": _ask(TURN_1), "config": config})
    assert response.status_code == status, response.text
    assert says in json.dumps(response.json())
    with TenantCheckpointer.from_url(db_url) as saver:
        for tenant in ("acme", "globex"):
            assert saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": "t-3"}}) is None


def test_server_side_knobs_are_refused(server: Server, tmp_path: Path) -> None:
    """``ledger_path`` would make the server write a file of the client's choosing and
    ``step_delay`` would block a worker: both are refused with 422, and nothing runs."""
    base, db_url = server
    ledger = tmp_path / "ledger.db"
    for knob in ({"ledger_path": str(ledger)}, {"step_delay": 30}):
        body = {"input": _ask(TURN_1), "config": _config("t-4", **knob)}
        refused = _invoke(base, ACME_KEY, body)
        assert refused.status_code == 422, refused.text
        assert f"{list(knob)} cannot be set by a client" in refused.json()["detail"]
    assert not ledger.exists()
    with TenantCheckpointer.from_url(db_url) as saver:
        assert saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t-4"}}) is None
    # An acme key may repeat its own tenant.
    assert (
        _invoke(
            base, ACME_KEY, {"input": _ask(TURN_1), "config": _config("t-4", tenant_id="acme")}
        ).status_code
        == 200
    )


@pytest.mark.parametrize("endpoint", ["invoke", "stream", "stream_events"])
def test_an_unknown_checkpoint_id_is_not_found(server: Server, endpoint: str) -> None:
    base, _ = server
    assert _invoke(base, ACME_KEY, {"input": _ask(TURN_1), "config": _config("t-5")}).status_code == 200
    acme_head = _state(base, ACME_KEY, "t-5").json()
    cases = [
        ("t-5", "no-such-checkpoint"),  # an existing thread
        (f"t-new-{endpoint}", "no-such-checkpoint"),  # a new thread
    ]
    for thread, checkpoint in cases:
        body = {"input": _ask(TURN_2), "config": _config(thread, checkpoint_id=checkpoint)}
        response = httpx.post(
            f"{base}/assistant/{endpoint}", json=body, headers={"x-api-key": ACME_KEY}, timeout=30
        )
        assert response.status_code == 404, response.text
        assert f"checkpoint {checkpoint!r} not found in thread {thread!r}" in response.text
    # acme's checkpoint id named from globex, on the same thread id: not found either.
    body = {"input": _ask(TURN_2), "config": _config("t-5", checkpoint_id=acme_head["checkpoint_id"])}
    assert _invoke(base, GLOBEX_KEY, body).status_code == 404


def test_a_run_naming_another_tenant_is_refused_with_or_without_a_thread(server: Server) -> None:
    base, db_url = server
    for config in (_config("t-6", tenant_id="globex"), {"configurable": {"tenant_id": "globex"}}):
        for endpoint in ("invoke", "stream", "stream_events"):
            response = httpx.post(
                f"{base}/assistant/{endpoint}",
                json={"input": _ask(TURN_1), "config": config},
                headers={"x-api-key": ACME_KEY},
                timeout=30,
            )
            assert response.status_code == 403, response.text
            assert "'globex' is not the tenant of your API key" in response.json()["detail"]
    with TenantCheckpointer.from_url(db_url) as saver:
        for tenant in ("acme", "globex"):
            assert saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": "t-6"}}) is None


def test_schemas_and_the_playground_need_a_key(server: Server) -> None:
    base, _ = server
    for path in ("input_schema", "output_schema", "config_schema", "playground/"):
        assert httpx.get(f"{base}/assistant/{path}").status_code == 401
        ok = httpx.get(f"{base}/assistant/{path}", headers={"x-api-key": ACME_KEY})
        assert ok.status_code == 200, ok.text
    # The config schema is the allow-list: the thread keys and the assistant's two knobs, nothing
    # server-side (no user_id: the user is the key's).
    schema = httpx.get(f"{base}/assistant/config_schema", headers={"x-api-key": ACME_KEY}).json()
    assert set(schema["$defs"]["Configurable"]["properties"]) == {
        "thread_id",
        "checkpoint_id",
        "checkpoint_ns",
        "context_budget",
        "compaction",
    }


def test_a_browser_signs_in_for_the_playground_with_a_cookie(server: Server) -> None:
    base, _ = server
    browser = httpx.Client(base_url=base, timeout=30)
    assert browser.get("/assistant/playground/").status_code == 401
    login = browser.get("/login")
    assert login.status_code == 200 and 'name="api_key"' in login.text
    wrong = browser.post("/login", data={"api_key": "wrong-key-0123456789abcdef"})
    assert wrong.status_code == 401 and "not known" in wrong.text
    signed_in = browser.post("/login", data={"api_key": ACME_KEY, "next": "https://evil.example/"})
    assert signed_in.status_code == 303 and signed_in.headers["location"] == "/"
    cookie = signed_in.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    page = browser.get("/assistant/playground/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    # Never inside another site's frame (no clickjacking of a signed-in page), its scripts untouched.
    assert page.headers["x-frame-options"] == "DENY"
    assert page.headers["content-security-policy"] == "frame-ancestors 'none'"
    # The playground's own calls (plain fetch, no header) run as the key's tenant.
    body = {"input": _ask(TURN_1), "config": _config("t-play")}
    assert browser.post("/assistant/invoke", json=body).status_code == 200
    streamed = browser.post(
        "/assistant/stream_log", json={"input": _ask(TURN_2), "config": _config("t-play")}
    )
    assert streamed.status_code == 200 and "event: end" in streamed.text
    state = _state(base, ACME_KEY, "t-play")
    assert state.status_code == 200 and len(state.json()["values"]["messages"]) == 4
    browser.post("/logout")
    assert browser.get("/assistant/playground/").status_code == 401
