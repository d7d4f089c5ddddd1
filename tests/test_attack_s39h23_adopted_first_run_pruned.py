"""h23 s39 H23-3 (strict xfail, of 9a5478c / f5fb2da): an upgraded collection whose admin's run (the one
that made it, naming its rules file) was pruned adopts "none" - the defaults - from a MEMBER's run that
was merely registered before the collection was made, and her next run's document the admin's rules
hold goes into search unreviewed.

graph/ingestion/adoption.adopted_rules: with no admin's or operator's run naming a file on record, "its
first run is on record (registered no later than the collection was made)" means none was named, so
the collection keeps none. A run registered before the collection was made is not the run that made it:
maria's runs API run sent while the collection did not exist yet waits behind busy workers (or a
paused, resumed one), olga's run naming ``rules.toml`` is sent after it, runs first and makes the
collection; maria's runs after, into the collection olga made. Retention later removes olga's run
(``kassist checkpoints prune --older-than``: her checkpoints are older than maria's; the run's rows go
with them, store.prune_orphans), and maria's record "proves" the collection never had rules. docs/
audit.md: "When the records do not say - the admin's runs pruned ... - its rules stay unknown, and a
member's run into it is refused".

Expected: maria's next run (bonus.md, no version) is refused as one into a collection whose rules are
not known (409), or bonus.md is held for review. The runs API's service in process, runs carried out
as the worker does, both backends, hashing (~5 s)."""

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


def test_a_members_earlier_registered_run_does_not_stand_for_the_pruned_run_that_made_the_collection(
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
        create(service, MARIA, "member-early", None)  # sent first, the collection not made yet: queued
        create(service, OLGA, "admin-run", "rules.toml")  # sent after, carried out first
        assert carry_out(service, "admin-run", rechunk=True) == "completed"  # makes the collection
        assert carry_out(service, "member-early") == "completed"
        # Retention: olga's run's checkpoints are the older ones and go; its rows go with them.
        res.saver.for_tenant("acme").delete_thread("admin-run")
        res.runs.for_tenant("acme").prune_orphans(-60.0)
        assert [r for (r,) in raw(db_url, "SELECT run_id FROM kassist_ingest_runs")] == ["member-early"]
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
            f"maria's run ({status}) was audited by the defaults (the collection adopted {kept} from her "
            "own earlier-registered run): bonus.md, which the admin's rules hold, is searchable"
        )
    finally:
        res.close()
