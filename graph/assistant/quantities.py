"""Quantities a question asks for, and whether a sentence states one (issue 27 item 3; split out of
answer_types.py in session 27).

"How many", "how much", "how long", "how often", a percentage, a size, a deadline: what kind of
quantity is asked (:func:`asked_quantity`), whether a sentence states one of that kind
(:func:`states`) about the question's subject (:func:`answers_quantity`), and the judge's reading of
a count (:func:`judged_answer`). Names, times of day and telephone numbers are
graph/assistant/answer_types.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from knowledge.index.coverage import QUESTION_WORDS
from knowledge.index.passages import stem, terms
from knowledge.index.rules import STOPWORDS
from knowledge.index.sentences import QUESTION_TERMS

# A clock time ("09:30", "6 pm", "noon"): the answer to "what time", and no count or amount.
CLOCK = re.compile(
    r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|\b(?:noon|midday|midnight|o'clock|24/7)\b",
    re.IGNORECASE,
)

# A near miss's closest sentences often hold *some* number (session 22: a lenient number type for
# every quantity caught nothing), so a quantity answers only when it is of the kind asked AND sits in
# a sentence about the question's subject (a count by any number, session 26: it is often
# paraphrased, and the near misses caught state no number at all): "how many minutes of the first morning ..." is not answered by
# "the first 30 days focus on learning the product", nor "how many working days does IT take to
# wipe a stolen laptop" by "after 93 days, the service desk can restore from backup".

# Units of time, by their stem, and the units an answer may give instead ("how many days" is
# answered in weeks or working days, not in hours or months).
_TIME_STEPS = ("minut", "hour", "day", "week", "month", "year")
_NEAR_UNITS = [{"minut", "hour"}, {"day", "week"}, {"week", "month"}, {"month", "year"}]
_TIME_ALIASES = {"min": "minut", "hr": "hour", "hrs": "hour", "wk": "week", "yr": "year", "quarter": "month",
                 "fortnight": "week", "night": "day"}  # fmt: skip
# The number words, once: a count may be given by any of them (:data:`_CARDINAL`), an amount of time
# or of the thing counted also by "a", "an" or "half" ("a week", "half a day").
NUMERALS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
    "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "dozen",
    "single", "several", "few", "couple",
)  # fmt: skip
_NUMBER_WORDS = "|".join((*NUMERALS, "half", "a", "an"))
_NUMBER = rf"(?:\d[\d,.]*|{_NUMBER_WORDS})"
_UNIT_WORD = re.compile(r"[a-z]+")
_HOW_MANY = re.compile(r"\bhow\s+many\s+((?:[\w'-]+(?:\s+|$)){1,4})", re.IGNORECASE)
_ASKS_DURATION = re.compile(
    r"\bhow\s+(?:long|soon|far\s+(?:ahead|in\s+advance|back))\b|\bhow\s+much\s+(?:time|notice|warning)\b",
    re.IGNORECASE,
)
_ASKS_FREQUENCY = re.compile(r"\bhow\s+(?:often|frequently)\b|\bhow\s+many\s+times\b", re.IGNORECASE)
_ASKS_PERCENT = re.compile(r"\b(?:what|which)\s+(?:percentage|percent|share|proportion)\b", re.IGNORECASE)
_ASKS_MONEY = re.compile(
    r"\bhow\s+much\s+(?:money|(?:is|are|does|do|will|would|did)\b[^?.!]*\b(?:cost|costs|pay|paid|charge|charged|"
    r"fine|fined|worth|price|fee)\b)|\b(?:what|which)\s+(?:is\s+|are\s+)?the\s+(?:fine|fee|price|cost|charge)\b|"
    r"\bin\s+(?:euros?|dollars?|pounds?)\b",
    re.IGNORECASE,
)
_ASKS_SIZE = re.compile(
    r"\b(?:(?:max(?:imum)?|min(?:imum)?|file|screen|monitor|upload|attachment|mailbox|storage|quota)\s+size|"
    r"what\s+size|size\s+limit|how\s+heavy|how\s+many\s+(?:mb|gb|kb|tb|megabytes|gigabytes|kg|kilos|inches))\b",
    re.IGNORECASE,
)
_SIZE = re.compile(
    r"\b\d[\d,.]*\s?(?:kb|mb|gb|tb|megabytes?|gigabytes?|terabytes?|kilobytes?|kg|kilos?|kilograms?|g|lbs?|"
    r"pounds|inch(?:es)?|in|cm|mm|metres?|meters?)\b|\b\d[\d,.]*\s?(?:\"|”|-inch)",
    re.IGNORECASE,
)
_ASKS_DATE = re.compile(r"\bby\s+when\b|\b(?:what|which)\s+(?:date|day|month)\b|\bdeadline\b", re.IGNORECASE)
_TIME_AMOUNT = re.compile(
    rf"\b{_NUMBER}[\s-]+(?:\w+[\s-]+)?(minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|wks?|fortnights?|months?|"
    r"quarters?|years?|yrs?)\b|\b(minute|hour|day|week|month|year|quarter|fortnight)\b(?=\s+(?:before|after|ahead|"
    r"in\s+advance|of\s+notice))|\b(?:overnight|same\s+day|next\s+(?:working\s+|business\s+)?day|immediately|"
    r"at\s+once)\b",
    re.IGNORECASE,
)
_FREQUENCY = re.compile(
    r"\b(?:every|each|per|a|an|once|twice|times?)\s+(?:\w+\s+)?(?:minute|hour|day|week|month|quarter|year|"
    r"fortnight|cycle|shift)s?\b|\b(?:daily|weekly|monthly|quarterly|yearly|annually|hourly|biannually|"
    r"fortnightly|continuously|once|twice)\b",
    re.IGNORECASE,
)
# Paid in full: a whole amount (money) or all of it (a share), after a verb of paying only ("read the
# policy in full" states neither).
_IN_FULL = r"\b(?:reimbursed|paid|refunded|covered)\s+in\s+full\b"
_MONEY = re.compile(
    r"[€$£¥]\s?\d|\d\s?[€$£]|\b\d[\d,.]*\s?(?:k\s)?(?:EUR|USD|GBP|CHF|SGD|JPY|AUD|CAD|INR|PLN|SEK|NOK|DKK|euros?|"
    r"dollars?|pounds?|cents?)\b|\b(?:EUR|USD|GBP|CHF|SGD)\s?\d|\b(?:free|free\s+of\s+charge|at\s+cost|no\s+cost)\b|"
    + _IN_FULL,
    re.IGNORECASE,
)
# A share given as a fraction or in full ("half of your bonus", "two thirds of", "one in five", "paid in
# full"). A fraction of a span of time is a period, not a share ("the first half of the year"), and "a
# third" before "party" or a noun is an ordinal ("a third party", "a third country"): a fraction counts
# before "of" or ending its phrase, "half" before "of" or a determiner (not "half a day").
_SPAN = r"(?!(?:[\w-]+\s+)?(?:minute|hour|day|week|month|quarter|year|term|semester)s?\b)"
_DETERMINER = r"(?:the|your|their|its|our|his|her|all|each)\s+"
_PERCENT = re.compile(
    r"\d\s?%|\bper\s?cent\b|\bpercent(?:age)?\b|"
    rf"\bhalf\s+(?:of\s+(?:{_DETERMINER})?|{_DETERMINER}){_SPAN}|"
    rf"\b(?:a|one|two|three)\s+(?:thirds?|quarters?)\s+of\s+(?:{_DETERMINER})?{_SPAN}|"
    r"\b(?:a|one|two|three)\s+(?:thirds?|quarters?)(?=\s*(?:[.,;:)]|$))|\btwo\s+thirds\b(?!\s*-?\s*part)|"
    r"\b(?:\d{1,2}|one|two|three|four)\s+(?:in|out\s+of)\s+(?:every\s+)?(?:\d{1,3}|two|three|four|five|six|seven|"
    r"eight|nine|ten)\b(?![.,]\d)|" + _IN_FULL + r"|\bfull\s+(?:salary|pay|cost|amount|price)\b",
    re.IGNORECASE,
)
# An amount or a size written in words ("two hundred euros", "ten megabytes"), and no bound at all
# ("no limit", "no time limit", "unlimited"): values of the kind asked as much as "EUR 200" (session 27).
_SPOKEN = "|".join(w for w in NUMERALS if w not in ("single", "several", "few", "couple"))
_SPOKEN_MONEY = re.compile(rf"\b(?:{_SPOKEN})\s+(?:euros?|dollars?|pounds?|francs?|cents?)\b", re.IGNORECASE)
_SPOKEN_SIZE = re.compile(
    rf"\b(?:{_SPOKEN})\s+(?:megabytes?|gigabytes?|terabytes?|kilobytes?|kilos?|kilograms?|inch(?:es)?|"
    r"centimet(?:er|re)s?|metres?|meters?)\b",
    re.IGNORECASE,
)


def _unbounded(others: str) -> re.Pattern[str]:
    """No bound on a value of one kind: "no limit", "no <word> limit", "unlimited", unless the word
    names another kind: "no size limit" bounds no duration, "no time limit" no amount of money."""
    return re.compile(
        rf"\bno\s+(?:(?!(?:{others})\b)[\w-]+\s+)?(?:limit|maximum|cap|ceiling)\b|"
        rf"\b(?:unlimited|uncapped)\b(?!\s+(?:{others})\b)",
        re.IGNORECASE,
    )


# The nouns that say what kind of value a bound is on.
_TIME_BOUND = "time|days?|weeks?|months?|years?|hours?|duration|period|age"
_MONEY_BOUND = "spending|budget|monetary|financial|cost|price|amount|expenses?|euros?|dollars?|pounds?"
_SIZE_BOUND = "size|file|upload|storage|attachment|mailbox|quota|weight|space|disk"
_UNBOUNDED = {
    "duration": _unbounded(f"{_MONEY_BOUND}|{_SIZE_BOUND}"),
    "money": _unbounded(f"{_TIME_BOUND}|{_SIZE_BOUND}"),
    "size": _unbounded(f"{_TIME_BOUND}|{_MONEY_BOUND}"),
}
# A duration with no end: no deadline or expiry, kept for ever.
_NO_END = re.compile(
    r"\bno\s+(?:deadline|expiry|expiration|end\s+date)\b|\b(?:indefinitely|never\s+expires?|does\s+not\s+expire)\b",
    re.IGNORECASE,
)

_DATE = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|"
    r"mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    r"\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b|\b(?:19|20)\d\d\b|\bend\s+of\s+(?:the\s+)?(?:day|week|month|"
    r"quarter|year)\b|\bwithin\s+\w+|\bbefore\b|\bno\s+later\s+than\b",
    re.IGNORECASE,
)
# Words of "how many X" that do not name what is counted ("how many of us", "how many more").
_NOT_COUNTED = frozenset(("more", "less", "fewer", "extra", "other", "different", "separate"))


@dataclass(frozen=True)
class Quantity:
    """What a question asks to be measured: ``kind`` (count, duration, frequency, money, percent,
    size, date) and, for a count or a duration asked in a unit, the stem of what is counted ("shares",
    "minut")."""

    kind: str
    unit: str = ""

    @property
    def checked(self) -> bool:
        """Whether a passage must state it for the question to be answered: a duration asked in a
        unit ("how many working days"), an amount of money, a percentage, a size or weight ("the
        maximum file size", "how heavy"): units people do not paraphrase; a count, by any number
        (:func:`judged_answer`: the thing counted is often paraphrased, "how many offers" / "three
        quotes", session 23). Not a frequency, a date or a duration asked without a unit: "how much
        time off" is answered by any subject's weeks, and a frequency or date check cost answers for
        none caught (sessions 23, 26). Those kinds still choose the sentence quoted."""
        return self.kind in ("money", "percent", "size", "count") or (
            self.kind == "duration" and bool(self.unit)
        )


def _time_unit(word: str) -> str:
    w = word.lower().rstrip("s") if len(word) > 3 else word.lower()
    w = _TIME_ALIASES.get(w, w)
    return next((u for u in _TIME_STEPS if w.startswith(u)), "")


@lru_cache(maxsize=1024)
def asked_quantity(question: str) -> Quantity | None:
    """The quantity a question asks for, or None (see the section's comment)."""
    if _ASKS_FREQUENCY.search(question):
        return Quantity("frequency")
    if _ASKS_PERCENT.search(question):
        return Quantity("percent")
    if _ASKS_MONEY.search(question):
        return Quantity("money")
    if _ASKS_SIZE.search(question):
        return Quantity("size")
    many = _HOW_MANY.search(question)
    if many is not None:
        # What is counted: the words before the verb ("how many motorbike parking spaces does"),
        # the last of them; a time unit among them makes it a duration ("how many working days").
        words: list[str] = []
        for w in many.group(1).lower().split():
            if w in STOP_VERBS or w in STOPWORDS or w in QUESTION_WORDS:
                break
            words.append(w)
        unit = next((_time_unit(w) for w in words if _time_unit(w)), "")
        if unit:
            return Quantity("duration", unit)
        counted = [w for w in words if w not in _NOT_COUNTED]
        return Quantity("count", stem(counted[-1])) if counted else None
    if _ASKS_DURATION.search(question):
        return Quantity("duration")
    if _ASKS_DATE.search(question):
        return Quantity("date")
    return None


# Verbs and function words "how many" may be followed by that name nothing counted ("how many do I get").
STOP_VERBS = frozenset(("do", "does", "did", "can", "could", "will", "would", "should", "are", "is", "were",
                        "was", "have", "has", "had", "of", "i", "we", "you", "they", "there", "it", "in", "at",
                        "for", "on", "per", "a", "an", "the", "to", "my", "our", "get", "go"))  # fmt: skip


def states(quantity: Quantity, sentence: str) -> bool:
    """Whether ``sentence`` states a quantity of the kind asked (in a neighbouring unit of time, or of
    the thing counted)."""
    if quantity.kind == "duration":
        # No bound on time ("no time limit") answers whatever else the sentence states.
        if _UNBOUNDED["duration"].search(sentence) or _NO_END.search(sentence):
            return True
        # An amount in a unit ("30 minutes"), or a unit-less one ("overnight", "immediately": "").
        found = [_time_unit(m.group(1) or m.group(2) or "") for m in _TIME_AMOUNT.finditer(sentence)]
        if not found:
            return False
        if not quantity.unit:
            return True
        return any(not u or u == quantity.unit or {u, quantity.unit} in _NEAR_UNITS for u in found)
    if quantity.kind == "count":
        counted = rf"\b{_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{re.escape(quantity.unit)}\w*"
        return re.search(counted, sentence, re.IGNORECASE) is not None
    if quantity.kind == "frequency":
        return bool(_FREQUENCY.search(sentence))
    if quantity.kind == "money":
        return bool(
            _MONEY.search(sentence) or _SPOKEN_MONEY.search(sentence) or _UNBOUNDED["money"].search(sentence)
        )
    if quantity.kind == "percent":
        return bool(_PERCENT.search(sentence))
    if quantity.kind == "size":
        return bool(
            _SIZE.search(sentence) or _SPOKEN_SIZE.search(sentence) or _UNBOUNDED["size"].search(sentence)
        )
    if quantity.kind == "date":
        return bool(_DATE.search(sentence)) or bool(_TIME_AMOUNT.search(sentence))
    return True


def subject_words(question: str, quantity: Quantity) -> frozenset[str]:
    """The question's topic words (stemmed), the unit asked in left out: what a sentence stating the
    quantity must be about."""
    words = terms(question) - QUESTION_TERMS
    return words - {quantity.unit} if quantity.unit else words


def answers_quantity(question: str, quantity: Quantity, sentence: str) -> bool:
    """Whether ``sentence`` states a quantity of the kind asked about the question's subject (shares
    one of its topic words)."""
    return states(quantity, sentence) and bool(subject_words(question, quantity) & terms(sentence))


# A number that can count something: digits standing alone, a range ("3-5", "3–5"), thousands
# ("5k") or a number word ("up to eight per issue", "four steps", "both", "dual"), and "no limit",
# "unlimited", "any number of" (an unbounded count answers "how many"); once amounts of money,
# percentages, clock times and dates are taken out. Not digits inside a name ("SEV1", "FAC-00187",
# "v6.2"), nor "one" as a pronoun ("no one", "one of"). A number written apart from a name ("Level 3
# support", "ISO 27001") still counts: told apart from "40 desks" only by words, it is left.
_CARDINAL = re.compile(
    r"(?<![\w.,:/-])(?:\d[\d,]*(?:\s?[-–]\s?\d[\d,]*|k\b)?|"
    + "|".join(w for w in NUMERALS if w != "one")
    + r"|both|dual|unlimited|(?<!\bno\s)(?<!\bany\s)(?<!\bthe\s)(?<!\bthis\s)(?<!\bthat\s)(?<!\bwhich\s)one"
    r"(?!\s+(?:of|another|who|that)\b)|no\s+(?:limit|maximum|cap)|any\s+number)(?![\w%:/-]|[.,]\d)",
    re.IGNORECASE,
)
_NOT_COUNTS = (
    # Money and percentages with the whole number ("10%" leaves no "1" behind), then the rest.
    re.compile(r"[€$£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[€$£%]|per\s?cent\b)"),
    _MONEY,
    CLOCK,
    re.compile(r"\b\d{4}-\d\d-\d\d\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"),  # a date in figures
    # A year: after a month, a preposition or a determiner, or with no word after it ("in 2025",
    # "the 2026 policy", "approved in 2025."); "2000 staff" counts staff.
    re.compile(
        r"\b(?:in|since|from|by|until|till|before|after|of|during|the|this|our|its|jan\w*|feb\w*|march|mar|"
        r"apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*)\s+(?:19|20)\d\d\b|"
        r"\b(?:19|20)\d\d\b(?!\s+[a-z])",
        re.IGNORECASE,
    ),
)


def gives_count(sentence: str) -> bool:
    """Whether ``sentence`` states a number that can count something (see :data:`_CARDINAL`)."""
    for pattern in _NOT_COUNTS:
        sentence = pattern.sub(" ", sentence)
    return bool(_CARDINAL.search(sentence))


def _without_numbers_of(question: str, sentence: str) -> str:
    """``sentence`` less the numbers, in figures or words ("3", "three"), that ``question`` holds."""
    held = {
        m.group(0).lower()
        for m in re.finditer(rf"\b(?:\d[\d,]*|{'|'.join(NUMERALS)})\b", question, re.IGNORECASE)
    }
    if not held:
        return sentence
    small = NUMERALS[:21]  # "3" is "three"
    held |= {small[int(n)] for n in held if n.isdigit() and int(n) < len(small)}
    held |= {str(small.index(n)) for n in held if n in small}
    spoken = "|".join(re.escape(n) for n in sorted(held, key=len, reverse=True))
    return re.sub(rf"(?<![\w.,-])(?:{spoken})(?![\w%]|[.,]\d)", " ", sentence, flags=re.IGNORECASE)


def judged_answer(question: str, quantity: Quantity, sentence: str) -> bool:
    """Whether ``sentence`` can answer the quantity asked, for the judge: as
    :func:`answers_quantity`, except that a count is given by any number in a sentence about the
    question's subject. "How many fire wardens are there on each floor?" against "report to your
    floor's fire warden" states no number at all: the subject is covered, the count is not; "how
    many rounds of interviews" is answered by "the standard process has four steps" (session 26:
    requiring the thing counted by name abstained on three answerable questions of the development
    sets, any number on none). The numbers the question holds are not the count ("how many fire
    wardens are on floor 3" against "the floor 3 fire warden").

    :func:`fills_slot` (which sentence the extractive answer prefers to quote) keeps the stricter
    :func:`answers_quantity`: among sentences that may answer, one naming the thing counted is the
    better quote; the judge only asks whether any sentence may."""
    if quantity.kind != "count":
        return answers_quantity(question, quantity, sentence)
    sentence = _without_numbers_of(question, sentence)
    stated = states(quantity, sentence) or gives_count(sentence)
    return stated and bool(subject_words(question, quantity) & terms(sentence))
