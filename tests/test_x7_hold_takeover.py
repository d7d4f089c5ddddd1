"""The index's hold rule on both backends (knowledge/index/holds.py, h12 s34 #1, #2, #4): a write
holds a document when its content (the file's hash) changes, not its chunks; an unchanged document
another run holds is taken over and its earlier holders kept (``held_from``), whose release still lets
it in; new content drops that. One database per backend; ~1 s each."""

from __future__ import annotations

from test_kb_index_helpers import make_doc

from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.index.sync_index import TenantKnowledgeIndex

TEXT = [("Leave", "Every zebracorn takes leave.")]


def found(kb: TenantKnowledgeIndex) -> bool:
    return any(h.source_path == "leave.md" for h in kb.search("zebracorn", k=5, mode="keyword"))


def test_holds_follow_content_and_a_taken_over_hold_is_released_by_its_first_holder(db_url: str) -> None:
    doc, chunks = make_doc("acme", "hb", "leave.md", TEXT)
    with KnowledgeIndex.from_url(db_url, embedder=HashingEmbedder()) as index:
        kb = index.for_tenant("acme")
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="r1"))
        assert kb.release("hb", "r1") == 1 and found(kb)

        # The same content chunked otherwise: no hold. A title of its own (the file changed): held.
        rechunked = [c.model_copy(update={"chunk_id": c.chunk_id + "x"}) for c in chunks]
        kb.apply_upserts(kb.prepare_upserts([(doc, rechunked)], hold="m0"))
        assert kb.held("hb") == {} and found(kb)
        retitled = doc.model_copy(update={"title": "WITHDRAWN", "content_hash": doc.content_hash + "1"})
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="r2"))
        assert kb.held("hb") == {doc.doc_id: "r2"} and not found(kb)

        # A second run of the same content takes the hold over; r2's approval still lets it in.
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="m1"))
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="m2"))
        assert kb.held("hb") == {doc.doc_id: "m2"} and not found(kb)
        assert kb.release("hb", "r2") == 1 and found(kb) and kb.held("hb") == {}

        # New content over a taken-over hold is the writer's alone: the first holder's release
        # lets nothing in.
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="r3"))
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="m3"))  # from r3
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="r4"))
        assert kb.release("hb", "r3") == 0 and not found(kb)
        assert kb.release("hb", "r4") == 1 and found(kb)

        # Retention retires a swept run's holds: a new run of that id lets nothing in (h12 s34 #9).
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="r6"))
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="m6"))  # from r6
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="r7"))
        kb.apply_upserts(kb.prepare_upserts([(retitled, chunks)], hold="m7"))  # from r7
        assert kb.retire("r7") == 0 and kb.retire("r6") == 0  # m6/m7 hold them now
        assert kb.retire("m7") == 1
        assert kb.release("hb", "m7") == 0 and kb.release("hb", "r7") == 0 and not found(kb)
        assert kb.held("hb") == {doc.doc_id: "~m7"}

        # Every earlier holder of the same content is kept, one in the middle of a chain too (review
        # s34 r1 F1); a run id is matched as written ("_" is no wildcard).
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="r_8"))
        for run in ("m8", "m9"):
            kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold=run))
        assert kb.release("hb", "r%8") == 0 and kb.release("hb", "r__8") == 0 and not found(kb)
        assert kb.release("hb", "m8") == 1 and found(kb) and kb.held("hb") == {}

        # The library's own writer (no hold) lets a held document in.
        kb.apply_upserts(kb.prepare_upserts([(doc, chunks)], hold="r5"))
        kb.upsert_documents([(doc, chunks)])
        assert kb.held("hb") == {} and found(kb)
