"""h12 s34 #2: a run of the same, unchanged folder with other chunk settings hides every approved
document of the collection from search until an admin lets that run in.

The hold (knowledge/index/holds.py) takes a document out of search when a run's write changes its
chunks (ops.UpsertPlan.changes), not its content: ``chunk_tokens`` / ``overlap_tokens`` other than
the last run's re-chunk every unchanged file, so each is written held by the new run. A member who
may only run the tenant's folders (the runs API's options, langgraph dev's settings) starts such a
run of the folder an admin's collection mirrors and pauses it (``max_steps``) or cancels it: the
whole collection is gone from every user's answers, though no file changed and nothing needs review.

The ingestion graph in process on one SQLite file (the pause as the runs API's ``max_steps``)."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

LEAVE = "# Leave\n\n" + "Every zebracorn employee takes twenty-five days of annual leave. " * 30 + "\n"


def test_a_run_of_unchanged_files_keeps_the_approved_documents_found(res: Resources, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "leave.md").write_text(LEAVE)
    admin = Settings(source=str(root), collection="hb", embedder="hashing")
    assert execute(res, "acme", "r1", settings=admin).state.status == "completed"
    kb = res.index("hashing").for_tenant("acme")
    assert {h.source_path for h in kb.search("zebracorn", k=5, mode="hybrid")} == {"leave.md"}

    # A member's run of the same folder, nothing changed on disk, other chunk sizes, paused after
    # its audit (three steps of this invocation, as the runs API's options.max_steps).
    member = admin.model_copy(update={"chunk_tokens": 64, "overlap_tokens": 0})
    paused = execute(res, "acme", "r2", settings=member, max_steps=3)
    assert paused.state.status == "paused"
    assert {h.source_path for h in kb.search("zebracorn", k=5, mode="hybrid")} == {"leave.md"}, (
        "the approved document left search though its file did not change"
    )
