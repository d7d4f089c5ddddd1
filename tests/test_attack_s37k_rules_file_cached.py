"""A server audits each run with its rules file as the file is when the run reads it, not as the first
run of that path in the server's process read it (h19 s37; found beside H19-7: what a long-lived
process keeps across runs).

A run's ``audit_rules`` (a TOML file; a served run's under its tenant's folder, "only adds to the
server's": docs/audit.md) decides which findings hold the run for an admin's review.
graph/ingestion/audit_step._rules is an ``lru_cache`` keyed by the file's path: the first run of a
path in a process reads the file, and every later run there - however much later, whatever the file
says now - is audited with those rules. ``kassist serve`` (its runs API's workers, the console) and
``langgraph dev`` run every run in one long-lived process: a tenant (or the operator) that tightens
its rules file - here, a document without a ``version`` field becomes a critical finding - has its
next runs audited with the old rules until the server restarts, and the documents the new rules hold
for review go straight into search. The command line reads the file afresh (a process per command).

The runs API's door and the run carried out as its worker does (as tests/test_attack_s36_collection_rules.py
does), in one process; two collections, so that no rules a collection recorded take part. SQLite, ~4 s."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from review_support import found

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.served_again import served_folder
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
LAX = 'required_metadata = ["owner"]\n'
STRICT = 'required_metadata = ["owner", "classification", "version"]\nseverity = { missing_metadata = "critical" }\n'
UNVERSIONED = (
    "---\nowner: hr\nclassification: internal\n---\n# Bonus\n\nThe zebracorn bonus is paid in March.\n"
)


def _run(service: RunsService, run: str, collection: str) -> str:
    """Olga's path run of ``docs`` into ``collection`` with ``rules.toml``, created and carried out."""
    options = RunOptions(embedder="hashing", audit_rules="rules.toml")
    service.create(OLGA, CreateRun(path="docs", collection=collection, run_id=run, options=options), None)
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run)
    assert job is not None and job.settings is not None
    outcome = execute(
        service.res, "acme", run, settings=Settings.model_validate(job.settings),
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
        rechunk=True,
    )  # fmt: skip
    return outcome.state.status


def test_a_server_audits_a_run_with_its_rules_file_as_it_is_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(LAX)
    (folder / "docs" / "bonus.md").write_text(UNVERSIONED)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        assert _run(service, "first", "drafts") == "completed"  # the lax rules pass it
        (folder / "rules.toml").write_text(STRICT)  # the tenant tightens its rules: a version is required
        status = _run(service, "second", "policies")
        held = status == "needs_review"
        searchable = found(res, "zebracorn")
    finally:
        res.close()
    # The second run is audited with the file as it is: bonus.md has no version, a critical finding.
    assert held, f"the run after the rules were tightened ended {status}; search finds {searchable}"
