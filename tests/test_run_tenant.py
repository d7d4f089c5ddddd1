"""Inside a graph run that acts for a tenant, the memory store, the memory manager and the knowledge
index reach only that tenant.

langgraph-api hands every run the one store of langgraph.json: without KASSIST_TENANT that is the
admin store, whose namespaces start with the tenant. A node building a namespace from its input
must not be able to read or write another tenant's items: the run's tenant (its authenticated
user's, or configurable.tenant_id) decides, never the labels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypedDict

import pytest
from langgraph.config import get_store
from langgraph.graph import START, StateGraph

from kassist.tenancy import (
    RunTenancy,
    TenantMismatch,
    TenantRequired,
    install_run_tenancy,
    run_scope,
    run_tenancy,
)
from memory import MemoryStore


class State(TypedDict):
    tenant: str
    note: str
    found: list[str]


def write_then_read(state: State) -> dict[str, Any]:
    store = get_store()
    store.put((state["tenant"], "users", "u1"), "note", {"text": state["note"]})
    item = store.get((state["tenant"], "users", "u1"), "note")
    return {"found": [item.value["text"]] if item else []}


async def awrite_then_read(state: State) -> dict[str, Any]:
    store = get_store()
    await store.aput((state["tenant"], "users", "u1"), "note", {"text": state["note"]})
    hits = await store.asearch((state["tenant"], "users"))
    return {"found": [hit.value["text"] for hit in hits]}


def _graph(node: Any, store: Any) -> Any:
    builder: StateGraph[State] = StateGraph(State)
    builder.add_node("node", node)
    builder.add_edge(START, "node")
    return builder.compile(store=store)


@pytest.fixture
def admin(db_url: str) -> Iterator[MemoryStore]:
    with MemoryStore.from_url(db_url, tenant_from_namespace=True) as store:
        store.setup()
        yield store


AS_ACME: list[Any] = [
    {"configurable": {"tenant_id": "acme"}},
    {"configurable": {"langgraph_auth_user": {"identity": "olga", "tenant_id": "acme"}}},
]


@pytest.mark.parametrize("config", AS_ACME, ids=["tenant_id", "auth_user"])
def test_a_run_reaches_its_own_tenant_through_the_admin_store(admin: MemoryStore, config: Any) -> None:
    out = _graph(write_then_read, admin).invoke({"tenant": "acme", "note": "hello", "found": []}, config)
    assert out["found"] == ["hello"]
    assert admin.get(("acme", "users", "u1"), "note") is not None


@pytest.mark.parametrize("config", AS_ACME, ids=["tenant_id", "auth_user"])
def test_a_run_cannot_reach_another_tenant_through_the_admin_store(admin: MemoryStore, config: Any) -> None:
    admin.put(("globex", "users", "u1"), "note", {"text": "globex's own"})
    with pytest.raises(TenantMismatch, match=r"acts for tenant 'acme' and cannot reach tenant 'globex'"):
        _graph(write_then_read, admin).invoke(
            {"tenant": "globex", "note": "overwritten", "found": []}, config
        )
    item = admin.get(("globex", "users", "u1"), "note")  # outside any run: the admin's full view
    assert item is not None and item.value == {"text": "globex's own"}


async def test_async_run_cannot_reach_another_tenant(admin: MemoryStore) -> None:
    graph = _graph(awrite_then_read, admin)
    config: Any = {"configurable": {"langgraph_auth_user": {"identity": "olga", "tenant_id": "acme"}}}
    out = await graph.ainvoke({"tenant": "acme", "note": "mine", "found": []}, config)
    assert out["found"] == ["mine"]
    with pytest.raises(TenantMismatch):
        await graph.ainvoke({"tenant": "globex", "note": "theirs", "found": []}, config)
    assert await admin.aget(("globex", "users", "u1"), "note") is None


def test_a_bound_view_refuses_a_run_of_another_tenant(admin: MemoryStore) -> None:
    def read(state: State) -> dict[str, Any]:
        get_store().get(("users", "u1"), "note")
        return {}

    graph = _graph(read, admin.for_tenant("globex"))
    with pytest.raises(TenantMismatch, match=r"bound to 'globex'"):
        graph.invoke({"tenant": "", "note": "", "found": []}, {"configurable": {"tenant_id": "acme"}})


def test_a_run_whose_tenant_sources_disagree_is_refused(admin: MemoryStore) -> None:
    config: Any = {"configurable": {"tenant_id": "globex", "langgraph_auth_user": {"tenant_id": "acme"}}}
    with pytest.raises(TenantMismatch, match="differs from the authenticated user's tenant"):
        _graph(write_then_read, admin).invoke({"tenant": "acme", "note": "x", "found": []}, config)
    assert admin.get(("acme", "users", "u1"), "note") is None


def test_a_run_that_names_no_tenant_keeps_the_admin_view(admin: MemoryStore) -> None:
    # An operator's own graph (a migration, a report) runs without a tenant and may span tenants.
    graph = _graph(write_then_read, admin)
    for tenant in ("acme", "globex"):
        assert graph.invoke({"tenant": tenant, "note": tenant, "found": []})["found"] == [tenant]


# The typed memory manager follows the same rule: a run's tenant, not an argument, decides.


def test_memory_manager_in_a_run_reaches_only_the_runs_tenant(sqlite_url: str) -> None:
    from memory.manager import MemoryManager

    manager = MemoryManager.from_url(sqlite_url)
    manager.remember("u1", "preference", "units", "imperial", "user_explicit", tenant_id="globex")

    def node(state: State) -> dict[str, Any]:
        manager.remember(
            "u1", "preference", "units", state["note"], "user_explicit", tenant_id=state["tenant"]
        )
        found = manager.recall("u1", key="units", tenant_id=state["tenant"])
        return {"found": [str(m.value) for m in found]}

    builder: StateGraph[State] = StateGraph(State)
    builder.add_node("node", node)
    builder.add_edge(START, "node")
    graph = builder.compile()
    config: Any = {"configurable": {"langgraph_auth_user": {"identity": "olga", "tenant_id": "acme"}}}
    assert graph.invoke({"tenant": "acme", "note": "metric", "found": []}, config)["found"] == ["metric"]
    with pytest.raises(TenantMismatch, match=r"acts for tenant 'acme' and cannot reach tenant 'globex'"):
        graph.invoke({"tenant": "globex", "note": "metric", "found": []}, config)
    globex = manager.for_tenant("globex")
    assert [m.value for m in globex.recall("u1")] == ["imperial"]  # outside a run: allowed

    def bound_node(state: State) -> dict[str, Any]:
        return {"found": [str(m.value) for m in globex.recall("u1")]}

    bound: StateGraph[State] = StateGraph(State)
    bound.add_node("node", bound_node)
    bound.add_edge(START, "node")
    with pytest.raises(TenantMismatch):  # a view bound to another tenant, inside acme's run
        bound.compile().invoke({"tenant": "", "note": "", "found": []}, config)
    # globex's memory is as it was.
    assert [m.value for m in manager.recall("u1", key="units", tenant_id="globex")] == ["imperial"]


def test_knowledge_index_view_of_another_tenant_is_refused_inside_a_run(sqlite_url: str) -> None:
    from knowledge.embedders import HashingEmbedder
    from knowledge.index import KnowledgeIndex

    index = KnowledgeIndex.from_url(sqlite_url, embedder=HashingEmbedder())
    views = {t: index.for_tenant(t) for t in ("acme", "globex")}  # bound before any run
    assert views["globex"].stats() == []  # outside a run: the binding decides

    def node(state: State) -> dict[str, Any]:
        return {"found": [hit.chunk_id for hit in views[state["tenant"]].search("leave policy")]}

    builder: StateGraph[State] = StateGraph(State)
    builder.add_node("node", node)
    builder.add_edge(START, "node")
    graph = builder.compile()
    config: Any = {"configurable": {"tenant_id": "acme"}}
    assert graph.invoke({"tenant": "acme", "note": "", "found": []}, config)["found"] == []
    with pytest.raises(TenantMismatch, match=r"knowledge index: this graph run acts for tenant 'acme'"):
        graph.invoke({"tenant": "globex", "note": "", "found": []}, config)


# The run-tenant hook: one per process, overridden by a server that knows its request's user.


class _RequestOf(RunTenancy):
    """A server's hook whose current request was authenticated for ``tenant``."""

    def __init__(self, tenant: str | None) -> None:
        super().__init__()
        self.user = None if tenant is None else {"identity": "olga", "tenant_id": tenant}

    def request_user(self) -> Any:
        return self.user


@pytest.fixture
def request_of() -> Iterator[Callable[[str | None], _RequestOf]]:
    installed: list[RunTenancy] = []

    def install(tenant: str | None) -> _RequestOf:
        hook = _RequestOf(tenant)
        installed.append(install_run_tenancy(hook))
        return hook

    yield install
    install_run_tenancy(installed[0])


def test_a_servers_hook_decides_outside_a_run_config(
    admin: MemoryStore, request_of: Callable[[str | None], _RequestOf]
) -> None:
    hook = request_of("acme")
    admin.put(("acme", "users", "u1"), "note", {"text": "mine"})
    with pytest.raises(TenantMismatch, match="acts for tenant 'acme' and cannot reach tenant 'globex'"):
        admin.get(("globex", "users", "u1"), "note")
    # A run config naming the request's own tenant is fine; naming another is refused.
    assert _graph(write_then_read, admin).invoke(
        {"tenant": "acme", "note": "hi", "found": []}, {"configurable": {"tenant_id": "acme"}}
    )["found"] == ["hi"]
    with pytest.raises(TenantMismatch, match="authenticated for 'acme'"):
        _graph(write_then_read, admin).invoke(
            {"tenant": "globex", "note": "x", "found": []}, {"configurable": {"tenant_id": "globex"}}
        )
    hook.user = None  # the request is over: the admin's full view again
    assert admin.get(("globex", "users", "u1"), "note") is None


def test_run_scope_binds_every_component_to_the_runs_tenant(admin: MemoryStore, sqlite_url: str) -> None:
    from knowledge.embedders import HashingEmbedder
    from knowledge.index import KnowledgeIndex
    from memory.manager import MemoryManager

    index = KnowledgeIndex.from_url(sqlite_url, embedder=HashingEmbedder())
    manager = MemoryManager.from_url(sqlite_url)

    def node(state: State) -> dict[str, Any]:
        scope = run_scope("the test graph")
        scope.bind(admin).put(("users", "u1"), "note", {"text": state["note"]})
        scope.bind(manager).remember("u1", "preference", "units", "metric", "user_explicit")
        return {"found": [scope.tenant, str(scope.bind(index).stats())]}

    graph = _graph(node, None)
    as_acme: Any = {"configurable": {"langgraph_auth_user": {"identity": "olga", "tenant_id": "acme"}}}
    assert graph.invoke({"tenant": "", "note": "bound", "found": []}, as_acme)["found"] == ["acme", "[]"]
    item = admin.get(("acme", "users", "u1"), "note")
    assert item is not None and item.value == {"text": "bound"}
    assert [m.value for m in manager.recall("u1", tenant_id="acme")] == ["metric"]
    assert manager.recall("u1", tenant_id="globex") == []
    with pytest.raises(TenantRequired, match="the test graph needs a tenant"):
        graph.invoke({"tenant": "", "note": "", "found": []})
    assert admin.list_namespaces(prefix=("globex",)) == []
    index.close()
    manager.close()


def test_the_hook_remembers_which_tenant_a_run_acted_for_and_a_new_hook_keeps_it() -> None:
    hook = RunTenancy()
    hook.remember_run("run-1", "acme")
    assert hook.tenant_of_run("run-1") == "acme" and hook.tenant_of_run("run-2") is None
    previous = install_run_tenancy(hook)
    try:
        replacement = _RequestOf(None)
        assert install_run_tenancy(replacement) is hook
        assert replacement.tenant_of_run("run-1") == "acme"
        assert run_tenancy() is replacement
    finally:
        install_run_tenancy(previous)
