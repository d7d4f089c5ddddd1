"""Regressions from a security review: inputs that once crossed tenants or gave wrong results."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest
from langgraph.checkpoint.base import empty_checkpoint

from checkpointer import TenantCheckpointer, TenantMismatch
from kassist.tenancy import TenantRequired
from memory import MemoryStore
from memory.manager import MemoryManager
from memory.store.namespaces import InvalidNamespaceError
from server.saver import ServerCheckpointer


def _put(saver: TenantCheckpointer, thread: str, metadata: dict[str, Any] | None = None) -> None:
    config: Any = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    saver.put(config, empty_checkpoint(), metadata or {}, {})  # type: ignore[arg-type]


def test_a_string_is_not_a_list_of_thread_or_run_ids(saver: TenantCheckpointer) -> None:
    acme = saver.for_tenant("acme")
    for thread in ("a", "b", "ab"):
        _put(acme, thread)
    with pytest.raises(TypeError, match="list of ids"):
        acme.prune("ab", strategy="delete")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="list of ids"):
        acme.delete_for_runs("ab")  # type: ignore[arg-type]
    threads = {t.config["configurable"]["thread_id"] for t in acme.list(None)}
    assert threads == {"a", "b", "ab"}  # nothing was deleted


def test_a_bound_view_cannot_be_rebound_to_another_tenant(saver: TenantCheckpointer, db_url: str) -> None:
    with pytest.raises(TenantMismatch):
        saver.for_tenant("acme").for_tenant("globex")
    assert saver.for_tenant("acme").for_tenant("acme") is not None
    manager = MemoryManager.from_url(db_url)
    with pytest.raises(TenantRequired):
        manager.for_tenant(None)  # type: ignore[arg-type]
    with pytest.raises(TenantMismatch):
        manager.for_tenant("acme").for_tenant("globex")


def test_filter_keys_sqlite_cannot_express_are_refused_on_both_backends(saver: TenantCheckpointer) -> None:
    acme = saver.for_tenant("acme")
    _put(acme, "t", {'x"y': 1})
    with pytest.raises(ValueError, match="double quote or backslash"):
        list(acme.list(None, filter={'x"y': 1}))
    with pytest.raises(ValueError, match="limit"):
        list(acme.list(None, limit=-1))
    with pytest.raises(ValueError, match="thread_id"):
        acme.get_tuple(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="before"):
        list(acme.list(None, before="x"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="NUL"):
        acme.get_tuple({"configurable": {"thread_id": "t\x00x"}})


def test_a_string_namespace_is_refused_not_split_into_letters(db_url: str) -> None:
    with MemoryStore.from_url(db_url, tenant_from_namespace=True) as admin:
        admin.setup()
        with pytest.raises(InvalidNamespaceError):
            admin.put("bob", "k", {"x": 1})  # type: ignore[arg-type]
        view = MemoryStore.from_url(db_url).for_tenant("b")
        with pytest.raises(InvalidNamespaceError):
            view.put("docs", "k", {"x": 1})  # type: ignore[arg-type]
        assert view.search(("o",)) == []


def test_server_saver_refuses_a_client_tenant_that_differs_from_the_authenticated_one(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Stands in for langgraph-api's request context (an outside library), as inside a request of "a".
    fake = types.ModuleType("langgraph_api.utils")
    fake.get_auth_ctx = lambda: types.SimpleNamespace(user={"tenant_id": "a"})  # type: ignore[attr-defined]
    with ServerCheckpointer.from_url(db_url) as server_saver:
        server_saver.setup()
        _put(server_saver.for_tenant("b"), "t1", {"secret": "B-data"})
        monkeypatch.setitem(sys.modules, "langgraph_api.utils", fake)
        with pytest.raises(TenantMismatch):
            server_saver.get_tuple({"configurable": {"thread_id": "t1", "tenant_id": "b"}})
        assert server_saver.get_tuple({"configurable": {"thread_id": "t1"}}) is None  # a's view


def test_store_search_bounds_and_huge_numbers_are_clear_errors(db_url: str) -> None:
    from memory.store import InvalidFilter

    with MemoryStore.from_url(db_url) as store:
        store.setup()
        view = store.for_tenant("acme")
        view.put(("docs",), "k", {"n": 1})
        with pytest.raises(InvalidFilter, match="64-bit"):
            view.search(("docs",), filter={"n": 10**30})
        for bad in ({"limit": "5"}, {"limit": 10**20}, {"offset": -1}):
            with pytest.raises(ValueError, match="whole number"):
                view.search(("docs",), **bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="max_depth"):
            view.list_namespaces(max_depth="2")  # type: ignore[arg-type]
        assert [i.key for i in view.search(("docs",), filter={"n": {"$lt": 2**62}})] == ["k"]


def test_memory_recall_k_must_be_a_whole_number(db_url: str) -> None:
    memory = MemoryManager.from_url(db_url).for_tenant("acme")
    for bad in ("3", 0, 3.5, True):
        with pytest.raises(ValueError, match="whole number"):
            memory.recall("asha", k=bad)  # type: ignore[arg-type]
    assert memory.recall("asha", k=3) == []
