"""What a run was accepted with (server/accepted_runs.py) is the run a later one resumes only while
that run may still begin: review of session 26 (/tmp/kassist-docs/s26/review-server.md, findings
1-4). Each test calls the server's own handlers (server/auth.py) on a real saver and table in a
fresh SQLite database, with langgraph-api's event values; the runs are never started, which is
what a kill in the first instant leaves (no checkpoint, no run waiting).

- retention: a thread ``kassist checkpoints prune --strategy delete`` removed kept its record, and
  a run with no input there asked the thread's old first question again (before: 422);
- a pending run cancelled (or deleted) before it began kept pinning the thread to its settings
  (409 naming ``kassist runs resume``, which had nothing to resume);
- a delete of ANOTHER run of the thread dropped the record of the accepted one;
- a non-object ingestion input was replaced by the accepted input (a job started) instead of its
  422."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
import uuid
from contextlib import ExitStack, closing
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_probe_first_instant_kill as in_process
from databases import fresh_database
from langgraph_sdk import Auth
from server_harness import WITH_ERIN, corpus_of, server_env, tenant_corpus
from test_cp_cli_prune import put_steps
from typer.testing import CliRunner

from checkpointer import TenantCheckpointer
from cli.main import app
from server import auth as server_auth

RUN = in_process.RUN
QUESTION = in_process.QUESTION
FIRST = in_process.FIRST
served = in_process.served  # the fixture: this process serves a saver on a fresh database


def _ctx(action: str) -> Auth.types.AuthContext:
    return Auth.types.AuthContext(
        user=in_process._User(
            {"identity": "alice", "tenant_id": "acme", "role": "member", "permissions": []}
        ),  # type: ignore[arg-type]
        permissions=[],
        resource="threads",
        action=action,  # type: ignore[arg-type]
    )


async def _send(graph: str, run_input: object, run_id: str = "run-1", **configurable: Any) -> dict[str, Any]:
    """A run on the thread as the create_run handler passes it on (its kwargs as rewritten)."""
    value = {**in_process._run(graph, run_input, configurable), "run_id": run_id}
    await server_auth.thread_run(ctx=in_process._ctx(), value=value)  # type: ignore[arg-type]
    return value


async def _refused(graph: str, run_input: object) -> Auth.exceptions.HTTPException:
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        await _send(graph, run_input, "run-2")
    return refused.value


def _settings(source: Path, **changed: Any) -> dict[str, Any]:
    return {"settings": {"source": str(source), **FIRST, **changed}}


async def test_a_pruned_thread_forgets_what_its_first_run_was_accepted_with(
    served: tuple[str, Path],
) -> None:
    db_url, _ = served
    await _send("assistant", QUESTION, context_budget=600)
    # The turn ran (its checkpoints), then the thread sat idle past the retention age.
    with TenantCheckpointer.from_url(db_url) as saver:
        put_steps(saver.for_tenant("acme"), RUN, 2, timedelta(days=40))
    pruned = CliRunner().invoke(app, [
        "checkpoints", "prune", "--database-url", db_url, "--older-than", "30d", "--tenant", "acme",
        "--strategy", "delete",
    ])  # fmt: skip
    assert pruned.exit_code == 0 and "deleted" in pruned.output, pruned.output
    refused = await _refused("assistant", None)
    assert refused.status_code == 422 and "no conversation yet" in str(refused.detail), refused.detail


async def test_a_record_older_than_the_retention_age_goes(served: tuple[str, Path]) -> None:
    """A record the prune's cutoff passed goes whatever its thread holds (keep_latest too); a dry
    run leaves it."""
    db_url, source = served
    await _send("ingestion", _settings(source))
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:  # accepted 40 days ago
        db.execute("UPDATE kassist_accepted_runs SET accepted_at = accepted_at - 40 * 86400")
    prune = ["checkpoints", "prune", "--database-url", db_url, "--older-than", "30d", "--tenant", "acme"]
    dry = CliRunner().invoke(app, [*prune, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert (await _refused("ingestion", _settings(source, collection="other"))).status_code == 409
    pruned = CliRunner().invoke(app, prune)
    assert pruned.exit_code == 0, pruned.output
    other = await _send("ingestion", _settings(source, collection="other"), "run-2")
    assert other["kwargs"]["input"]["settings"]["collection"] == "other"


async def test_a_run_cancelled_before_it_began_does_not_pin_the_thread(served: tuple[str, Path]) -> None:
    _, source = served
    await _send("ingestion", _settings(source), "run-1")
    pinned = await _refused("ingestion", _settings(source, collection="other", batch_size=3))
    said = str(pinned.detail)
    assert pinned.status_code == 409 and "collection 'first'" in said and "batch_size 7" in said, said
    # It was accepted, never registered: `kassist runs resume` has nothing to resume.
    assert "kassist runs resume" not in said and "no settings" in said and f"DELETE /threads/{RUN}" in said
    # A cancel of another run of the thread leaves the accepted one's record.
    other_cancel = {
        "thread_id": RUN,
        "action": "interrupt",
        "metadata": {"run_ids": ["run-9"], "status": None},
    }
    await server_auth.thread_write(ctx=_ctx("update"), value=other_cancel)
    assert (await _refused("ingestion", _settings(source, collection="other"))).status_code == 409
    cancel = {"thread_id": RUN, "action": "interrupt", "metadata": {"run_ids": ["run-1"], "status": None}}
    await server_auth.thread_write(ctx=_ctx("update"), value=cancel)
    corrected = await _send("ingestion", _settings(source, collection="other"), "run-2")
    assert corrected["kwargs"]["input"]["settings"]["collection"] == "other"


async def test_deleting_another_run_keeps_the_record_and_deleting_its_run_drops_it(
    served: tuple[str, Path],
) -> None:
    _, source = served
    await _send("ingestion", _settings(source), "run-1")
    await server_auth.thread_access(ctx=_ctx("delete"), value={"thread_id": RUN, "run_id": "run-9"})
    assert (await _refused("ingestion", _settings(source, collection="other"))).status_code == 409
    await server_auth.thread_access(ctx=_ctx("delete"), value={"thread_id": RUN, "run_id": "run-1"})
    corrected = await _send("ingestion", _settings(source, collection="other"), "run-2")
    assert corrected["kwargs"]["input"]["settings"]["collection"] == "other"


@pytest.mark.parametrize("sent", ["garbage", [1, 2], 5])
async def test_a_non_object_input_is_refused_not_replaced(served: tuple[str, Path], sent: object) -> None:
    _, source = served
    await _send("ingestion", _settings(source))
    refused = await _refused("ingestion", sent)
    assert refused.status_code == 422 and "must be an object" in str(refused.detail), refused.detail


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_table_forgets_by_run_and_by_age(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The statements on either backend: a run's row only for that run id; retention by tenant and
    cutoff, and the threads it deleted."""
    from kassist.db.handle import open_set_up
    from server.accepted_runs import Accepted, AcceptedRuns

    with ExitStack() as stack:
        url = f"sqlite:///{tmp_path / 'k.db'}"
        if backend == "postgres":
            url = stack.enter_context(fresh_database(str(request.getfixturevalue("pg_server_url")), "forget"))
        table = stack.enter_context(closing(open_set_up(url, AcceptedRuns)))

        async def check() -> None:
            record = Accepted("alice", "ingestion", {"settings": {"x": 1}}, {"batch": 1}, "run-1")
            for tenant, thread in [("acme", "t1"), ("acme", "t2"), ("acme", "t3"), ("globex", "t1")]:
                await table.put(tenant, thread, record)
            assert await table.get("acme", "t1") == record
            await table.forget("acme", "t1", "alice", "run-9")
            assert await table.get("acme", "t1") == record
            await table.forget("acme", "t1", None, "run-1")
            assert await table.get("acme", "t1") is None
            # A row accepted before `since` (an earlier server process's) is replaced; a newer one stays.
            later = Accepted("alice", "ingestion", {"settings": {"x": 2}}, {}, "run-2")
            await table.put("acme", "t3", later)
            assert await table.get("acme", "t3") == record
            await table.put("acme", "t3", later, since=time.time() + 1)
            assert await table.get("acme", "t3") == later
            table.retain(["acme"], time.time() - 3600, frozenset({("acme", "t2")}))
            assert await table.get("acme", "t2") is None and await table.get("acme", "t3") == later
            table.retain(["acme"], time.time() + 1, frozenset())  # accepted before the cutoff
            assert await table.get("acme", "t3") is None and await table.get("globex", "t1") == record
            table.retain(None, time.time() + 1, frozenset())
            assert await table.get("globex", "t1") is None

        asyncio.run(check())


def test_a_cancelled_pending_run_on_langgraph_dev_does_not_pin_its_thread(tmp_path: Path) -> None:
    """The same on a real ``langgraph dev``: its cancel event names the run as a UUID."""
    from test_probe_s26_first_instant import ALICE, _run, _server

    env = server_env(f"sqlite:///{tmp_path / 'kassist.db'}", tenant_corpus(tmp_path))
    env |= {"KASSIST_EMBEDDER": "hashing", "KASSIST_API_KEYS": json.dumps(WITH_ERIN)}
    settings = {"source": str(corpus_of(tmp_path, "acme")), **FIRST}
    job = str(uuid.uuid4())
    held = {"if_not_exists": "create", "after_seconds": 600}  # queued: it never begins here
    with _server(tmp_path, env, "cancel") as (base, _):
        first = _run(base, ALICE, job, {"assistant_id": "ingestion", "input": {"settings": settings}, **held})
        assert first.status_code == 200, first.text
        other = {
            "assistant_id": "ingestion",
            "input": {"settings": {**settings, "collection": "other"}},
            **held,
        }
        assert _run(base, ALICE, job, other).status_code == 409
        cancel = f"{base}/threads/{job}/runs/{first.json()['run_id']}/cancel"
        assert httpx.post(cancel, headers=ALICE, timeout=30).status_code in (200, 202, 204)
        corrected = _run(base, ALICE, job, other)
        assert corrected.status_code == 200, corrected.text


async def test_a_second_run_accepted_before_the_first_is_queued_does_not_replace_it(
    served: tuple[str, Path],
) -> None:
    """langgraph dev queues a run only after its handler returns: a second run on the same new
    thread handled in between finds no run waiting (here: no registry at all), and its record
    replaced the first's; a resume then asked the second question with its settings."""
    await _send("assistant", QUESTION, "run-1", context_budget=600)
    later = {"messages": [{"role": "user", "content": "Who approves expenses?"}]}
    await _send("assistant", later, "run-2", context_budget=900)
    resume = await _send("assistant", None, "run-3")
    assert resume["kwargs"]["input"] == QUESTION
    assert resume["kwargs"]["config"]["configurable"].get("context_budget") == 600


def test_the_resume_rule_without_io() -> None:
    """server.accepted_resume.resumed: the decision alone, as the handler takes it."""
    from server.accepted_resume import Refusal, Resume, resumed
    from server.accepted_runs import Accepted

    first = {"settings": {"source": "/srv/acme", **FIRST}, "goal": "first goal"}
    record = Accepted("alice", "ingestion", first, {"context_budget": 600}, "run-1")
    rule = {"mine": True, "lost": False, "waiting": False}
    assert resumed(record, "ingestion", RUN, None, **rule) == Resume(first, {"context_budget": 600})
    goal = resumed(record, "ingestion", RUN, {"goal": "mine"}, **rule)
    assert isinstance(goal, Resume) and goal.input["goal"] == "mine"
    for wrong in ("garbage", [1, 2], 5):
        assert resumed(record, "ingestion", RUN, wrong, **rule) is None
    other = resumed(
        record, "ingestion", RUN, {"settings": {"source": "/srv/acme", "collection": "x"}}, **rule
    )
    assert isinstance(other, Refusal) and other.status == 409 and "collection 'first'" in other.detail
    assert resumed(record, "ingestion", RUN, None, **{**rule, "mine": False}) is None
    lost = resumed(record, "ingestion", RUN, None, **{**rule, "lost": True})
    assert isinstance(lost, Refusal) and lost.status == 404
    assert resumed(record, "ingestion", RUN, None, **{**rule, "waiting": True}) is None
    turn = Accepted("alice", "assistant", QUESTION, {}, "run-1")
    assert resumed(turn, "assistant", RUN, {}, **rule) == Resume(QUESTION, {})
    assert resumed(turn, "assistant", RUN, {"messages": []}, **rule) is None
