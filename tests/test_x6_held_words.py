"""A held document's words do not steer the assistant's names check (review s33 r1 F8).

Search finds no document a run holds until its review lets it in (knowledge/index/holds.py); the
names check asks the index whether the base uses or names an acronym (knowledge/index/words.py) and
abstains on one it lacks. Until the release, the held document's text, headings and title count for
neither: a waiting or rejected run's acronym stays a name the base lacks. One index file (and the
suite's PostgreSQL) per backend, no server."""

from __future__ import annotations

from test_kb_index_helpers import make_doc

from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex


def test_a_held_document_neither_uses_nor_names_a_word_until_its_release(db_url: str) -> None:
    held = make_doc(
        "acme", "hb", "pay.md",
        [("Employee assistance programme", "Urgent exceptions need CFO approval.")],
        title="Quarterly Review Board",
    )  # fmt: skip
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        kb.apply_upserts(kb.prepare_upserts([held], hold="r9"))
        words = ("CFO", "EAP", "QRB")  # used in its text; its heading's initials; its title's
        assert [kb.uses(w) for w in words] == [False, False, False]
        assert kb.release("hb", "r9") == 1
        assert [kb.uses(w) for w in words] == [True, True, True]
