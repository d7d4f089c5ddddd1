"""Ingest a real directory (real loaders, chunker, embedders) into the index on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_kb_index_helpers import CountingEmbedder

from knowledge.embedders import LocalMiniLMEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

LEAVE_MD = """# Leave policy

Effective date: 1 January 2026

## Annual leave

Full-time employees receive 28 days of paid annual leave per calendar year, including public holidays.

## Parental leave

Birth parents receive 26 weeks of parental leave at full pay. Partners receive six weeks.
"""

TRAVEL_TXT = """Travel policy

Flights
Book economy class for flights shorter than six hours. Longer flights may be booked in business class.

Hotels
Use the corporate travel portal. The nightly limit is 180 EUR in Europe.
"""


def write_tree(root: Path) -> None:
    (root / "policies").mkdir(parents=True)
    (root / "policies" / "leave.md").write_text(LEAVE_MD)
    (root / "travel.txt").write_text(TRAVEL_TXT)
    (root / "empty.md").write_text("")
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    (root / "latin1.txt").write_bytes("Caf\xe9 menu: cr\xeape".encode("latin-1"))


def test_ingest_reports_bad_files_and_keeps_going(db_url: str, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    write_tree(root)
    embedder = CountingEmbedder()
    with KnowledgeIndex.from_url(db_url, embedder=embedder) as index:
        kb = index.for_tenant("acme")
        report = ingest_directory(kb, root, collection="handbook_2026")
        assert report.documents_indexed == 2
        assert {e.source_path: e.kind for e in report.errors} == {
            "empty.md": "empty",
            "logo.png": "unsupported_type",
            "latin1.txt": "invalid_utf8",
        }
        assert report.embedded == report.chunks_added == len(embedder.embedded) > 0
        [stats] = kb.stats()
        assert (stats.documents, stats.chunks) == (2, report.chunks_added)
        assert stats.bytes == len(LEAVE_MD.encode()) + len(TRAVEL_TXT.encode())
        hit = kb.search("parental leave weeks", k=1)[0]
        assert (hit.source_path, hit.title) == ("policies/leave.md", "Leave policy")
        assert hit.heading is not None and hit.heading.endswith("Parental leave")

        again = ingest_directory(kb, root, collection="handbook_2026")
        assert (again.documents_changed, again.chunks_added, again.embedded) == (0, 0, 0)

        (root / "travel.txt").write_text(TRAVEL_TXT.replace("180 EUR", "200 EUR"))
        edited = ingest_directory(kb, root, collection="handbook_2026")
        assert edited.documents_changed == 1
        assert edited.embedded == edited.chunks_added >= 1
        assert edited.chunks_removed == edited.chunks_added
        assert kb.stats()[0].chunks == stats.chunks
        assert "200 EUR" in kb.search("hotel nightly limit", k=1, mode="keyword")[0].text


@pytest.mark.slow
def test_local_model_finds_a_paraphrase_keywords_miss(sqlite_url: str, tmp_path: Path) -> None:
    """Real MiniLM inference on a handful of chunks: semantics, not shared words."""
    root = tmp_path / "docs"
    write_tree(root)
    model = LocalMiniLMEmbedder()
    model.check()
    with KnowledgeIndex.from_url(sqlite_url, embedder=model) as index:
        kb = index.for_tenant("acme")
        ingest_directory(kb, root, collection="handbook")
        query = "what happens when my baby arrives"
        assert kb.search(query, mode="keyword") == []
        top = kb.search(query, mode="vector", k=1)[0]
        assert top.heading is not None and top.heading.endswith("Parental leave")
        assert kb.search(query, mode="hybrid", k=1)[0].chunk_id == top.chunk_id
