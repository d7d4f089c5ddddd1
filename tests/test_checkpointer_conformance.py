"""The official langgraph-checkpoint-conformance suite, on both backends: all 8 capabilities."""

from __future__ import annotations

from collections.abc import AsyncIterator

from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.initializer import RegisteredCheckpointer

from checkpointer import TenantCheckpointer


def _registered(url: str) -> RegisteredCheckpointer:
    @checkpointer_test(name=f"TenantCheckpointer[{url.split(':', 1)[0]}]")
    async def factory() -> AsyncIterator[TenantCheckpointer]:
        saver = TenantCheckpointer.from_url(url)
        await saver.asetup()
        # The suite passes no tenant; a bound view is how an application without auth runs it.
        yield saver.for_tenant("conformance")
        await saver.aclose()

    return factory


async def test_conformance_all_capabilities_pass(db_url: str) -> None:
    report = await validate(_registered(db_url))
    report.print_report()
    failed = {name: r.failures for name, r in report.results.items() if not r.passed}
    assert not failed, failed
    assert len(report.results) == 8
    assert all(r.detected and r.passed for r in report.results.values())
