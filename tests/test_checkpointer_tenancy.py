"""Tenant isolation: every read, list, write, delete, copy and prune sees only its tenant's data."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer, TenantMismatch, TenantRequired


class Notes(TypedDict):
    notes: Annotated[list[str], operator.add]


def notes_graph(saver: TenantCheckpointer) -> Any:
    builder = StateGraph(Notes)
    builder.add_node("echo", lambda s: {"notes": [f"seen {len(s['notes'])}"]})
    builder.add_edge(START, "echo")
    builder.add_edge("echo", END)
    return builder.compile(checkpointer=saver)


def cfg(tenant: str | None, thread: str = "t1", **extra: Any) -> dict[str, Any]:
    conf: dict[str, Any] = {"thread_id": thread, **extra}
    if tenant is not None:
        conf["tenant_id"] = tenant
    return {"configurable": conf}


def seed_two_tenants(saver: TenantCheckpointer) -> Any:
    graph = notes_graph(saver)
    # langgraph-api passes the run id in configurable; it lands in the checkpoint metadata.
    graph.invoke({"notes": ["acme secret"]}, cfg("acme", run_id="run-a1"))
    graph.invoke({"notes": ["globex secret"]}, cfg("globex", run_id="run-g1"))
    graph.invoke({"notes": ["acme other"]}, cfg("acme", "t2", run_id="run-a2"))
    return graph


def test_same_thread_id_is_two_threads_and_reads_are_isolated(saver: TenantCheckpointer) -> None:
    graph = seed_two_tenants(saver)
    assert graph.get_state(cfg("acme")).values["notes"][0] == "acme secret"
    assert graph.get_state(cfg("globex")).values["notes"][0] == "globex secret"
    assert saver.get_tuple(cfg("initech")) is None
    acme_head = saver.get_tuple(cfg("acme"))
    assert acme_head is not None
    # Naming acme's checkpoint id from another tenant finds nothing.
    foreign = cfg("globex", checkpoint_id=acme_head.config["configurable"]["checkpoint_id"])
    assert saver.get_tuple(foreign) is None
    assert saver.for_tenant("globex").get_tuple(foreign) is None


def test_list_including_list_none_sees_only_the_tenant(saver: TenantCheckpointer) -> None:
    seed_two_tenants(saver)
    acme = saver.for_tenant("acme")
    everything = list(acme.list(None))
    assert everything and {t.config["configurable"]["tenant_id"] for t in everything} == {"acme"}
    assert {t.config["configurable"]["thread_id"] for t in everything} == {"t1", "t2"}
    assert all(t.config["configurable"]["tenant_id"] == "globex" for t in saver.list(cfg("globex")))
    assert list(saver.for_tenant("initech").list(None)) == []


async def test_async_list_none_and_get_are_isolated(saver: TenantCheckpointer) -> None:
    seed_two_tenants(saver)
    acme = saver.for_tenant("acme")
    tenants = {t.config["configurable"]["tenant_id"] async for t in acme.alist(None)}
    assert tenants == {"acme"}
    assert await saver.aget_tuple(cfg("initech")) is None
    tup = await saver.aget_tuple(cfg("globex"))
    assert tup is not None and tup.checkpoint["channel_values"]["notes"][0] == "globex secret"


def test_writes_land_in_the_callers_tenant(saver: TenantCheckpointer) -> None:
    seed_two_tenants(saver)
    acme_head = saver.get_tuple(cfg("acme"))
    assert acme_head is not None
    cid = acme_head.config["configurable"]["checkpoint_id"]
    saver.put_writes(cfg("globex", checkpoint_id=cid), [("notes", ["injected"])], "task-x")
    again = saver.get_tuple(cfg("acme"))
    assert again is not None and again.pending_writes == acme_head.pending_writes


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_delete_copy_prune_runs_stay_in_tenant(saver: TenantCheckpointer, mode: str) -> None:
    graph = seed_two_tenants(saver)
    graph.invoke({"notes": ["globex 2"]}, cfg("globex"))
    globex = saver.for_tenant("globex")
    acme = saver.for_tenant("acme")
    acme_before = [t.checkpoint["id"] for t in acme.list(None)]
    run_ids = {t.metadata.get("run_id") for t in acme.list(None)} - {None}
    assert run_ids == {"run-a1", "run-a2"}
    if mode == "sync":
        globex.copy_thread("t2", "t9")  # t2 is acme's only: nothing to copy
        globex.prune(["t1"], strategy="keep_latest")
        globex.delete_for_runs(sorted(run_ids))  # acme's runs, named from globex
        globex.delete_thread("t1")
    else:
        await globex.acopy_thread("t2", "t9")
        await globex.aprune(["t1"], strategy="keep_latest")
        await globex.adelete_for_runs(sorted(run_ids))
        await globex.adelete_thread("t1")
    assert [t.checkpoint["id"] for t in acme.list(None)] == acme_before
    assert saver.get_tuple(cfg("globex")) is None
    assert saver.get_tuple(cfg("globex", "t9")) is None


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_id_only_calls_on_the_unbound_saver_are_refused_not_resolved_from_the_data(
    saver: TenantCheckpointer, mode: str
) -> None:
    """The data never says whose thread an id is: t2 exists under acme alone, and still an id-only
    call without a tenant is refused and touches nothing."""
    seed_two_tenants(saver)
    before = {t: [c.checkpoint["id"] for c in saver.for_tenant(t).list(None)] for t in ("acme", "globex")}
    calls: list[tuple[str, Any]] = [
        ("delete_thread", ("t2",)),
        ("copy_thread", ("t2", "t3")),
        ("prune", (["t2"],)),
        ("delete_for_runs", (["run-a2"],)),
    ]
    for name, args in calls:
        with pytest.raises(TenantRequired, match=f"saver.for_tenant\\(<tenant>\\).{name}"):
            if mode == "sync":
                getattr(saver, name)(*args)
            else:
                await getattr(saver, f"a{name}")(*args)
    after = {t: [c.checkpoint["id"] for c in saver.for_tenant(t).list(None)] for t in ("acme", "globex")}
    assert after == before


def test_missing_tenant_is_refused_with_a_how_to(saver: TenantCheckpointer) -> None:
    graph = notes_graph(saver)
    with pytest.raises(TenantRequired, match="for_tenant"):
        graph.invoke({"notes": ["x"]}, cfg(None))
    with pytest.raises(TenantRequired):
        list(saver.list(None))
    with pytest.raises(TenantRequired):
        saver.get_tuple(cfg(""))


async def test_bound_view_refuses_another_tenant(saver: TenantCheckpointer) -> None:
    acme = saver.for_tenant("acme")
    with pytest.raises(TenantMismatch, match="globex"):
        acme.get_tuple(cfg("globex"))
    with pytest.raises(TenantMismatch):
        await acme.aget_tuple(cfg(None, langgraph_auth_user={"tenant_id": "globex"}))
    assert acme.get_tuple(cfg("acme")) is None  # same tenant: fine


class AuthUser:
    def __init__(self, tenant_id: str) -> None:
        self.tenant_id = tenant_id
        self.identity = "user-1"


async def test_tenant_from_langgraph_auth_user(saver: TenantCheckpointer) -> None:
    graph = notes_graph(saver)
    await graph.ainvoke({"notes": ["via auth"]}, cfg(None, langgraph_auth_user=AuthUser("acme")))
    state = await graph.aget_state(cfg(None, langgraph_auth_user={"tenant_id": "acme"}))
    assert state.values["notes"][0] == "via auth"
    assert saver.get_tuple(cfg("globex")) is None
    with pytest.raises(TenantMismatch):
        saver.get_tuple(cfg("globex", langgraph_auth_user=AuthUser("acme")))
