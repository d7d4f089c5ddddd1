"""The sentence stage's order is a hybrid (knowledge/index/sentences.py, session 21): a sentence's
cosine plus a share of the question's words it holds, so the one telling word of a chat question
("alone", "probation") counts; a page's scope words ("Product Design 2026") are no such word, and
the abstention bar still reads the cosine alone."""

from __future__ import annotations

from datetime import date

import numpy as np
from assistant_support import embedder

from knowledge.index.models import SearchHit
from knowledge.index.sentences import (
    SENTENCE_LEXICAL,
    SentenceMatch,
    passage_sentences,
    refine,
    sentence_lexical,
    sentence_matches,
)


def _hit(chunk: str, text: str, *, title: str, relevance: float = 0.5, cosine: float = 0.45) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=f"doc-{chunk}", collection="c", title=title, source_path=f"{chunk}.md",
        heading=None, position=0, text=text, effective_date=date(2026, 1, 1), score=0.0,
        relevance=relevance, cosine=cosine,
    )  # fmt: skip


ALONE = _hit("alone", "Avoid working alone in the office outside normal hours.", title="Health and Safety")
DESK = _hit(
    "desk",
    "Clear your desk at the end of the day, as the cleaning team removes anything left behind.",
    title="Office Guide",
)
SCOPED = _hit(
    "scoped",
    "This guidance applies to the Product Design team in the London office.",
    title="Who is my People partner?: Product Design 2026",
)


def _per_hit(*hits: SearchHit) -> dict[str, list[tuple[str, str]]]:
    return {h.chunk_id: passage_sentences(h) for h in hits}


def test_a_sentence_holding_the_questions_word_gets_a_share_and_one_without_none() -> None:
    shares = sentence_lexical("any rule about staying in the office alone at night?", [ALONE, DESK],
                              _per_hit(ALONE, DESK))  # fmt: skip
    by_chunk = {chunk: share for (chunk, _), share in shares.items()}
    assert by_chunk["alone"] > by_chunk["desk"] >= 0.0


def test_a_pages_scope_words_are_no_evidence_of_its_subject() -> None:
    shares = sentence_lexical("can I tell a journalist about our product plans", [SCOPED],
                              _per_hit(SCOPED))  # fmt: skip
    assert set(shares.values()) == {0.0}
    # Question words alone ("can", "get", "allowed") carry no topic: nothing to share.
    assert sentence_lexical("can I get it, is it allowed", [ALONE], _per_hit(ALONE)) == {}


def test_the_order_reads_the_hybrid_score_and_the_relevance_the_cosine() -> None:
    hits = [DESK, ALONE]
    matches = {"desk": SentenceMatch(0.50, "d", order=0.50), "alone": SentenceMatch(0.48, "a", order=0.58)}
    out = refine(hits, "staying in the office alone at night", 2, matches)
    assert [h.chunk_id for h in out] == ["alone", "desk"]
    assert out[0].sentence_cosine == 0.48  # the bar's input is unchanged
    # Without an order score (no question given) the cosine alone orders, as before.
    plain = {"desk": SentenceMatch(0.50, "d"), "alone": SentenceMatch(0.48, "a")}
    assert [h.chunk_id for h in refine(hits, "x", 2, plain)] == ["desk", "alone"]


def test_with_the_real_model_the_order_score_adds_the_share_to_the_closest_cosine() -> None:
    model = embedder()
    query = "planning to stay in the office alone til midnight, any rule about that"
    vector = model.embed_query(query)
    found = sentence_matches([DESK, ALONE], vector, model.embed_documents, model.name, query)
    cosine_only = sentence_matches([DESK, ALONE], vector, model.embed_documents, model.name)
    for chunk in ("desk", "alone"):
        assert found[chunk].cosine == cosine_only[chunk].cosine
        assert cosine_only[chunk].order is None
        order = found[chunk].order
        assert order is not None
        assert found[chunk].cosine <= order <= found[chunk].cosine + SENTENCE_LEXICAL
    gain_alone = (found["alone"].order or 0.0) - found["alone"].cosine
    gain_desk = (found["desk"].order or 0.0) - found["desk"].cosine
    assert np.isclose(gain_desk, 0.0) or gain_alone > gain_desk
    assert gain_alone > 0.0
