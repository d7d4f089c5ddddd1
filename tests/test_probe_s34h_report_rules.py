"""h12 s34 #8: the operator's approval of a served run from a shell without the server's root (since
ef0d1d3 a decision needs no folder) rewrites the stored audit report with the tenant's own rules file
as it is, not made stricter: findings the admin reviewed vanish from the final compliance report.

A served run's rules file lies in its tenant's folder, so the tenant writes it; its rules only add
to the server's (graph/ingestion/audit_step.rules_at: ``served``, or a file under
``KASSIST_INGEST_ROOT``). ``record_decision`` renders the report again with the decision, and its
cross-document findings again with the run's rules: in a process that knows neither (no root in the
shell, no served folder in the run's config), a tenant's ``enabled = ["secret"]`` is taken as is and
the near-duplicate finding of the reviewed report is gone from the one stored after the approval.

The runs API's create and its worker's execution in process (review_support.served_run), then
``kassist runs approve`` through typer's runner without ``KASSIST_INGEST_ROOT``. One SQLite file."""

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

TEXT = (
    "# Expenses\n\nClaims for travel expenses are filed within thirty days with receipts attached. "
    "Meals abroad are paid up to the daily allowance of the destination country. Taxis are reimbursed "
    "when no public transport runs, and hotel bills must name the employee as the guest. Managers approve "
    "claims in the finance tool within five working days; finance pays them with the next salary run. "
    "Lost receipts need a signed statement naming the date, the amount and the reason for the expense.\n"
)


def _findings(url: str, tmp_path: Path) -> set[tuple[str, str, str]]:
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        stored = run_reports.read_report(res, "acme", "r", "json")
    finally:
        res.close()
    assert stored is not None
    return {(f["category"], f["rule"], f["path"]) for f in json.loads(stored)["findings"]}


def test_an_approval_keeps_the_findings_the_admin_reviewed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    docs = root / "acme" / "docs"
    docs.mkdir(parents=True)
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a review
    (docs / "a.md").write_text(TEXT)
    (docs / "b.md").write_text(TEXT.replace("thirty", "thirty-one"))  # a near duplicate of a.md
    (root / "acme" / "rules.toml").write_text('enabled = ["secret"]\n')  # the tenant's own file
    served_env(monkeypatch, tmp_path, root)
    body = CreateRun(
        path="docs", run_id="r", options=RunOptions(embedder="hashing", audit_rules="rules.toml")
    )
    url, first = served_run(tmp_path, body, within=True)
    assert first.started == "needs_review", first.state.status
    reviewed = _findings(url, tmp_path)
    assert any(category == "near_duplicate" for category, _, _ in reviewed), reviewed

    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # the operator's shell, not the server's service unit
    done = CliRunner().invoke(app, ["runs", "approve", "r", "--tenant", "acme", "--database-url", url])
    assert done.exit_code == 0, done.output[-400:]
    lost = reviewed - _findings(url, tmp_path)
    assert not lost, f"the stored report lost findings the admin reviewed: {sorted(lost)}"
