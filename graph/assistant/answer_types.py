"""What kind of answer a question asks for, and whether a quoted sentence can be one (issue 27 item 3).

A near miss shares the question's subject and misses the one detail asked: "which airline do we have
the corporate deal with" is close to the travel policy's "Seat selection and one checked bag are
reimbursed." in every word but the answer. The closeness signals (MiniLM cosine, word overlap) do
not tell that apart from a far paraphrase (docs/benchmarks.md, sessions 19-22), but the *type* of
the answer does, for two kinds of question whose answer has a visible form:

- a **name** ("what's the name of the dental insurer", "the DPO by name", "which airline"): the
  answering sentence names something, a capitalised word after its first, an acronym, an e-mail
  address or a web address;
- a **time of day** ("what time does the kitchen close", "opening hours"): the sentence states a
  clock time ("09:30", "6 pm", "noon").

Other types were measured and are not checked: a number for "how many/how much/how long" (a near
miss's sentence nearly always holds some number or duration; with digits only, answerable questions
abstained on the development sets), a date, a yes/no.
"""

from __future__ import annotations

import re

# Questions asking for a name: the name of something, a person by name, which company of a kind.
_ASKS_NAME = re.compile(
    r"\b(?:(?:the|its|their|his|her)\s+name|name\s+of|'s\s+name|by\s+name|called\s+what|"
    r"which\s+(?:company|companies|airline|airlines|provider|insurer|insurance\s+company|bank|vendor|"
    r"firm|agency|supplier|carrier|brand))\b",
    re.IGNORECASE,
)
# Questions asking for a time of day (not a duration: "how early before the due date" asks for weeks).
_ASKS_TIME = re.compile(
    r"\b(?:(?:what|which)\s+time(?!\s+(?:off|frame|limit|period|zone))|latest\s+time|earliest\s+time|"
    r"opening\s+hours|opening\s+times|closing\s+time)\b",
    re.IGNORECASE,
)
_CLOCK = re.compile(
    r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)|\b(?:noon|midday|midnight|o'clock|24/7)\b",
    re.IGNORECASE,
)
_EMAIL_OR_WEB = re.compile(r"\S+@\S+\.\w+|\bhttps?://|\bwww\.|\b[\w-]+\.(?:com|org|net|io|example)\b")
_TOKEN = re.compile(r"[^\W\d_][\w'’&-]*", re.UNICODE)


def asked_type(question: str) -> str | None:
    """``"name"`` or ``"time"`` when the question asks for one (see the module's docstring), else None."""
    if _ASKS_TIME.search(question):
        return "time"
    if _ASKS_NAME.search(question):
        return "name"
    return None


# Capitalised words that name no one: currencies, days, months (a price or a date is no name).
_NOT_NAMES = frozenset((
    "eur", "usd", "gbp", "chf", "sgd", "jpy", "aud", "cad", "inr", "cny", "sek", "nok", "dkk", "pln",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
    "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
))  # fmt: skip


def names_something(sentence: str) -> bool:
    """Whether the sentence holds a name: a capitalised word after its first word (a sentence's
    first word is capitalised whatever it is) or an acronym, neither a currency, a day nor a month;
    an e-mail or a web address."""
    if _EMAIL_OR_WEB.search(sentence):
        return True
    words = [w for w in _TOKEN.findall(sentence) if len(w) > 1 and w.lower() not in _NOT_NAMES]
    first = _TOKEN.findall(sentence)[:1]
    return any(w[0].isupper() and (w.isupper() or w not in first) for w in words)


def carries(kind: str, sentence: str) -> bool:
    """Whether ``sentence`` can be an answer of ``kind`` (:func:`asked_type`)."""
    if kind == "time":
        return bool(_CLOCK.search(sentence))
    if kind == "name":
        return names_something(sentence)
    return True
