"""The official langgraph-checkpoint-conformance suite, on both backends: all 8 capabilities.

The suite only calls async methods. To give the sync methods the same coverage, the second test
runs the very same suite through an adapter whose async methods call the saver's sync ones.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver, CheckpointTuple
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.initializer import RegisteredCheckpointer
from langgraph.checkpoint.conformance.report import CapabilityReport

from checkpointer import TenantCheckpointer


class SyncRoute(BaseCheckpointSaver[str]):
    """Routes the suite's async calls to the sync methods of the saver under test."""

    def __init__(self, inner: TenantCheckpointer) -> None:
        super().__init__(serde=inner.serde)
        self.inner = inner

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        return self.inner.get_tuple(config)

    async def alist(self, config: RunnableConfig | None, **kw: Any) -> AsyncIterator[CheckpointTuple]:
        for item in self.inner.list(config, **kw):
            yield item

    async def aput(self, *args: Any) -> RunnableConfig:
        return self.inner.put(*args)

    async def aput_writes(self, *args: Any, **kw: Any) -> None:
        self.inner.put_writes(*args, **kw)

    async def adelete_thread(self, thread_id: str) -> None:
        self.inner.delete_thread(thread_id)

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        self.inner.delete_for_runs(run_ids)

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        self.inner.copy_thread(source_thread_id, target_thread_id)

    async def aprune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        self.inner.prune(thread_ids, strategy=strategy)

    def get_next_version(self, current: str | None, channel: None) -> str:
        return self.inner.get_next_version(current, channel)


def _registered(url: str, *, sync: bool) -> RegisteredCheckpointer:
    @checkpointer_test(name=f"TenantCheckpointer[{url.split(':', 1)[0]}{', sync' if sync else ''}]")
    async def factory() -> AsyncIterator[BaseCheckpointSaver[str]]:
        saver = TenantCheckpointer.from_url(url)
        await saver.asetup()
        # The suite passes no tenant; a bound view is how an application without auth runs it.
        view = saver.for_tenant("conformance")
        yield SyncRoute(view) if sync else view
        await saver.aclose()

    return factory


def _assert_all_pass(report: CapabilityReport) -> None:
    report.print_report()
    failed = {name: r.failures for name, r in report.results.items() if not r.passed}
    assert not failed, failed
    assert len(report.results) == 8
    assert all(r.detected and r.passed for r in report.results.values())


async def test_conformance_all_capabilities_pass(db_url: str) -> None:
    _assert_all_pass(await validate(_registered(db_url, sync=False)))


async def test_conformance_through_the_sync_methods(db_url: str) -> None:
    _assert_all_pass(await validate(_registered(db_url, sync=True)))
