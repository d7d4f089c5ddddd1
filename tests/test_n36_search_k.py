"""A search for fewer than one passage is refused, whatever the embedder (session 36, n N11).

``kassist kb search leave --tenant acme --k -1`` printed five passages and ``--k 0`` "no results",
both exit 0. The index checks k (1 to 1000) on the request it builds, but with a semantic embedder
the sentence stage widens it first (``sentences.depth(k)`` = max(k, 10)), so -1 and 0 passed the check
as 10, and the stage's ``[:k]`` then kept every hit but the last, or none. The hashing embedder (no
sentence stage) refused them already; the local model, README's, did not."""

from __future__ import annotations

from pathlib import Path

import pytest
from assistant_support import embedder

from knowledge.index import KnowledgeIndex
from knowledge.index.errors import InvalidQuery
from knowledge.ingest import ingest_directory


def test_a_search_for_fewer_than_one_passage_is_refused(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for n in range(3):
        (docs / f"leave-{n}.md").write_text(f"# Leave {n}\n\nNew joiners accrue leave, rule {n}.\n")
    with KnowledgeIndex.from_url(f"sqlite:///{tmp_path / 'kb.db'}", embedder=embedder()) as index:
        kb = index.for_tenant("acme")
        ingest_directory(kb, docs, collection="handbook")
        assert len(kb.search("leave for new joiners", k=2)) == 2
        for k in (0, -1):
            with pytest.raises(InvalidQuery, match=f"k must be an integer between 1 and 1000, got {k}"):
                kb.search("leave for new joiners", k=k)
