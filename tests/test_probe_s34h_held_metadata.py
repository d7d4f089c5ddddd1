"""h12 s34 #1: a run held for review (then rejected) changed what search shows of a document whose
body it left alone. A changed HTML ``<title>`` / ``<meta name="status">`` / ``<meta name=
"effective_date">`` changes the file (its content hash) but no chunk, so the write counted the
document as unchanged and left it searchable while it wrote the new title, status and date over
the approved ones (knowledge/index/ops.UpsertPlan.changes, holds.HELD_ON_UPDATE): a member's
rejected run retitled a policy "WITHDRAWN", demoted it (status ``withdrawn``) and moved its edition
date, all live in search without any review.

The ingestion graph in process on one SQLite file (the review decided as ``kassist runs reject``)."""

from __future__ import annotations

from pathlib import Path

from review_support import KEY_DOC

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

PAGE = (
    '<html><head><title>{title}</title><meta name="status" content="{status}">'
    '<meta name="effective_date" content="{date}"></head><body><h1>Leave</h1>'
    "<p>Every zebracorn employee takes twenty-five days of annual leave.</p></body></html>"
)


def test_a_rejected_run_leaves_what_search_shows_of_a_document_as_approved(
    res: Resources, tmp_path: Path
) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    page = root / "leave.html"
    page.write_text(PAGE.format(title="Leave policy", status="current", date="2024-01-01"))
    settings = Settings(source=str(root), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=settings).state.status == "completed"
    kb = res.index("hashing").for_tenant("acme")

    def shown() -> list[tuple[str, str | None]]:
        hits = kb.search("zebracorn", k=5, mode="hybrid")
        return [(h.title, h.effective_date.isoformat() if h.effective_date else None) for h in hits]

    assert shown() == [("Leave policy", "2024-01-01")]

    # A member's run: the body unchanged, the page's title, status and date rewritten, and a
    # critical finding elsewhere, so the run waits for an admin's review.
    (root / "deploy.md").write_text(KEY_DOC)
    page.write_text(PAGE.format(title="Leave policy WITHDRAWN", status="withdrawn", date="2031-01-01"))
    assert execute(res, "acme", "r2", settings=settings).state.status == "needs_review"
    waiting = shown()
    rejected = execute(res, "acme", "r2", resume={"decision": "reject", "by": "olga"})
    assert rejected.state.status == "cancelled"
    # While it waits, and once rejected: the approved title and date (or the document hidden whole,
    # as a changed document is), never the held run's.
    assert ("Leave policy WITHDRAWN", "2031-01-01") not in waiting
    assert ("Leave policy WITHDRAWN", "2031-01-01") not in shown()
