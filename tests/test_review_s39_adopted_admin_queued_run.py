"""r4 s39 (review of 2bc4e6d, H23-3's fix): an upgraded collection whose rules-naming run was pruned still
adopts "none" from an ADMIN's run that was merely registered before the collection was made.

2bc4e6d made adoption.adopted_rules' "first run on record, registered no later than the collection was
made" count only an admin's or the operator's run. The flaw H23-3 named is that registered-before is not
made-it, whoever registered it: olga's first run (no rules file: it keeps the collection's) is sent while
the collection does not exist yet and waits in the queue; her second run, naming ``rules.toml``, is
carried out first and makes the collection; the first runs after it. Retention removes the second run
(its checkpoints are the older ones), and the first "proves" the collection never had rules: a member's
next run is audited by the defaults and bonus.md (no version: rules.toml holds it) is searchable.
docs/audit.md: "When the records do not say - the admin's runs pruned ... - its rules stay unknown".
Same harness and expectation as tests/test_attack_s39h23_adopted_first_run_pruned.py (409 or held);
both backends, hashing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from raw_sql import raw
from review_support import found

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.served_again import served_folder
from server.runs.service import RunsService

OLGA = Principal(identity="olga", tenant_id="acme", role="admin")
MARIA = Principal(identity="maria", tenant_id="acme", role="member")
RULES = 'required_metadata = ["owner", "classification", "version"]\nseverity = { missing_metadata = "critical" }\n'
KEPT = "---\nowner: hr\nclassification: internal\nversion: 3\n---\n# Leave\n\nLeave is 28 days.\n"
UNKEPT = "---\nowner: hr\nclassification: internal\n---\n# Bonus\n\nThe zebracorn bonus is paid in March.\n"
UNKNOWN = "indexed before kassist kept the audit rules it is audited with"


def _carry_out(service: RunsService, run: str, *, rechunk: bool = False) -> str:
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run)
    assert job is not None and job.settings is not None
    outcome = execute(
        service.res, "acme", run, settings=Settings.model_validate(job.settings),
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
        rechunk=rechunk,
    )  # fmt: skip
    return outcome.state.status


def _create(service: RunsService, who: Principal, run: str, rules: str | None) -> None:
    options = RunOptions(embedder="hashing", audit_rules=rules)
    service.create(who, CreateRun(path="docs", collection="policies", run_id=run, options=options), None)


def test_an_admins_earlier_registered_run_does_not_stand_for_the_pruned_run_that_made_the_collection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        _create(service, OLGA, "admin-early", None)  # sent first, the collection not made yet: queued
        _create(service, OLGA, "admin-run", "rules.toml")  # sent after, carried out first
        assert _carry_out(service, "admin-run", rechunk=True) == "completed"  # makes the collection
        assert _carry_out(service, "admin-early") == "completed"
        # Retention: olga's run's checkpoints are the older ones and go; its rows go with them.
        res.saver.for_tenant("acme").delete_thread("admin-run")
        res.runs.for_tenant("acme").prune_orphans(-60.0)
        assert [r for (r,) in raw(db_url, "SELECT run_id FROM kassist_ingest_runs")] == ["admin-early"]
        # As index migration 9 leaves a collection indexed before it.
        raw(db_url, "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL")
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the admin's rules hold it
        try:
            _create(service, MARIA, "member-run", None)
        except ApiError as refused:  # not known: refused until an admin's run records them - fine
            assert refused.status == 409 and UNKNOWN in refused.detail, refused.detail
            return
        kept = raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections")
        status = _carry_out(service, "member-run")
        assert found(res, "zebracorn") == [], (
            f"maria's run ({status}) was audited by the defaults (the collection adopted {kept} from olga's "
            "earlier-registered run): bonus.md, which the admin's rules hold, is searchable"
        )
    finally:
        res.close()
