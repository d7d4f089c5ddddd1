"""A cancel sent after the run told its notification receiver it completed is refused at every door,
in one line (session 30, review r B5).

Since 6bbb3b3 such a cancel no longer ends the run "cancelled" (the receiver was told "completed";
the steps after notify only record the run's end). But the runs API still answered 202, ``kassist runs
cancel`` said the run would stop at its next node, and the run then completed. One predicate,
``AgentRunState.announced``, now decides it for the node and for the runs API, the console and the CLI.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist, receiver
from runs_api_harness import ADMIN, env_for, serving

TENANT, RUN = "acme", "announced"
AFTER_NOTIFY = 6  # begin, discover, one batch, audit, report, review, notify: paused before remember


def test_a_cancel_after_the_notification_is_refused_by_the_cli_and_the_runs_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    root = tmp_path / "root"
    docs = root / "docs"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    db_url = f"sqlite:///{tmp_path / 'kb.db'}"
    with receiver() as hook, resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
        paused = execute(res, TENANT, RUN, settings=settings, max_steps=AFTER_NOTIFY).state
        assert paused.status == "paused" and paused.announced and not paused.ended
        assert len(hook.received) == 1  # the receiver was told

    cli = kassist("runs", "cancel", RUN, "--tenant", TENANT, "--database-url", db_url, cwd=tmp_path)
    assert cli.returncode == 1
    assert cli.stderr.strip().splitlines() == [
        f"error: run {RUN!r} has told its notification receiver it completed; it completes (a cancel stops "
        "only a run that has not announced its end)"
    ]

    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        answer = client.post(f"/v1/runs/{RUN}/cancel", headers=ADMIN)
        assert answer.status_code == 409, answer.text
        assert "has told its notification receiver it completed" in answer.text

    with resources.installed(resources.Resources.open(db_url)) as res:
        record = res.runs.for_tenant(TENANT).get(RUN)
        assert record is not None and not record.cancel_requested  # nothing was asked of the run
        assert execute(res, TENANT, RUN).state.status == "completed"  # it completes, as announced
