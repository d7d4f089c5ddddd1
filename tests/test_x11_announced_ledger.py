"""A run whose receiver answered "done" is announced before its notify step's checkpoint commits
(h17 s36 H17-1, x11): the answer is committed first, in the ledger (notify.send's ledger_finish), and a
run killed in between took a cancel and ended "cancelled" after its receiver was told "completed".
tests/test_attack_s36k_cancel_after_notify.py kills a real child in that window and asks the command
line's door; here, in process, the same committed answer (notify.send, as the killed child called it)
is read by the runs API's door (409) and by the nodes' own cancel check: a cancel flag set before the
answer was recorded (accepted just before the call began), no checkpoint yet, is not carried out - the
run completes and the receiver is told once. One SQLite file (~3 s of CPU)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from ingest_harness import receiver

from graph.ingestion import notify
from graph.ingestion.head import read_head
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService

TENANT, RUN = "acme", "told-before-checkpoint"
BEFORE_NOTIFY = 5  # begin, discover, one batch, audit, report, review: paused before notify
ADMIN = Principal(identity="root", tenant_id="acme", role="admin")


def test_a_receivers_recorded_answer_announces_the_run(res: Resources, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with receiver() as hook:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
        paused = execute(res, TENANT, RUN, settings=settings, max_steps=BEFORE_NOTIFY).state
        assert paused.status == "paused" and not notify.announced(res.runs.for_tenant(TENANT), paused)
        notify.send(res.runs, TENANT, paused, hook.url)  # the killed run's call: answered, recorded
        state = read_head(res.saver, TENANT, RUN).state
        assert state is not None and not state.announced  # its checkpoint does not say so yet

        service = RunsService(res, RunsConfig.from_env(os.environ))
        try:
            with pytest.raises(ApiError, match="has told its notification receiver it completed") as refused:
                service.cancel(ADMIN, RUN, None)
            assert refused.value.status == 409
        finally:
            service.worker.stop()

        runs = res.runs.for_tenant(TENANT)
        assert runs.request_cancel(RUN)  # accepted before the call began, its flag seen only now
        done = execute(res, TENANT, RUN).state
        assert done.status == "completed", done.last_error
        assert [body["status"] for _, body in hook.received] == ["completed"]  # told once
