"""Review s37 r2 (of b44bce8, H16-11's fix; strict xfail): a member's run naming a rules file with the
collection's rules passes the check, and is then audited with whatever the file says when its batches
read it.

b44bce8 keeps the rules a collection was audited with (their text) and refuses a member's run naming
other rules - at the runs API's door and again at discover, where the file's text is compared. The run
itself is still audited with its own file (graph/ingestion/audit_step.rules_at: the path, read when
each batch audits and again at the audit step), and a served run's file is the tenant's to write
(docs/audit.md: "a tenant writes it"). So maria names ``same.toml`` (the admin's rules, word for word:
taken), her run pauses after discover (``max_steps`` 1, or any wait before its first batch), ``same.toml`` is rewritten to the
defaults, and her resumed run judges the folder by them: the admin's ``bonus.md`` without a ``version``
field, which the collection's rules hold for review, goes into search unreviewed - H16-11's outcome.
The rule belongs where the documents are audited: a run whose collection keeps rules is audited with
those (or with the text it was checked with at discover, kept with the run), not with its file re-read.

The runs API's create as its route calls it, the run carried out as its worker does (as H16-11's own
test does), paused and resumed; one SQLite file (~3 s)."""

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
MARIA = Principal(identity="maria", tenant_id="acme", role="member")
RULES = 'required_metadata = ["owner", "classification", "version"]\nseverity = { missing_metadata = "critical" }\n'
KEPT = "---\nowner: hr\nclassification: internal\nversion: 3\n---\n# Leave\n\nLeave is 28 days.\n"
UNKEPT = "---\nowner: hr\nclassification: internal\n---\n# Bonus\n\nThe zebracorn bonus is paid in March.\n"


def _carry_out(service: RunsService, run: str, *, max_steps: int | None = None, rechunk: bool = False) -> str:
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run)
    assert job is not None and job.settings is not None
    outcome = execute(
        service.res, "acme", run, settings=Settings.model_validate(job.settings), max_steps=max_steps,
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
        rechunk=rechunk,
    )  # fmt: skip
    return outcome.state.status


def _create(service: RunsService, who: Principal, run: str, rules: str | None) -> None:
    options = RunOptions(embedder="hashing", audit_rules=rules)
    service.create(who, CreateRun(path="docs", collection="policies", run_id=run, options=options), None)


def test_a_members_rules_file_changed_after_its_check_does_not_lower_the_collections_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "same.toml").write_text(RULES)  # maria's copy of the admin's rules, word for word
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        _create(service, OLGA, "admin-run", "rules.toml")
        assert _carry_out(service, "admin-run", rechunk=True) == "completed"
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the collection's rules hold it
        _create(service, MARIA, "member-run", "same.toml")  # the same rules: taken at the door
        assert _carry_out(service, "member-run", max_steps=1) == "paused"  # discover checked them too
        (folder / "same.toml").write_text('required_metadata = ["owner"]\n')  # the tenant's file, rewritten
        status = _carry_out(service, "member-run")
        assert found(res, "zebracorn") == [], (
            f"maria's run ({status}) was audited with her rewritten file, and bonus.md, which the "
            "collection's rules hold for review, is searchable"
        )
    finally:
        res.close()
