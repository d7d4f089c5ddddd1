"""What the closest documents lack (knowledge/index/coverage.py): the question's words no passage
holds are named in the "nothing relevant found" answer, and the foreign-word gain the abstention
development set (bench/abstain_dev.py) measures is computed on real MiniLM vectors."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graph.assistant.answering import judge, not_found_text
from knowledge.index.coverage import foreign_gain, uncovered_words, without

MODEL = "all-MiniLM-L6-v2-int8-max256"
PENSION = "Contributions and investment choices can be changed at any time through the pension portal."


def hit(
    text: str, *, relevance: float, sentence: float, title: str = "Employee Benefits Overview"
) -> dict[str, Any]:
    return {"doc_id": "d1", "chunk_id": "c1", "title": title, "heading": "Pension", "text": text,
            "source_path": "hr/benefits-overview.html", "relevance": relevance,
            "sentence_cosine": sentence}  # fmt: skip


def test_uncovered_words_are_the_topic_words_the_passage_lacks() -> None:
    # Stemmed ("invest" covers "investment"), question words ("how", "many", "get") aside.
    assert uncovered_words("Does the pension plan invest in cryptocurrency?", PENSION) == [
        "plan",
        "cryptocurrency",
    ]
    assert uncovered_words("How many days do I get?", "Employees receive 28 days.") == []
    assert without("Can my pooch come to work, pooch or not?", "pooch") == "Can my come to work or not"


def test_an_abstention_names_what_the_closest_documents_lack() -> None:
    weak = hit(PENSION, relevance=0.30, sentence=0.28)
    verdict = judge("Which astrology sign does the pension trustee have?", [weak], embedder=MODEL)
    assert not verdict.answerable
    assert verdict.missing == ["astrology", "sign", "trustee"]
    text = not_found_text(verdict)
    assert "The closest documents are: Employee Benefits Overview." in text
    assert "None of the passages found mentions 'astrology', 'sign', 'trustee'." in text


def test_an_answer_carries_no_missing_words_and_old_states_still_load() -> None:
    strong = hit(PENSION, relevance=0.7, sentence=0.7)
    verdict = judge("Can I change my pension investment choices?", [strong], embedder=MODEL)
    assert verdict.answerable and verdict.missing == []
    # A verdict checkpointed before the field existed still makes a Verdict.
    old: dict[str, Any] = {"answerable": False, "reason": "x", "closest": ["A"], "language": None}
    assert type(verdict)(**old).missing == []


def _minilm() -> Any:
    from knowledge.embedders.minilm import LocalMiniLMEmbedder, ModelUnavailable

    model = LocalMiniLMEmbedder()
    try:
        model.check()
    except ModelUnavailable as exc:  # pragma: no cover - the model ships with the package
        pytest.fail(f"MiniLM should be available: {exc}")
    return model


def test_a_foreign_word_brings_the_question_closer_when_dropped_and_a_paraphrase_does_not() -> None:
    model = _minilm()

    def vectors(texts: list[str]) -> np.ndarray:
        return np.asarray(model.embed_documents(texts), dtype=np.float32)

    dogs = "Pets: Dogs are welcome in the Berlin office if they are house-trained."
    near_miss = "Can I bring my parrot to the Berlin office?"
    paraphrase = "Can I bring my pooch to the Berlin office?"
    for q in (near_miss, paraphrase):
        assert uncovered_words(q, dogs) in (["bring", "parrot"], ["bring", "pooch"])
    sentence = vectors([dogs])[0]
    foreign = foreign_gain(near_miss, sentence, ["parrot"], vectors)
    same = foreign_gain(paraphrase, sentence, ["pooch"], vectors)
    assert foreign is not None and same is not None
    assert foreign[1] == "parrot" and same[1] == "pooch"
    assert foreign[0] > same[0]
    assert foreign_gain(near_miss, sentence, [], vectors) is None


def test_probes_are_made_mechanically_and_split_by_document() -> None:
    sys.path.append(str(Path(__file__).resolve().parent.parent / "bench"))
    from abstain_dev_probes import ALIEN_NOUNS, make_probes

    docs = {
        "hr/a.md": "Employees receive 28 days of paid annual leave per calendar year. "
        "Unused leave of up to five days may be carried over to the next year.",
        "it/b.md": "Laptops are replaced every four years or when the battery no longer holds a charge.",
    }
    corpus = " ".join(docs.values()).lower()

    def df(word: str) -> int:
        return corpus.count(word.lower())

    probes = make_probes(docs, df, seed=3)
    assert probes == make_probes(docs, df, seed=3)  # the same seed, the same probes
    assert {p.kind for p in probes} == {"answerable", "unanswerable"}
    for p in probes:
        assert {q.half for q in probes if q.doc == p.doc} == {p.half}  # one half per document
        if p.kind == "unanswerable":
            alien = [n for n in ALIEN_NOUNS if n in p.text.split()]
            assert len(alien) == 1 and df(alien[0]) == 0  # the key word swapped for one the corpus lacks


def test_token_alignment_finds_the_word_a_passage_does_not_answer() -> None:
    # bench/abstain_dev_align.py: the real model's per-word vectors. "Tokyo" has no partner in the
    # pets passage; "dog" and "office" do, and so does "pooch" (a paraphrase, not a near miss).
    _minilm()
    sys.path.append(str(Path(__file__).resolve().parent.parent / "bench"))
    from abstain_dev_align import align

    pets = "Pets in the office: Dogs may come to the office on Fridays if the team agrees."
    near, far = (
        align("Can I bring my dog to the Tokyo office?", [pets])[0],
        align("Can I bring my pooch?", [pets])[0],
    )
    assert near.words == ("bring", "dog", "tokyo", "office")
    assert near.below(0.3) == ["tokyo"]
    assert dict(zip(near.words, near.scores, strict=True))["dog"] > 0.6
    assert far.below(0.3) == []
    assert align("anything", []) == []


def test_contracted_question_words_are_not_named_as_missing() -> None:
    # Typed in a chat: "whats", "what's", "dont" are question words, not what the passages lack.
    text = "Dental cover is provided by the company's insurer."
    assert uncovered_words("whats the name of the dental insurer", text) == ["name"]
    assert uncovered_words("what's the dental insurer, dont know", text) == []
