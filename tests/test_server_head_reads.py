"""An ingestion run's creation on ``langgraph dev`` reads its thread's head checkpoint once.

The run handler's rules each asked for it: whose thread it is (twice: the thread's graph and, for
``if_not_exists: "create"``, the claim), whether it holds a conversation, and the run's first
settings (a run stopped before ``begin`` keeps them in that checkpoint). Four database reads of
one row per run; one is enough (session 22's review). What the rules decide is unchanged: the
run's own first settings pass, other settings are refused naming what differs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import SHIPPED
from langgraph_sdk import Auth

from checkpointer import TenantCheckpointer
from graph.ingestion.graph import build_graph

RUN = "head-reads"
FIRST = {"collection": "first", "embedder": "hashing", "batch_size": 5}


class _User(dict[str, Any]):
    @property
    def identity(self) -> str:
        return str(self["identity"])


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A server process's saver and resources on a database holding a run stopped before ``begin``
    (its input checkpointed: what a kill in that instant leaves), under acme's folder."""
    import shutil

    from graph.ingestion import resources
    from server import saver

    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    source = tmp_path / "root" / "acme" / "files"
    shutil.copytree(SHIPPED, source)
    with TenantCheckpointer.from_url(db_url) as setup:
        setup.setup()
        graph = build_graph().compile(checkpointer=setup)
        # The run's metadata names its owner, as langgraph dev's run handler stamps it.
        config: Any = {
            "configurable": {"thread_id": RUN, "tenant_id": "acme"},
            "metadata": {"owner": "alice"},
        }
        first: Any = {"settings": {"source": str(source), **FIRST}}
        graph.invoke(first, config, interrupt_before=["begin"])
    monkeypatch.setenv("KASSIST_DATABASE_URL", db_url)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.delenv("KASSIST_INGEST_ROOT_SHARED", raising=False)
    saver.langgraph_checkpointer()
    try:
        with resources.installed(resources.Resources.open(db_url)):
            yield source
    finally:
        saver._SERVED.clear()


def _run(settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "thread_id": RUN,
        "assistant_id": "ingestion",
        "if_not_exists": "create",
        "metadata": {},
        "kwargs": {"input": {"settings": settings}, "config": {}},
    }


async def test_one_head_read_per_run_and_the_same_decisions(
    served: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server import auth as server_auth

    reads: list[str] = []
    sync_get, async_get = TenantCheckpointer.get_tuple, TenantCheckpointer.aget_tuple

    def get_tuple(self: TenantCheckpointer, config: Any) -> Any:
        reads.append(str(config["configurable"].get("thread_id")))
        return sync_get(self, config)

    async def aget_tuple(self: TenantCheckpointer, config: Any) -> Any:
        reads.append(str(config["configurable"].get("thread_id")))
        return await async_get(self, config)

    monkeypatch.setattr(TenantCheckpointer, "get_tuple", get_tuple)
    monkeypatch.setattr(TenantCheckpointer, "aget_tuple", aget_tuple)
    ctx = Auth.types.AuthContext(
        user=_User({"identity": "alice", "tenant_id": "acme", "role": "member", "permissions": []}),  # type: ignore[arg-type]
        permissions=[],
        resource="threads",
        action="create_run",
    )
    other = {"source": str(served), "collection": "second", "embedder": "hashing", "batch_size": 50}
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        await server_auth.thread_run(ctx=ctx, value=_run(other))  # type: ignore[arg-type]
    assert refused.value.status_code == 409 and "collection 'first'" in str(refused.value.detail)
    assert reads.count(RUN) == 1, reads
    reads.clear()
    assert await server_auth.thread_run(ctx=ctx, value=_run({"source": str(served), **FIRST})) is not None  # type: ignore[arg-type]
    assert reads.count(RUN) == 1, reads
