"""h12 s34 #5 (#3's remainder): a member's ``max_bytes`` leaves unread a flagged file an admin let in
earlier, and its run lets in the policy change the admin has just rejected.

A folder whose one file holds a finding an admin accepts (a sample key in deploy notes) waits for a
review at every run; the admin approves them, so that file is indexed and searchable (held by no
run). The next run also changes the leave policy: the admin rejects it. A member's langgraph dev run
of the same folder with ``settings.max_bytes`` under the flagged file's size fails it as too_large
(never audited: no finding, 1 failure in 14 is under the 10% share), takes over the rejected policy
text and releases it. A review rule that counts only unread documents *another run holds* (the
flagged file is held by none) does not see it; refusing a client's ``max_bytes`` (the runs API takes
no such option) does.

The admin's runs in process on one SQLite file (decisions as ``kassist runs approve|reject``); the
member's as ``langgraph dev`` runs it (an authenticated member, ``KASSIST_INGEST_ROOT`` set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import KEY_DOC, found, member_config

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings


def test_a_members_max_bytes_cannot_skip_an_accepted_finding_to_let_in_a_rejected_change(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    root = tmp_path / "root" / "acme" / "docs"
    root.mkdir(parents=True)
    for i in range(11):
        (root / f"doc{i:02}.md").write_text(f"# Doc {i}\n\nOrdinary text number {i}.\n")
    (root / "policy.md").write_text("# Leave\n\nEvery zebracorn employee takes twenty-five days of leave.\n")
    (root / "deploy.md").write_text(KEY_DOC + "\n" + "padding line\n" * 200)
    folder = Settings(source=str(root), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=folder).state.status == "needs_review"
    assert (
        execute(res, "acme", "r1", resume={"decision": "approve", "by": "olga"}).state.status == "completed"
    )

    (root / "policy.md").write_text("# Leave\n\nEvery quokkafish employee takes sixty days of leave.\n")
    assert execute(res, "acme", "r2", settings=folder).state.status == "needs_review"
    assert execute(res, "acme", "r2", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    assert found(res, "quokkafish") == []

    small = folder.model_copy(update={"max_bytes": (root / "deploy.md").stat().st_size - 1})
    _compiled(res, "acme").invoke({"settings": small.model_dump()}, member_config(res, "m1"))
    assert found(res, "quokkafish") == [], "the rejected policy text was let in without an admin's review"
