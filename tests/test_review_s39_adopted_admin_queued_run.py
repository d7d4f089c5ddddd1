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
from adoption_support import KEPT, MARIA, OLGA, RULES, UNKEPT, UNKNOWN, carry_out, create
from raw_sql import raw
from review_support import found

from graph.ingestion.resources import Resources
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService


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
        create(service, OLGA, "admin-early", None)  # sent first, the collection not made yet: queued
        create(service, OLGA, "admin-run", "rules.toml")  # sent after, carried out first
        assert carry_out(service, "admin-run", rechunk=True) == "completed"  # makes the collection
        assert carry_out(service, "admin-early") == "completed"
        # Retention: olga's run's checkpoints are the older ones and go; its rows go with them.
        res.saver.for_tenant("acme").delete_thread("admin-run")
        res.runs.for_tenant("acme").prune_orphans(-60.0)
        assert [r for (r,) in raw(db_url, "SELECT run_id FROM kassist_ingest_runs")] == ["admin-early"]
        # As index migration 9 leaves a collection indexed before it.
        raw(db_url, "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL")
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the admin's rules hold it
        try:
            create(service, MARIA, "member-run", None)
        except ApiError as refused:  # not known: refused until an admin's run records them - fine
            assert refused.status == 409 and UNKNOWN in refused.detail, refused.detail
            return
        kept = raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections")
        status = carry_out(service, "member-run")
        assert found(res, "zebracorn") == [], (
            f"maria's run ({status}) was audited by the defaults (the collection adopted {kept} from olga's "
            "earlier-registered run): bonus.md, which the admin's rules hold, is searchable"
        )
    finally:
        res.close()
