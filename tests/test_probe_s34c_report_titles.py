"""Probe (session 34, h13 C4): the audit report quotes titles unmasked in its lifecycle findings.

The report masks every secret it finds (knowledge/audit/redact.py), and members read it (the runs
API's report, the console's report page). Its "superseded" finding names both documents by title
("'<old title>' is superseded by '<new title>' (path)", knowledge/audit/collection.py), and so does
"marked <status> but still in the collection": both as loaded, so a title holding a key is quoted in
full, in the same report whose own secret finding for that title is masked - with h13's C1/C2 fixes
(the title masked in the index, audited where the text does not hold it) too.

In process: one ingestion run (hashing embedder) on a SQLite file over two versions of one runbook;
~2 s.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import opened

from graph.ingestion.reports import read_report
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

KEY_ID = "AKIAIOSFODNN7EXAMPLE"
RUNBOOK = (
    f"# Release account {KEY_ID} runbook\n\nVersion: {{version}}\nEffective date: {{date}}\n\n"
    "The zebracorn release account publishes the {word} builds every night for the team.\n"
)


def test_the_superseded_finding_quotes_titles_masked(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "v1.md").write_text(RUNBOOK.format(version="1.0", date="2025-01-10", word="old"))
    (docs / "v2.md").write_text(RUNBOOK.format(version="2.0", date="2026-06-10", word="new"))
    with opened(f"sqlite:///{tmp_path / 'kassist.db'}", tmp_path / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="hashing")
        assert execute(res, "acme", "r1", settings=settings).state.status == "needs_review"
        reports = {
            fmt: read_report(res.runs, "acme", "r1", fmt) or "" for fmt in ("markdown", "json", "html")
        }
    assert "is superseded by" in reports["markdown"], reports["markdown"]  # the finding is there ...
    assert "AKIA[redacted cloud access key" in reports["markdown"], reports["markdown"]
    for fmt, text in reports.items():  # ... and quotes no key, in any format
        assert KEY_ID not in text, (fmt, [line for line in text.splitlines() if KEY_ID in line][:3])
