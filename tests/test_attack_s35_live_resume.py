"""The runs API does not resume a ``langgraph dev`` ingestion run while langgraph dev is carrying it
out (h14 s35 H2).

``POST /v1/runs/{id}/resume`` answers 409 ``run '<id>' is running right now; it needs no resume`` only
when a worker holds the run's lease (server/runs/service.resume: ``carried(job)``). A run that
``langgraph dev`` executes holds no lease (its nodes never take one: graph/ingestion/notify.py says
so), so to the runs API and the console it looks like a run a kill interrupted: the resume is
accepted (202) and ``kassist serve``'s worker takes the free lease and executes the same run beside
langgraph dev, batch by batch (each batch embedded and written twice, the two executors alternating
on the collection's batch lock), until one of them loses a commit. On a real pair of servers (300
one-page documents, batch_size 1, the resume sent at batch 4) the owner's langgraph dev run ended as
an error, its join answering ``{"__error__": {"error": "CheckpointConflict", "message": "thread ...
moved on: this run started from version 259 but the head is now version 262 ... Retry with
checkpointer.retry.invoke_with_retry ..."}}``, while the worker completed it.

Here the graph runs as langgraph dev runs it (its nodes, an authenticated member's config), and the
runs API's door is asked at the end of its discover node, while it is carried out. One SQLite file,
in process, three one-page documents: 4.8 s user + 0.8 s sys of CPU for the file alone, pytest's
start included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from review_support import ALICE, AtNodeEnd, dev_settings, member_config, served_pages

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from server.runs.config import RunsConfig
from server.runs.service import RunsService

RUN = "01a24e83-a732-72b1-9942-e98bf1a21255"  # a langgraph dev run's id is its thread's (a UUID)


def test_a_resume_of_a_langgraph_dev_run_it_is_carrying_out_is_409(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = served_pages(tmp_path, monkeypatch)
    service = RunsService(res, RunsConfig.from_env(os.environ))  # the runs API's door (no worker started)

    door = AtNodeEnd("discover", lambda: str(service.resume(ALICE, RUN, None, None)))
    config = member_config(res, RUN, "alice")  # alice's own run, as langgraph dev gives it
    config["callbacks"] = [door]
    assert _compiled(res, "acme").invoke({"settings": dev_settings(docs)}, config)["status"] == "completed"

    [answer] = door.answers
    assert answer.startswith("409 ") and "is running right now" in answer, answer
