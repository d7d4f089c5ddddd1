"""Pure rules of the index: names, query escaping, vector encoding. No I/O here."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from knowledge.index.errors import InvalidQuery
from knowledge.index.models import SearchHit

_COLLECTION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$")
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
    """Return ``name`` if it is a usable collection name, else raise saying what is allowed."""
    if not isinstance(name, str) or not _COLLECTION.match(name):
        raise InvalidQuery(
            f"collection name {name!r} is not valid: use 1-128 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit (e.g. company_handbook_v2)"
        )
    return name


def validate_k(k: int) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
        raise InvalidQuery(f"k must be an integer between 1 and {MAX_K}, got {k!r}")
    return k


def query_terms(text: str) -> list[str]:
    """Lower-cased words of a user query, stop words dropped unless nothing else is left."""
    words = list(dict.fromkeys(w.lower() for w in _QUERY_TOKEN.findall(text)))[:MAX_QUERY_TOKENS]
    content = [w for w in words if w not in STOPWORDS]
    return content or words


def fts5_match(text: str) -> str | None:
    """A safe FTS5 MATCH expression with OR semantics, or None when the query has no words.

    Every term is a double-quoted string, so quotes, ``*``, ``-``, ``NEAR`` or column filters typed
    by a user are plain text, never FTS5 syntax.
    """
    terms = query_terms(text)
    if not terms:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


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


_ASKS_FOR_HISTORY = re.compile(
    r"\b(old|older|archived?|previous|former|superseded|earlier|outdated|historic(al)?|used to)\b",
    re.IGNORECASE,
)


def asks_for_history(query: str) -> bool:
    """Whether a query asks for an older edition ("under the old 2024 policy"): then no demotion."""
    return bool(_ASKS_FOR_HISTORY.search(query))


def demote_superseded(hits: Sequence[SearchHit], k: int, *, query: str = "") -> list[SearchHit]:
    """The best ``k`` hits with every archived or superseded document after the current ones.

    Retrievers cannot tell a policy in force from the edition it replaced (both match "annual leave
    entitlement"); a reader who gets the old one first is misinformed. Order within each group is kept,
    and an archived document still appears when nothing current matches. A query that asks for an
    older edition (:func:`asks_for_history`) gets the hits flagged but in the retrievers' order.
    """
    marked = [h.model_copy(update={"superseded": is_superseded(h.title, h.source_path)}) for h in hits]
    if asks_for_history(query):
        return marked[:k]
    return ([h for h in marked if not h.superseded] + [h for h in marked if h.superseded])[:k]


def check_vector(vector: Sequence[float], dimensions: int, embedder: str) -> None:
    if len(vector) != dimensions:
        raise ValueError(
            f"embedder {embedder!r} returned a vector of {len(vector)} dimensions, expected {dimensions}"
        )


def to_f32_blob(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_f32_blob(blob: bytes) -> list[float]:
    return [float(x) for x in np.frombuffer(blob, dtype="<f4")]


def pg_vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form; float32 is what pgvector stores, so repr of float32 round-trips."""
    return "[" + ",".join(repr(float(np.float32(v))) for v in vector) + "]"


def candidate_count(k: int) -> int:
    """How many results each retriever contributes to fusion: k, at least 10 (Elasticsearch's RRF
    default, rank_window_size = size, for the same reason).

    With RRF at k=60, a chunk found by both retrievers outranks any chunk found by one, whatever its
    ranks. Deeper lists let the weak tail of OR keyword matching outvote the vector's best hit: on the
    demo evaluation set (SQLite), 50-deep lists gave hybrid recall@10 0.951 and 10-deep 0.972.
    """
    return max(k, 10)


def keyword_depth(limit: int) -> int:
    """How many of the best keyword matches are ranked before the tenant and collection filters
    (SQLite): enough that one tenant among a few still gets its full list without the unbounded query."""
    return max(200, 10 * limit)
