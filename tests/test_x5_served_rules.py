"""A served run's own audit-rules file makes its audit only stricter (review s32 r1 L1).

A path run of the runs API may name a rules file under its tenant's folder, which the tenant can
write. Its rules set the bar of the review an admin decides: ``enabled = []`` and a failure share of
1.0 let a run whose document holds a private key complete, no admin asked. The server's rules (the
defaults) judge such a run too; its own file can add to them, never take away. The command line's
operator keeps full control over a rules file of their own (docs/audit.md).

kassist serve's process as it runs: the runs API's create (``RunsService.create``, as its route calls
it), then its worker's ``execute``; one SQLite file, no HTTP."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from review_support import KEY_DOC

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources, bind
from graph.ingestion.runner import RunOutcome, _compiled, config_for, execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.served_again import served_folder
from server.runs.service import RunsService

LENIENT = {  # what a tenant's rules file may say of its review's bar
    "no-categories": "enabled = []\nneeds_review_failure_share = 1.0\n",
    "key-lowered": 'needs_review_failure_share = 1.0\nseverity = { private_key = "low" }\n',
    "bar-raised": 'needs_review_severity = "critical"\nneeds_review_failure_share = 1.0\n'
    'severity = { private_key = "high", cloud_access_key = "high" }\n',
}
# A document the defaults find nothing severe in: owner and classification are stated.
OWNED_DOC = "---\nowner: ops\nclassification: internal\n---\n# Rota\n\nThe on-call rota changes on Mondays.\n"
# Adds a finding and lowers nothing: a third required field, its absence critical.
ADDS = 'required_metadata = ["owner", "classification", "retention"]\nseverity = { missing_metadata = "critical" }\n'


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[RunsService, Path]]:
    root = tmp_path / "root"
    (root / "acme" / "docs").mkdir(parents=True)
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))  # the environment kassist serve runs in
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        yield RunsService(res, RunsConfig.from_env(os.environ)), root / "acme"
    finally:
        res.close()


def _carried_out(service: RunsService, run_id: str) -> RunOutcome:
    """The run's request carried out as the server's worker does (its folder named by the server)."""
    alice = Principal(identity="alice", tenant_id="acme", role="member")
    service.create(
        alice,
        CreateRun(
            path="docs", run_id=run_id, options=RunOptions(embedder="hashing", audit_rules="rules.toml")
        ),
        None,
    )
    jobs = JobStore(service.res.runs).for_tenant("acme")
    job = jobs.get(run_id)
    assert job is not None and job.settings is not None
    return execute(
        service.res, "acme", run_id, settings=Settings.model_validate(job.settings),
        on_finish=lambda _: jobs.done(job.run_id, job.seq), within=served_folder(service.res, service.config, job),
    )  # fmt: skip


@pytest.mark.parametrize("rules", sorted(LENIENT))
def test_a_tenants_rules_file_does_not_lower_the_servers_review_bar(
    served: tuple[RunsService, Path], rules: str
) -> None:
    service, folder = served
    (folder / "docs" / "deploy.md").write_text(KEY_DOC)
    (folder / "rules.toml").write_text(LENIENT[rules])
    outcome = _carried_out(service, rules)
    assert outcome.started == "needs_review", (
        f"acme's run with a private key and its rules file {LENIENT[rules]!r} ended "
        f"{outcome.state.status} ({outcome.state.last_error}), no admin asked"
    )
    assert any("critical" in why for why in outcome.state.review_reasons), outcome.state.review_reasons


def test_a_served_run_is_judged_so_whatever_the_process_environment(tmp_path: Path) -> None:
    # RunsService given its settings (RunsService.open(env=...)): the process's environment names no
    # ingestion root, the run is served all the same (review s33 r1 F3, related).
    root = tmp_path / "root"
    (root / "acme" / "docs").mkdir(parents=True)
    (root / "acme" / "docs" / "deploy.md").write_text(KEY_DOC)
    (root / "acme" / "rules.toml").write_text(LENIENT["no-categories"])
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "up")}
    assert "KASSIST_INGEST_ROOT" not in os.environ or os.environ["KASSIST_INGEST_ROOT"] != str(root)
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        outcome = _carried_out(RunsService(res, RunsConfig.from_env(env)), "explicit")
    finally:
        res.close()
    assert outcome.started == "needs_review", (outcome.state.status, outcome.state.last_error)


def test_a_tenants_rules_file_that_adds_a_finding_holds_its_run(served: tuple[RunsService, Path]) -> None:
    service, folder = served
    (folder / "docs" / "rota.md").write_text(OWNED_DOC)
    (folder / "rules.toml").write_text(ADDS)
    outcome = _carried_out(service, "adds")
    assert outcome.started == "needs_review", outcome.state.status
    assert outcome.state.review_reasons == [
        "1 finding(s) of severity critical or higher (1 missing_retention)"
    ], outcome.state.review_reasons


def test_a_langgraph_dev_runs_rules_file_does_not_lower_the_review_bar(
    served: tuple[RunsService, Path],
) -> None:
    # The graph as the LangGraph server runs it: client settings, the authenticated user in its config.
    service, folder = served
    (folder / "docs" / "deploy.md").write_text(KEY_DOC)
    (folder / "rules.toml").write_text(LENIENT["no-categories"])
    config = bind(config_for("acme", "dev"), service.res)
    config["configurable"]["langgraph_auth_user"] = {
        "identity": "maria",
        "tenant_id": "acme",
        "role": "member",
    }
    settings = Settings(
        source=str(folder / "docs"),
        collection="c",
        embedder="hashing",
        audit_rules=str(folder / "rules.toml"),
    )
    final = _compiled(service.res, "acme").invoke({"settings": settings.model_dump()}, config)
    assert final["status"] == "needs_review", (final["status"], final.get("last_error"))


def test_the_command_lines_own_rules_file_keeps_full_control(tmp_path: Path) -> None:
    # The operator's file, on their machine (no ingestion root: no server): its bar is the run's.
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "deploy.md").write_text(KEY_DOC)
    (tmp_path / "rules.toml").write_text(LENIENT["no-categories"])
    settings = Settings(
        source=str(tmp_path / "docs"),
        collection="c",
        embedder="hashing",
        audit_rules=str(tmp_path / "rules.toml"),
    )
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        outcome = execute(res, "acme", "mine", settings=settings)
    finally:
        res.close()
    assert outcome.state.status == "completed" and outcome.state.review_reasons == [], outcome.state.status
