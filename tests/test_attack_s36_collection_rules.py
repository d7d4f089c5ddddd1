"""A member's run of the same folder skips the review an admin's rules file sets for the collection
(session 36 attack, h16 H11, DECISION?).

A path run's ``audit_rules`` (a TOML file under the tenant's folder) sets its run's review bar, and
"only adds to the server's" (docs/audit.md, "Whose rules decide the review"). The bar is the run's, not
the collection's: an admin ingests ``docs`` into ``policies`` with ``rules.toml`` (here: a document
without a ``version`` field is a critical finding, held for an admin's review). A new document
without one lands in the folder; a member then runs the same folder into the same collection with
no ``audit_rules`` - the defaults judge it, nothing is held, the run completes and the document is
found by search. The collection records its chunk settings so that a member's run cannot change
them (knowledge/index/chunk_settings.py); its review bar it does not record, so any member lowers it
to the defaults by leaving the option out.

Expected (DECISION?: where the bar lives): the member's run is held for review by the rules the
collection was audited with, or refused naming them. The runs API's create as its route calls it,
then the run carried out as its worker does (tests/test_x5_served_rules.py's way); one SQLite file.
"""

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


def _run(service: RunsService, who: Principal, run: str, rules: str | None, *, rechunk: bool = False) -> str:
    """``who``'s path run of ``docs`` into ``policies``, created and carried out; its status
    (``rechunk``: as the worker carries out an admin key's run)."""
    options = RunOptions(embedder="hashing", audit_rules=rules)
    service.create(who, CreateRun(path="docs", collection="policies", run_id=run, options=options), None)
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run)
    assert job is not None and job.settings is not None
    outcome = execute(
        service.res, "acme", run, settings=Settings.model_validate(job.settings),
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
        rechunk=rechunk,
    )  # fmt: skip
    return outcome.state.status


def test_a_members_run_is_held_by_the_rules_the_collection_was_audited_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        assert _run(service, OLGA, "admin-run", "rules.toml") == "completed"
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the admin's rules hold it
        status = _run(service, MARIA, "member-run", None)
        assert found(res, "zebracorn") == [], (
            f"the member's run without the collection's rules ended {status} and bonus.md is searchable"
        )
    finally:
        res.close()


def test_a_member_naming_other_rules_is_refused_and_an_admins_are_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lead's decision 10 (session 36): a member's run naming other rules than the collection
    recorded is refused at the door, 422 naming the collection and the option; the same rules are
    taken; an admin's run naming other rules records those (its worker lets an admin's run set the
    collection's settings: rechunk, as for chunk settings)."""
    from server.runs.names import ApiError

    folder = tmp_path / "root" / "acme"
    (folder / "docs").mkdir(parents=True)
    (folder / "rules.toml").write_text(RULES)
    (folder / "same.toml").write_text(RULES)
    (folder / "lax.toml").write_text('required_metadata = ["owner"]\n')
    (folder / "docs" / "leave.md").write_text(KEPT)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        assert _run(service, OLGA, "admin-run", "rules.toml") == "completed"
        with pytest.raises(ApiError) as refused:
            _run(service, MARIA, "member-lax", "lax.toml")
        assert refused.value.status == 422 and refused.value.loc == ("body", "options", "audit_rules")
        assert "collection 'policies'" in refused.value.detail and "'rules.toml'" in refused.value.detail
        assert _run(service, MARIA, "member-same", "same.toml") == "completed"  # the same rules: taken
        assert _run(service, OLGA, "admin-lax", "lax.toml", rechunk=True) == "completed"
        (folder / "docs" / "bonus.md").write_text(UNKEPT)  # no version: the recorded lax rules pass it
        assert _run(service, MARIA, "member-after", None) == "completed"
        assert found(res, "zebracorn") == ["bonus.md"]
    finally:
        res.close()
