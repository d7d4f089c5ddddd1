"""The third stage of a search: how close in meaning the question is to each candidate's best sentence.

A chunk holds up to 256 tokens, often several sections; its one vector averages them, so a question
about one rule ("how long is the stopgap pass valid?") is only loosely close to the chunk that states
it among five others. Comparing the question with each *sentence* of the best candidates (with its
section heading, which carries the topic a sentence leaves implicit: "It can be taken in one block")
finds the passage that says it in other words, which is what a paraphrased question needs. It is a
second look at the reranked candidates, not a retriever: the first stages choose what is looked at.

Pure functions over hits and vectors, no I/O; the index calls :func:`sentence_matches` outside its
read transaction, with the embedder it searched with, and :func:`refine` reorders. Sentence vectors
are cached per process (the same policy sentence recurs in every office copy and in every question).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from kassist.db.vector_scan import dot
from knowledge.index import order_model
from knowledge.index.coverage import QUESTION_WORDS
from knowledge.index.editions import asks_for_date, date_lines
from knowledge.index.facets import acronyms, writes_acronym
from knowledge.index.models import SearchHit
from knowledge.index.passages import body, is_metadata, lexical_scores, scope_words, section, stem, terms
from knowledge.index.rules import demoted
from knowledge.index.versions import Relation, of_hits

SENTENCE_DEPTH = 6  # reranked candidates (one copy of each passage) looked at sentence by sentence
# 10 was measured in session 26 (docs/benchmarks.md, Answer quality, session 26, h2): the right
# document is then among those read for 19 more of 753 development questions and, with the learned
# order retrained at that depth, first for +9 tuning / +7 validation judged leave-one-set-out, but the
# assistant's first citation moved +2 / 0 of 377 / 479, and every search embeds the sentences of four
# more passages (70 searches with a fresh sentence cache: median of 6 passes 7.2 -> 11.0 s): not kept.
MIN_SENTENCE_WORDS = 4  # shorter lines (headings, "Owner: ...") say nothing on their own
# The refined relevance: the rerank's relevance plus this share of the best sentence's cosine above
# the chunk's own, fitted on the tuning half of bench/answer_quality.py (docs/benchmarks.md).
SENTENCE_WEIGHT = 0.25
# The order of the documents of the passages looked at: this share of a passage's best sentence's
# cosine plus the rest of the rerank's relevance (a document's passages keep the relevance order). The relevance above stays what the assistant's abstention bar is calibrated on;
# the order leans on the one sentence that states the rule, since a chunk of several sections is
# loosely close to many questions. Session 19, fitted on blind sets 2-4 (bench/retrieval_abstain.py,
# first hit): 0.55-0.8 all give 21/30, 31-32/37, 36/40 where the refined relevance gave 19, 31, 34;
# the seen sets unchanged; 0.7 is the middle of that plateau (docs/benchmarks.md, Answer quality).
ORDER_SENTENCE_SHARE = 0.7
# The sentence stage's order, like the search's first stages, is a hybrid: a sentence's cosine plus
# this weight times its idf-weighted share of the question's words (sentence_lexical). A chat
# question's one telling word ("probation", "alone", "PO") is often in the answering sentence while
# the cosine prefers a sentence of the same register on another subject. Session 21, all development
# sets (bench/retrieval_abstain.py sets, first hit): 0.12 moves nothing net, 0.2 and 0.3 +5 each
# (0.2: +8 -3; 0.3: +10 -5); 0.2 is the smaller change. The cosine alone still sets the relevance
# the abstention bar reads.
SENTENCE_LEXICAL = 0.2
QUESTION_TERMS = frozenset(stem(w) for w in QUESTION_WORDS)  # "get", "allowed": no topic
CACHE_SIZE = 20_000  # sentence vectors kept per process (384 floats each: about 30 MB)

Embed = Callable[[list[str]], list[list[float]]]
# Paragraphs and list items first, then sentence ends (the rule of memory.context.summary; kept here
# so that the knowledge index does not import the memory package, and the extractive answer quotes
# the very sentences this stage compared).
_PARAGRAPH = re.compile(r"\n\s*\n|\n(?=\s*(?:#|[-*•]\s|\d+\.\s))")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[A-Z0-9])")


def sentences(text: str) -> list[str]:
    """Sentences of ``text``: paragraphs and list items split first, lines inside them joined."""
    out = []
    for paragraph in _PARAGRAPH.split(text):
        joined = " ".join(paragraph.split())
        out += [s.strip() for s in _SENTENCE_END.split(joined) if s.strip()]
    return out


@dataclass(frozen=True)
class SentenceMatch:
    cosine: float  # the question's cosine with the passage's closest sentence
    # The sentence of the best order score (with a question; else the closest), as the passage has
    # it (without the heading): the one the extractive answer quotes.
    sentence: str
    # The best of the passage's sentences by cosine plus SENTENCE_LEXICAL times its share of the
    # question's words (sentence_lexical); None: the cosine alone orders.
    order: float | None = None


class _Cache:
    """A bounded, thread-safe map from (embedder, text) to a unit vector."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str]) -> np.ndarray | None:
        with self._lock:
            v = self._data.get(key)
            if v is not None:
                self._data.move_to_end(key)
            return v

    def put(self, key: tuple[str, str], vector: np.ndarray) -> None:
        with self._lock:
            self._data[key] = vector
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)


_CACHE = _Cache(CACHE_SIZE)


def passage_sentences(hit: SearchHit) -> list[tuple[str, str]]:
    """(text to embed, sentence) for each sentence of the passage worth comparing: the section heading
    leads each one, since "It can be taken in one block" means nothing without "Parental leave"."""
    head = section(hit)
    out = []
    for s in sentences(body(hit)):
        if len(s.split()) < MIN_SENTENCE_WORDS or is_metadata(s):
            continue
        out.append((f"{head}: {s}" if head and head.lower() not in s.lower() else s, s))
    return out


def sentence_matches(
    hits: Sequence[SearchHit],
    query_vector: Sequence[float],
    embed: Embed,
    embedder_name: str,
    query: str = "",
) -> dict[str, SentenceMatch]:
    """For the first :data:`SENTENCE_DEPTH` hits that are not copies of another: the closest sentence,
    and with ``query`` the order score of :func:`sentence_lexical`."""
    looked = [h for h in hits if h.duplicate_of is None][:SENTENCE_DEPTH]
    per_hit = {h.chunk_id: passage_sentences(h) for h in looked}
    texts = list(dict.fromkeys(t for pairs in per_hit.values() for t, _ in pairs))
    missing = [t for t in texts if _CACHE.get((embedder_name, t)) is None]
    if missing:
        for t, v in zip(missing, embed(missing), strict=True):
            _CACHE.put((embedder_name, t), np.asarray(v, dtype=np.float32))
    q = np.asarray(query_vector, dtype=np.float32)
    lexical = sentence_lexical(query, looked, per_hit)
    out: dict[str, SentenceMatch] = {}
    for chunk_id, pairs in per_hit.items():
        kept = [(vec, s, lexical.get((chunk_id, t), 0.0))
                for t, s in pairs if (vec := _CACHE.get((embedder_name, t))) is not None]  # fmt: skip
        if not kept:
            continue
        cos = dot(np.vstack([vec for vec, _, _ in kept]), q)
        best = int(np.argmax(cos))
        if not query:
            out[chunk_id] = SentenceMatch(float(cos[best]), kept[best][1])
            continue
        # The sentence quoted is the one that orders the document (the extractive answer quotes
        # best_sentence); the bar keeps the closest cosine.
        combined = [float(c) + SENTENCE_LEXICAL * lex for c, (_, _, lex) in zip(cos, kept, strict=True)]
        top = int(np.argmax(combined))
        out[chunk_id] = SentenceMatch(float(cos[best]), kept[top][1], combined[top])
    return out


def sentence_lexical(
    query: str, looked: Sequence[SearchHit], per_hit: Mapping[str, list[tuple[str, str]]]
) -> dict[tuple[str, str], float]:
    """Each looked-at sentence's idf-weighted share of the question's topic words ((chunk id, text
    embedded) -> share; :func:`rerank.lexical_scores` over these sentences). The words of a page's
    scope (its title after ': ', "Product Design 2026", "Amsterdam office") are left out of its
    sentences: they say which copy a page is, not what it is about ("This guidance applies to the
    Product Design team" is no answer to a question about product plans)."""
    asked = terms(query) - QUESTION_TERMS
    if not asked:
        return {}
    keyed = [
        ((h.chunk_id, t), terms(t) - scope_words(h.title)) for h in looked for t, _ in per_hit[h.chunk_id]
    ]
    shares = lexical_scores(asked, [w for _, w in keyed])
    return {key: share for (key, _), share in zip(keyed, shares, strict=True)}


def refined_relevance(hit: SearchHit, match: SentenceMatch | None) -> float:
    """The rerank's relevance, raised when a sentence says what the question asks more closely than
    the chunk as a whole does (never lowered: a chunk-wide match stays a match)."""
    base = float(hit.relevance or 0.0)
    if match is None:
        return base
    chunk = float(hit.cosine) if hit.cosine is not None else base
    return base + SENTENCE_WEIGHT * max(0.0, match.cosine - chunk)


def refine(
    hits: Sequence[SearchHit], query: str, k: int, matches: Mapping[str, SentenceMatch]
) -> list[SearchHit]:
    """The best ``k`` of the reranked ``hits`` after the sentence stage: the documents of the passages
    looked at are ordered mostly by their best sentence (:data:`ORDER_SENTENCE_SHARE`, plus the
    rerank's bonus for a page the question names), a document's passages by their refined relevance,
    which they carry;
    archived editions stay after current ones, copies after the passages they repeat."""
    versions = of_hits(query, hits)
    late = late_ids(hits, query, versions)
    named_version = {h.chunk_id for h, v in zip(hits, versions, strict=True) if v is Relation.NAMED}
    first = hand_set_order([h for h in hits if h.chunk_id in matches], matches)
    updated = [
        h.model_copy(
            update={
                "relevance": refined_relevance(h, matches.get(h.chunk_id)),
                "best_sentence": m.sentence if (m := matches.get(h.chunk_id)) else None,
                "sentence_cosine": m.cosine if m else None,
            }
        )
        for h in hits
    ]
    looked = [h for h in updated if h.chunk_id in matches]
    rest = [h for h in updated if h.chunk_id not in matches]
    # Documents in the order of their best passage's score; within a document, its passages by
    # refined relevance, as before: the heading words it carries tell a document's sections apart
    # better than one sentence does ("keeps dropping" is the "Frequent disconnections" section, not
    # the "Slow connection" sentence about a speed drop).
    # The hand-set score (hand_set_order) orders the archived editions; the current documents go
    # by the learned score, which holds it (order_model).
    bonus = {h.chunk_id: h.rank_bonus for h in looked}
    asked = title_words(query, hits)
    learned = learned_order(*order_features(hits, query, matches, late, asked))
    looked.sort(
        key=lambda h: (
            h.chunk_id in late,
            not (names_document(h.title, asked) or h.chunk_id in named_version),
            -(first[h.doc_id] if h.chunk_id in late else learned[h.doc_id]),
            h.doc_id,
            -(float(h.relevance or 0.0) + bonus[h.chunk_id]),
        )
    )
    current = [h for h in rest if h.chunk_id not in late and h.duplicate_of is None]
    tail = [h for h in rest if h not in current]
    ordered = [h for h in looked if h.chunk_id not in late] + current
    ordered += [h for h in looked if h.chunk_id in late] + tail
    if asks_for_date(query):
        # The sentence stage reads no record line (metadata): its order would put first the document
        # whose opening passage says most. A question about a date keeps the rerank's order, which
        # holds the date bonus; each document's dated passage then goes first.
        return dated_first(updated)[:k]
    return ordered[:k]


def late_ids(hits: Sequence[SearchHit], query: str, versions: Sequence[Relation] | None = None) -> set[str]:
    """The hits that go after the current documents: archived editions the question does not ask for,
    and other versions of a document than the one it names (``versions``: versions.of_hits of
    ``hits``, computed here when not given)."""
    if versions is None:
        versions = of_hits(query, hits)
    return {
        h.chunk_id
        for h, v in zip(hits, versions, strict=True)
        if v is Relation.OTHER or demoted(h.title, h.source_path, query, superseded=h.superseded)
    }


def title_words(query: str, hits: Sequence[SearchHit]) -> frozenset[str]:
    """The question's words as :func:`names_document` reads them: an acronym standing for a name the
    candidates write ("NYC": New York) names its words in a title."""
    asked = terms(query)
    if writes_acronym(query):  # acronyms() finds none otherwise: each hit's words are not read
        asked = asked.union(*acronyms(query, [h.text for h in hits], [h.title for h in hits],
                                      [terms(h.text) for h in hits]).values())  # fmt: skip
    return asked


def order_features(
    hits: Sequence[SearchHit],
    query: str,
    matches: Mapping[str, SentenceMatch],
    late: set[str],
    asked: frozenset[str],
) -> tuple[list[SearchHit], npt.NDArray[np.float64]]:
    """The current passages the sentence stage looked at (the rerank's hits, in its order, with their
    relevance before refinement) and their features (knowledge/index/order_model.py). The hand-set
    score among them: :data:`ORDER_SENTENCE_SHARE` of the best sentence's score, the rest of the
    rerank's relevance, plus its bonus for names the question gives; a document's best passage's."""
    current = [h for h in hits if h.chunk_id in matches and h.chunk_id not in late]
    base = hand_set_order(current, matches)
    named = [names_document(h.title, asked) for h in current]
    return current, order_model.feature_rows(current, hits, query, matches, base, named)


def hand_set_order(looked: Sequence[SearchHit], matches: Mapping[str, SentenceMatch]) -> dict[str, float]:
    """Each document's hand-set order score, its best passage's: :data:`ORDER_SENTENCE_SHARE` of
    the best sentence's score, the rest of the rerank's relevance (before refinement), plus the
    rerank's bonus for the values the question names (an office, a team: the sentence repeated on
    every office's page is equally close to the question on each; SearchHit.rank_bonus, computed
    once by the rerank)."""
    out: dict[str, float] = {}
    for h in looked:
        m = matches[h.chunk_id]
        sentence = m.cosine if m.order is None else m.order
        own = (1 - ORDER_SENTENCE_SHARE) * float(h.relevance or 0.0) + ORDER_SENTENCE_SHARE * sentence
        out[h.doc_id] = max(out.get(h.doc_id, -1e9), own + h.rank_bonus)
    return out


def learned_order(current: Sequence[SearchHit], rows: npt.NDArray[np.float64]) -> dict[str, float]:
    """Each document's learned order score (order_model.scores): its best passage's."""
    out: dict[str, float] = {}
    for h, score in zip(current, order_model.scores(rows), strict=True):
        out[h.doc_id] = max(out.get(h.doc_id, -1e9), score)
    return out


def dated_first(hits: Sequence[SearchHit]) -> list[SearchHit]:
    """For a question about a document's date: each document's passage that states it (its record
    line, :func:`editions.date_lines`) moves to where the document's first passage is. Its sentences
    are metadata, so the sentence stage left it after the passages it looked at."""
    dated: dict[str, SearchHit] = {}
    for h in hits:
        if h.doc_id not in dated and date_lines(body(h)):
            dated[h.doc_id] = h
    out: list[SearchHit] = []
    for h in hits:
        first = dated.get(h.doc_id)
        if first is not None and first not in out:
            out.append(first)
        if h is not first:
            out.append(h)
    return out


# A question that names a document by its title ("Where is the company cars and mobility budget
# page?") asks for that document: it goes before a page whose one sentence is closer (a mobility
# FAQ), as it did when the relevance, which carries the title's words, ordered alone.
TITLE_NAMED = 0.75


def names_document(title: str, asked: frozenset[str]) -> bool:
    """Whether the question holds at least :data:`TITLE_NAMED` of a title's two or more words."""
    words = terms(title)
    return len(words) >= 2 and len(words & asked) >= TITLE_NAMED * len(words)


LEXICAL_EMBEDDERS = ("hashing-",)  # feature hashing: a sentence's "cosine" is word overlap, nothing more


def applies(mode: str, embedder_name: str) -> bool:
    """Whether the sentence stage runs: a search with a vector side and an embedder that reads meaning."""
    return mode != "keyword" and not embedder_name.startswith(LEXICAL_EMBEDDERS)


def depth(k: int) -> int:
    """How many reranked hits the index asks for when the sentence stage runs."""
    return max(k, SENTENCE_DEPTH)


def refine_with(
    hits: Sequence[SearchHit], query: str, k: int, query_vector: Sequence[float], embed: Embed, name: str
) -> list[SearchHit]:
    """:func:`sentence_matches` then :func:`refine`: the index's call (outside its transaction)."""
    if not hits:
        return []
    return refine(hits, query, k, sentence_matches(hits, query_vector, embed, name, query))
