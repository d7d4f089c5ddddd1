"""Age-based retention per tenant: what it removes, what it keeps, and what it never touches."""

from __future__ import annotations

import operator
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import pytest
from langgraph.graph import END, START, StateGraph
from raw_sql import raw
from typing_extensions import TypedDict

from checkpointer import RetentionReport, TenantCheckpointer

LATER = datetime.now(UTC) + timedelta(days=31)
MONTH = timedelta(days=30)


class Notes(TypedDict):
    notes: Annotated[list[str], operator.add]


def cfg(tenant: str, thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "tenant_id": tenant}}


def seed(saver: TenantCheckpointer) -> Any:
    builder = StateGraph(Notes)
    builder.add_node("echo", lambda s: {"notes": ["reply"]})
    builder.add_edge(START, "echo")
    builder.add_edge("echo", END)
    graph = builder.compile(checkpointer=saver)
    for tenant in ("acme", "globex"):
        for thread in ("t1", "t2"):
            for turn in range(2):
                # Notes over INLINE_MAX_BYTES: the list lives in blob rows, which retention removes.
                graph.invoke({"notes": [f"{tenant} {thread} {turn} " + "x" * 3000]}, cfg(tenant, thread))
    return graph


def other_module_table(db_url: str, action: str) -> int:
    """A long-term-memory-like table in the same database: retention must never touch it."""
    sql = {
        "create": "CREATE TABLE kassist_memory_items (id TEXT PRIMARY KEY, body TEXT)",
        "fill": "INSERT INTO kassist_memory_items VALUES ('m1', 'remember me')",
        "count": "SELECT count(*) FROM kassist_memory_items",
    }[action]
    rows = raw(db_url, sql)
    return int(rows[0][0]) if rows else 0


@pytest.fixture(autouse=True)
def other_module(saver: TenantCheckpointer, db_url: str) -> None:
    """Next to the conftest `saver`'s tables, another module's table with one row."""
    other_module_table(db_url, "create")
    other_module_table(db_url, "fill")


def test_keep_latest_for_one_tenant_keeps_heads_and_other_tenants(
    saver: TenantCheckpointer, db_url: str
) -> None:
    graph = seed(saver)
    globex_before = len(list(saver.for_tenant("globex").list(None)))
    nothing = saver.retain(MONTH, tenant_id="acme")  # nothing is a month old yet
    assert nothing.threads == []
    report = saver.retain(MONTH, tenant_id="acme", strategy="keep_latest", now=LATER)
    assert isinstance(report, RetentionReport) and report.tenant_id == "acme"
    assert {(t.tenant_id, t.thread_id) for t in report.threads} == {("acme", "t1"), ("acme", "t2")}
    assert report.checkpoints_removed > 0 and report.threads_deleted == 0
    assert all(t.blobs_removed > 0 for t in report.threads)
    assert len(list(saver.for_tenant("acme").list(None))) == 2  # one head per thread
    for thread in ("t1", "t2"):
        assert graph.get_state(cfg("acme", thread)).values["notes"][-1] == "reply"
        assert len(graph.get_state(cfg("acme", thread)).values["notes"]) == 4
    assert len(list(saver.for_tenant("globex").list(None))) == globex_before
    assert other_module_table(db_url, "count") == 1


async def test_delete_strategy_across_all_tenants(saver: TenantCheckpointer, db_url: str) -> None:
    seed(saver)
    report = await saver.aretain(MONTH, strategy="delete", now=LATER)
    assert report.tenant_id is None and report.threads_deleted == 4
    assert set(report.by_tenant()) == {"acme", "globex"}
    assert all(t.checkpoints_removed == 6 for t in report.threads)  # 3 checkpoints per invoke, 2 invokes
    for tenant in ("acme", "globex"):
        assert list(saver.for_tenant(tenant).list(None)) == []
    assert other_module_table(db_url, "count") == 1


def test_bound_view_retains_only_its_tenant(saver: TenantCheckpointer) -> None:
    seed(saver)
    acme = saver.for_tenant("acme")
    with pytest.raises(PermissionError):
        acme.retain(MONTH, tenant_id="globex", now=LATER)
    report = acme.retain(MONTH, strategy="delete", now=LATER)
    assert {t.tenant_id for t in report.threads} == {"acme"}
    assert list(saver.for_tenant("globex").list(None))
    with pytest.raises(ValueError, match="strategy"):
        acme.retain(MONTH, strategy="shred", now=LATER)  # type: ignore[arg-type]
