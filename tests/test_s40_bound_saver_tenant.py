"""A graph compiled with a saver view bound to a tenant runs for that tenant without naming it again
(kassist.tenancy.saver_tenant): ``graph.compile(checkpointer=saver.for_tenant("acme"))`` is an explicit
binding, as the memory store's bound views are (docs/memory-store.md: "graph code written for bound
views just works"). Before, its nodes raised TenantRequired unless configurable.tenant_id named acme
again; a config naming another tenant is still refused by the saver before any node runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from checkpointer import TenantCheckpointer
from graph.ingestion.graph import build_graph
from kassist.tenancy import TenantMismatch


def test_a_graph_compiled_with_a_bound_saver_runs_for_its_tenant(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_DATABASE_URL", sqlite_url)
    monkeypatch.setenv("KASSIST_REPORTS_DIR", str(tmp_path / "reports"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    settings = {"source": str(docs), "collection": "handbook", "embedder": "hashing"}
    with TenantCheckpointer.from_url(sqlite_url) as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver.for_tenant("acme"))
        state = graph.invoke(
            {"settings": settings},
            {"configurable": {"thread_id": "r1"}, "recursion_limit": 1000},
            durability="sync",
        )
        assert state["status"] == "completed", state.get("last_error")
        assert state["tenant_id"] == "acme" and state["counters"]["documents_indexed"] == 1
        thread = {"configurable": {"thread_id": "r1"}}
        assert saver.for_tenant("acme").get_tuple(thread) is not None
        assert saver.for_tenant("globex").get_tuple(thread) is None
        with pytest.raises(TenantMismatch):
            graph.invoke({"settings": settings}, {"configurable": {"thread_id": "r2", "tenant_id": "globex"}})
