"""Audit configuration from TOML, and the three report files (the HTML page self-contained)."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from knowledge.audit import (
    AuditConfigError,
    AuditReport,
    AuditRules,
    DocumentRow,
    Finding,
    audit_document,
    review_reasons,
    write_reports,
)

TODAY = date(2026, 12, 1)


def test_rules_load_from_toml_with_defaults_for_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "audit.toml"
    path.write_text(
        'enabled = ["personal_data", "secret"]\n'
        "stale_after_months = 12\n"
        'required_metadata = ["owner"]\n'
        'phone_regions = ["gb"]\n'
        "[severity]\n"
        'payment_card = "critical"\n'
    )
    rules = AuditRules.load(path)
    assert rules.enabled == ("personal_data", "secret")
    assert (rules.stale_after_months, rules.required_metadata, rules.phone_regions) == (
        12,
        ("owner",),
        ("GB",),
    )
    assert rules.severity_of("payment_card") == "critical" and rules.severity_of("iban") == "medium"
    assert rules.near_duplicate_threshold == AuditRules().near_duplicate_threshold
    assert AuditRules.load(None) == AuditRules()


@pytest.mark.parametrize(
    ("content", "names"),
    [
        ("stale_after_months = 'soon'", "stale_after_months"),
        ("[severity]\ncredit_card = 'high'", "credit_card"),
        ("[severity]\npayment_card = 'urgent'", "payment_card"),
        ("enabled = ['gossip']", "enabled"),
        ("phone_regions = ['XX']", "XX"),
        ("stale_after = 3", "stale_after"),
        ("stale_after_months = ", "not valid TOML"),
    ],
)
def test_bad_rules_files_name_the_file_and_the_setting(tmp_path: Path, content: str, names: str) -> None:
    path = tmp_path / "audit.toml"
    path.write_text(content)
    with pytest.raises(AuditConfigError) as err:
        AuditRules.load(path)
    assert str(path) in str(err.value) and names in str(err.value)


def test_missing_rules_file(tmp_path: Path) -> None:
    with pytest.raises(AuditConfigError, match="does not exist"):
        AuditRules.load(tmp_path / "nope.toml")


def sample_report() -> AuditReport:
    text = (
        "# Payroll <script>alert(1)</script> notes\n\nOwner: Finance.\nEffective date: 1 January 2020.\n"
        "Card 4111 1111 1111 1111 | password: Winter2026! | key AKIAIOSFODNN7EXAMPLE\n"
    )
    audit = audit_document("d1", "fin/<b>payroll</b>.md", text, {}, AuditRules(), today=TODAY)
    return AuditReport(
        run_id="run/2026-12-01 #1",
        tenant_id="acme",
        collection="handbook",
        generated_on=TODAY,
        counters={"documents_seen": 2, "documents_indexed": 1, "documents_failed": 1, "chunks_added": 7},
        documents=[
            DocumentRow(doc_id="d1", path="fin/<b>payroll</b>.md", status="indexed", chunks=7),
            DocumentRow(
                doc_id="d2", path="broken.pdf", status="failed", reason="encrypted PDF that needs a password"
            ),
        ],
        findings=audit.findings,
        review=review_reasons(audit.findings, failed=1, total=2, rules=AuditRules()),
    )


def test_reports_written_in_three_formats_without_secrets(tmp_path: Path) -> None:
    report = sample_report()
    categories = {f.category for f in report.findings}
    assert categories == {"personal_data", "secret", "stale", "missing_metadata"}
    paths = write_reports(report, tmp_path / "out")
    assert (
        paths.markdown.parent == tmp_path / "out" and paths.markdown.name == "audit-run_2026-12-01_1@acme.md"
    )
    for path in (paths.markdown, paths.json, paths.html):
        text = path.read_text()
        for secret in ("4111 1111 1111 1111", "Winter2026!", "AKIAIOSFODNN7EXAMPLE"):
            assert secret not in text, (path.name, secret)
    data = json.loads(paths.json.read_text())
    assert data["run_id"] == report.run_id and data["counters"]["chunks_added"] == 7
    assert len(data["findings"]) == len(report.findings)
    assert data["summary"]["findings_by_category_and_severity"]["secret"]["critical"] == 1
    markdown = paths.markdown.read_text()
    assert "| secret |" in markdown and "encrypted PDF that needs a password" in markdown
    assert "Needs review" in markdown and "1 of 2 documents failed" in markdown


def test_html_is_self_contained_and_escaped(tmp_path: Path) -> None:
    report = sample_report()
    html = write_reports(report, tmp_path).html.read_text()
    # Nothing to fetch: no URL, no external stylesheet, script, image or font.
    assert not re.search(r"https?://|//[a-z]", html, re.IGNORECASE)
    assert not re.search(r"<(script|link|img|iframe|object)\b", html, re.IGNORECASE)
    assert "@import" not in html and "url(" not in html
    assert "<style>" in html and "<svg" in html and "</html>" in html
    # Document text and paths are data, never markup.
    assert "<script>alert(1)</script>" not in html and "<b>payroll</b>" not in html
    assert "&lt;b&gt;payroll&lt;/b&gt;.md" in html
    # The chart has one bar segment per non-empty (category, severity); the counters and tables are there.
    segments = {(f.category, f.severity) for f in report.findings}
    assert len(re.findall(r"<rect [^>]*><title>", html)) == len(segments) == 5
    assert "<span>chunks added</span>" in html and "<b>7</b>" in html
    assert "broken.pdf" in html and "status-failed" in html


def test_review_reasons() -> None:
    rules = AuditRules(needs_review_failure_share=0.25, needs_review_severity="high")
    low = Finding(
        doc_id="d",
        path="p",
        location="line 1",
        rule="email",
        category="personal_data",
        severity="low",
        excerpt="x",
    )
    assert review_reasons([low], failed=1, total=4, rules=rules) == []
    high = low.model_copy(update={"rule": "us_ssn", "severity": "high"})
    reasons = review_reasons([low, high], failed=2, total=4, rules=rules)
    assert len(reasons) == 2 and "2 of 4 documents failed" in reasons[0] and "1 us_ssn" in reasons[1]
