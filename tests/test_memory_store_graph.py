"""MemoryStore inside compiled LangGraph graphs (sync and async) and as langgraph.json's store."""

from __future__ import annotations

import importlib
from typing import TypedDict

import pytest
from langgraph.config import get_store
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.store.base import BaseStore

from memory import MemoryStore, langgraph_store


class State(TypedDict):
    user_id: str
    text: str
    recalled: list[str]


def remember(state: State, runtime: Runtime[None]) -> dict[str, object]:
    assert runtime.store is not None
    runtime.store.put(("users", state["user_id"], "notes"), "latest", {"text": state["text"]})
    return {}


def recall(state: State) -> dict[str, object]:
    store = get_store()
    found = store.search(("users", state["user_id"]), query=state["text"])
    return {"recalled": [item.value["text"] for item in found]}


async def aremember(state: State, runtime: Runtime[None]) -> dict[str, object]:
    assert runtime.store is not None
    await runtime.store.aput(("users", state["user_id"], "notes"), "latest", {"text": state["text"]})
    return {}


async def arecall(state: State) -> dict[str, object]:
    found = await get_store().asearch(("users", state["user_id"]), query=state["text"])
    return {"recalled": [item.value["text"] for item in found]}


def _graph(first: object, second: object) -> StateGraph[State]:
    builder = StateGraph(State)
    builder.add_node("remember", first)  # type: ignore[call-overload]
    builder.add_node("recall", second)  # type: ignore[call-overload]
    builder.add_edge(START, "remember")
    builder.add_edge("remember", "recall")
    builder.add_edge("recall", END)
    return builder


def test_compiled_graph_uses_a_tenant_view(db_url: str) -> None:
    with MemoryStore.from_url(db_url, tenant_from_namespace=True) as admin:
        admin.setup()
        graph = _graph(remember, recall).compile(store=admin.for_tenant("acme"))
        out = graph.invoke({"user_id": "u1", "text": "prefers metric units", "recalled": []})
        assert out["recalled"] == ["prefers metric units"]
        item = admin.get(("acme", "users", "u1", "notes"), "latest")
        assert item is not None and item.value == {"text": "prefers metric units"}
        other = _graph(remember, recall).compile(store=admin.for_tenant("globex"))
        out = other.invoke({"user_id": "u1", "text": "likes tea", "recalled": []})
        assert out["recalled"] == ["likes tea"]  # acme's note is invisible to globex


async def test_compiled_graph_async(db_url: str) -> None:
    root = MemoryStore.from_url(db_url)
    try:
        await root.asetup()
        graph = _graph(aremember, arecall).compile(store=root.for_tenant("acme"))
        out = await graph.ainvoke({"user_id": "u2", "text": "answers in Bengali", "recalled": []})
        assert out["recalled"] == ["answers in Bengali"]
        # A sync node under ainvoke also works (LangGraph runs it in a thread).
        mixed = _graph(remember, arecall).compile(store=root.for_tenant("acme"))
        out = await mixed.ainvoke({"user_id": "u3", "text": "short answers", "recalled": []})
        assert out["recalled"] == ["short answers"]
    finally:
        await root.aclose()


def test_langgraph_json_factory(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KASSIST_DATABASE_URL", sqlite_url)
    monkeypatch.delenv("KASSIST_TENANT", raising=False)
    admin = langgraph_store()
    try:
        assert admin.tenant is None
        admin.put(("acme", "users"), "k", {"v": 1})
    finally:
        admin.close()
    monkeypatch.setenv("KASSIST_TENANT", "acme")
    bound = langgraph_store()
    try:
        assert bound.tenant == "acme"
        item = bound.get(("users",), "k")
        assert item is not None and item.value == {"v": 1}
    finally:
        bound.close()


def test_langgraph_json_path_resolves_like_the_server(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """langgraph-api splits ``"store": {"path": "memory.store.langgraph_store"}`` at the last dot,
    imports the module, and calls the attribute when it is not already a BaseStore."""
    monkeypatch.setenv("KASSIST_DATABASE_URL", sqlite_url)
    monkeypatch.setenv("KASSIST_TENANT", "acme")
    path = "memory.store.langgraph_store"
    module_name, attr = path.rsplit(".", 1)
    factory = importlib.import_module(module_name).__dict__[attr]
    assert not isinstance(factory, BaseStore) and callable(factory)
    store = factory()
    try:
        assert isinstance(store, BaseStore) and store.tenant == "acme"
    finally:
        store.close()
