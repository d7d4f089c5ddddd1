"""A served run's rules file that becomes a link out of the ingestion root keeps the server's bar
(review s33 r1, of 8d86285).

``audit_step.rules_at`` merges a rules file with the server's (``stricter``) when the file is a
tenant's, and decides that by where the path resolves *when the run reads it*
(``served.tenants_file``: ``Path.resolve()`` under ``KASSIST_INGEST_ROOT``). The tenant writes its
folder: after the run was let in (the file checked under its folder at create and by the worker's
start, ``served_refusal``), the tenant replaces ``rules.toml`` by a link to a lenient rules file
outside the root while the batch reads it, and puts it back after (the timing of h11 s33 #1/#2's
folder swap; every check at a start or a node's start sees the plain file). The path resolves
outside the root at the read, the file counts as the command line operator's, and its
``enabled = []`` / failure share 1.0 audit the batch: the run holding a private key completes, no
admin asked - what tests/test_x5_served_rules.py shows refused for a plain file.

The runs API's create, its worker's start check and ``execute``, as tests/test_x5_served_rules.py
runs them; the attacker's timing made exact by wrapping ``pipeline.run_batch`` (the real one is
called). One SQLite file, no HTTP, ~3 s."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from review_support import KEY_DOC

from graph.ingestion import pipeline
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

LENIENT = "enabled = []\nneeds_review_failure_share = 1.0\n"


def test_a_rules_file_swapped_for_a_link_out_of_the_root_does_not_lower_the_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    folder = root / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "deploy.md").write_text(KEY_DOC)
    (folder / "rules.toml").write_text('required_metadata = ["owner"]\n')  # what the create checks
    elsewhere = tmp_path / "elsewhere"  # any lenient TOML the server can read, outside the root
    elsewhere.mkdir()
    (elsewhere / "lenient.toml").write_text(LENIENT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        alice = Principal(identity="alice", tenant_id="acme", role="member")
        options = RunOptions(embedder="hashing", audit_rules="rules.toml")
        service.create(alice, CreateRun(path="docs", run_id="swap", options=options), None)
        jobs = JobStore(res.runs).for_tenant("acme")
        job = jobs.get("swap")
        assert job is not None and job.settings is not None
        assert service.served_refusal(job) is None  # the worker's check at the run's start
        rules, kept = folder / "rules.toml", folder / "rules.before"
        real_batch = pipeline.run_batch

        def batch_while_swapped(*args: Any, **kwargs: Any) -> Any:
            # The tenant's timing: rules.toml is a link out of the root only while the batch runs.
            rules.rename(kept)
            rules.symlink_to(elsewhere / "lenient.toml")
            try:
                return real_batch(*args, **kwargs)
            finally:
                rules.unlink()
                kept.rename(rules)

        monkeypatch.setattr(pipeline, "run_batch", batch_while_swapped)
        outcome = execute(
            res, "acme", "swap", settings=Settings.model_validate(job.settings),
            on_finish=lambda _: jobs.done(job.run_id, job.seq),
        )  # fmt: skip
    finally:
        res.close()
    assert outcome.state.status != "completed", (
        f"acme's run with a private key, its rules file a link to {LENIENT!r} outside the root, ended "
        f"completed ({outcome.state.review_reasons}), no admin asked"
    )
