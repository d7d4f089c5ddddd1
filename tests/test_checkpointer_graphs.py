"""Real graphs on the saver: subgraphs with a human-in-the-loop interrupt, and a SIGKILLed run resumed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from langgraph.graph import END, START, StateGraph
from langgraph.types import Command, interrupt
from typing_extensions import TypedDict

from checkpointer import VERSION_KEY, TenantCheckpointer, TenantRequired


class Ticket(TypedDict, total=False):
    text: str
    approved: str


def ticket_graph(saver: TenantCheckpointer) -> Any:
    def ask(state: Ticket) -> Ticket:
        answer = interrupt(f"approve {state['text']}?")
        return {"approved": answer}

    sub = StateGraph(Ticket)
    sub.add_node("ask", ask)
    sub.add_edge(START, "ask")
    sub.add_edge("ask", END)
    parent = StateGraph(Ticket)
    parent.add_node("review", sub.compile())
    parent.add_node("close", lambda s: {"text": s["text"] + " (closed)"})
    parent.add_edge(START, "review")
    parent.add_edge("review", "close")
    parent.add_edge("close", END)
    return parent.compile(checkpointer=saver)


@pytest.mark.parametrize("mode", ["sync", "async"])
async def test_subgraph_interrupt_and_resume(db_url: str, mode: str) -> None:
    config = {"configurable": {"thread_id": "ticket-1", "tenant_id": "acme"}}
    async with TenantCheckpointer.from_url(db_url) as saver:
        await saver.asetup()
        graph = ticket_graph(saver)
        if mode == "sync":
            graph.invoke({"text": "refund"}, config)
            state = graph.get_state(config)
        else:
            await graph.ainvoke({"text": "refund"}, config)
            state = await graph.aget_state(config)
        assert state.next == ("review",)
        assert state.tasks[0].interrupts[0].value == "approve refund?"
        # get_state(subgraphs=True) builds the subgraph's config from the thread id alone, so the
        # tenant must come from a bound view there (documented); without one it is refused.
        with pytest.raises(TenantRequired):
            graph.get_state(config, subgraphs=True)
        bound = ticket_graph(saver.for_tenant("acme"))
        nested = bound.get_state(config, subgraphs=True)
        assert nested.tasks[0].state.values == {"text": "refund"}  # the subgraph's own namespace
        other = {"configurable": {"thread_id": "ticket-1", "tenant_id": "globex"}}
        assert graph.get_state(other).values == {}  # another tenant sees no pending interrupt
        if mode == "sync":
            result = graph.invoke(Command(resume="yes"), config)
        else:
            result = await graph.ainvoke(Command(resume="yes"), config)
        assert result == {"text": "refund (closed)", "approved": "yes"}
        final = graph.get_state(config)
        assert final.next == () and final.config["configurable"][VERSION_KEY] >= 4


WORKER = """
import sys, time
from typing_extensions import TypedDict
from langgraph.graph import END, START, StateGraph
from checkpointer import TenantCheckpointer

class Steps(TypedDict, total=False):
    done: list

def build(saver, delay):
    def make(i):
        def node(state):
            print(f"start {i}", flush=True)
            # s2 is where the test kills the worker: a long sleep there keeps the kill inside the
            # node even when a loaded machine delays the test process after it reads "start 2".
            time.sleep(delay * 30 if i == 2 else delay)
            return {"done": state.get("done", []) + [i]}
        return node

    builder = StateGraph(Steps)
    for i in range(5):
        builder.add_node(f"s{i}", make(i))
    builder.add_edge(START, "s0")
    for i in range(4):
        builder.add_edge(f"s{i}", f"s{i + 1}")
    builder.add_edge("s4", END)
    return builder.compile(checkpointer=saver)

CONFIG = {"configurable": {"thread_id": "job", "tenant_id": "acme"}}

if __name__ == "__main__":
    saver = TenantCheckpointer.from_url(sys.argv[1])
    saver.setup()
    build(saver, float(sys.argv[2])).invoke({"done": []}, CONFIG, durability="sync")
    print("finished", flush=True)
"""


def test_sigkilled_run_resumes_where_it_stopped(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen(
        [sys.executable, str(script), db_url, "0.3"], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    seen: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "start 2" not in seen:
        seen.append(proc.stdout.readline().strip())
    proc.send_signal(signal.SIGKILL)  # mid-way through node s2
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL and "finished" not in seen
    worker: dict[str, Any] = {"__name__": "worker"}
    exec(compile(WORKER, str(script), "exec", dont_inherit=True), worker)
    config = worker["CONFIG"]
    with TenantCheckpointer.from_url(db_url) as saver:
        head = saver.get_tuple(config)
        assert head is not None
        assert head.checkpoint["channel_values"]["done"] == [0, 1]  # what committed before the kill
        capsys.readouterr()
        result = worker["build"](saver, 0).invoke(None, config)
        assert result == {"done": [0, 1, 2, 3, 4]}
        # s2 was in flight and runs again (make side effects idempotent); s0 and s1 do not.
        assert capsys.readouterr().out.split("\n")[:3] == ["start 2", "start 3", "start 4"]
        final = saver.get_tuple(config)
        assert final is not None
        assert final.config["configurable"][VERSION_KEY] == head.config["configurable"][VERSION_KEY] + 3
