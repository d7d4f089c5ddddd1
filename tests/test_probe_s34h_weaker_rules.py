"""h12 s34 #6: a member's run with the server's default audit rules lets in the change an admin
rejected under the stricter rules the admin's run of that folder used.

The admin runs a sensitive folder with a rules file of their own (``needs_review_severity = "low"``:
every change is reviewed); a rewritten leave policy waits, and the admin rejects it. The rejected
run's documents stay in the index, held. A member's langgraph dev run of the same folder names no
rules file (the server's defaults: only critical findings hold a run), so its audit wants no review:
it takes over the unchanged held documents and its review step lets the rejected text in. Nothing
was skipped or unread (#3 and #5's rule does not apply): the member's run judged the documents by a
weaker bar than the review that rejected them.

The admin's runs in process on one SQLite file (decisions as ``kassist runs approve|reject``); the
member's as ``langgraph dev`` runs it (an authenticated member, ``KASSIST_INGEST_ROOT`` set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import KEY_DOC, found, member_config

from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings


def test_a_members_run_cannot_let_in_what_a_stricter_review_rejected(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    root = tmp_path / "root" / "acme" / "docs"
    root.mkdir(parents=True)
    (root / "policy.md").write_text("# Leave\n\nEvery zebracorn employee takes twenty-five days of leave.\n")
    rules = tmp_path / "strict.toml"  # the operator's own file, outside the tenant's folder
    rules.write_text('needs_review_severity = "low"\n')
    admin = Settings(source=str(root), collection="hb", embedder="hashing", audit_rules=str(rules))
    assert execute(res, "acme", "r1", settings=admin).state.status == "needs_review"
    assert (
        execute(res, "acme", "r1", resume={"decision": "approve", "by": "olga"}).state.status == "completed"
    )

    (root / "policy.md").write_text("# Leave\n\nEvery quokkafish employee takes sixty days of leave.\n")
    assert execute(res, "acme", "r2", settings=admin).state.status == "needs_review"
    assert execute(res, "acme", "r2", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    assert found(res, "quokkafish") == []

    member = Settings(source=str(root), collection="hb", embedder="hashing")
    _compiled(res, "acme").invoke({"settings": member.model_dump()}, member_config(res, "m1"))
    assert found(res, "quokkafish") == [], "the rejected policy text was let in without an admin's review"


def test_a_rejected_uploads_document_is_not_let_in_by_uploading_it_again_alone(
    res: Resources, tmp_path: Path
) -> None:
    """The same class through the runs API's upload route, any member: an upload of the rewritten
    policy with deploy notes holding a key is rejected; the next upload of the same policy bytes alone
    has nothing to flag, takes the rejected upload's held row over and lets it in."""
    first, second = tmp_path / "uploads" / "u1.a", tmp_path / "uploads" / "u2.b"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    policy = "# Leave\n\nEvery walrusfox employee takes ninety days of leave.\n"
    (first / "policy.md").write_text(policy)
    (first / "deploy.md").write_text(KEY_DOC)
    (second / "policy.md").write_text(policy)

    def upload(run: str, folder: Path) -> str:
        settings = Settings(source=str(folder), collection="notes", embedder="hashing", uploaded=True)
        return execute(res, "acme", run, settings=settings).state.status

    assert upload("u1", first) == "needs_review"
    assert execute(res, "acme", "u1", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    upload("u2", second)
    assert found(res, "walrusfox") == [], "the rejected upload's policy was let in without an admin's review"
