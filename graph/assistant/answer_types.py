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
  clock time ("09:30", "6 pm", "noon");
- a **telephone number** ("the phone number of the occupational health service", "what number do I
  call", session 24): the sentence holds digits in a phone's shape, or a short number after a verb
  of calling ("call 112").

Quantities ("how many", "how much", "what percentage", a size; graph/assistant/quantities.py) are
checked by kind: a
duration in a unit, money, a percentage or a size must be stated as such, a count by any number
(session 26: a near miss's sentence often states no number at all). Not checked: a frequency, a
date, a duration without a unit, a yes/no. Session 27: values as people write them count ("two
hundred euros", "two thirds of", "no time limit"), and a "who" question asks for a person, never a
time ("who looks after the opening hours page"); the other slots (a person, a place, a contact, a
permission, "how much" in general) were counted in bench/abstain_slots.py and are not checked.
"""

from __future__ import annotations

import re
from functools import lru_cache

from graph.assistant.asking import asking_part
from graph.assistant.quantities import CLOCK, answers_quantity, asked_quantity
from knowledge.index.passages import terms
from knowledge.index.sentences import QUESTION_TERMS

# Questions asking for a name: the name of something, a person by name, which company of a kind -
# the class noun heading a phrase of up to three words after "which" ("which courier company", "which
# charging-card provider", session 30).
_ASKS_NAME = re.compile(
    r"\b(?:(?:the|its|their|his|her)\s+name|name\s+of|'s\s+name|by\s+name|called\s+what|"
    r"which\s+(?:[\w-]+\s+){0,2}?(?:company|companies|airline|airlines|provider|providers|insurer|insurers|bank|banks|vendor|vendors|"
    r"firm|firms|agency|agencies|supplier|suppliers|carrier|carriers|brand|brands))\b",
    re.IGNORECASE,
)
# Questions asking for a time of day (not a duration: "how early before the due date" asks for weeks).
# "the opening hours page", "Opening hours (2025 page)" name a document, not the time asked (session 27).
_ASKS_TIME = re.compile(
    r"\b(?:(?:what|which)\s+time(?!\s+(?:off|frame|limit|period|zone))|latest\s+time|earliest\s+time|"
    r"opening\s+hours|opening\s+times|closing\s+time)\b(?!\s+(?:page|document|doc|policy|guide|notice|sheet)s?\b)",
    re.IGNORECASE,
)
# Nouns of a person or a group: the class a "who" answer belongs to, and the words a relative "who"
# follows ("staff who work late", "the team, who ..."). Pronouns of persons alike ("anyone who").
PERSON_NOUNS = terms(
    "manager managers director directors owner owners officer officers lead leads head heads team teams "
    "department departments desk committee board panel council staff employee employees colleague colleagues "
    "person people partner partners representative representatives coordinator coordinators administrator "
    "administrators admin admins assistant assistants specialist specialists agent agents advisor adviser "
    "advisors advisers buddy mentor approver approvers reviewer reviewers controller accountant engineer "
    "engineers supervisor supervisors chair member members you yourself everyone anyone nobody service "
    "support function group office secretary steward stewards warden wardens champion champions contact "
    "holder holders sponsor vendor supplier provider recruiter hr legal finance payroll security"
)
_PERSON_PRONOUNS = frozenset(("those", "anyone", "anybody", "everyone", "everybody", "someone", "somebody",
                              "whoever", "others", "ones", "one", "all"))  # fmt: skip
_WHO = re.compile(r"\bto\s+whom\b|\b(?:who|whom|who's|whose)\b", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"([\w'-]+)\s*(,?)\s*$")
# "who" in a question's word order, whatever precedes it: an auxiliary then its subject ("who do I
# ask", "who should we call") or "is" then what is identified ("who's the contact", "who is it").
_INVERTED = re.compile(
    r"(?:'s|’s|\s+(?:is|are|was|were))\s+(?:the|our|my|your|their|a|an|this|that|it)\b|"
    r"\s+(?:do|does|did|should|can|could|will|would|must|may|shall|is|are|was|were|has|have)\s+"
    r"(?:i|we|you|they|he|she)\b",
    re.IGNORECASE,
)


def asks_who(question: str) -> int | None:
    """Where the first "who" that asks starts, or None. A "who" right after a person's or a group's
    noun or pronoun is relative ("people who cycle"), and so is one after such a noun and a comma
    when its clause closes with another comma ("for night staff, who work late, what time ...");
    every other one asks ("who looks after ...", "can you see who ...", "to whom"), and so does one
    in a question's word order ("the Amsterdam office, who do I ask"). The answer is a person or a
    role: "who looks after the opening hours page" asks no time (blind 12 d08, session 26; review
    of session 27)."""
    for match in _WHO.finditer(question):
        before = _WORD_BEFORE.search(question, 0, match.start())
        if (
            match.group(0).lower().startswith("to")
            or before is None
            or _INVERTED.match(question, match.end())
        ):
            return match.start()
        word = before.group(1).lower()
        if word not in _PERSON_PRONOUNS and not terms(word) & PERSON_NOUNS:
            return match.start()
        if before.group(2) and not re.match(r"[^.?!]*,", question[match.end() :]):
            return match.start()  # "..., who" closing the sentence asks
    return None


EMAIL_OR_WEB = re.compile(r"\S+@\S+\.\w+|\bhttps?://|\bwww\.|\b[\w-]+\.(?:com|org|net|io|example)\b")
_TOKEN = re.compile(r"[^\W\d_][\w'’&-]*", re.UNICODE)


# Questions asking for a telephone number (session 24): "the phone number of ...", "what number do I
# call", "... reception number". Not "how many", "the number of days" nor "is there a helpline" (yes/no).
_ASKS_PHONE = re.compile(
    r"\b(?:(?:tele)?phone|mobile|cell|fax|contact|reception|hotline|helpline|emergency)\s+(?:number|no\.?|#)|"
    r"\b(?:what|which)\s+number\s+(?:do|should|can|must|to)\b|\bnumber\s+to\s+(?:call|ring|dial)\b",
    re.IGNORECASE,
)
# A telephone number: digits in a phone's shape (seven or more, grouped by spaces, dots, dashes or
# brackets, or after a +; a bare run of digits is an id: "employee number (289256772)"), or a short
# one after a verb of calling ("call 112", "dial 999").
_PHONE = re.compile(
    r"\+\d[\d\s().-]{5,}\d|\(?\b\d{2,5}\)?[\s.-]\d[\d\s.-]{3,}\d|\b(?:call|calls|calling|dial|dialling|dialing|ring|phone|extension|ext\.?)\s+"
    r"(?:the\s+\w+\s+(?:on|at)\s+)?\+?\d{3,}",
    re.IGNORECASE,
)


# Pure and asked again for every sentence an extractive answer weighs: one parse per question.
@lru_cache(maxsize=1024)
def asked_type(question: str) -> str | None:
    """``"name"``, ``"time"`` or ``"phone"`` when the question asks for one (see the module's
    docstring), else None."""
    time = _ASKS_TIME.search(question)
    who = asks_who(question)
    if time is not None and (who is None or who > time.start()):  # the first slot asked governs
        return "time"
    if _ASKS_PHONE.search(question):
        return "phone"
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
    if EMAIL_OR_WEB.search(sentence):
        return True
    words = [w for w in _TOKEN.findall(sentence) if len(w) > 1 and w.lower() not in _NOT_NAMES]
    first = _TOKEN.findall(sentence)[:1]
    return any(w[0].isupper() and (w.isupper() or w not in first) for w in words)


_PHONE_WORDS = terms("phone telephone mobile cell fax number numbers call ring dial contact")


def gives_phone(question: str, sentence: str, about: str = "") -> bool:
    """Whether ``sentence`` gives a telephone number for what the question asks about: one in a
    phone's shape, in a sentence that (with ``about``, its passage's title and section) shares a
    topic word of the question other than "phone" or "number" (the reception's number does not
    answer "the occupational health service's phone number")."""
    if not _PHONE.search(sentence):  # the cheap test first: most sentences hold no number
        return False
    subject = terms(question) - QUESTION_TERMS - _PHONE_WORDS
    return not subject or bool(subject & terms(f"{sentence} {about}"))


def carries(kind: str, sentence: str) -> bool:
    """Whether ``sentence`` can be an answer of ``kind`` (:func:`asked_type`)."""
    if kind == "time":
        return bool(CLOCK.search(sentence))
    if kind == "name":
        return names_something(sentence)
    if kind == "phone":
        return bool(_PHONE.search(sentence))
    return True


def fills_slot(question: str, sentence: str) -> bool:
    """Whether ``sentence`` gives what the question asks for, when it asks for a kind of answer:
    a quantity of the kind asked about its subject (checked or not), a name, a time of day. False
    when the question asks for none of these. The slot is read from the part that asks, as the
    judge reads it (session 27)."""
    asks = asking_part(question)
    quantity = asked_quantity(asks)
    if quantity is not None:
        return answers_quantity(question, quantity, sentence)
    kind = asked_type(asks)
    return kind is not None and carries(kind, sentence)


def asks_slot(question: str) -> bool:
    """Whether the question asks for a kind of answer :func:`fills_slot` recognises."""
    asks = asking_part(question)
    return asked_quantity(asks) is not None or asked_type(asks) is not None
