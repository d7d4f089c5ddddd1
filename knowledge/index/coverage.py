"""Whether the best passage covers what the question asks: the question's words it lacks, and how foreign they are.

A passage near the question is not always an answer: "Does the pension plan invest in
cryptocurrency?" is close to the pension section in every word but one, and that word is the
question. :func:`uncovered_words` names the question's topic words a passage does not contain
(stemmed; stop words and words any question has, such as "many" or "get", aside): the assistant's
"nothing relevant found" answer names them, so a reader sees what the closest documents lack.

:func:`foreign_gain` measures how foreign such a word is to the passage's best sentence: the rise
of the question's cosine with that sentence when the word is dropped (a paraphrase's word, "pooch"
beside "dogs", brings no rise; a near miss's, "cryptocurrency" beside the pension's funds, a large
one). Session 19 measured it as an abstention signal (bench/abstain_dev.py, docs/benchmarks.md):
it doubles abstention recall on mechanically made near misses at the same wrong-abstention rate, and
adds nothing on the hand-written blind sets, so the judge does not use it and searches do not pay
for it (one embedding per dropped word); the bench computes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from knowledge.index.passages import stem, terms
from knowledge.index.rules import STOPWORDS

Vectors = Callable[[list[str]], np.ndarray]  # texts -> one unit vector per row
MAX_DROPPED = 4  # missing words tried, in the question's order (each costs one short embedding)
# Words of a question that name no topic: quantities, modal and light verbs, time words any
# question about any rule may use ("how many days do I get", "can I still").
# fmt: off
QUESTION_WORDS = frozenset((
    "many", "much", "get", "gets", "got", "getting", "give", "gives", "given", "can", "could", "need",
    "needs", "want", "wants", "happen", "happens", "someone", "something", "anything", "anyone",
    "everyone", "everything", "allowed", "allow", "ok", "okay", "also", "really", "still", "just",
    "like", "long", "often", "soon", "quickly", "time", "way", "thing", "things", "kind", "make",
    "sure", "tell", "say", "says", "know", "let", "take", "put", "go", "going", "come", "back", "may",
    "must", "shall", "might", "one", "anyone", "whether", "else", "would", "please", "policy", "rule",
    "rules", "say", "read", "find", "look", "there", "here", "work", "does", "did", "done",
))
# fmt: on
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)


def _key(word: str) -> str:
    return stem(word.lower().split("'")[0].split("’")[0])


def _function_word(word: str) -> bool:
    """A stop word or :data:`QUESTION_WORDS` word, also contracted as typed in a chat: "what's",
    "whats", "i'm", "don't", "wont" (the part before the apostrophe, or the word less its 's')."""
    base = re.split(r"['’]", word)[0]
    chat = word[:-1] if word.endswith("s") and len(word) > 3 else ""
    return any(w in STOPWORDS or w in QUESTION_WORDS for w in (word, base, chat) if w) or word in (
        "dont",
        "wont",
        "cant",
        "isnt",
        "doesnt",
        "didnt",
        "im",
        "ive",
        "id",
    )


def uncovered_words(query: str, passage_text: str) -> list[str]:
    """The question's topic words (lower case, as typed, in its order) whose stem is not in
    ``passage_text`` (a passage with its heading and its document's title); words with digits, stop
    words and :data:`QUESTION_WORDS` aside."""
    passage = terms(passage_text)
    out: list[str] = []
    for token in _TOKEN.findall(query):
        word = token.lower()
        if _function_word(word) or len(word) < 3 or any(c.isdigit() for c in word):
            continue
        if _key(word) not in passage and word not in out:
            out.append(word)
    return out


def without(query: str, word: str) -> str:
    """The question with every token of ``word``'s stem removed (its other words in their order)."""
    key = _key(word)
    return " ".join(t for t in _TOKEN.findall(query) if _key(t) != key)


def foreign_gain(
    query: str, sentence_vector: np.ndarray, missing: Sequence[str], embed: Vectors
) -> tuple[float, str] | None:
    """The largest rise of the question's cosine with the best sentence when one of its ``missing``
    words is dropped, and that word; None when no word is missing. The question itself is embedded
    with the same function as its variants, so that the difference is the word's alone."""
    tried = list(missing[:MAX_DROPPED])
    if not tried:
        return None
    # A question of nothing but missing words keeps itself (gain 0): an empty text embeds to noise.
    variants = [without(query, w) or query for w in tried]
    vectors = np.asarray(embed([query, *variants]), dtype=np.float32)
    cosines = vectors @ np.asarray(sentence_vector, dtype=np.float32)
    gains = cosines[1:] - cosines[0]
    best = int(np.argmax(gains))
    return float(gains[best]), tried[best]
