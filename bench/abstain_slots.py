"""What each slot check would catch and cost, counted over every development set (session 27, h4).

Reads bench/abstain_types.py's dump (``--search`` there makes it) and, for every question today's
judge answers, asks :func:`asked_slot` which slot the question asks for and
whether a sentence of the first three passages or of the judged one states a value of that kind
about its subject (:func:`answers_slot`). Prints per slot and half: questions
asking it (answerable / unanswerable), unanswerable ones it would catch, answerable ones it would
refuse; ``--share`` the share of the subject's words a sentence (with its heading) must hold
(0 = one word, the count check's rule); ``--show`` the items.

Usage: .venv/bin/python bench/abstain_slots.py --dump D.json [--share 0.5] [--show]

The slot a question asks to be filled, beyond names, times, phones and quantities (session 27).

The count check (:func:`graph.assistant.quantities.judged_answer`, session 26) reads one slot: a
"how many" question is answered only by a sentence about its subject that states some number. The
same structure reads the other slots a question can ask for, each by a general recogniser of the
value's form, never by words fitted to questions:

- **duration or deadline** ("how long", "by when", "within how many days"): a number with a unit of
  time, a unit-less span ("overnight", "the next working day"), a date, or no limit;
- **amount** ("how much ..."): money, a percentage, a size, a time amount or a number;
- **person or role** ("who ...", "to whom"): a name (a capitalised word, an acronym, an address), or
  a noun of a person or a group ("manager", "team", "coordinator") other than the question's own;
- **place** ("where ..."): a name (a place, a system or a tool), an address, or a place noun after a
  preposition ("in the basement", "on the intranet"), other than the question's own words;
- **contact** ("the e-mail address of", "contact details"): an e-mail address, a web address or a
  telephone number (``phonenumbers`` reads numbers in any country's format);
- **yes/no permission** ("can I", "am I allowed to"): a modal or a rule word (may, must, not,
  allowed, only ...) in a sentence about the subject.

A sentence answers only when it states a value of the asked kind ABOUT the asked subject: the
subject's words (the question's topic words, less the slot's own) in the same sentence or in its
passage's heading.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

import phonenumbers

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from abstain_types import outcome  # noqa: E402

from graph.assistant.answer_types import (  # noqa: E402
    EMAIL_OR_WEB,
    PERSON_NOUNS,
    asked_type,
    asks_who,
    carries,
    names_something,
)
from graph.assistant.answering import QUANTITY_DEPTH, most_relevant  # noqa: E402
from graph.assistant.asking import asking_part  # noqa: E402
from graph.assistant.quantities import Quantity, asked_quantity, gives_count, states  # noqa: E402
from knowledge.index.passages import terms  # noqa: E402
from knowledge.index.sentences import QUESTION_TERMS, sentences  # noqa: E402

# "where" asking, not relative ("the office where"): at the start of the message or of a clause, or
# after a verb of asking or knowing.
_ASKS_WHERE = re.compile(
    r"(?:^|[,;:.?!(]\s*|\b(?:and|but|or|then|so|also|know|tell\s+me|ask|sure|idea|wonder(?:ing)?|out)\s+)"
    r"(?:where|where's)\b",
    re.IGNORECASE,
)
_ASKS_CONTACT = re.compile(
    r"\b(?:e-?mail|web|website|postal)\s+address(?:es)?\b|\bcontact\s+(?:details|info|information|address)\b|"
    r"\b(?:url|web\s?site|link)\s+(?:for|of|to)\b",
    re.IGNORECASE,
)
# A yes/no question asking whether something is permitted: a modal or "allowed" opening the part that
# asks ("can I ...", "am I allowed to ...", "is it ok to ...", "are contractors permitted to ...").
_ASKS_PERMISSION = re.compile(
    r"^(?:(?:can|may|could)\s+(?:i|we|you|my|our|a|an|the|employees?|staff|contractors?|interns?|visitors?|"
    r"people|someone|anyone|family|guests?|partners?|managers?)\b|(?:am|are|is)\s+(?:i|we|you|it|they|"
    r"\w+s)\s+(?:allowed|permitted|ok|okay|fine|able)\b)",
    re.IGNORECASE,
)
_ASKS_AMOUNT = re.compile(r"\bhow\s+much\b(?!\s+(?:time|notice|warning)\b)", re.IGNORECASE)

_ROLE = PERSON_NOUNS  # the class a "who" answer belongs to
# Nouns of a place, a physical one or one in a system (the class a "where" answer belongs to).
_PLACE = terms(
    "room rooms floor floors level building basement garage kitchen reception lobby entrance corridor "
    "locker lockers cabinet area zone wing site campus street office offices desk desks portal intranet wiki "
    "page pages website site folder drive channel tool system app application form inbox mailbox tab menu "
    "section shelf box bin store shop station hub space library drawer cupboard centre center counter "
    "window door yard courtyard rack racks car park parking hall storage online"
)
_LOCATIVE = re.compile(
    r"\b(?:in|at|on|from|via|through|into|inside|outside|near|behind|beside|opposite|next\s+to|under|"
    r"above|below|upstairs|downstairs)\s+(?:the\s+|a\s+|an\s+|your\s+|our\s+|each\s+|every\s+|its\s+)?"
    r"(?:[\w-]+\s+){0,2}?([\w-]+)",
    re.IGNORECASE,
)
# A rule about the subject: a modal or a word of permission, obligation or prohibition.
_RULE = re.compile(
    r"\b(?:may|might|can|cannot|can't|could|must|mustn't|should|shall|need|needs|required|requires|allowed|"
    r"permitted|prohibited|forbidden|banned|not|never|only|no|eligible|entitled|welcome|approval|approve|"
    r"approved|exception|exceptions|unless|except)\b",
    re.IGNORECASE,
)
# An open end ("until you leave", "as long as", "forever"): no bound ("no limit", "no deadline",
# "unlimited", "indefinitely") is the judge's own, read by states().
_OPEN_END = re.compile(r"\b(?:permanently|forever|until\s+\w+|as\s+long\s+as)\b", re.IGNORECASE)
_SLOT_WORDS = terms("who whom whose where e-mail email address contact details url website link")


@lru_cache(maxsize=1024)
def asked_slot(question: str) -> str | None:
    """The slot ``question`` asks for among this module's (``"duration"``, ``"amount"``, ``"person"``,
    ``"place"``, ``"contact"``, ``"permission"``), or None. Read on the part that asks."""
    if _ASKS_CONTACT.search(question):
        return "contact"
    quantity = asked_quantity(question)
    if quantity is not None and quantity.kind in ("duration", "date"):
        return "duration"
    if asks_who(question) is not None:
        return "person"
    if _ASKS_WHERE.search(question):
        return "place"
    if quantity is None and _ASKS_AMOUNT.search(question):
        return "amount"
    if _ASKS_PERMISSION.search(question.strip()):
        return "permission"
    return None


def gives_contact(sentence: str) -> bool:
    """An e-mail or web address, or a telephone number (``phonenumbers`` in any region's format, or
    the phone shapes the judge reads)."""
    if EMAIL_OR_WEB.search(sentence) or carries("phone", sentence):
        return True
    return any(
        True for _ in phonenumbers.PhoneNumberMatcher(sentence, "US", leniency=phonenumbers.Leniency.POSSIBLE)
    )


def _new_words(question: str, sentence: str) -> frozenset[str]:
    return terms(sentence) - terms(question)


def _new_name(question: str, sentence: str) -> bool:
    """An e-mail or web address, or a name (a capitalised word after the sentence's first, an
    acronym) that the question does not hold itself."""
    if EMAIL_OR_WEB.search(sentence):
        return True
    asked = terms(question)
    names = [w for w in re.findall(r"\b[A-Z][\w'-]*", sentence)[1:] if not terms(w) <= asked]
    return bool(names) and names_something(" ".join(["x", *names]))


def gives_person(question: str, sentence: str) -> bool:
    """A name, an address, or a person's or group's noun the question does not hold itself ("who is
    the fire warden" is not answered by "your floor's fire warden")."""
    return _new_name(question, sentence) or bool(_new_words(question, sentence) & _ROLE)


def gives_place(question: str, sentence: str) -> bool:
    """A name (a place, a system, a tool) or an address, or a place noun after a preposition, that
    the question does not hold itself."""
    asked = terms(question)
    return _new_name(question, sentence) or any(
        terms(m.group(1)) & _PLACE and not terms(m.group(1)) <= asked for m in _LOCATIVE.finditer(sentence)
    )


def gives_duration(sentence: str) -> bool:
    """A span or a point in time: a number with a unit of time, a unit-less span, a date, a clock
    time, or no limit."""
    return (states(Quantity("duration"), sentence) or states(Quantity("date"), sentence)
            or carries("time", sentence) or bool(_OPEN_END.search(sentence)))  # fmt: skip


def gives_amount(sentence: str) -> bool:
    """Money, a percentage, a size, an amount of time, or a number."""
    kinds = ("money", "percent", "size", "duration")
    return (
        any(states(Quantity(k), sentence) for k in kinds)
        or bool(_OPEN_END.search(sentence))
        or gives_count(sentence)
    )


def gives(slot: str, question: str, sentence: str) -> bool:
    """Whether ``sentence`` states a value of ``slot``'s kind (:func:`asked_slot`)."""
    if slot == "contact":
        return gives_contact(sentence)
    if slot == "duration":
        return gives_duration(sentence)
    if slot == "amount":
        return gives_amount(sentence)
    if slot == "person":
        return gives_person(question, sentence)
    if slot == "place":
        return gives_place(question, sentence)
    if slot == "permission":
        return bool(_RULE.search(sentence))
    return True


def subject(question: str) -> frozenset[str]:
    """The question's subject: its topic words, less the words that name the slot."""
    return terms(question) - QUESTION_TERMS - _SLOT_WORDS


def about(question: str, sentence: str, heading: str = "", share: float = 0.0) -> bool:
    """Whether ``sentence`` (with its passage's title and heading) is about the question's subject:
    holds one of its words, or at least ``share`` of them when ``share`` is set."""
    words = subject(question)
    if not words:
        return True
    held = words & terms(f"{sentence} {heading}")
    return bool(held) and len(held) >= share * len(words)


def answers_slot(question: str, slot: str, sentence: str, heading: str = "", share: float = 0.0) -> bool:
    """Whether ``sentence`` states a value of the slot asked, about the question's subject."""
    return gives(slot, question, sentence) and about(question, sentence, heading, share)


def filled(question: str, slot: str, hits: list[dict[str, Any]], share: float) -> bool:
    """Whether a sentence of the first passages or of the judged one answers ``slot`` about the
    subject of ``question``, the whole message: the judge reads its checks' subject and judged
    passage from the whole message and only the slot from the part that asks."""
    judged = most_relevant(question, hits)
    for h in [*hits[:QUANTITY_DEPTH], judged]:
        heading = f"{h['title']} {h.get('heading') or ''}"
        for s in sentences(str(h.get("text") or "")):
            if " > " not in s and answers_slot(question, slot, s, heading, share):
                return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dump", type=Path, required=True)
    parser.add_argument("--share", type=float, default=0.0)
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args(argv)
    dump = json.loads(args.dump.read_text())
    counts: dict[tuple[str, str], Counter[str]] = {}
    missed: dict[str, Counter[str]] = {"tune": Counter(), "check": Counter()}
    for name, rows in dump.items():
        for row in rows:
            if row["kind"] == "language" or not outcome(row)["answered"]:
                continue
            asked = asking_part(row["text"])
            if row["kind"] == "unanswerable":
                missed[row["half"]][any_slot(asked)] += 1
            slot = asked_slot(asked)
            if slot is None:
                continue
            c = counts.setdefault((slot, row["half"]), Counter())
            c[row["kind"]] += 1
            if not filled(row["text"], slot, row["hits"], args.share):
                c["caught" if row["kind"] == "unanswerable" else "refused"] += 1
                if args.show:
                    print(f"   {slot} {row['half']} {name} {row['id']} [{row['kind']}] {row['text']}")
    print("| slot | half | asked (answerable / unanswerable) | caught | refused |\n|---|---|---|---|---|")
    for (slot, half), c in sorted(counts.items()):
        print(
            f"| {slot} | {half} | {c['answerable']} / {c['unanswerable']} | {c['caught']} | {c['refused']} |"
        )
    print("\n| answered unanswerable questions asking | tuning | validation |\n|---|---|---|")
    for label in sorted(set(missed["tune"]) | set(missed["check"])):
        print(f"| {label} | {missed['tune'][label]} | {missed['check'][label]} |")
    return 0


def any_slot(question: str) -> str:
    """The slot a question asks, among the judge's (a name, a time, a phone, a quantity) and this
    bench's; "none" for a question whose answer has no visible form ("how do I ...", "is there ...")."""
    kind = asked_type(question)
    if kind is not None:
        return f"judge: {kind}"
    quantity = asked_quantity(question)
    if quantity is not None:
        return f"judge: {quantity.kind}{'' if quantity.checked else ' (not checked)'}"
    return asked_slot(question) or "none"


if __name__ == "__main__":
    sys.exit(main())
