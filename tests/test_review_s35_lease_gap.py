"""Review s35 r1 F6 (of 61f01e3, strict xfail; medium): H2 reopened between two nodes. Since 61f01e3 a work
node of a run langgraph dev carries on leaves the lease 'after step N', and a door that finds the head at
step N takes the run as free (served_lease.settled_between) - also in the instant between node N's
checkpoint and node N+1's start of an invocation that goes on, not only after a client's stop. There the
runs API's resume is accepted (202, queued) and a worker's take succeeds: in r1's scratch run the worker
carried the run to its end, then langgraph dev's next node (the lease given back) embedded its batch
again and the owner's run ended in CheckpointConflict - H2's outcome. At 61f01e3's parent this door
answered 409 ``is running right now``.

Here the graph runs as langgraph dev runs it (an authenticated member's config), streamed: the runs API's
door is asked when the first batch's update is out (its checkpoint committed, durability sync) and the
next batch has not begun. Suggested fix: an 'after step N' lease that holds for a short grace (seconds)
instead of being free at once: the next node takes it back within milliseconds, and a client's stop
frees the run after the grace. One SQLite file, in process, three one-page documents.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from review_support import ALICE, answered, dev_settings, member_config, served_pages

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from server.runs.config import RunsConfig
from server.runs.service import RunsService

RUN = "01a24e83-a732-72b1-9942-e98bf1a21256"


def test_a_resume_between_two_nodes_of_a_run_langgraph_dev_carries_on_is_409(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = served_pages(tmp_path, monkeypatch)
    service = RunsService(res, RunsConfig.from_env(os.environ))
    answers: list[str] = []
    steps = _compiled(res, "acme").stream(
        {"settings": dev_settings(docs)},
        member_config(res, RUN, "alice"),
        stream_mode="updates",
        durability="sync",
    )
    for update in steps:
        if "ingest_batch" in update and not answers:  # its checkpoint committed; the next batch not begun
            answers.append(answered(lambda: service.resume(ALICE, RUN, None, None)))
    [answer] = answers
    assert answer.startswith("409 ") and "is running right now" in answer, answer
