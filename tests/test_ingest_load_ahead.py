"""The ingestion loads the next batch alongside this one's embedding only where that costs the
model nothing: a local model on every core runs alone (a loader beside it slows each of its steps),
while a remote or cheap embedder, a model on fewer threads than cores, or a batch with nothing to
embed (all cached) overlap the loading."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graph.ingestion.pipeline import _may_load_ahead
from knowledge.documents import Document
from knowledge.embedders import HashingEmbedder, LocalMiniLMEmbedder
from knowledge.embedders.minilm import usable_cores
from knowledge.index import KnowledgeIndex
from knowledge.index.ops import UpsertPlan


def _plan(to_embed: tuple[tuple[str, str], ...]) -> UpsertPlan:
    doc = Document(
        doc_id="d1", tenant_id="acme", collection="handbook", source_path="a.md", title="A",
        media_type="text/markdown", size_bytes=1, modified_at=datetime(2026, 1, 1, tzinfo=UTC),
        content_hash="h", text="x",
    )  # fmt: skip
    return UpsertPlan(
        tenant="acme", document=doc, chunks=(), new_chunks=(), cached={}, collection_existed=True,
        to_embed=to_embed,
    )  # fmt: skip


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp_path / 'kb.db'}"


def test_a_local_model_on_every_core_embeds_alone(db: str) -> None:
    with KnowledgeIndex.from_url(db, embedder=LocalMiniLMEmbedder(threads=usable_cores())) as index:
        kb = index.for_tenant("acme")
        assert not _may_load_ahead(kb, [_plan((("h1", "some text"),))])
        # Nothing to embed in this batch (every vector cached): loading ahead is free.
        assert _may_load_ahead(kb, [_plan(())])


@pytest.mark.skipif(usable_cores() < 2, reason="needs a spare core")
def test_a_model_that_leaves_a_core_idle_overlaps_the_loading(db: str) -> None:
    with KnowledgeIndex.from_url(db, embedder=LocalMiniLMEmbedder(threads=1)) as index:
        assert _may_load_ahead(index.for_tenant("acme"), [_plan((("h1", "some text"),))])


def test_a_cheap_embedder_overlaps_the_loading(db: str) -> None:
    with KnowledgeIndex.from_url(db, embedder=HashingEmbedder()) as index:
        assert _may_load_ahead(index.for_tenant("acme"), [_plan((("h1", "some text"),))])
