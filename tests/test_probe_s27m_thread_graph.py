"""The session 27 review's findings at the run's state boundary (/tmp/kassist-docs/s27/review-server.md
1 and 2), on the real handlers with a real saver and accepted-runs table (the ``served`` fixture).

- A cron's firings are runs on its thread, sent through the create_run handler: a cron was checked
  by a hand-picked subset of the run rules, so an assistant cron on an ingestion run's thread (or
  an ingestion cron on a conversation's) was stored while a run of the same shape was refused,
  and every firing was a 409 with a traceback in the log. Now the cron is checked by the run rules.
- An ingestion run on a thread whose first run (a conversation's) was accepted but has not begun
  read only the head checkpoint, which does not exist yet: it was accepted, and the conversation
  turn queued behind it would then run on the ingestion run's thread. The accepted record decides
  now, as it does in the other direction (an assistant turn on a job's accepted thread)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import test_probe_first_instant_kill as in_process
from langgraph_sdk import Auth
from test_probe_s27_leftovers import auth_ctx

from server import auth as server_auth

RUN, QUESTION, FIRST = in_process.RUN, in_process.QUESTION, in_process.FIRST
served = in_process.served  # the fixture: this process serves a saver on a fresh database


def _cron(graph: str, run_input: object) -> dict[str, Any]:
    return {
        "thread_id": RUN,
        "schedule": "*/5 * * * *",
        "payload": {"assistant_id": graph, "input": run_input},
    }


async def _refused(handler: Any, ctx: Auth.types.AuthContext, value: dict[str, Any]) -> tuple[int, str]:
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        await handler(ctx=ctx, value=value)
    return refused.value.status_code, str(refused.value.detail)


async def test_an_assistant_cron_on_an_ingestion_runs_thread_is_refused_when_made(
    served: tuple[str, Path],
) -> None:
    from graph.ingestion.resources import current
    from graph.ingestion.state import Settings

    db_url, source = served
    settings = {"source": str(source), **FIRST}
    in_process._killed(db_url, {"settings": settings}, {"graph_id": "ingestion"})
    current().runs.for_tenant("acme").register(RUN, Settings.model_validate(settings))
    alice = auth_ctx("alice", "member", "create", "crons")
    status, said = await _refused(server_auth.cron_write, alice, _cron("assistant", QUESTION))
    assert status == 409 and "is an ingestion run's" in said, said  # was stored: every firing a 409
    # The same run rules: the run of that shape is refused in the same words.
    run = {**in_process._run("assistant", QUESTION), "if_not_exists": "reject"}
    assert await _refused(server_auth.thread_run, in_process._ctx(), run) == (status, said)
    # An ingestion cron with the run's own settings is what a run there may be: stored.
    same = _cron("ingestion", {"settings": settings})
    assert await server_auth.cron_write(ctx=alice, value=same) is not None


async def test_an_ingestion_cron_on_a_conversations_thread_is_refused_when_made(
    served: tuple[str, Path],
) -> None:
    db_url, source = served
    in_process._killed(db_url, QUESTION, {"graph_id": "assistant"})  # alice's turn, checkpointed
    alice = auth_ctx("alice", "member", "create", "crons")
    job = _cron("ingestion", {"settings": {"source": str(source), **FIRST}})
    status, said = await _refused(server_auth.cron_write, alice, job)
    assert status == 409 and "holds a conversation" in said, said  # was stored


async def test_an_ingestion_run_on_a_thread_whose_accepted_first_run_is_a_conversation_is_refused(
    served: tuple[str, Path],
) -> None:
    _, source = served
    turn = {**in_process._run("assistant", QUESTION), "run_id": "run-1"}
    await server_auth.thread_run(ctx=in_process._ctx(), value=turn)  # type: ignore[arg-type]
    settings = {"settings": {"source": str(source), **FIRST}}
    for identity, role in (("alice", "member"), ("olga", "admin")):  # the turn's owner, an admin
        job = {**in_process._run("ingestion", settings), "run_id": "run-2"}
        status, said = await _refused(server_auth.thread_run, auth_ctx(identity, role, "create_run"), job)
        assert status == 409 and "holds a conversation" in said, said  # was accepted
    # Another member is told nothing about alice's thread: langgraph-api answers for it.
    erins = {**in_process._run("ingestion", settings), "run_id": "run-3", "if_not_exists": "reject"}
    assert await server_auth.thread_run(ctx=in_process._ctx("erin"), value=erins) is not None  # type: ignore[arg-type]
    # A cron there is the same run: refused when made.
    status, said = await _refused(
        server_auth.cron_write, auth_ctx("alice", "member", "create", "crons"), _cron("ingestion", settings)
    )
    assert status == 409 and "holds a conversation" in said, said
