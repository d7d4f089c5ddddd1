"""h20 s37 H20-7 (strict xfail, of b44bce8 / d2e8281): a collection indexed before the upgrade keeps
no audit rules, so H16-11 stays open for it: a member's run into the admin's collection is judged by
the defaults, and a document the admin's rules hold goes into search unreviewed.

b44bce8 (H16-11): a collection keeps the audit rules it was audited with (index migration 9,
kassist_kb_collections.audit_rules; "NULL none"), recorded by a run's discover; a run naming no rules
is audited with the kept text. Migration 9 adds the column NULL for every collection already indexed,
and nothing fills it: the run records of the admin's runs that audited the collection (their settings
name the rules file, kept in kassist_ingest_runs) are not read, so until an admin runs into it again
the collection "keeps none" - a member's run naming no rules is audited by the defaults alone (H16-11,
as before the fix), and one naming her own file records it as the collection's. Every deployment that
upgrades has only such collections.

Here: olga (admin) indexes ``docs`` into ``policies`` with ``rules.toml`` (version required); the
collection is then as migration 9 leaves one indexed before it (its kept rules NULL); maria's run of
the same folder with a new ``bonus.md`` (no version), no rules named. Expected: bonus.md is held for
review (not searchable), as for a collection indexed after the upgrade. The runs API's service in
process, runs carried out as the worker does (the review test's helpers), SQLite, hashing; ~3 s.

The fix (graph/ingestion/adoption.adopt_rules, every door): the collection adopts the rules file its
latest admin's run named, as it reads now. When the records do not say (the admin's runs pruned, the
file gone), its rules stay unknown and a member's run is refused - at its door, and at its start for
one queued before the upgrade - until an admin's run records them; both backends."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from adoption_support import KEPT, MARIA, OLGA, RULES, UNKEPT, UNKNOWN, carry_out, create
from raw_sql import raw
from review_support import found

from graph.ingestion.resources import Resources, installed
from graph.ingestion.state import Settings
from server.job_threads import kept_settings_refusal
from server.runs.config import RunsConfig
from server.runs.names import ApiError
from server.runs.service import RunsService


def test_a_collection_indexed_before_the_upgrade_keeps_its_admins_audit_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    db = tmp_path / "kassist.db"
    res = Resources.open(f"sqlite:///{db}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        create(service, OLGA, "admin-run", "rules.toml")
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        with sqlite3.connect(db) as conn:  # as migration 9 leaves a collection indexed before it
            done = conn.execute(
                "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL "
                "WHERE collection = 'policies'"
            )
            assert done.rowcount == 1
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the admin's rules hold it
        create(service, MARIA, "member-run", None)
        status = carry_out(service, "member-run")
        assert found(res, "zebracorn") == [], (
            f"maria's run ({status}) of the admin's folder into the admin's collection indexed before the "
            "upgrade was audited by the defaults: bonus.md, which the admin's rules hold, is searchable"
        )
    finally:
        res.close()


def _served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str) -> tuple[RunsService, Path]:
    """acme's folder ``docs`` (leave.md, kept by the admin's rules), its ``rules.toml``, the service."""
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    return RunsService(res, RunsConfig.from_env(os.environ)), folder


def _as_before_the_upgrade(url: str, *, pruned: tuple[str, ...] = ()) -> None:
    """The collection as migration 9 leaves one indexed before it; ``pruned``: runs whose records
    retention removed."""
    raw(url, "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL")
    for run in pruned:
        raw(url, "DELETE FROM kassist_ingest_runs WHERE run_id = %s", (run,))


def test_an_upgraded_collection_with_no_admin_record_refuses_a_members_run_until_an_admin_runs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    service, folder = _served(tmp_path, monkeypatch, db_url)
    try:
        create(service, OLGA, "admin-run", "rules.toml")
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        create(service, MARIA, "queued", None)  # let in before the upgrade, carried out after it
        _as_before_the_upgrade(db_url, pruned=("admin-run",))
        (folder / "docs" / "bonus.md").write_text(UNKEPT)
        for rules in (None, "rules.toml"):  # with no rules, or her own: either would become the bar
            with pytest.raises(ApiError) as refused:
                create(service, MARIA, f"member-{rules}", rules)
            assert refused.value.status == 409 and UNKNOWN in refused.value.detail, refused.value.detail
        said: list[str] = []
        assert carry_out(service, "queued", error=said) == "failed"
        assert UNKNOWN in said[0], said
        assert found(service.res, "zebracorn") == []
        # The admin's run records them (the file she names); a member's run is then held by them.
        create(service, OLGA, "admin-again", "rules.toml")
        assert carry_out(service, "admin-again", rechunk=True) != "failed"
        create(service, MARIA, "member-run", None)
        status = carry_out(service, "member-run")
        assert found(service.res, "zebracorn") == [], f"maria's run ({status}) was audited by the defaults"
    finally:
        service.res.close()


def test_an_upgraded_collection_adopts_its_admins_rules_file_as_it_reads_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    """Both backends; the admin's file gone: unknown (refused), not the defaults, until an admin's
    run records none."""
    service, folder = _served(tmp_path, monkeypatch, db_url)
    try:
        create(service, OLGA, "admin-run", "rules.toml")
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        _as_before_the_upgrade(db_url)
        (folder / "docs" / "bonus.md").write_text(UNKEPT)
        create(service, MARIA, "member-run", None)
        assert raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections") == [
            (RULES, "rules.toml")
        ]
        status = carry_out(service, "member-run")
        assert found(service.res, "zebracorn") == [], f"maria's run ({status}) was audited by the defaults"
        _as_before_the_upgrade(db_url)
        (folder / "rules.toml").unlink()
        with pytest.raises(ApiError) as refused:
            create(service, MARIA, "member-2", None)
        assert refused.value.status == 409 and UNKNOWN in refused.value.detail, refused.value.detail
        # An admin's run naming none says the defaults: recorded, the member's run is let in.
        create(service, OLGA, "admin-none", None)
        assert carry_out(service, "admin-none", rechunk=True) != "failed"
        assert raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections") == [("", "")]
        create(service, MARIA, "member-3", None)
    finally:
        service.res.close()


def test_an_upgraded_collection_whose_runs_named_no_rules_stays_unknown_until_an_admins_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    """No run on record naming a file does not say the collection never had one (a run naming rules
    may have made it and been pruned since: h23 s39 H23-3, review s39 R4-2): not known, a member's
    run refused, until an admin's run records none; then her run is let in. Session 38 adopted
    "none" here from the first run on record; that was the hole."""
    service, _folder = _served(tmp_path, monkeypatch, db_url)
    try:
        create(service, OLGA, "admin-run", None)
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        _as_before_the_upgrade(db_url)
        with pytest.raises(ApiError) as refused:
            create(service, MARIA, "member-run", None)
        assert refused.value.status == 409 and UNKNOWN in refused.value.detail, refused.value.detail
        assert raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections") == [
            (None, None)
        ]
        create(service, OLGA, "admin-none", None)
        assert carry_out(service, "admin-none", rechunk=True) != "failed"
        assert raw(db_url, "SELECT audit_rules, audit_rules_name FROM kassist_kb_collections") == [("", "")]
        create(service, MARIA, "member-2", None)
        assert carry_out(service, "member-2") == "completed"
    finally:
        service.res.close()


def test_langgraph_devs_door_refuses_a_members_run_as_the_runs_apis_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """review s38 R3-8: langgraph dev's door (server/job_threads.kept_settings_refusal, a member's or a
    cron's settings) refuses a run into a collection whose rules are not known, and one naming other
    rules than it keeps; the same settings with none named are let in once the rules are known."""
    service, folder = _served(tmp_path, monkeypatch, f"sqlite:///{tmp_path / 'kassist.db'}")
    url = service.res.database_url
    (folder / "other.toml").write_text('required_metadata = ["owner"]\n')
    sent = Settings(source=str(folder / "docs"), collection="policies", embedder="hashing").model_dump()
    try:
        create(service, OLGA, "admin-run", "rules.toml")
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        _as_before_the_upgrade(url, pruned=("admin-run",))
        with installed(Resources.open(url, reports_dir=tmp_path / "reports")):
            assert UNKNOWN in (kept_settings_refusal("acme", sent) or "")
        raw(
            url,
            "UPDATE kassist_kb_collections SET audit_rules = %s, audit_rules_name = 'rules.toml'",
            (RULES,),
        )
        with installed(Resources.open(url, reports_dir=tmp_path / "reports")):
            assert kept_settings_refusal("acme", sent) is None
            assert kept_settings_refusal("acme", {**sent, "audit_rules": str(folder / "rules.toml")}) is None
            other = kept_settings_refusal("acme", {**sent, "audit_rules": str(folder / "other.toml")})
            assert "is audited with the rules it recorded from 'rules.toml'" in (other or ""), other
    finally:
        service.res.close()
