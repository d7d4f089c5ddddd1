"""Run summaries name finding counts most severe first, whatever order the audit found them in
(the CLI, the demo table and the run's memory once printed "48 medium, 77 low, 36 high, 4 critical")."""

from __future__ import annotations

from graph.ingestion.audit_step import severity_counts
from knowledge.audit import Finding


def _finding(severity: str) -> Finding:
    return Finding.model_validate(
        {
            "doc_id": "d",
            "path": "p",
            "location": "line 1",
            "rule": "email",
            "category": "personal_data",
            "severity": severity,
            "excerpt": "x",
        }
    )


def test_counts_come_most_severe_first_and_omit_severities_with_none() -> None:
    found = [_finding(s) for s in ("medium", "low", "low", "high", "medium", "critical", "medium")]
    counts = severity_counts(found)
    assert list(counts.items()) == [("critical", 1), ("high", 1), ("medium", 3), ("low", 2)]
    assert ", ".join(f"{n} {s}" for s, n in counts.items()) == "1 critical, 1 high, 3 medium, 2 low"
    assert severity_counts([_finding("low")]) == {"low": 1}
    assert severity_counts([]) == {}
