"""What a run removes as gone from its source (graph/ingestion/pipeline.list_source): a folder the walk
could not list hides nothing (h7 s31 #2: tests/test_probe_s31a_unlistable.py), but a folder the operator
replaced by a link the walk refuses (outside the root) holds nothing of the source any more: its
documents are removed, not kept searchable for good (review s31 r1 #5). Real folders and links."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.pipeline import list_source
from knowledge.loaders import document_id


def test_documents_under_a_link_the_walk_refuses_are_removed(tmp_path: Path) -> None:
    root, share = tmp_path / "src", tmp_path / "share"
    root.mkdir()
    share.mkdir()
    (root / "kept.md").write_text("# Kept\n")
    (share / "a.md").write_text("# A\n")
    (root / "archive").symlink_to(share, target_is_directory=True)  # archive/ was a folder
    indexed = [(document_id("acme", "c", path), path) for path in ("kept.md", "archive/a.md")]
    rows = list_source(root, "acme", "c", indexed)
    failed = [(r["path"], r["reason"]) for r in rows if r["kind"] == "error"]
    assert [path for path, _ in failed] == ["archive"], failed
    assert [r["path"] for r in rows if r["kind"] == "delete"] == ["archive/a.md"]
