"""The report's sections a reviewer reads first: the failed documents on their own, ahead of the
findings and of the table of every document, and the review's decision once it is made."""

from __future__ import annotations

from test_audit_report import sample_report

from knowledge.audit import ReviewDecision, render_reports


def test_failed_documents_have_their_own_section_before_the_findings() -> None:
    bodies = render_reports(sample_report())
    html, markdown = bodies["html"], bodies["markdown"]
    assert "Failed documents (1)" in html and "## Failed documents (1)" in markdown
    for text in (html, markdown):
        failed_at = text.index("Failed documents (1)")
        assert failed_at < text.index("Findings by category and severity") < text.rindex("broken.pdf")
        assert text.index("encrypted PDF that needs a password") > failed_at
    assert set(bodies) == {"html", "json", "markdown"}


def test_a_decided_review_says_who_decided_what_and_when() -> None:
    report = sample_report()
    assert "Needs review" in render_reports(report)["markdown"]
    decided = report.model_copy(
        update={"decision": ReviewDecision(verdict="approved", by="olga", at="2026-12-03 08:20 UTC")}
    )
    bodies = render_reports(decided)
    assert "## Review: approved by olga on 2026-12-03 08:20 UTC" in bodies["markdown"]
    assert "Review: approved by olga on 2026-12-03 08:20 UTC" in bodies["html"]
    assert "1 of 2 documents failed" in bodies["markdown"]  # why it needed review stays
    assert all("Needs review" not in body for body in bodies.values())
    assert '"verdict": "approved"' in bodies["json"]
