"""The second stage of a search: rescoring the fused candidates and choosing one copy of each passage.

Retrievers rank chunks, but a tenant's knowledge base holds the same passage many times: an office or
team page that copies a policy's section, a near-identical copy saved elsewhere, an older edition.
A reader wants the canonical, current document first, and a variant only when the question names it
(its office, team or year). Pure functions over hydrated candidates, no I/O:

1. **Score** each candidate: its cosine with the question (computed for every candidate, from the
   stored vector, so keyword-only finds are comparable) plus an idf-weighted share of the question's
   words in the passage and its heading (:func:`lexical_scores`, computed here from the candidates'
   words, so SQLite's bm25 and PostgreSQL's ts_rank, which differ in scale and shape, do not make the
   two backends answer differently) and the share its section heading contains (:data:`WEIGHTS`,
   :data:`LEXICAL_WEIGHT`, fitted on the tuning half of bench/answer_quality.py); the order, not the
   relevance, weighs the idf-weighted share once more (:data:`ORDER_LEXICAL_WEIGHT`). A weighted sum of
   normalised scores, not of ranks: reciprocal rank fusion lets the weak tail of one retriever
   outvote the other's best hit.
2. **Group near-duplicates** (the group's best passage's words inside the other's,
   :data:`DUPLICATE_OVERLAP`, or a sentence of :data:`QUOTE_WORDS` words or more in both: a meeting
   note or a request quoting a policy's section) and keep one per group, ranked with the group's best
   score: the copy not archived or superseded, then one whose scope the question names, then the
   document with the most chunks (the source a page quotes or was excerpted from is longer than the
   excerpt), then one without a scope the question does not name ("Expense claims: Singapore
   office"), then the newest. The other copies follow every group.
3. Archived and superseded documents go after current ones (as :func:`rules.demote_superseded` does),
   unless the question asks for an older edition; a page whose title names what the question names
   (an office, a team, a year) gains :data:`NAMED_BONUS`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from knowledge.index.editions import asks_for_date, date_lines
from knowledge.index.facets import facet_shares, named_values, with_acronyms
from knowledge.index.models import SearchHit
from knowledge.index.passages import (
    body,
    exact_terms,
    header_only,
    lexical_scores,
    long_sentences,
    named_scopes,
    scope_words,
    section,
    terms,
)
from knowledge.index.rules import (
    asks_for_history,
    candidate_count,
    is_superseded,
    names_edition,
)
from knowledge.index.versions import Relation, of_hits

# Fitted on the tuning half of bench/answer_quality.py (docs/benchmarks.md, Answer quality).
WEIGHTS = (1.0, 0.0, 0.1)  # cosine, share of question words in the passage, ... in its section heading
LEXICAL_WEIGHT = 0.03  # idf-weighted share of the question's words in the passage (lexical_scores)
# The same share again, for the order only (not the relevance the assistant's bar reads): with the
# cosine weighing 1.0, a passage the keyword retriever ranks first but whose wording the embedding
# model reads loosely ("leaver survey", "PO", "reply-all") fell below six closer-sounding ones and
# never reached the sentence stage. Session 26, on the tuning half of the development sets: 0.2 /
# 0.3 / 0.5 gave the same first documents, 1.0 fewer; 0.5 let a question's common words ("last
# updated", "leave policy") outvote an edition's date line and an archived edition the question asks
# for (tests/test_assistant_editions.py), 0.3 does not.
ORDER_LEXICAL_WEIGHT = 0.3
EXACT_WEIGHT = 0.1  # share of the question's exact terms (exact_terms) the passage contains
NAMED_BONUS = 0.1  # a page whose title names what the question names (the Berlin office, 2024)
# A passage stating its document's date, for a question about that date (knowledge/index/editions.py):
# a document's record line is in its opening passage, which otherwise ranks after its sections.
DATE_BONUS = 0.15
# A passage carrying the values the question names (an office, a team: knowledge/index/facets.py)
# gains this times its share of them, and leads its copies: the template sentence every office's page
# repeats is equally close to the question on each, so only the named values tell them apart.
FACET_WEIGHT = 0.2
DUPLICATE_OVERLAP = 0.8
QUOTE_WORDS = 10  # a sentence of at least this many words in two passages makes them copies (0: off)
MIN_WORDS = 12  # below this, only near-identical passages (Jaccard) are copies
HEADER_PENALTY = 0.3  # taken off a header-only passage: any passage that says something comes first
# Taken off the order (rank_bonus, so the sentence stage's document order reads it too) per unit of
# log(1 + the document's chunk count): a document is as close as its closest passage, and a long one
# has many passages to be closest by chance. A 60-chunk reference chapter that restates twenty
# topics outranked the short page on the one asked ("what does the tilde operator compute on an
# int" -> the type hierarchy, not "Unary arithmetic and bitwise operations"; "count set bits of an
# int" -> the type hierarchy, not int's docstring), and a 100-chunk README the module asked about.
# Session 37 (q2), first hit of kb.search on every tuning set, 0.02 / 0.03 / 0.04: blind 18 49 ->
# 56 / 57 / 57 of 82, public 50 -> 52 / 53 / 53 of 56, handbook sets (main, blind 1-17) 963 -> 965 /
# 962 / 962 of 1,197 (their canonical policies are 10-21 chunks, the variants 2-7: a larger weight
# costs there). Not in the relevance: the abstention bar is unchanged.
DOC_LENGTH_WEIGHT = 0.02
# Versions of one document (knowledge/index/versions.py): the one whose version the question names
# gains NAMED_BONUS and leads its copies; a sibling of another version goes after the current
# documents, as an archived edition does (the answer quotes the version asked and current pages, not
# another version: review s38 measured "right after its named sibling" cost blind 19's l01 its fact);
# for a question naming no version of a family, an older version than one among the candidates loses
# OLDER_PENALTY (the order only, not the relevance).
OLDER_PENALTY = 0.05
# A release of the line the question names ("which 20.x", "node 20") or the user runs ("we're still
# on 18.14"): the answer is one of that line's release notes, not another line's, nor a page naming
# no version (session 40, q6; blind 21's release questions went to deprecation entries and 18.0.0).
LINE_BONUS = 0.05


_VERSION_BONUS = {
    Relation.NONE: 0.0,
    Relation.NAMED: NAMED_BONUS,
    Relation.OTHER: 0.0,
    Relation.OLDER: -OLDER_PENALTY,
    Relation.LINE: LINE_BONUS,
}


@dataclass
class Scored:
    hit: SearchHit
    score: float
    words: frozenset[str]
    order: int
    superseded: bool
    quotes: frozenset[str] = frozenset()
    facet: float = 0.0  # the question's named values it carries (facets.facet_shares)
    evidence: float = 0.0  # the score without the bonus for names the question gives: the relevance
    asked: bool = False  # an archived edition the question names by its year (rules.names_edition)
    bonus: float = 0.0  # what it gained for the order only (score - evidence): SearchHit.rank_bonus
    version: Relation = Relation.NONE  # how it stands to the versions the question names (versions.py)

    def demoted(self, history: bool) -> bool:
        """Whether it goes after the current documents: archived, and not asked for, or another
        version of a document than the one the question names."""
        return (self.superseded and not history and not self.asked) or self.version is Relation.OTHER


def _inside(best: frozenset[str], other: frozenset[str]) -> float:
    """How much of the group's best passage ``other`` holds. Only this direction makes ``other`` a
    copy that can stand for it: a canonical chunk spanning several sections holds an office page's
    one section, but a short chunk inside a long, better-scoring one may lack what made it score."""
    if len(best) < MIN_WORDS or len(other) < MIN_WORDS:
        return len(best & other) / len(best | other) if best and other else 0.0
    return len(best & other) / len(best)


def _preference(
    s: Scored, question: frozenset[str], names: frozenset[str], history: bool
) -> tuple[object, ...]:
    """Sort key of a copy within its group: smaller is preferred."""
    scope = scope_words(s.hit.title)
    named = bool(names & terms(s.hit.title)) or (bool(scope) and scope <= question)
    unnamed = bool(scope - question) and not named
    newest = -(s.hit.effective_date or date.min).toordinal()
    superseded = s.demoted(history)
    derived = derived_copy(s.hit.title)
    # The copy carrying most of the values the question names first ("the payroll team in oslo": the
    # Oslo payroll page, not the longest page repeating its template sentence). Longer before
    # unscoped: the source a page quotes is longer than the quote, and a canonical title may have a
    # colon too ("IT Runbook: VPN Connection Problems" is no office variant).
    facet = -round(s.facet, 6)
    length = -(s.hit.doc_chunks or 0)
    asked = s.version is not Relation.NAMED
    return (superseded, asked, facet, not named, derived, length, unnamed, newest, -s.score, s.order)


# Titles of pages made from other documents' text: a reference card or a summary restates sections
# of the policies it was made from, so among copies of one passage the source is shown. Not "FAQ" or
# "overview": a People Operations FAQ or a benefits overview is often the canonical document itself.
_DERIVED = re.compile(
    r"\b(quick[ -]reference|quick[ -]guide|cheat[ -]?sheet|summary|summaries|digest|excerpts?|"
    r"at a glance|crib sheet|tl;?dr)\b",
    re.IGNORECASE,
)


def derived_copy(title: str) -> bool:
    """A page whose title says it restates other documents (:data:`_DERIVED`)."""
    return bool(_DERIVED.search(title))


def _bonus(
    h: SearchHit,
    names: frozenset[str],
    exact: frozenset[str],
    name_words: set[str],
    stated: bool = False,
    old: bool = False,
) -> float:
    """What a hit gains for the names the question gives: the exact-term share of its names,
    :data:`NAMED_BONUS` when the page's title is scoped to what the question names (an office, a year)
    or when it is an archived edition the question asks for (``old``: "the previous leave policy",
    "the 2024 policy" when the year is only in its path), and :data:`DATE_BONUS` when the question asks
    for a document's date and the passage states one (``stated``)."""
    bonus = DATE_BONUS if stated else 0.0
    if exact:
        where = f"{h.heading or ''} {h.text}".lower()
        bonus += EXACT_WEIGHT * sum(w in where for w in name_words) / len(exact)
    named = bool(names & (scope_words(h.title) or terms(h.title)))
    if named or (old and (h.superseded or is_superseded(h.title, h.source_path))):
        bonus += NAMED_BONUS
    return bonus


def asks_for_old(hit: SearchHit, query: str, history: bool) -> bool:
    """Whether the question asks for this archived edition: in words (``history``) or by its year."""
    return history or names_edition(query, hit.title, hit.source_path)


def named_bonus(hit: SearchHit, query: str) -> float:
    """:func:`_bonus` for one hit, with every name the question scopes (:func:`named_scopes`): unlike
    :func:`rerank`, which keeps only the names its candidates write as names (facets.named_values) or
    numbers, it reads no other candidates, so a capitalised word of a quoted title can earn the bonus
    here and not in the rerank (the judge's :func:`graph.assistant.answering.most_relevant` reads it)."""
    names = named_scopes(query)
    exact = exact_terms(query)
    old = asks_for_old(hit, query, asks_for_history(query))
    stated = asks_for_date(query) and bool(date_lines(body(hit)))
    return _bonus(hit, names, exact, {w for w in exact if terms(w) & names}, stated, old)


def rerank(
    hits: Sequence[SearchHit], query: str, k: int, *, dense: Mapping[str, float] | None = None
) -> list[SearchHit]:
    """The best ``k`` of ``hits`` (fused order) after rescoring and collapsing near-duplicates.

    ``dense`` maps chunk ids to the question's cosine with each candidate; without it (keyword
    mode) the retriever's own order stands in for the dense part.
    """
    question = terms(query)
    history = asks_for_history(query)
    names = named_scopes(query)
    exact = exact_terms(query)
    # A name's own weight (an office, a year) goes to the ranking only: "the parking permit in
    # Warsaw" must not clear the relevance bar on a Warsaw page that says nothing about parking.
    name_words = {w for w in exact if terms(w) & names}
    dated = asks_for_date(query)
    w_dense, w_text, w_heading = WEIGHTS
    texts = [body(h) for h in hits]
    titles = [h.title for h in hits]
    bodies = [terms(t) for t in texts]
    held = [b | terms(section(h)) | terms(h.title) for b, h in zip(bodies, hits, strict=True)]
    # The named values of the question with its acronyms spelled out, read once: the facets score
    # with them, and they are the question's own when it has no such acronym.
    expanded = with_acronyms(question, query, texts, titles, held) if question and texts else question
    named = named_values(expanded, texts, titles)
    # A page is scoped to what the question names only by a name the candidates write as one (an
    # office, a team: facets.named_values) or a number: a word a question capitalises because it
    # quotes a title ("the 'Holiday and Absence Guide'") names no "manager guide" page. The relevance
    # (name_words above) is unchanged.
    if names:
        values = named if expanded == question else named_values(question, texts, titles)
        names = frozenset(n for n in names if n in values or any(c.isdigit() for c in n))
    lexical = lexical_scores(question, [b | terms(section(h)) for b, h in zip(bodies, hits, strict=True)])
    facets = facet_shares(expanded, texts, titles, held, named=named)
    versions = of_hits(query, hits)
    scored: list[Scored] = []
    for i, h in enumerate(hits):
        words = bodies[i]
        share = len(question & words) / len(question) if question else 0.0
        head = len(question & terms(section(h))) / len(question) if question else 0.0
        cos = dense.get(h.chunk_id, 0.0) if dense is not None else 1.0 / (1 + i)
        score = w_dense * cos + w_text * share + w_heading * head + LEXICAL_WEIGHT * lexical[i]
        if exact:  # "GlobalProtect 6.2", "SEV2", "0.30 EUR": the words a model reads loosely
            where = f"{h.heading or ''} {h.text}".lower()
            score += EXACT_WEIGHT * sum(w in where and w not in name_words for w in exact) / len(exact)
        # Each read once per candidate: the passage's date lines and whether the question names its edition.
        text = texts[i]
        stated = dated and bool(date_lines(text))
        edition = names_edition(query, h.title, h.source_path)
        # Ranks, but is no evidence that the passage answers (not in its relevance).
        bonus = _bonus(h, names, exact, name_words, stated, history or edition)
        bonus += FACET_WEIGHT * facets[i] - DOC_LENGTH_WEIGHT * math.log(1 + (h.doc_chunks or 1))
        bonus += _VERSION_BONUS[versions[i]]
        if header_only(text) and not stated:
            score -= HEADER_PENALTY
        quotes = long_sentences(text, QUOTE_WORDS)
        scored.append(
            Scored(h, score + bonus + ORDER_LEXICAL_WEIGHT * lexical[i], words, i,
                   h.superseded or is_superseded(h.title, h.source_path), quotes, facets[i], score, edition, bonus,
                   versions[i])
        )  # fmt: skip
    scored.sort(key=lambda s: (-s.score, s.order))
    groups: list[list[Scored]] = []
    for s in scored:
        # An archived edition is not a copy: it keeps its own place, after the current documents.
        for g in [] if s.superseded else groups:
            if not g[0].superseded and (
                _inside(g[0].words, s.words) >= DUPLICATE_OVERLAP or g[0].quotes & s.quotes
            ):
                g.append(s)
                break
        else:
            groups.append([s])
    chosen: list[tuple[Scored, float, str | None]] = []  # (copy, relevance, duplicate_of)
    copies: list[tuple[Scored, float, str | None]] = []
    for g in groups:
        best = min(g, key=lambda s: _preference(s, question, names, history))
        # The group ranks with its best score, whichever copy represents it.
        chosen.append((best, max(s.evidence for s in g), None))
        copies += [(s, s.evidence, best.hit.chunk_id) for s in g if s is not best]
    # Archived editions go after the current documents among the best candidate_count(k), as the
    # retrievers' lists alone were ordered (unless the question asks for an older edition): an
    # archived passage that matches well is still shown.
    ordered = (chosen + copies)[: candidate_count(k)]
    ordered = [x for x in ordered if not x[0].demoted(history)] + [
        x for x in ordered if x[0].demoted(history)
    ]
    return [
        s.hit.model_copy(
            update={
                "superseded": s.superseded,
                "relevance": score,
                "duplicate_of": dup,
                "cosine": dense.get(s.hit.chunk_id) if dense is not None else None,
                "facet_bonus": FACET_WEIGHT * s.facet,
                "rank_bonus": s.bonus,
            }
        )
        for s, score, dup in ordered[:k]
    ]
