"""Pure rules of the index: names, query escaping, vector encoding. No I/O here."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

import numpy as np

from kassist import names
from knowledge.index.errors import InvalidQuery
from knowledge.index.models import SearchHit

_QUERY_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# Characters PostgreSQL keeps inside one token (hosts, decimals, paths, e-mail) stay; the rest
# (quotes, parentheses, colons, tsquery operators) separates words.
_PG_WORD_BREAK = re.compile(r"[^\w.\-/@+]+", re.UNICODE)
MAX_QUERY_TOKENS = 64
MAX_K = 1000

# Close to PostgreSQL's english stop list, so both backends match on the same words. Dropping them
# matters with OR semantics: "how many days of leave do I get" must not match every chunk with "do".
# fmt: off
STOPWORDS = frozenset((
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
    "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
    "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from",
    "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him",
    "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me",
    "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only",
    "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so",
    "some", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there",
    "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was",
    "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your", "yours", "yourself", "yourselves",
))
# fmt: on


def validate_collection(name: object) -> str:
    """Return ``name`` if it is a usable collection name (the one rule: kassist/names.py), else raise
    ``InvalidQuery`` saying what is allowed."""
    return names.validate_collection(name, InvalidQuery)


def validate_k(k: int) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
        raise InvalidQuery(f"k must be an integer between 1 and {MAX_K}, got {k!r}")
    return k


def query_terms(text: str) -> list[str]:
    """Lower-cased words of a user query, stop words dropped unless nothing else is left."""
    words = list(dict.fromkeys(w.lower() for w in _QUERY_TOKEN.findall(text)))[:MAX_QUERY_TOKENS]
    content = [w for w in words if w not in STOPWORDS]
    return content or words


def fts5_phrases(text: str) -> list[str]:
    """The query's words as FTS5 phrases: each a double-quoted string, so quotes, ``*``, ``-``,
    ``NEAR`` or column filters typed by a user are plain text, never FTS5 syntax."""
    return ['"' + t.replace('"', '""') + '"' for t in query_terms(text)]


def fts5_match(text: str) -> str | None:
    """A safe FTS5 MATCH expression with OR semantics, or None when the query has no words."""
    return " OR ".join(fts5_phrases(text)) or None


def websearch_or(text: str) -> str | None:
    """Input for PostgreSQL ``websearch_to_tsquery`` that ORs the query's words (recall over precision).

    Words are kept whole (``vpn.northwind.example``, ``0.30``, ``e-bike``) so PostgreSQL's parser cuts
    them exactly as it cut the documents; what websearch syntax would read as an operator goes:
    quotes (phrases), a leading ``-`` (NOT) and the word ``or``. websearch_to_tsquery never raises on
    malformed input, and drops stop words itself.
    """
    words = []
    for raw in _PG_WORD_BREAK.split(text)[:MAX_QUERY_TOKENS]:
        word = raw.lstrip("-")
        if word and word.lower() != "or" and _QUERY_TOKEN.search(word):
            words.append(word)
    return " or ".join(dict.fromkeys(words)) or None


# A document that says of itself that it is no longer in force: its title ("Leave Policy (2024
# edition, superseded)") or a folder of its path ("archive/leave-policy-2024.md") names it so.
_SUPERSEDED_TITLE = re.compile(r"\b(superseded|archived|obsolete|deprecated|withdrawn)\b", re.IGNORECASE)
_ARCHIVE_FOLDERS = frozenset({"archive", "archives", "archived", "superseded", "obsolete", "deprecated"})


def is_superseded(title: str, source_path: str) -> bool:
    """Whether a document is marked as archived or superseded by its title or a folder of its path."""
    folders = source_path.replace("\\", "/").lower().split("/")[:-1]
    return bool(_SUPERSEDED_TITLE.search(title)) or any(f in _ARCHIVE_FOLDERS for f in folders)


# A history word asks for an older edition only when it qualifies a document: a word naming a document
# or its edition follows within three words ("the old 2024 leave rules", "the previous edition", "the
# superseded policy", "earlier versions of the handbook"), or the document "used to" say something.
# Alone it is about a thing's age: "old laptops", "a former colleague", "my old job", "old versions of
# a file", "the archive folder" (session 27: 19 of the 25 development questions with such a word are of
# that kind; an archived page then lost its demotion and gained the bonus of an edition asked for).
_EDITION_NOUN = (
    r"(polic(y|ies)|rules?|handbooks?|editions?|guides?|guidelines?|guidance|procedures?|regulations?)"
)
_ASKS_FOR_HISTORY = re.compile(
    r"\b(old|older|archived?|previous|former|superseded|earlier|outdated|historic(al)?)\b"
    rf"(\W+\w+){{0,3}}?\W+{_EDITION_NOUN}\b|\b{_EDITION_NOUN}\b[^.?!]*\bused to\b",
    re.IGNORECASE,
)
# "old" and "older" about people's age are not editions: "How old must I be", "aged 50 or older".
_AGE = re.compile(r"\b(how old|years? old|old enough|older than|or older)\b", re.IGNORECASE)


def asks_for_history(query: str) -> bool:
    """Whether a query asks for an older edition ("under the old 2024 policy"): then no demotion."""
    return bool(_ASKS_FOR_HISTORY.search(_AGE.sub(" ", query)))


# A year as a question names an edition: "the 2024 leave policy", "under the 2019 handbook".
_EDITION_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def names_edition(query: str, title: str, source_path: str) -> bool:
    """Whether the question names this document's edition: a year of the question is in its title
    or its path ("What did the 2024 leave policy allow?" and "archive/leave-policy-2024.md"). Such
    an archived document is the one asked for, so it is not demoted (issue 27: "unless the question
    names them"); a question naming no year, or another year, still gets the current edition first."""
    asked = set(_EDITION_YEAR.findall(query))
    return bool(asked) and bool(asked & set(_EDITION_YEAR.findall(f"{title} {source_path}")))


def demoted(title: str, source_path: str, query: str, *, superseded: bool = False) -> bool:
    """Whether a document goes after the current ones for this question: it is archived or
    superseded (``superseded``: its stored status or a hit's flag says so, knowledge/index/status.py;
    else :func:`is_superseded` on its title and path), and the question neither asks for an older
    edition (:func:`asks_for_history`) nor names its edition (:func:`names_edition`)."""
    return (
        (superseded or is_superseded(title, source_path))
        and not asks_for_history(query)
        and not names_edition(query, title, source_path)
    )


def demote_superseded(hits: Sequence[SearchHit], k: int, *, query: str = "") -> list[SearchHit]:
    """The best ``k`` hits with every archived or superseded document after the current ones.

    Retrievers cannot tell a policy in force from the edition it replaced (both match "annual leave
    entitlement"); a reader who gets the old one first is misinformed. Order within each group is kept,
    and an archived document still appears when nothing current matches. A query that asks for an
    older edition (:func:`asks_for_history`) gets the hits flagged but in the retrievers' order, and
    one that names an edition's year (:func:`names_edition`) gets that edition where it ranks.
    """
    marked = [
        h.model_copy(update={"superseded": h.superseded or is_superseded(h.title, h.source_path)})
        for h in hits
    ]
    late = [demoted(h.title, h.source_path, query, superseded=h.superseded) for h in marked]
    return (
        [h for h, d in zip(marked, late, strict=True) if not d]
        + [h for h, d in zip(marked, late, strict=True) if d]
    )[:k]


def check_vector(vector: Sequence[float], dimensions: int, embedder: str) -> None:
    if len(vector) != dimensions:
        raise ValueError(
            f"embedder {embedder!r} returned a vector of {len(vector)} dimensions, expected {dimensions}"
        )


def to_f32_blob(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_f32_blob(blob: bytes) -> list[float]:
    return [float(x) for x in np.frombuffer(blob, dtype="<f4")]


@functools.cache
def _pg_vector_format(dimensions: int) -> str:
    return "[" + ",".join(("%.9g",) * dimensions) + "]"


def pg_vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form. pgvector stores float32 (parsed with strtof), and 9 significant digits
    identify any float32 exactly (FLT_DECIMAL_DIG), so the server stores the very values of
    ``np.float32(v)``. One %-format of the whole vector: 4x faster than repr of each float32
    scalar (0.09 against 0.35 ms for 384 dimensions), which was over half of the ingesting
    thread's CPU in the index calls (docs/benchmarks.md, Ingestion)."""
    values = np.asarray(vector, dtype=np.float32).tolist()
    return _pg_vector_format(len(values)) % tuple(values)


def candidate_count(k: int) -> int:
    """How many results each retriever contributes to fusion: k, at least 10 (Elasticsearch's RRF
    default, rank_window_size = size, for the same reason).

    With RRF at k=60, a chunk found by both retrievers outranks any chunk found by one, whatever its
    ranks. Deeper lists let the weak tail of OR keyword matching outvote the vector's best hit: on the
    demo evaluation set (SQLite), 50-deep lists gave hybrid recall@10 0.951 and 10-deep 0.972.
    """
    return max(k, 10)


# The fewest candidates each retriever gives the rerank (bench/retrieval_abstain.py --depth).
RERANK_FLOOR = 30


def rerank_depth(k: int) -> int:
    """How many candidates each retriever gives the rerank (knowledge/index/rerank.py): deeper than
    :func:`candidate_count`, since a rescored list no longer lets a weak tail outvote a best hit, and
    the canonical copy of a passage often ranks below a dozen office and team copies of it."""
    return max(3 * k, RERANK_FLOOR)


def keyword_depth(limit: int) -> int:
    """How many of the best keyword matches are ranked before the tenant and collection filters
    (SQLite): enough that one tenant among a few still gets its full list without the unbounded query."""
    return max(200, 10 * limit)
