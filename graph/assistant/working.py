"""Working memory: the documents the last turns used, and what "it" refers to. Pure functions."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from graph.assistant.asking import asks
from graph.assistant.state import Citation, WorkingItem
from knowledge.index.passages import stem  # one stemmer for retrieval and the working memory

KEEP_TURNS = 3
# "they"/"them" (the people a document speaks of, or its rules: "Who do they pass my details on
# to?") and a closing "one"/"ones" ("Who is allowed to start one?", "what happens to the old ones?")
# point back too (session 18, from blind set 2's follow-ups).
_REFERENCE = re.compile(
    r"\b(it|its|this|that|these|those|they|them|their|the (?:document|handbook|policy|file|guide|runbook|"
    r"page|one)|this (?:document|handbook|policy|file|one)|that (?:document|handbook|policy|file|one)|"
    r"there)\b|\bones?\W*$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


# "it" that stands for nothing ("is it possible to buy extra days off?", "it is raining"): a new
# question, not one about the document in focus.
_DUMMY_IT = re.compile(
    r"\b(?:is|was|would|will|does) it (?:be )?(?:possible|ok|okay|allowed|permitted|true|fine|normal|"
    r"necessary|required|mandatory|worth|legal|safe|likely)\b|\bit(?: i|')s (?:possible|ok|okay|allowed|"
    r"permitted|true|fine|necessary|required|mandatory|raining|late|early)\b|\bhow long (?:does|will|would) "
    r"it take\b",
    re.IGNORECASE,
)


def refers_back(query: str) -> bool:
    """Whether the question points at something already in the conversation ("it", "this policy",
    "that runbook", "the same document"); an "it" that stands for nothing ("is it possible to ...")
    does not."""
    text = _DUMMY_IT.sub(" ", query)
    return bool(_REFERENCE.search(text) or _DEFINITE.search(text))


# "the policy you mentioned", "that runbook", "the same document", "that overview": a definite
# reference to a document by its kind (session 22: development set bench/followups_dev.py).
_DEFINITE = re.compile(
    r"\b(?:th(?:e|at|is)(?: same)?|same) (?:document|doc|handbook|policy|file|guide|runbook|page|overview|"
    r"checklist|faq|notice|article|section|link|text|rules?)\b(?! (?:on|for|about) )|"
    r"\b(?:the|that|this) (?:[\w-]+ )?one\b(?! (?:day|week|month|year|time|hour)s?\b)",
    re.IGNORECASE,
)
# Words a chat message opens with before it gets to the point ("ok thanks.", "k.", "ugh ok.").
_ACK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|k|kk|thanks?(?: you)?|thx|ty|cool|great|fine|got it|ugh|sure|right|alright|"
    r"hmm+|nice|perfect|good|understood|i see|oh|ah|yes|yeah|yep|lol|wow|welp|hm)\b[\s,.!;:-]*)+",
    re.IGNORECASE,
)
# A follow-up that opens with a connective ("and for partners?", "what about London?", "and if i
# miss it"): the rest of the question is the previous one's.
_CONNECTIVE = re.compile(
    r"^(?:and (?:what|how) about|and|also|plus|but|or|then|what about|how about|what of|what if|"
    r"same (?:for|with))\b",
    re.IGNORECASE,
)
# A question with its own verb clause ("and how do I reset my VPN token?") is no ellipsis.
_CLAUSE = re.compile(
    r"\b(?:how|what|when|where|who|whom|which|why|can|could|do|does|did|is|are|was|were|will|would|should|"
    r"must|may|have|has|i|we|my|\w+n'?t)\b",
    re.IGNORECASE,
)
# The user says the conversation moves on: a new question, whatever its pronouns.
_SWITCH = re.compile(
    r"\b(?:unrelated|(?:a |one )?(?:different|other|another|new|separate|unrelated) (?:question|topic|"
    r"subject|thing|matter|issue)|something else|change of (?:topic|subject)|on another note|by the way|"
    r"btw|switching (?:topics?|gears))\b",
    re.IGNORECASE,
)
# The user corrects what the last turn understood ("no, I meant the 2024 one", "actually I was
# asking about the previous edition").
_CORRECTION = re.compile(
    r"^\W*(?:(?:no+|nope|sorry|actually|oops|wait|not that)\b\W*)*(?:i )?(?:meant|mean|was asking|was "
    r"talking|wanted to know)\b|^\W*(?:no+|nope|not that(?: one)?)\W*[,.!;:-]\s*(?:the|for|in|on|about|i|my|"
    r"that|this|its?|it's)\b",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# An older edition asked for by a word, not a year ("the previous edition", "the old policy").
_OLD_EDITION = re.compile(
    r"\b(?:old|older|previous|earlier|former|prior|archived|superseded|outdated|last year'?s)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:edition|version|one|policy|handbook|rules?|document|doc)\b",
    re.IGNORECASE,
)
# Question words, pronouns and connectives: what is left is what the question itself asks about.
_HOLLOW_WORDS = (
    "and also plus but or then what about how of if same it its this that these those they them their "
    "one ones there say says said does do did mention mentioned you your me my i we our us can could "
    "should would will is are was were be been any anything something apply applies lol pls please "
    "ok okay thanks well too still even just really actually also"
)
_HOLLOW = frozenset(_HOLLOW_WORDS.split())
# Verbs whose subject is the document itself ("what does it say about ...", "does it apply to ...").
_ABOUT_DOCUMENT = re.compile(
    r"\b(?:say|says|said|mention|mentions|cover|covers|state|states|specify|specifies|apply|applies|"
    r"include|includes|explain|explains|describe|describes)\b",
    re.IGNORECASE,
)
FEW_WORDS = 3  # a follow-up with at most this many words of its own is read with the focus's section
TOPIC_WORDS = 40  # the carried-over topic is cut to its last words (repeated corrections grow it)


@dataclass(frozen=True)
class Reading:
    """How a question relates to the conversation (:func:`read`)."""

    kind: str  # "new" | "continues" | "ellipsis" | "redirects"
    query: str  # what to search for
    scoped: str = ""  # what to search the document in focus for (continues / ellipsis)
    pointer: bool = False  # continues with a pronoun or a definite reference, not only a connective
    hollow: bool = False  # has at most FEW_WORDS words of its own: means nothing without the focus
    by_section: bool = False  # ``scoped`` adds the last section: "it" is that section's subject


def content_words(query: str, stop: frozenset[str]) -> frozenset[str]:
    """The question's own words: neither stop words nor pronouns, connectives or question words."""
    return terms(query, stop) - _hollow_stems()


@functools.cache
def _hollow_stems() -> frozenset[str]:
    return frozenset(stem(w) for w in _HOLLOW)


def elliptical(query: str) -> bool:
    """Whether the question is an ellipsis: a connective and a new subject with no verb clause of
    its own ("And for partners?", "What about London?", "and for SEV2?")."""
    text = _ACK.sub("", query).strip()
    m = _CONNECTIVE.match(text)
    if m is None:
        return False
    rest = text[m.end() :]
    # "and what about programs that aren't in it?" points back: a follow-up on the focus, no ellipsis.
    return not _CLAUSE.search(rest) and not refers_back(rest) and len(_WORD.findall(rest)) <= 6


def connected(query: str) -> bool:
    """Whether the question opens (after any "ok thanks.") with a connective: "and if i miss it"."""
    return _CONNECTIVE.match(_ACK.sub("", query).strip()) is not None


def subject(query: str, stop: frozenset[str]) -> frozenset[str]:
    """The new subject of an ellipsis: its own words after the connective ("sales roles")."""
    text = _ACK.sub("", query).strip()
    m = _CONNECTIVE.match(text)
    return content_words(text[m.end() :] if m else text, stop)


def covers(words: frozenset[str], texts: Iterable[str]) -> bool:
    """Whether ``texts`` hold the subject ``words`` (all of them; one may be missing from three or more)."""
    if not words:
        return True
    found = words & text_terms(texts)
    return len(found) >= len(words) - (1 if len(words) >= 3 else 0)


def text_terms(texts: Iterable[str]) -> frozenset[str]:
    """Every stemmed word of ``texts`` (each text's terms cached on its own: passages recur)."""
    return frozenset().union(*(terms(t, frozenset()) for t in texts))


def uncovered(query: str, words: frozenset[str], texts: Iterable[str]) -> list[str]:
    """The words of ``query`` whose stems are among ``words`` but in none of ``texts``."""
    missing = words - text_terms(texts)
    return list(dict.fromkeys(w for w in _WORD.findall(query) if stem(w) in missing))


def switches(query: str) -> bool:
    return bool(_SWITCH.search(query))


def names_other_edition(query: str, focus: WorkingItem | None) -> bool:
    """Whether the question asks for another edition than the document in focus: a year its title
    and path do not carry, or "the previous edition" while the focus is the current one."""
    if focus is None:
        return False
    where = f"{focus['title']} {focus['source_path'] or ''}".lower()
    years = set(_YEAR.findall(query))
    if years and not any(y in where for y in years):
        return True
    archived = "archive" in where or "superseded" in where
    return bool(_OLD_EDITION.search(query)) and not archived


def _section(focus: WorkingItem) -> str:
    """The section of the focus's cited passage (its document's title when it has none)."""
    return (focus.get("heading") or "").split(" > ")[-1] or focus["title"]


def corrects(query: str) -> bool:
    return bool(_CORRECTION.search(query))


def read(query: str, focus: WorkingItem | None, topic: str, stop: frozenset[str]) -> Reading:
    """How ``query`` continues the conversation whose document in focus is ``focus`` and whose last
    question (as searched) was ``topic``:

    - ``redirects``: a correction ("no, I meant the 2024 one") or another edition of the focus
      ("is that more than the 2024 policy gave?"): the last question's topic with the new words,
      searched anywhere (the focus is what the user moves away from);
    - ``ellipsis``: a connective and a new subject ("and for partners?"): the focus is searched for
      the question, the rest of the base for it with the focus's title (after an abstention that
      dropped the focus, with the last question);
    - ``continues``: a pronoun or a definite reference ("does it apply to interns?", "the policy
      you mentioned"): the focus searched for the question (with the focus's section when the
      question has few words of its own), if the focus bears on it (decided by the caller);
    - ``new``: anything else, and any question that says it moves on ("unrelated, but ...").
    """
    # Whether the last message asked is read on all of it: a long one that asks first ("Can I carry
    # leave over? ...forty words of circumstances") is a question, though its cut topic is not.
    stated = bool(topic) and not asks(topic)
    topic = " ".join(topic.split()[-TOPIC_WORDS:])
    if switches(query):
        return Reading("new", query)
    # Another edition redirects a question that points back ("is that more than the 2024 policy
    # gave?"); "what changed in the 2024 leave policy?" is a new question that names it.
    other = names_other_edition(query, focus) and (refers_back(query) or connected(query))
    if topic and (corrects(query) or other):
        return Reading("redirects", f"{topic} {query}")
    if elliptical(query):
        if focus is None:
            return Reading("ellipsis", f"{topic} {query}" if topic else query)
        return Reading("ellipsis", f"{query} ({focus['title']})", scoped=f"{query} ({_section(focus)})")
    if focus is not None and (refers_back(query) or connected(query)):
        pointer = refers_back(query)
        hollow = len(content_words(query, stop)) <= FEW_WORDS
        whole = pointer and bool(_ABOUT_DOCUMENT.search(query) or _DEFINITE.search(query))
        by_section = hollow and not whole
        if whole:
            # "does it apply to contractors?", "what does that runbook say about ...": the document
            # as a whole, asked about something new; its title, not the last section, reads it.
            scoped = f"{query} ({focus['title']})"
        elif by_section:
            scoped = f"{query} ({_section(focus)})"  # "when am I enrolled in it?": the last section's subject
        else:
            scoped = query
        return Reading("continues", f"{query} ({focus['title']})", scoped, pointer, hollow, by_section)
    if focus is None and stated and refers_back(query):
        # "it" after a message that asked nothing and got no citation: what it points at is in that
        # message, a statement of circumstances ("HR booked me a chat about why I'm leaving" -> "who
        # gets to see what I say in it?") or a bare keyword search ("finance ops amsterdam local
        # contact" -> "how do I reach them?"), searched with the new words. After a question the
        # base had nothing for, a pronoun question is read as new (it may ask something else).
        return Reading("continues", f"{topic} {query}", pointer=True)
    return Reading("new", query)


def update(
    items: Sequence[WorkingItem],
    citations: Sequence[Citation],
    turn: int,
    headings: Mapping[str, str] | None = None,
) -> tuple[list[WorkingItem], WorkingItem | None]:
    """Working memory after a turn that cited ``citations`` (``headings``: their sections, by
    chunk id), and its focus (the first cited document, or the previous focus when nothing was
    cited)."""
    fresh: list[WorkingItem] = []
    seen: set[str] = set()
    for c in citations:
        if c["chunk_id"] in seen:
            continue
        seen.add(c["chunk_id"])
        fresh.append(
            WorkingItem(
                kind="document",
                id=c["chunk_id"],
                doc_id=c["doc_id"],
                title=c["title"],
                source_path=c["path"],
                turn=turn,
                heading=(headings or {}).get(c["chunk_id"]),
            )
        )
    older = [i for i in items if i["turn"] > turn - KEEP_TURNS and i["id"] not in seen]
    merged = fresh + older
    focus = fresh[0] if fresh else None
    if focus is None:
        docs = [i for i in items if i["kind"] == "document"]
        focus = max(docs, key=lambda i: i["turn"]) if docs else None
    return merged, focus


def describe(items: Iterable[WorkingItem], focus: WorkingItem | None) -> str:
    """Working memory as text for the context: what each recent turn used, with exact ids."""
    lines = ["Working memory (documents used in recent turns):"]
    if focus is not None:
        lines.append(
            f"Current focus: {focus['title']} (doc_id {focus['doc_id']}, path {focus['source_path']})"
        )
    for i in items:
        lines.append(f"- turn {i['turn']}: {i['title']} doc_id={i['doc_id']} chunk_id={i['id']}")
    return "\n".join(lines)


@functools.lru_cache(maxsize=50_000)
def terms(text: str, stop: frozenset[str]) -> frozenset[str]:
    """Stemmed content words of ``text`` (cached: memories and passages come back turn after turn)."""
    return frozenset(stem(w) for w in _WORD.findall(text) if w.lower() not in stop and len(w) > 1)


def as_citation(hit: dict[str, Any]) -> Citation:
    return Citation(
        doc_id=str(hit["doc_id"]), chunk_id=str(hit["chunk_id"]), title=str(hit["title"]),
        path=str(hit["source_path"]),
    )  # fmt: skip
