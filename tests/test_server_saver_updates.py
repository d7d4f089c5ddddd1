"""The LangGraph server's saver is the second line of the state boundary: a checkpoint written by
``update_state`` (metadata source ``update``) for an authenticated caller is refused with a 403,
while runs for that caller and an operator's own ``update_state`` (no caller) still write (issue 26).
The first line, server/auth.py, is tested against a real ``langgraph dev`` in test_server_boundary.py,
whose runs also show the saver lets the server's own work through."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from doc_steps import build_graph, initial_state
from starlette.exceptions import HTTPException

from graph.ingestion.graph import build_graph as build_ingestion
from server.configurable import INGESTION_INPUT_KEYS, INPUT_KEYS
from server.saver import ServerCheckpointer

CALLER = {"identity": "alice", "tenant_id": "acme", "role": "admin"}


def test_an_authenticated_callers_state_write_is_refused_and_its_runs_are_not(tmp_path: Path) -> None:
    with ServerCheckpointer.from_url(f"sqlite:///{tmp_path / 'k.db'}") as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver)
        served: Any = {"configurable": {"thread_id": "t", "langgraph_auth_user": CALLER}}
        graph.invoke(initial_state(2), served, durability="sync")  # a run: sources input, loop
        before = graph.get_state(served)
        for as_node in ("process", None):
            with pytest.raises(HTTPException) as refused:
                graph.update_state(served, {"cursor": 0}, as_node=as_node)
            assert refused.value.status_code == 403
            assert "writing a thread's state directly is not allowed" in str(refused.value.detail)
        assert graph.get_state(served).config == before.config  # nothing written

        # The operator's own code (the CLI, a script: no authenticated caller) may still fix a thread.
        operator: Any = {"configurable": {"thread_id": "t", "tenant_id": "acme"}}
        graph.update_state(operator, {"cursor": 1}, as_node="process")
        assert graph.get_state(operator).values["cursor"] == 1


def test_the_servers_take_the_ingestion_graphs_own_input_list() -> None:
    # One list: the graph's input schema (which drops other keys) and the servers (which refuse them).
    assert INPUT_KEYS["ingestion"] == INGESTION_INPUT_KEYS == {"settings", "goal", "conversation_id"}
    assert frozenset(build_ingestion().compile().get_input_jsonschema()["properties"]) == INGESTION_INPUT_KEYS
    internal = {"status", "review", "report_paths", "run_id", "counters", "step_outputs", "tenant_id"}
    assert not internal & INGESTION_INPUT_KEYS


def test_the_auth_handlers_default_budget_is_the_assistants() -> None:
    # server/auth.py checks a question against the budget before the run, without loading the graph.
    from graph.assistant.services import DEFAULT_BUDGET
    from server.auth import DEFAULT_BUDGET as CHECKED

    assert CHECKED == DEFAULT_BUDGET
