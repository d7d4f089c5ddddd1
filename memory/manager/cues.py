"""What a question says about the memories it wants, read without a model: time, speakers, names.

"What did Caroline say last week about the adoption?" asks for turns spoken by Caroline, in the
week before this one, about an adoption. :func:`read_cues` finds the time window ("yesterday",
"last week", "in May", "on 12 March 2026", "in 2025", "three weeks ago"), the speakers it names
(among those recall knows of) and the other proper names, relative to ``now``. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
            ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"),
            ("october", "oct"), ("november", "nov"), ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}  # fmt: skip
_MONTH = r"(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2,
            "few": 3, "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_NOT_NAMES = frozenset(
    [
        "i",
        "i'm",
        "i've",
        "i'd",
        "what",
        "when",
        "where",
        "who",
        "whom",
        "whose",
        "which",
        "why",
        "how",
        "did",
        "does",
        "do",
        "is",
        "was",
        "were",
        "are",
        "has",
        "have",
        "had",
        "the",
        "a",
        "an",
        "and",
        "or",
        "but",
        "in",
        "on",
        "at",
        "to",
        "of",
        "for",
        "from",
        "with",
        "about",
        "during",
        "since",
        "before",
        "after",
        "last",
        "next",
        "this",
        "that",
        "these",
        "those",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "it",
        "its",
        "can",
        "could",
        "would",
        "should",
        "will",
        "shall",
        "may",
        "might",
        "tell",
        "remind",
        "yesterday",
        "today",
        "tonight",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
) | frozenset(MONTHS)


@dataclass(frozen=True)
class Window:
    """A half-open time range [start, end) the question points at."""

    start: datetime
    end: datetime

    def contains(self, when: datetime) -> bool:
        return self.start <= when < self.end


@dataclass(frozen=True)
class Cues:
    window: Window | None = None
    speakers: frozenset[str] = field(default_factory=frozenset)  # lower-cased
    names: frozenset[str] = field(default_factory=frozenset)  # lower-cased proper names, not speakers
    recent: bool = False  # "recently", "lately", "latest": newer memories count more
    listing: bool = False  # asks for several things ("What has Melanie painted?"): see is_listing
    when: bool = False  # asks when something happened ("When did ...", "How long ago ...")
    guess: bool = False  # asks for an inference ("Would X enjoy ...?", "Is X likely to ...?"): see is_guess


def _day(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def _month_window(year: int, month: int) -> Window:
    start = datetime(year, month, 1, tzinfo=UTC)
    end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=UTC)
    return Window(start, end)


def _latest_month(now: datetime, month: int, year: int | None) -> Window:
    if year is None:  # "in May" means the latest May that has begun
        year = now.year if month <= now.month else now.year - 1
    return _month_window(year, month)


def _part_of_month(month: Window, part: str) -> Window:
    """ "Early June" is about its first ten days, "mid" the middle, "late" the rest; each part
    overlaps the next by a day or two, as people round ("early June" for the 12th)."""
    first, last = {"early": (0, 12), "mid": (8, 22), "late": (18, 31)}[part]
    return Window(month.start + timedelta(days=first), min(month.end, month.start + timedelta(days=last)))


def read_window(text: str, now: datetime) -> Window | None:
    """The time window a question names, relative to ``now`` (UTC), or None."""
    t = text.lower()
    today = _day(now.astimezone(UTC).date())
    if re.search(r"\byesterday\b", t):
        return Window(today - timedelta(days=1), today)
    if re.search(r"\b(today|this morning|tonight|earlier today)\b", t):
        return Window(today, today + timedelta(days=1))
    monday = today - timedelta(days=today.weekday())
    if re.search(r"\blast weekend\b", t):
        saturday = monday - timedelta(days=2)
        return Window(saturday - timedelta(days=1), monday)  # Friday evening plans count
    if re.search(r"\blast week\b", t):
        return Window(monday - timedelta(days=7), monday)
    if re.search(r"\bthis week\b", t):
        return Window(monday, today + timedelta(days=1))
    if re.search(r"\blast month\b", t):
        first = today.replace(day=1)
        previous = (first - timedelta(days=1)).replace(day=1)
        return Window(previous, first)
    if re.search(r"\bthis month\b", t):
        return Window(today.replace(day=1), today + timedelta(days=1))
    if re.search(r"\blast year\b", t):
        return Window(datetime(now.year - 1, 1, 1, tzinfo=UTC), datetime(now.year, 1, 1, tzinfo=UTC))
    if re.search(r"\bthis year\b", t):
        return Window(datetime(now.year, 1, 1, tzinfo=UTC), today + timedelta(days=1))
    ago = re.search(r"\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|a couple of|couple of)\s+"
                    r"(day|week|month|year)s?\s+ago\b", t)  # fmt: skip
    if ago:
        count_word = ago.group(1).removeprefix("a ").strip()
        count = int(count_word) if count_word.isdigit() else _NUMBERS.get(count_word, 1)
        unit = _UNIT_DAYS[ago.group(2)]
        centre = today - timedelta(days=count * unit)
        half = timedelta(days=max(1, unit // 2 + (unit == 1)))
        return Window(centre - half, centre + half + timedelta(days=1))
    day_month = re.search(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b(?:,?\s+(\d{{4}}))?", t)
    month_day = re.search(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?", t)
    for m, day_group, month_group in ((day_month, 1, 2), (month_day, 2, 1)):
        if m:
            month, day = MONTHS[m.group(month_group)], int(m.group(day_group))
            year = int(m.group(3)) if m.group(3) else None
            try:
                found = date(year or now.year, month, day)
                if year is None and _day(found) > today:
                    found = date(now.year - 1, month, day)
            except ValueError:
                continue
            if re.search(r"\bweekend of\b", t):  # "the weekend of 6 May": that Saturday and Sunday
                saturday = _day(found) - timedelta(days=(found.weekday() - 5) % 7)
                return Window(saturday, saturday + timedelta(days=2))
            return Window(_day(found), _day(found) + timedelta(days=1))
    month_year = re.search(rf"\b{_MONTH}\b(?:\s+(?:of\s+)?(\d{{4}}))?", t)
    # "may" is a month only where a time is meant ("in May", "May 2025"), not "may I ask".
    if month_year and (
        month_year.group(1) != "may"
        or re.search(r"\b(in|during|since|of|early|late|mid)\s+may\b|\bmay\s+\d{4}\b", t)
    ):
        year = int(month_year.group(2)) if month_year.group(2) else None
        window = _latest_month(now, MONTHS[month_year.group(1)], year)
        part = re.search(rf"\b(early|mid|late)[\s-]+{_MONTH}\b", t)
        return _part_of_month(window, part.group(1)) if part else window
    year_only = re.search(r"\b(in|during|of)\s+((?:19|20)\d{2})\b", t)
    if year_only:
        year = int(year_only.group(2))
        return Window(datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC))
    return None


def proper_names(text: str) -> list[str]:
    """Capitalised words other than question and function words (lower-cased, possessive dropped)."""
    names = []
    for word in _WORD.findall(text):
        bare = word.removesuffix("'s").rstrip("'")
        if bare[:1].isupper() and bare.lower() not in _NOT_NAMES:
            names.append(bare.lower())
    return names


def read_cues(text: str, now: datetime, speakers: Iterable[str] = ()) -> Cues:
    """Every cue of ``text``; ``speakers`` are the (lower-cased) speaker names recall knows of."""
    known = frozenset(speakers)
    names = proper_names(text)
    words = {w.lower().removesuffix("'s") for w in _WORD.findall(text)}
    named_speakers = frozenset(s for s in known if s in words or s.split(" ")[0] in words)
    first_names = {s.split(" ")[0] for s in named_speakers}
    others = frozenset(n for n in names if n not in known and n not in first_names)
    recent = bool(re.search(r"\b(recently|lately|latest|most recent|these days|nowadays)\b", text.lower()))
    when = bool(re.search(r"^\s*when\b|\bhow long ago\b|\bwhat (date|day|month|year)\b", text, re.IGNORECASE))
    return Cues(
        read_window(text, now), named_speakers, others, recent, is_listing(text), when, is_guess(text)
    )


_GUESS = re.compile(
    r"\b(likely|unlikely|probably|might|would|could)\b|^\s*(is|are|does|do|did|was|has)\b.*\b(seem|tend|enjoy|like|prefer)",
    re.IGNORECASE,
)


def is_guess(text: str) -> bool:
    """Whether a question asks for an inference from what someone did rather than for a fact told
    ("Would Caroline enjoy a poetry reading?", "Is Mark likely to run again?", "What fields would
    she pursue?", "Does Mark seem to enjoy it?"; LoCoMo's open-domain questions): its evidence is
    the person's told events of that kind, not the turns in the question's words."""
    return _GUESS.search(text) is not None


_LEAD = re.compile(r"^\s*(?:in\s+)?(what|which|where|who)\s+([a-z']+)", re.IGNORECASE)
_SINGULAR_S = frozenset({"is", "was", "does", "has", "this", "us", "his", "its", "plus", "bus"})


def is_listing(text: str) -> bool:
    """Whether a question asks for several things told at different times: "What has Melanie
    painted?", "Where has Melanie camped?", "What books has Caroline read?", "In what ways is Tim
    involved?" (LoCoMo's multi-hop questions). Their evidence is spread over sessions, so recall
    spreads its top results over sessions too (recall_fusion.spread_sessions). A "what did"
    question asks for one thing; "how long" or "when" questions are not lists."""
    if re.search(r"\bhow (many times|often)\b", text, re.IGNORECASE):
        return True  # a count needs every occurrence, told in different sessions
    lead = _LEAD.match(text)
    if lead is None or re.search(r"\b(how long|how many|when)\b", text, re.IGNORECASE):
        return False
    second = lead.group(2).lower()
    if re.search(r"\b(has|have)\b", text, re.IGNORECASE) and second not in ("did", "is", "was"):
        return True
    if second in ("are", "were"):  # "What are Melanie's pets' names?"
        return True
    return second.endswith("s") and not second.endswith("ss") and second not in _SINGULAR_S


# "Where does I work" reads worse to a sentence model than "Where do I work": the few verb forms a
# question puts before its subject.
_FIRST_PERSON_VERB = re.compile(r"\b(does|has|is)(\s+I)\b", re.IGNORECASE)
_FIRST_PERSON_FORM = {"does": "do", "has": "have", "is": "am"}
MAX_REWRITES = 2


def first_person(text: str, name: str) -> str:
    """``text`` as the person ``name`` would put it: "What is Caroline's job?" -> "What is my job?".

    A speaker's own turns say "I" and "my", never their own name, so a question about a speaker
    compared with that speaker's turns (a sentence model's vector) matches better in the first
    person (bench/recall.py: recall@10 +0.05 on the tuning split)."""
    pattern = r"\b" + r"\s+".join(re.escape(w) for w in name.split()) + r"\b"
    out = re.sub(pattern + r"'s?(?!\w)", "my", text, flags=re.IGNORECASE)
    out = re.sub(pattern, "I", out, flags=re.IGNORECASE)

    def verb(m: re.Match[str]) -> str:
        form = _FIRST_PERSON_FORM[m.group(1).lower()]
        return (form.capitalize() if m.group(1)[0].isupper() else form) + m.group(2)

    out = re.sub(r"\b(for|to|with|about|from|of|by)\s+I\b", r"\1 me", _FIRST_PERSON_VERB.sub(verb, out))
    return re.sub(r"\s{2,}", " ", out).strip()


def rewrite_candidates(text: str) -> list[str]:
    """The proper names of ``text`` that may be a speaker, at most :data:`MAX_REWRITES`: recall
    embeds the question in the first person of each before it knows which is a speaker."""
    return list(dict.fromkeys(proper_names(text)))[:MAX_REWRITES]
