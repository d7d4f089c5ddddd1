"""The assistant answers "how far did the handbook ingestion get?" from what a real ingestion run
left in the tenant's memory (source ``system``, tenant-wide), on SQLite and PostgreSQL: while the
run is paused part-way, and again once it has finished."""

from __future__ import annotations

import json
from pathlib import Path

from assistant_support import ask, assistant
from ingest_harness import opened

from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

TENANT = "northwind-ops"


def write_handbook(root: Path) -> Path:
    root.mkdir(parents=True)
    for i, topic in enumerate(("leave", "travel", "expenses", "laptops")):
        (root / f"{i}-{topic}.md").write_text(
            f"# {topic.title()} policy\n\nOwner: people team\nClassification: internal\n\n"
            f"Employees follow the {topic} rules of the 2026 handbook.\n"
        )
    return root


def test_the_assistant_says_how_far_the_handbook_ingestion_got(db_url: str, tmp_path: Path) -> None:
    root = write_handbook(tmp_path / "handbook")
    settings = Settings(source=str(root), collection="company_handbook", embedder="local", batch_size=1)
    with opened(db_url, tmp_path / "reports") as res:
        paused = execute(res, TENANT, "handbook-7f3a", settings=settings, max_steps=3).state
        assert paused.status == "paused" and paused.batch_cursor == 2
        with assistant(db_url) as graph:
            result = ask(
                graph, "How far did the handbook ingestion get?", "ops-1", user="ines", tenant=TENANT
            )
            [used] = [m for m in result["memories"] if m["id"] in result["memories_used"]]
            assert used["key"] == "ingestion_run:handbook-7f3a" and used["source"] == "system"
            answer = result["messages"][-1].content
            # ids and paths verbatim, never paraphrased
            assert json.dumps(f"documents indexed up to {paused.last_document} (batch 2 of 4)") in answer
            assert paused.last_document == "1-travel.md"

            final = execute(res, TENANT, "handbook-7f3a").state
            assert final.status == "completed" and final.counters.documents_indexed == 4
            result = ask(
                graph, "How far did the handbook ingestion get?", "ops-2", user="ines", tenant=TENANT
            )
            answer = result["messages"][-1].content
            assert '"status": "completed"' in answer
            assert "collection company_handbook: 4 documents indexed" in answer
            assert "documents indexed up to" not in answer  # the progress line is superseded


def test_a_question_about_the_documents_does_not_quote_the_run(db_url: str, tmp_path: Path) -> None:
    # The run's record names the folder it indexed ("handbook"); a question about what the handbook
    # says is about the documents, not the job: no run JSON under "From memory:" (session 22, the
    # README walked as a newcomer: `kassist chat` quoted three runs before the leave policy).
    root = write_handbook(tmp_path / "handbook")
    settings = Settings(source=str(root), collection="company_handbook", embedder="local", batch_size=2)
    with opened(db_url, tmp_path / "reports") as res:
        assert execute(res, TENANT, "handbook-9c1d", settings=settings).state.status == "completed"
        with assistant(db_url) as graph:
            result = ask(
                graph, "What does the handbook say about leave?", "ops-3", user="ines", tenant=TENANT
            )
            used = [m for m in result["memories"] if m["id"] in result["memories_used"]]
            assert not [m for m in used if m["key"].startswith("ingestion_run:")]
            answer = result["messages"][-1].content
            assert "handbook-9c1d" not in answer and '"status"' not in answer
            assert "0-leave.md" in json.dumps(result["citations"]) or "Leave policy" in answer
