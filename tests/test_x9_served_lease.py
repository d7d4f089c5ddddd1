"""One executor per run, langgraph dev included (h14 s35 H2, x9: graph/ingestion/served_lease.py):
a run langgraph dev carries out holds the run's lease between its nodes, so the command line's
resume (the runs API's worker alike) is busy meanwhile, and langgraph dev does not carry out a run
another executor holds; the lease is given up where langgraph dev's invocation stops (a pause, the
end), and after a client's stop between two nodes once a short grace has passed (h15 s35 H15-1).
And a turn stopped at any node is one whose settings a continuation keeps (h14 s35 H3:
server/run_checks.unfinished). One SQLite file, in process (~3 s of CPU)."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from typing import TypedDict

import pytest
from langgraph.graph import END, START, StateGraph
from review_support import AtNodeEnd, dev_settings, member_config, served_pages

from checkpointer import TenantCheckpointer
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunBusy, _compiled, execute
from server.run_checks import unfinished

RUN = "0193c7a8-1111-7abc-8def-000000000001"  # a langgraph dev run's id is its thread's


def test_a_run_langgraph_dev_carries_out_has_one_executor(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = dev_settings(served_pages(tmp_path, monkeypatch, "abcd"))
    runs = res.runs.for_tenant("acme")

    def resume_here() -> str:  # `kassist runs resume` while langgraph dev is at work
        try:
            return execute(res, "acme", RUN).state.status
        except RunBusy as exc:
            return f"busy: {exc}"

    door = AtNodeEnd("discover", resume_here)
    config = member_config(res, RUN, "alice")
    config["callbacks"] = [door]
    config["configurable"]["max_steps"] = 3
    assert _compiled(res, "acme").invoke({"settings": settings}, config)["status"] == "paused"
    [answer] = door.answers
    assert answer.startswith("busy: ") and "is busy" in answer, answer
    record = runs.get(RUN)
    assert record is not None and record.owner is None  # given up at the pause: resumable elsewhere

    # Another live executor holds it: langgraph dev writes nothing beside it.
    other = f"{socket.gethostname()}:{os.getpid()}:other"
    assert runs.take_lease(RUN, other, 60, lambda r: False) is None
    with pytest.raises(RunBusy, match="is busy"):
        _compiled(res, "acme").invoke({}, member_config(res, RUN, "alice"))
    runs.release_lease(RUN, other)
    done = _compiled(res, "acme").invoke({}, member_config(res, RUN, "alice"))
    assert done["status"] == "completed", done.get("last_error")
    record = runs.get(RUN)
    assert record is not None and record.owner is None  # given up at the end
    assert execute(res, "acme", RUN).state.status == "completed"  # nothing left to run, not busy

    # A client's stop between two nodes (interrupt_after) leaves the lease for the grace only
    # (KASSIST_LEASE_GRACE_MS, here 300 ms): busy within it, carried on by the command line after it
    # (h15 s35 H15-1), not after LEASE_S.
    monkeypatch.setenv("KASSIST_LEASE_GRACE_MS", "300")
    other_run = RUN.replace("0001", "0002")
    out = _compiled(res, "acme").invoke(
        {"settings": settings}, member_config(res, other_run, "alice"), interrupt_after=["discover"]
    )
    assert out["status"] == "running"
    with pytest.raises(RunBusy):
        execute(res, "acme", other_run)  # within the grace: the next node could take it back
    deadline = time.monotonic() + 5
    while True:
        try:
            assert execute(res, "acme", other_run).state.status == "completed"
            break
        except RunBusy:
            assert time.monotonic() < deadline, "the lease outlived its grace"
            time.sleep(0.05)


class _Turn(TypedDict, total=False):
    text: str


def test_a_turn_stopped_between_its_nodes_is_unfinished(sqlite_url: str) -> None:
    builder = StateGraph(_Turn)
    builder.add_node("retrieve", lambda s: {"text": "found"})
    builder.add_node("answer", lambda s: {"text": "answered"})
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "answer")
    builder.add_edge("answer", END)
    with TenantCheckpointer.from_url(sqlite_url) as saver:
        saver.setup()
        graph = builder.compile(checkpointer=saver, interrupt_after=["retrieve"])
        config = {"configurable": {"thread_id": "t1", "tenant_id": "acme"}}
        graph.invoke({"text": "q"}, config)  # stopped after retrieve: answer is next
        head = saver.get_tuple(config)  # type: ignore[arg-type]
        assert head is not None and unfinished(head)
        graph.invoke(None, config)  # the turn's end
        head = saver.get_tuple(config)  # type: ignore[arg-type]
        assert head is not None and not unfinished(head)


def test_the_lease_grace_is_a_whole_number_of_milliseconds() -> None:
    from graph.ingestion.served_lease import grace_seconds

    assert grace_seconds({}) == 5.0 and grace_seconds({"KASSIST_LEASE_GRACE_MS": "1_500"}) == 1.5
    assert grace_seconds({"KASSIST_LEASE_GRACE_MS": "0"}) == 0.0
    for bad in ("-1", "2.5", "soon", "120001"):
        with pytest.raises(
            ValueError, match=r"KASSIST_LEASE_GRACE_MS must be a whole number of milliseconds"
        ):
            grace_seconds({"KASSIST_LEASE_GRACE_MS": bad})
