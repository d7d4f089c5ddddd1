"""Probe (session 34, h13 C2): the audit never reads a title that is not in the document's text.

An HTML page's ``<title>`` (a PDF's or a DOCX's metadata title alike) is the document's title, which
search hits, the assistant's citations and its answers name (h13 C1), but it is not part of the text
the loader hands on, and the audit reads only the text (knowledge.audit.document._content_findings).
A page titled with an AWS access key goes into search with no finding, no review and nothing in the
report: the run completes on its own, and an admin who reads every report never learns of it.

In process: one ingestion run (hashing embedder) on a SQLite file; ~1-2 s.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import opened

from graph.ingestion.reports import read_report
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

KEY_ID = "AKIAIOSFODNN7EXAMPLE"
PAGE = (
    f"<html><head><title>Release account {KEY_ID}</title></head><body>"
    "<p>The zebracorn release account publishes the nightly builds.</p></body></html>"
)


def test_a_key_in_an_html_title_is_found_and_held_for_review(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "release.html").write_text(PAGE)
    with opened(f"sqlite:///{tmp_path / 'kassist.db'}", tmp_path / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="hashing")
        done = execute(res, "acme", "r1", settings=settings)
        report = read_report(res.runs, "acme", "r1", "json") or ""
    assert done.state.counters.documents_indexed == 1, done.state.counters
    assert "cloud_access_key" in report, report  # the report names the key (masked) ...
    assert KEY_ID not in report, report
    assert done.state.status == "needs_review", done.state.status  # ... and an admin decides
