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

from pathlib import Path

import pytest
from review_support import approved_rootless

TEXT = (
    "# Expenses\n\nClaims for travel expenses are filed within thirty days with receipts attached. "
    "Meals abroad are paid up to the daily allowance of the destination country. Taxis are reimbursed "
    "when no public transport runs, and hotel bills must name the employee as the guest. Managers approve "
    "claims in the finance tool within five working days; finance pays them with the next salary run. "
    "Lost receipts need a signed statement naming the date, the amount and the reason for the expense.\n"
)


def test_an_approval_keeps_the_findings_the_admin_reviewed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    near = TEXT.replace("thirty", "thirty-one")  # a near duplicate of a.md
    fields = ("category", "rule", "path")
    reviewed, after = approved_rootless(tmp_path, monkeypatch, TEXT, near, *fields)
    assert any(category == "near_duplicate" for category, _, _ in reviewed), reviewed
    lost = reviewed - after
    assert not lost, f"the stored report lost findings the admin reviewed: {sorted(lost)}"
