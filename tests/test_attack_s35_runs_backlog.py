"""The runs API bounds the runs one user (and one tenant) has waiting, as langgraph dev does
(h14 s35 H7).

``kassist serve``'s workers (``KASSIST_RUN_WORKERS``, default 2) carry out every tenant's wanted runs
oldest request first (graph/ingestion/sql_*.jobs_wanted: ``ORDER BY updated_at``, all tenants), and
``POST /v1/runs`` / ``/v1/runs/uploads`` queue a run with no bound: one member who queues a thousand
runs (a small POST each) holds both workers, run after run, while every other tenant's runs wait
behind the whole backlog. That is the starvation langgraph dev's ``KASSIST_MAX_WAITING_RUNS_PER_USER``
/ ``_PER_TENANT`` ended there (server/run_limits.py: "one member made 3,000 runs in 6 s ..., each of
which would hold the one worker in turn while every other tenant's runs waited behind them"), and
that kassist serve's own assistant turns are bounded by since session 31 (server/turn_limits.py).

Here the bound is 2 and alice's third run is accepted on HEAD (201); it should be 409 naming the
setting, as langgraph dev answers. The runs API's service in process (no worker), one SQLite file,
three runs queued: 1.9 s user + 0.3 s sys of CPU for the file alone, pytest's start included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from review_support import ALICE

from graph.ingestion.resources import Resources
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService


def test_a_run_past_the_users_waiting_runs_bound_is_refused(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "root" / "acme" / "hr").mkdir(parents=True)
    (tmp_path / "root" / "acme" / "hr" / "leave.md").write_text("# Leave\n\nEmployees get 28 days.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_MAX_WAITING_RUNS_PER_USER", "2")
    service = RunsService(res, RunsConfig.from_env(os.environ))  # no worker: every run stays wanted
    answers: list[str] = []
    for n in (1, 2, 3):
        body = CreateRun(path="hr", collection="c", run_id=f"r{n}", options=RunOptions(embedder="hashing"))
        try:
            answers.append(str(service.create(ALICE, body, None).status))
        except ApiError as refused:
            answers.append(f"{refused.status} {refused.detail}")
    assert answers[:2] == ["pending", "pending"], answers
    assert answers[2].startswith("409 ") and "KASSIST_MAX_WAITING_RUNS_PER_USER" in answers[2], answers
