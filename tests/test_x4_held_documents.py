"""A run held for an admin's review keeps its new or changed documents out of search until it is
approved; a rejected run's stay out (hidden, still listed): knowledge/index/holds.py (h9 s32,
decision 6, session 33).

The ingestion graph in process on one SQLite file (the review as ``kassist runs approve|reject``
resumes it); the index's filters on both backends, sync and async (``db_url``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from review_support import KEY_DOC
from test_kb_index_helpers import make_doc

from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunOutcome, execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from knowledge.index import AsyncKnowledgeIndex, KnowledgeIndex
from knowledge.index.sync_index import TenantKnowledgeIndex

LEAVE = "# Leave\n\nEvery zebracorn employee takes twenty-five days of annual leave.\n"
CHANGED = "# Leave\n\nEvery quokkafish employee takes thirty days of annual leave.\n"


def run(res: Resources, run_id: str, root: Path | None = None, **kwargs: Any) -> RunOutcome:
    settings = None if root is None else Settings(source=str(root), collection="hb", embedder="hashing")
    return execute(res, "acme", run_id, settings=settings, **kwargs)


def found(kb: TenantKnowledgeIndex, word: str) -> list[str]:
    """The documents any mode of search finds for ``word`` (the hashing model: exact words)."""
    return sorted({h.source_path for mode in ("keyword", "vector", "hybrid") for h in kb.search(word, k=5, mode=mode)
                   if word in h.text})  # fmt: skip


def test_a_held_runs_documents_are_found_only_once_it_is_approved(res: Resources, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a review
    (root / "leave.md").write_text(LEAVE)
    waiting = run(res, "r1", root)
    assert waiting.state.status == "needs_review"
    kb = res.index("hashing").for_tenant("acme")
    assert found(kb, "zebracorn") == [], "a new document was found while its run waited for review"
    assert run(res, "r1", resume={"decision": "approve", "by": "olga"}).state.status == "completed"
    assert found(kb, "zebracorn") == ["leave.md"]

    # A changed document of a run that is rejected: neither its new text nor the old is found.
    (root / "leave.md").write_text(CHANGED)
    assert run(res, "r2", root).state.status == "needs_review"
    assert (found(kb, "quokkafish"), found(kb, "zebracorn")) == ([], [])
    assert found(kb, "prod"), "an unchanged document of the waiting run left search"
    assert run(res, "r2", resume={"decision": "reject", "by": "olga"}).state.status == "cancelled"
    assert found(kb, "quokkafish") == []
    assert "leave.md" in [d.source_path for d in kb.list_documents("hb").documents]  # hidden, kept

    # The next run of the source that indexes it again, unchanged, takes the rejected run's hold over:
    # an admin decides whether it lets it in (the lead's decision on h12 s34 #6: its own audit, with
    # the flagged file gone or other rules, let in what an admin had rejected).
    (root / "deploy.md").unlink()
    assert run(res, "r3", root).state.status == "needs_review"
    assert found(kb, "quokkafish") == []
    assert run(res, "r3", resume={"decision": "approve", "by": "olga"}).state.status == "completed"
    assert found(kb, "quokkafish") == ["leave.md"]


def test_the_index_filters_held_documents_on_both_backends_sync_and_async(db_url: str) -> None:
    item = make_doc("acme", "hb", "leave.md", [("Leave", "Every zebracorn takes leave.")])
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        kb.apply_upserts(kb.prepare_upserts([item], hold="r9"))
        assert found(kb, "zebracorn") == []

        async def searched() -> int:
            async with await AsyncKnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as aindex:
                return len(await aindex.for_tenant("acme").search("zebracorn", k=5))

        assert asyncio.run(searched()) == 0
        assert kb.release("hb", "r8") == 0  # another run's release lets nothing in
        assert kb.release("hb", "r9") == 1
        assert found(kb, "zebracorn") == ["leave.md"]
        assert asyncio.run(searched()) == 1
