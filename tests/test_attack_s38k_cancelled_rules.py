"""A run cancelled before it wrote anything leaves its collection's audit rules as they were (h22 s38;
of the kept collection rules, knowledge/index/collection_rules.py).

A collection keeps the audit rules it was audited with; a later run naming none is audited with them.
The chunk settings are recorded with a batch's write; the audit rules of a run into an existing
collection are recorded by ``discover`` (graph/ingestion/nodes/indexing.py: ``record_rules(...,
replace=rechunk)``), before the run has read or written a document. A run stopped there - paused
(``--max-steps``), killed in its first node and then cancelled, a wrong ``--audit-rules`` noticed and
cancelled - has already replaced the rules: the collection's next run naming none is audited with the
rules of a run that was cancelled and indexed nothing. Here the collection is audited strictly
(``needs_review_severity = "low"``); an operator's run naming lenient rules pauses after discover
and is cancelled; the next run with no rules lets a document without owner or classification into
search unreviewed, where the same run without the cancelled one in between waits for a review.

The command line, real processes, SQLite, hashing: ~20 s."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist


def test_a_run_cancelled_after_discover_leaves_the_collections_audit_rules(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# Leave\n\nowner: hr\nclassification: internal\n\nLeave is 25 days.\n")
    (tmp_path / "strict.toml").write_text('needs_review_severity = "low"\n')
    (tmp_path / "lenient.toml").write_text('needs_review_severity = "critical"\n')
    common = ("--tenant", "acme", "--collection", "hb", "--embedder", "hashing")
    common += ("--database-url", f"sqlite:///{tmp_path / 'k.db'}")

    def ingest(run: str, *extra: str) -> int:
        result = kassist("ingest", "docs", "--run-id", run, *common, *extra, cwd=tmp_path)
        return result.returncode

    assert ingest("a1", "--audit-rules", "strict.toml") == 0  # hb keeps the strict rules
    (docs / "new.md").write_text("# New\n\nA brand new policy with text and no metadata.\n")
    assert ingest("b1", "--audit-rules", "lenient.toml", "--max-steps", "1") == 8  # paused after discover
    cancel = ("runs", "cancel", "b1", *common[:2], *common[-2:])
    assert kassist(*cancel, cwd=tmp_path).returncode == 6  # cancelled: it indexed nothing

    # The collection's rules are a1's still: new.md (no owner, no classification) waits for a review.
    assert ingest("c1") == 5
