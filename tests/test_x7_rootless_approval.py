"""A decision keeps the findings of the report the admin reviewed (h12 s34 #8, the lead's decision:
record_decision renders the stored report again with the decision, never re-audits). A served run's
approval carried by the command line without the server's folder (a decision reads no file: ef0d1d3)
recomputed the cross-document findings with the tenant's rules file as it is (``enabled =
["secret"]``), and the near-duplicates the admin reviewed left the final report. The runs API's run in process (review_support.served_run), the approval through typer's
runner without KASSIST_INGEST_ROOT. One SQLite file, ~3 s."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import approved_rootless


def test_a_rootless_approval_keeps_the_served_runs_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "# Expenses\n\n" + " ".join(
        f"Rule {i}: claims of kind {i} are filed within {i + 3} days." for i in range(40)
    )
    near = text.replace("Rule 7:", "Rule seven:")  # a near duplicate of a.md
    reviewed, after = approved_rootless(tmp_path, monkeypatch, text, near, "category", "path")
    # Found by the server's rules (the tenant's file enables secrets alone), recomputed for the report.
    assert ("near_duplicate", "b.md") in reviewed or ("near_duplicate", "a.md") in reviewed, reviewed
    lost = reviewed - after
    assert not lost, f"the stored report lost findings the admin reviewed: {sorted(lost)}"
