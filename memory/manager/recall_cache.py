"""What hybrid recall keeps in memory per user: vectors, turn metadata, words and sessions.

Loaded in one statement (``load_vectors``) after a write bumps the user's generation, and reused
by every recall until the next write. Besides the vectors: each turn's speaker, time and same-
session neighbours; a BM25 index over the turns' words (memory/lexical.py: the same scores on
SQLite and PostgreSQL); and the sessions (a session's turns share ``value["session"]``) as
documents of their own: the mean of their turns' vectors and a BM25 index over their whole text,
so a question can first find the conversation it is about, then the turns within it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import numpy as np
import numpy.typing as npt

from kassist.db.vector_scan import GenerationCache, ScanMatrix, matrix_from_blobs, matrix_from_texts
from memory.lexical import Bm25
from memory.manager.recall_time import event_span
from memory.manager.statements import VECTOR_ROW


@dataclass(frozen=True)
class Sessions:
    """One user's sessions: ``of[i]`` is row i's session (-1: none), ``vectors`` their unit mean."""

    of: npt.NDArray[np.int64]
    vectors: npt.NDArray[np.float32]
    words: Bm25

    @classmethod
    def build(
        cls, keys: Sequence[tuple[str, str] | None], vectors: npt.NDArray[np.float32], texts: Sequence[str]
    ) -> Sessions:
        index: dict[tuple[str, str], int] = {}
        of = np.array([-1 if k is None else index.setdefault(k, len(index)) for k in keys], dtype=np.int64)
        sums = np.zeros((len(index), vectors.shape[1] if vectors.ndim == 2 else 0), dtype=np.float64)
        member = of >= 0
        if len(index) and member.any():
            np.add.at(sums, of[member], vectors[member].astype(np.float64))
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        unit = (sums / np.where(norms > 0, norms, 1.0)).astype(np.float32)
        joined: list[list[str]] = [[] for _ in index]
        for i, session in enumerate(of.tolist()):
            if session >= 0:
                joined[session].append(texts[i])
        return cls(of, unit, Bm25.build(["\n".join(t) for t in joined]))


@dataclass(frozen=True)
class UserVectors:
    """One user's (and the tenant defaults') active vectors of one model, with their turn metadata."""

    matrix: ScanMatrix[str]
    user_ids: npt.NDArray[np.object_]
    types: npt.NDArray[np.object_]
    keys: npt.NDArray[np.object_]
    times: npt.NDArray[np.float64]  # POSIX seconds: when said (``at``), else valid_from
    speakers: npt.NDArray[np.object_]  # lower-cased, or ""
    position: dict[str, int]
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Row of the previous / next turn of the same session, -1 if none (score fusion's context).
    prev: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    nxt: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    # Row of the same speaker's turn two before, when the friend asked a question in between (-1 if
    # not): a telling goes on after the friend's follow-up ("Away, a week in Cape Town!" / "What did
    # you see?" / "Table Mountain"), so the answer also scores by the turn that named the event.
    again: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    speaker_names: frozenset[str] = frozenset()
    words: Bm25 | None = None  # the rows' content
    sessions: Sessions | None = None
    asks: npt.NDArray[np.bool_] | None = None  # the turn is a question (its text ends with "?")
    # The share of the turn's words in its question sentences: 1 for "Where did you go?", about a
    # third for "Yeah, I painted that lake sunrise last year! It's special to me. Do you paint?" (a
    # chat turn tells, then asks the friend back: it still tells).
    asking: npt.NDArray[np.float64] | None = None
    # The span of days a turn's relative time points at ("last Saturday" said on 8 May: 6 May),
    # POSIX seconds, NaN where it names none (recall_time.event_span).
    event_start: npt.NDArray[np.float64] | None = None
    event_end: npt.NDArray[np.float64] | None = None
    # The turn says when something happened ("yesterday", "last Friday", "two weeks ago"): a told
    # event, as a list or "when" question's evidence is, rather than a feeling or an opinion.
    dated: npt.NDArray[np.bool_] | None = None
    # The turn tells a plan, a wish or a maybe ("I might try it again next month", "I'd love to go
    # back") and no event: not the evidence of a question about what someone did.
    plans: npt.NDArray[np.bool_] | None = None
    # How many of the owner's rows say exactly this text (case and spacing aside): a line said again
    # and again ("Same old, same old.", "haha") is small talk, not a fact told once.
    repeats: npt.NDArray[np.float64] | None = None
    # The rank (0 to 1) of the mean idf of a row's words among the owner's rows: a turn in rare
    # words (names, places, things) is more often a fact than one in everyday words.
    specific: npt.NDArray[np.float64] | None = None

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Any]], dimensions: int) -> UserVectors:
        """``rows``: ``load_vectors``' rows (their columns are statements.VECTOR_ROW), undecoded."""
        rows = [row for row in rows if _width(row[-1]) == dimensions]
        columns: Sequence[Sequence[Any]] = list(zip(*rows, strict=True)) if rows else [()] * len(VECTOR_ROW)
        memory_ids, owners, memory_types, keys, valid_from, at, speaker, session, turn, content, raw = columns
        vectors = (
            matrix_from_texts(list(raw), dimensions)
            if raw and isinstance(raw[0], str)
            else matrix_from_blobs([bytes(b) for b in raw], dimensions, what="memory vector")
        )
        ids = [str(memory_id) for memory_id in memory_ids]
        slots: dict[tuple[str, str, int], str] = {}
        for memory_id, owner, said_in, position in zip(ids, owners, session, turn, strict=True):
            number = _int(position)
            if said_in is not None and number is not None:
                slots[(str(owner), str(said_in), number)] = memory_id
        neighbours: dict[str, tuple[str, ...]] = {}
        row_of = {memory_id: i for i, memory_id in enumerate(ids)}
        prev = np.full(len(ids), -1, dtype=np.int64)
        nxt = np.full(len(ids), -1, dtype=np.int64)
        for (owner, said_in, number), memory_id in slots.items():
            near = []
            for d, side in ((-1, prev), (1, nxt)):
                if (other := slots.get((owner, said_in, number + d))) is not None:
                    side[row_of[memory_id]] = row_of[other]
                    near.append(other)
            if near:
                neighbours[memory_id] = tuple(near)
        texts = [str(text or "") for text in content]
        talker = [str(name or "").strip().lower() for name in speaker]
        times = [_when(when, valid) for when, valid in zip(at, valid_from, strict=True)]
        asks = np.array([t.rstrip().endswith("?") for t in texts], dtype=np.bool_)
        asking = np.array([question_share(t) for t in texts], dtype=np.float64)
        again = np.full(len(ids), -1, dtype=np.int64)
        for i in range(len(ids)):
            before = int(prev[i])
            earlier = int(prev[before]) if before >= 0 else -1
            if earlier >= 0 and talker[i] and talker[earlier] == talker[i] != talker[before] and asks[before]:
                again[i] = earlier
        session_keys = [
            None if said_in is None else (str(owner), str(said_in))
            for owner, said_in in zip(owners, session, strict=True)
        ]
        said = [(str(owner), " ".join(t.lower().split())) for owner, t in zip(owners, texts, strict=True)]
        counts = Counter(said)
        dated = np.array([tells_when(t) for t in texts], dtype=np.bool_)
        spans = np.full((len(rows), 2), np.nan, dtype=np.float64)
        for i, (when, text) in enumerate(zip(times, texts, strict=True)):
            found = event_span(text, datetime.fromtimestamp(when, UTC))
            if found is not None:
                spans[i] = (found[0].timestamp(), found[1].timestamp())
        words = Bm25.build(texts)
        rarity = words.specificity()
        specific = np.zeros(len(rows), dtype=np.float64)
        if len(rows) > 1:
            # Tied rarities share their average rank: rows whose words are all as rare (a few rows,
            # each word in one of them) differ only by float noise of the summing order, which
            # follows the process's string hashing, so a plain argsort ranked them at random.
            _, tie, count = np.unique(np.round(rarity, 9), return_inverse=True, return_counts=True)
            average = np.cumsum(count) - count + (count - 1) / 2.0
            specific = average[tie] / (len(rows) - 1)
        return cls(
            matrix=ScanMatrix.build(ids, vectors),
            user_ids=np.array(list(owners), dtype=object),
            types=np.array(list(memory_types), dtype=object),
            keys=np.array(list(keys), dtype=object),
            times=np.array(times, dtype=np.float64),
            speakers=np.array(talker, dtype=object),
            position=row_of,
            neighbours=neighbours,
            prev=prev,
            nxt=nxt,
            again=again,
            speaker_names=frozenset(talker) - {""},
            words=words,
            sessions=Sessions.build(session_keys, vectors, texts),
            asks=asks,
            asking=asking,
            event_start=spans[:, 0],
            event_end=spans[:, 1],
            dated=dated,
            plans=np.array(
                [not d and tells_plan(t) for t, d in zip(texts, dated, strict=True)], dtype=np.bool_
            ),
            repeats=np.array([counts[x] for x in said], dtype=np.float64),
            specific=specific,
        )


def _width(embedding: Any) -> int:
    if isinstance(embedding, str):
        return embedding.count(",") + 1
    return len(embedding) // 4 if embedding else 0


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _when(at: Any, valid_from: Any) -> float:
    """When a turn was said (its value's ``at``, ISO text), else when the memory became valid
    (a time, or SQLite's ISO text)."""
    if isinstance(at, str):
        try:
            parsed = datetime.fromisoformat(at)
            return (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).timestamp()
        except ValueError:
            pass
    if isinstance(valid_from, str):
        valid_from = datetime.fromisoformat(valid_from)
    return float(valid_from.timestamp())


_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
TOLD_WHEN = re.compile(
    rf"\b(yesterday|last (?:night|week|weekend|month|year|{_DAYS})|(?:on|this past|last) (?:{_DAYS})"
    r"|the other day|(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of) (?:days?|weeks?|months?|years?) ago"
    r"|earlier (?:today|this week|this month)|over the weekend|this (?:morning|weekend))\b",
    re.IGNORECASE,
)
"""A past time as people tell events in a chat (not a date field: the words of the turn)."""
_HINTS = ("yesterday", "last ", "ago", "day", "earlier", "weekend", "morning")
_FIRST_PERSON = re.compile(r"\b(i|we|i've|we've|i'd|we'd|me|us|my|our)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


_QUESTION = re.compile(r"[^.!?]*\?+")


def question_share(text: str) -> float:
    """The share of ``text``'s characters in sentences ending with "?" (0 when none does)."""
    if "?" not in text:
        return 0.0
    body = len(text.strip()) or 1
    return min(1.0, sum(len(m.group(0).strip()) for m in _QUESTION.finditer(text)) / body)


def tells_when(text: str) -> bool:
    """Whether one sentence of ``text`` tells when the speaker did something: a past time and the
    first person together ("Last Saturday I ran the 10k"); "Traffic was awful this morning" is
    small talk, not an event of the speaker's (bench/recall.py: 1% of the older splits' turns
    against 11-19% of their list and "when" evidence)."""
    low = text.lower()
    # Most turns hold none of these words: plain substring tests first (the cache is rebuilt after
    # every write; the regular expression alone costs ~8 us a turn).
    if not any(w in low for w in _HINTS) or not TOLD_WHEN.search(text):
        return False
    return any(TOLD_WHEN.search(s) and _FIRST_PERSON.search(s) for s in _SENTENCE.split(text))


PLAN = re.compile(
    r"\b(would|should|might|could|may be|maybe|want to|wanna|hope to|hoping to|plan to|planning to"
    r"|thinking (?:about|of)|someday|one day|next (?:week|month|year|time|summer|spring|autumn|fall|winter)"
    r"|going to|gonna|will|wish|love to|'d like to|would like to)\b|\b(?:i|we|you)'(?:ll|d)\b",
    re.IGNORECASE,
)
"""What a plan, a wish or a maybe says ("I might", "I'd love to", "next month", "someday")."""


def tells_plan(text: str) -> bool:
    """Whether ``text`` says a plan, a wish or a maybe (see :data:`PLAN`); recall reads it only for
    turns that tell no dated event (:func:`tells_when`)."""
    return PLAN.search(text) is not None


VectorCache = GenerationCache[tuple[str, str, str], UserVectors]


def new_cache() -> VectorCache:
    return GenerationCache(max_entries=16)
