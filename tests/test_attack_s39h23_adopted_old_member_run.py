"""h23 s39 H23-1 (strict xfail, of 9a5478c / adeaad7): a collection indexed before index migration 9
adopts its audit rules from "the latest admin's or operator's run" of it, and an operator's run is told
by ``started_by IS NULL`` with no runs API job. A langgraph dev run registered before session 34 has
``started_by`` NULL too (the column came with h12 s34 #7, c4365ba; NULL for every run registered before
it), so a MEMBER's old langgraph dev run is taken for the operator's: the rules file she named - any
file of the tenant's folder, e.g. one with no rules of its own - becomes the collection's bar, and her
next run's document that the admin's rules hold goes into search unreviewed (H20-7's harm, H16-11's).
adoption.py's own comment says "a member's, or one whose role was not kept, is neither".

Her run is a langgraph dev run all the same: its checkpoints record its owner (``metadata.owner``,
what the runs API and the console read to keep it hers: server/thread_owner.reaches_run).

Here: olga (admin, runs API) indexes ``docs`` into ``policies`` with ``rules.toml`` (version required);
maria's langgraph dev run of the same folder into ``policies`` naming ``lax.toml`` (an empty rules
file), its checkpoints recording her; the database as a release before session 34 and migration 9
leaves it (her run's started_by NULL, the collection's rules NULL); then ``bonus.md`` (no version) and
maria's runs API run naming no rules. Expected: bonus.md is held (not searchable), or her run is
refused as one into a collection whose rules are not known. Both backends, hashing, ~5 s."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from adoption_support import KEPT, MARIA, OLGA, RULES, UNKEPT, UNKNOWN, carry_out
from raw_sql import raw
from review_support import found, member_config

from graph.ingestion.head import run_owner
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled
from graph.ingestion.state import Settings
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.names import ApiError
from server.runs.service import RunsService

DEV_RUN = "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"  # a langgraph dev thread id names its run


def test_a_members_old_langgraph_dev_run_does_not_set_an_upgraded_collections_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_url: str
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "lax.toml").write_text("# no rules of its own: the server's defaults alone\n")
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        options = RunOptions(embedder="hashing", audit_rules="rules.toml")
        service.create(
            OLGA, CreateRun(path="docs", collection="policies", run_id="admin-run", options=options), None
        )
        assert carry_out(service, "admin-run", rechunk=True) == "completed"
        # maria's langgraph dev run, as langgraph dev runs it: her user in its configurable, her name
        # as the owner its checkpoints record. (Today's door refuses lax.toml at discover; before the
        # upgrade there was no such check - what matters here is the record it leaves.)
        lax = Settings(
            source=str(folder / "docs"), collection="policies", embedder="hashing",
            audit_rules=str(folder / "lax.toml"),
        )  # fmt: skip
        config = member_config(res, DEV_RUN, "maria")
        config["metadata"] = {"owner": "maria"}
        _compiled(res, "acme").invoke({"settings": lax.model_dump()}, config)
        assert raw(db_url, "SELECT started_by FROM kassist_ingest_runs WHERE run_id = %s", (DEV_RUN,)) == [
            ("maria",)
        ]
        assert run_owner(res.saver, "acme", DEV_RUN) == "maria"  # what tells her run from the operator's
        # As a release before session 34 (no started_by) and index migration 9 (no kept rules) left it.
        raw(db_url, "UPDATE kassist_ingest_runs SET started_by = NULL WHERE run_id = %s", (DEV_RUN,))
        # ... and the upgrade that added the column (ingestion migration 9) applied after her run.
        upgraded = (datetime.now(UTC) + timedelta(minutes=1)).strftime("%Y-%m-%d %H:%M:%S+00:00")
        raw(db_url, "UPDATE kassist_schema_versions SET applied_at = %s WHERE component = 'ingestion' AND version = 9",
            (upgraded,))  # fmt: skip
        raw(db_url, "UPDATE kassist_kb_collections SET audit_rules = NULL, audit_rules_name = NULL")
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the admin's rules hold it
        try:
            service.create(
                MARIA, CreateRun(path="docs", collection="policies", run_id="member-run",
                                 options=RunOptions(embedder="hashing")), None,
            )  # fmt: skip
        except ApiError as refused:  # not known: refused until an admin's run records them - fine
            assert refused.status == 409 and UNKNOWN in refused.detail, refused.detail
            return
        kept = raw(db_url, "SELECT audit_rules_name FROM kassist_kb_collections")
        status = carry_out(service, "member-run")
        assert found(res, "zebracorn") == [], (
            f"maria's run ({status}) was audited with the rules her own old langgraph dev run named "
            f"(the collection adopted {kept}): bonus.md, which the admin's rules hold, is searchable"
        )
    finally:
        res.close()
