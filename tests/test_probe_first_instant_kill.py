"""A run killed in its first instant on ``langgraph dev`` is resumed with the settings it was sent
with (session 23 probes, /tmp/kassist-docs/s23/h1-probes.md).

``langgraph dev`` writes a run's ``input`` checkpoint (the input still in the ``__start__``
channel) before the graph's first step. A SIGKILL in that instant (seen: 1 checkpoint on disk, the
thread registry lost with the process) left the run's settings there and nowhere else:

- an ingestion run with non-default settings (collection, batch size, chunk size) was resumed by a
  run with OTHER settings, which ran instead (200; the first settings forgotten). Session 20's rule
  (the checkpoint's settings are the run's first) read the state's channels, which a ``__start__``
  input has not reached yet; ``kassist runs resume`` read them the same way;
- an assistant turn sent with ``context_budget`` 600 could not be resumed at all (422 "the thread
  has no conversation yet": the question was in ``__start__``), and its resume ran with the
  default budget.

Here the state the kill leaves is written as langgraph-api writes it (the input checkpoint, its
metadata holding the run's configurable), and the server's run rules are asked what they allow."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import SHIPPED, kassist
from langgraph.checkpoint.base import empty_checkpoint
from langgraph_sdk import Auth

from checkpointer import TenantCheckpointer

RUN = "killed-first"
FIRST = {"collection": "first", "embedder": "hashing", "batch_size": 7, "chunk_tokens": 128}
QUESTION = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}


class _User(dict[str, Any]):
    @property
    def identity(self) -> str:
        return str(self["identity"])


def _killed(db_url: str, run_input: dict[str, Any], configurable: dict[str, Any]) -> None:
    """The one checkpoint a kill in the run's first instant leaves: its input, in ``__start__``."""
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        checkpoint = empty_checkpoint()
        version = saver.get_next_version(None, None)
        checkpoint["channel_values"] = {"__start__": run_input}
        checkpoint["channel_versions"] = {"__start__": version}
        metadata: Any = {"source": "input", "step": -1, "parents": {}, "owner": "alice", **configurable}
        config: Any = {"configurable": {"thread_id": RUN, "checkpoint_ns": "", "tenant_id": "acme"}}
        saver.put(config, checkpoint, metadata, {"__start__": version})


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A server process's saver and resources on a fresh database; acme's folder holds the handbook."""
    from graph.ingestion import resources
    from server import saver

    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    source = tmp_path / "root" / "acme" / "files"
    shutil.copytree(SHIPPED, source)
    TenantCheckpointer.from_url(db_url).setup()
    monkeypatch.setenv("KASSIST_DATABASE_URL", db_url)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.delenv("KASSIST_INGEST_ROOT_SHARED", raising=False)
    saver.langgraph_checkpointer()
    try:
        with resources.installed(resources.Resources.open(db_url)):
            yield db_url, source
    finally:
        saver._SERVED.clear()


def _ctx(identity: str = "alice") -> Auth.types.AuthContext:
    return Auth.types.AuthContext(
        user=_User({"identity": identity, "tenant_id": "acme", "role": "member", "permissions": []}),  # type: ignore[arg-type]
        permissions=[],
        resource="threads",
        action="create_run",
    )


def _run(graph: str, run_input: object, configurable: dict[str, Any] | None = None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"config": {"configurable": dict(configurable or {})}}
    if run_input is not None:
        kwargs["input"] = run_input
    return {
        "thread_id": RUN,
        "assistant_id": graph,
        "if_not_exists": "create",
        "metadata": {},
        "kwargs": kwargs,
    }


async def test_an_ingestion_run_killed_at_its_input_keeps_its_first_settings(
    served: tuple[str, Path], tmp_path: Path
) -> None:
    from server import auth as server_auth

    db_url, source = served
    _killed(db_url, {"settings": {"source": str(source), **FIRST}}, {})
    other = {"source": str(source), "collection": "other", "embedder": "hashing"}
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        await server_auth.thread_run(ctx=_ctx(), value=_run("ingestion", {"settings": other}))  # type: ignore[arg-type]
    assert refused.value.status_code == 409, refused.value.detail
    said = str(refused.value.detail)
    assert "collection 'first'" in said and "batch_size 7" in said, said
    # The first settings, or none (resume as it is), pass.
    same = _run("ingestion", {"settings": {"source": str(source), **FIRST}})
    assert await server_auth.thread_run(ctx=_ctx(), value=same) is not None  # type: ignore[arg-type]
    assert await server_auth.thread_run(ctx=_ctx(), value=_run("ingestion", None)) is not None  # type: ignore[arg-type]
    # Another member never hears what the run was started with: langgraph-api answers for the thread.
    erins = {**_run("ingestion", {"settings": other}), "if_not_exists": "reject"}
    assert await server_auth.thread_run(ctx=_ctx("erin"), value=erins) is not None  # type: ignore[arg-type]
    # Once registered (its `begin` ran), other settings are refused at the door too, not by a run
    # that starts and fails (a 200 whose answer was the run's SettingsMismatch).
    from graph.ingestion.resources import current
    from graph.ingestion.state import Settings

    current().runs.for_tenant("acme").register(RUN, Settings.model_validate({"source": str(source), **FIRST}))
    with pytest.raises(Auth.exceptions.HTTPException) as registered:
        await server_auth.thread_run(ctx=_ctx(), value=_run("ingestion", {"settings": other}))  # type: ignore[arg-type]
    assert registered.value.status_code == 409 and "collection 'first'" in str(registered.value.detail)
    # The command line counts the checkpoint's settings too.
    changed = kassist(
        "ingest", str(source), "--tenant", "acme", "--run-id", RUN, "--collection", "other",
        "--embedder", "hashing", "--database-url", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert changed.returncode == 2, changed.stdout[-500:] + changed.stderr[-500:]
    assert "collection 'first'" in changed.stdout + changed.stderr


async def test_an_assistant_turn_killed_at_its_input_resumes_with_its_settings(
    served: tuple[str, Path],
) -> None:
    from server import auth as server_auth

    db_url, _ = served
    _killed(db_url, QUESTION, {"context_budget": 600, "compaction": "window"})
    resume = _run("assistant", None)
    await server_auth.thread_run(ctx=_ctx(), value=resume)  # type: ignore[arg-type]
    configurable = resume["kwargs"]["config"]["configurable"]
    assert (configurable.get("context_budget"), configurable.get("compaction")) == (600, "window"), (
        configurable
    )
    # A resume that sends its own settings runs with them.
    own = _run("assistant", None, {"context_budget": 900})
    await server_auth.thread_run(ctx=_ctx(), value=own)  # type: ignore[arg-type]
    assert own["kwargs"]["config"]["configurable"]["context_budget"] == 900
