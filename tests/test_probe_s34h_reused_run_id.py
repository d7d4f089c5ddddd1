"""h12 s34 #9: once retention has pruned a rejected run's records, a new run under the same run id
lets in every document the rejected run held, the one whose finding caused the rejection included.

A rejected run's documents stay in the index held by its run id (knowledge/index/holds.py);
``kassist checkpoints prune`` removes the run's checkpoints and then its registry row, manifest and
ledger (graph/ingestion/retention.py), but not the holds. A run id is the client's choice (the runs
API's ``run_id``, ``kassist ingest --run-id``), and it is free again: a member's next upload named as
the pruned run, one harmless file, needs no review, and its review step releases every row held
under that id - the rejected policy text and the deploy notes holding a private key, searchable by
every user of the tenant.

The upload route's runs in process (``Settings(uploaded=True)``, as server/runs/uploads.py makes
them), the operator's prune through typer's runner. One SQLite file."""

from __future__ import annotations

import time
from pathlib import Path

from review_support import KEY_DOC
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings


def test_a_run_id_freed_by_retention_does_not_release_a_rejected_runs_documents(
    res: Resources, tmp_path: Path
) -> None:
    first, second = tmp_path / "uploads" / "u1.a", tmp_path / "uploads" / "u1.b"
    first.mkdir(parents=True)
    second.mkdir(parents=True)
    (first / "policy.md").write_text("# Leave\n\nEvery walrusfox employee takes ninety days of leave.\n")
    (first / "deploy.md").write_text(KEY_DOC)
    (second / "hello.md").write_text("# Hello\n\nA harmless note.\n")

    def upload(folder: Path) -> str:
        settings = Settings(source=str(folder), collection="notes", embedder="hashing", uploaded=True)
        return execute(res, "acme", "u1", settings=settings).state.status

    assert upload(first) == "needs_review"
    assert execute(res, "acme", "u1", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    kb = res.index("hashing").for_tenant("acme")

    def found(word: str) -> list[str]:
        return sorted({h.source_path for h in kb.search(word, k=5, mode="hybrid") if word in h.text})

    assert (found("walrusfox"), found("PRIVATE")) == ([], [])

    time.sleep(1.1)  # older than the cutoff below
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    pruned = CliRunner().invoke(
        app,
        ["checkpoints", "prune", "--older-than", "1s", "--tenant", "acme", "--strategy", "delete",
         "--database-url", url],
    )  # fmt: skip
    assert pruned.exit_code == 0, pruned.output[-400:]
    assert res.runs.for_tenant("acme").get("u1") is None, "retention kept the rejected run's record"

    upload(second)  # a member's next upload, named as the pruned run
    assert (found("walrusfox"), found("PRIVATE")) == ([], []), "the rejected run's documents were let in"
