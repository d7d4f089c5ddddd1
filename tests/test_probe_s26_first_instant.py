"""A run ``langgraph dev`` accepted and lost in a SIGKILL before its first checkpoint resumes with the
input and settings it was accepted with (session 26 probes, /tmp/h1s26/probes.md; session 25's
probe 28 left it documented only).

``langgraph dev`` keeps its run queue and thread registry in memory: after the kill nothing of the
run was anywhere, the thread itself was gone (404), and a resume with ``if_not_exists: "create"``
ran whatever it was sent (other settings: those ran) or was refused for sending nothing (422). The
server now records what a run on a named thread is accepted with in its own database
(server/accepted_runs.py). The runs are sent with ``after_seconds`` so the kill surely comes before
their first checkpoint (a queued run has not begun), as a kill in a run's first instant does."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_probe_first_instant_kill as in_process
from databases import fresh_database
from langgraph_sdk import Auth
from server_harness import (
    ACME_KEY,
    ERIN_KEY,
    GLOBEX_KEY,
    WITH_ERIN,
    corpus_of,
    free_port,
    langgraph_dev_argv,
    server_env,
    tenant_corpus,
    wait_ready,
)

QUESTION = in_process.QUESTION
served = in_process.served  # the fixture: this process serves a saver on a fresh database

FIRST = {"collection": "first", "embedder": "hashing", "batch_size": 7, "chunk_tokens": 128}
ALICE, ERIN, GLOBEX = ({"x-api-key": key} for key in (ACME_KEY, ERIN_KEY, GLOBEX_KEY))


@contextmanager
def _server(tmp: Path, env: dict[str, str], name: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    log = tmp / f"{name}.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            langgraph_dev_argv(tmp, port), cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        try:
            wait_ready(proc, lambda: f"http://127.0.0.1:{port}/ok", log, "langgraph dev", timeout=120)
            yield f"http://127.0.0.1:{port}", proc
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()


def _run(
    base: str, headers: dict[str, str], thread: str, body: dict[str, Any], wait: bool = False
) -> httpx.Response:
    path = f"/threads/{thread}/runs" + ("/wait" if wait else "")
    return httpx.post(base + path, headers=headers, json=body, timeout=600)


def _resume(base: str, thread: str, graph: str) -> httpx.Response:
    """The owner's run with no input on the thread, made again if it is gone, to its end."""
    return _run(
        base, ALICE, thread, {"assistant_id": graph, "input": None, "if_not_exists": "create"}, wait=True
    )


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_run_killed_before_its_first_checkpoint_resumes_as_it_was_accepted(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """On the database of the server's checkpoints and of the record: SQLite or PostgreSQL."""
    with ExitStack() as stack:
        url = f"sqlite:///{tmp_path / 'kassist.db'}"
        if backend == "postgres":
            url = stack.enter_context(fresh_database(str(request.getfixturevalue("pg_server_url")), "first"))
        _killed_and_resumed(tmp_path, url)


def _killed_and_resumed(tmp_path: Path, url: str) -> None:
    env = {**server_env(url, tenant_corpus(tmp_path))}
    env.update({"KASSIST_EMBEDDER": "hashing", "KASSIST_API_KEYS": __import__("json").dumps(WITH_ERIN)})
    settings = {"source": str(corpus_of(tmp_path, "acme")), **FIRST}
    job, turn = str(uuid.uuid4()), str(uuid.uuid4())
    with _server(tmp_path, env, "first") as (base, proc):
        accepted = _run(base, ALICE, job, {
            "assistant_id": "ingestion", "input": {"settings": settings, "goal": "first goal"},
            "if_not_exists": "create", "after_seconds": 600,
        })  # fmt: skip
        assert accepted.status_code == 200, accepted.text
        accepted = _run(base, ALICE, turn, {
            "assistant_id": "assistant", "input": QUESTION, "if_not_exists": "create", "after_seconds": 600,
            "config": {"configurable": {"context_budget": 600, "compaction": "window"}},
        })  # fmt: skip
        assert accepted.status_code == 200, accepted.text
        # A turn queued behind it is not the one a resume continues.
        later = {"messages": [{"role": "user", "content": "Who approves expenses?"}]}
        queued = _run(base, ALICE, turn, {
            "assistant_id": "assistant", "input": later, "multitask_strategy": "enqueue",
            "config": {"configurable": {"context_budget": 900}},
        })  # fmt: skip
        assert queued.status_code == 200, queued.text
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()

    with _server(tmp_path, env, "second") as (base, _):
        if httpx.get(f"{base}/threads/{job}", headers=ALICE, timeout=30).status_code == 404:
            # The registry went with the process: told how to resume, not a bare "not found".
            lost = _run(base, ALICE, job, {"assistant_id": "ingestion", "input": None})
            assert lost.status_code == 404 and "if_not_exists" in lost.json()["detail"], lost.text
        # Another member may not take the thread id; another tenant's same id is its own, empty thread.
        taken = httpx.post(f"{base}/threads", headers=ERIN, json={"thread_id": job}, timeout=30)
        assert taken.status_code == 409, taken.text
        theirs = _run(
            base, GLOBEX, job, {"assistant_id": "ingestion", "input": None, "if_not_exists": "create"}
        )
        assert theirs.status_code == 422 and "holds no run yet" in theirs.text, theirs.text
        # Other settings: refused naming what the run was accepted with.
        other = {**settings, "collection": "other", "batch_size": 3}
        refused = _run(base, ALICE, job, {
            "assistant_id": "ingestion", "input": {"settings": other}, "if_not_exists": "create",
        })  # fmt: skip
        assert refused.status_code == 409, refused.text
        assert "collection 'first'" in refused.text and "batch_size 7" in refused.text, refused.text
        # No settings: the run it was accepted with.
        resumed = _resume(base, job, "ingestion")
        assert resumed.status_code == 200, resumed.text
        done = resumed.json()
        assert {k: done["settings"][k] for k in FIRST} == FIRST, done["settings"]
        assert done["goal"] == "first goal" and done["documents_total"] == 24, done

        answered = _resume(base, turn, "assistant")
        assert answered.status_code == 200, answered.text
        messages = answered.json()["messages"]
        assert messages[0]["content"] == QUESTION["messages"][0]["content"] and len(messages) >= 2, messages
        history = httpx.get(f"{base}/threads/{turn}/history", headers=ALICE, params={"limit": 1}, timeout=30)
        metadata = history.json()[0]["metadata"]
        assert (metadata.get("context_budget"), metadata.get("compaction")) == (600, "window"), metadata


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_record_of_an_accepted_run_survives_a_reopen(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The record is in the server's database on either backend (langgraph dev's own store is
    SQLite-only here): written once per thread, kept when a later run is accepted there (the first
    accepted run is the one a resume continues), read back after the table is opened again, per
    tenant, and gone with the thread."""
    from kassist.db.handle import open_set_up
    from server.accepted_runs import Accepted, AcceptedRuns

    with ExitStack() as stack:
        if backend == "sqlite":
            url = f"sqlite:///{tmp_path / 'k.db'}"
        else:
            url = stack.enter_context(
                fresh_database(str(request.getfixturevalue("pg_server_url")), "accepted")
            )

        async def write() -> None:
            table = open_set_up(url, AcceptedRuns)
            try:
                await table.put("acme", "t1", Accepted("alice", "ingestion", {"settings": {"x": 1}}, {}))
                await table.put("acme", "t1", Accepted("alice", "ingestion", {"settings": {"x": 2}}, {}))
                await table.put(
                    "acme", "t2", Accepted("alice", "assistant", QUESTION, {"context_budget": 600})
                )
            finally:
                table.close()

        async def read() -> None:
            table = open_set_up(url, AcceptedRuns)
            try:
                assert await table.get("acme", "t1") == Accepted(
                    "alice", "ingestion", {"settings": {"x": 1}}, {}
                )
                kept = await table.get("acme", "t2")
                assert (
                    kept is not None
                    and kept.configurable == {"context_budget": 600}
                    and kept.input == QUESTION
                )
                assert await table.get("globex", "t1") is None
                await table.forget("acme", "t1", "erin")  # not erin's
                assert await table.get("acme", "t1") is not None
                await table.forget("acme", "t1", "alice")
                assert await table.get("acme", "t1") is None
                await table.forget("acme", "t2", None)  # an admin's delete
                assert await table.get("acme", "t2") is None
            finally:
                table.close()

        asyncio.run(write())
        asyncio.run(read())


@pytest.mark.usefixtures("served")
async def test_only_a_resume_without_input_takes_the_accepted_settings() -> None:
    """The create_run handler alone (no kill needed: a thread without a checkpoint and no run of it
    waiting is what a kill leaves): a turn recorded at acceptance is what a run without input runs;
    a new question there is a new turn with its own settings; another member's run gets nothing."""
    from server import auth as server_auth

    accepted = in_process._run("assistant", QUESTION, {"context_budget": 600, "compaction": "window"})
    await server_auth.thread_run(ctx=in_process._ctx(), value=accepted)  # type: ignore[arg-type]
    resume = in_process._run("assistant", None)
    await server_auth.thread_run(ctx=in_process._ctx(), value=resume)  # type: ignore[arg-type]
    assert resume["kwargs"]["input"] == QUESTION
    configurable = resume["kwargs"]["config"]["configurable"]
    assert (configurable.get("context_budget"), configurable.get("compaction")) == (600, "window")
    later = {"messages": [{"role": "user", "content": "Who approves expenses?"}]}
    new_turn = in_process._run("assistant", later)
    await server_auth.thread_run(ctx=in_process._ctx(), value=new_turn)  # type: ignore[arg-type]
    assert new_turn["kwargs"]["input"] == later and new_turn["kwargs"]["config"]["configurable"] == {}
    erins = in_process._run("assistant", None)
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        await server_auth.thread_run(ctx=in_process._ctx("erin"), value=erins)  # type: ignore[arg-type]
    assert refused.value.status_code == 422 and "no conversation yet" in str(refused.value.detail)
