"""h12 s34 #3: a member's run of the same folder overrides an admin's rejection by choosing
``max_bytes`` just under the size of the file that holds the audit's finding.

The rejected run's changed document stays in the index, held (knowledge/index/holds.py), and "the
next run of their source that is let in releases what it indexes again". A run of the unchanged
folder audits the same files and waits for the review again, unless the file with the finding is
not read: with ``max_bytes`` below its size (a langgraph dev setting a member may send; the runs API
takes no such option) it fails as ``too_large``, one failure in thirteen is under the review's
failure share (10%), the run needs no review, and its review step lets in the policy text the admin
rejected. Seen on a real langgraph dev too (127.0.0.1; findings.md #3).

The admin's runs in process on one SQLite file (decisions as ``kassist runs reject``); the member's
as ``langgraph dev`` runs it (an authenticated member in its configurable, ``KASSIST_INGEST_ROOT``
set), as tests/test_review_s33_uploaded_flag.py does."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import KEY_DOC, found, member_config

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings


def test_a_members_max_bytes_cannot_let_in_what_an_admin_rejected(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    root = tmp_path / "root" / "acme" / "docs"
    root.mkdir(parents=True)
    for i in range(11):
        (root / f"doc{i:02}.md").write_text(f"# Doc {i}\n\nOrdinary text number {i}.\n")
    (root / "policy.md").write_text("# Leave\n\nEvery zebracorn employee takes twenty-five days of leave.\n")
    folder = Settings(source=str(root), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=folder).state.status == "completed"

    # The policy rewritten, and a large file with a private key beside it: the admin rejects the run.
    (root / "policy.md").write_text("# Leave\n\nEvery quokkafish employee takes sixty days of leave.\n")
    (root / "deploy.md").write_text(KEY_DOC + "\n" + "padding line\n" * 200)
    assert execute(res, "acme", "r2", settings=folder).state.status == "needs_review"
    assert execute(res, "acme", "r2", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    assert found(res, "quokkafish") == []

    # A member's langgraph dev run of the same folder, nothing changed on disk, reading only files
    # smaller than the one with the key.
    small = folder.model_copy(update={"max_bytes": (root / "deploy.md").stat().st_size - 1})
    _compiled(res, "acme").invoke({"settings": small.model_dump()}, member_config(res, "m1"))
    assert found(res, "quokkafish") == [], "the rejected policy text was let in without an admin's review"
