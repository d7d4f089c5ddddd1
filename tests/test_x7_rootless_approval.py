"""A decision keeps the findings of the report the admin reviewed (h12 s34 #8, the lead's decision:
record_decision renders the stored report again with the decision, never re-audits). A served run's
approval carried by the command line without the server's folder (a decision reads no file: ef0d1d3)
recomputed the cross-document findings with the tenant's rules file as it is (``enabled =
["secret"]``), and the near-duplicates the admin reviewed left the final report. The runs API's run in process (review_support.served_run), the approval through typer's
runner without KASSIST_INGEST_ROOT. One SQLite file, ~3 s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_support import KEY_DOC, served_env, served_run
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources
from server import run_reports
from server.runs.models import CreateRun, RunOptions


def _categories(url: str, tmp_path: Path) -> set[tuple[str, str]]:
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        stored = run_reports.read_report(res, "acme", "r", "json")
    finally:
        res.close()
    assert stored is not None
    return {(f["category"], f["path"]) for f in json.loads(stored)["findings"]}


def test_a_rootless_approval_keeps_the_served_runs_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a review
    text = "# Expenses\n\n" + " ".join(
        f"Rule {i}: claims of kind {i} are filed within {i + 3} days." for i in range(40)
    )
    (docs / "a.md").write_text(text)
    (docs / "b.md").write_text(text.replace("Rule 7:", "Rule seven:"))  # a near duplicate of a.md
    (root / "acme" / "rules.toml").write_text('enabled = ["secret"]\n')  # the tenant's own file
    served_env(monkeypatch, tmp_path, root)
    body = CreateRun(
        path="docs", run_id="r", options=RunOptions(embedder="hashing", audit_rules="rules.toml")
    )
    url, first = served_run(tmp_path, body, within=True)
    assert first.started == "needs_review", first.state.status
    reviewed = _categories(url, tmp_path)
    # Found by the server's rules (the tenant's file enables secrets alone), recomputed for the report.
    assert ("near_duplicate", "b.md") in reviewed or ("near_duplicate", "a.md") in reviewed, reviewed

    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # the operator's shell, not the server's service unit
    done = CliRunner().invoke(app, ["runs", "approve", "r", "--tenant", "acme", "--database-url", url])
    assert done.exit_code == 0, done.output[-400:]
    lost = reviewed - _categories(url, tmp_path)
    assert not lost, f"the stored report lost findings the admin reviewed: {sorted(lost)}"
