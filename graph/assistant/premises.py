"""A question's presupposition, and whether the passages found state it (issue 27 item 3, session 23).

"Since sabbaticals are paid now, how many months can I take?" asks something on a claim: answering
it from the sabbatical section ("you may request an unpaid sabbatical of one to three months")
as if the claim held misleads twice. A claim is read from the clause a question opens with, or
puts before its comma: "since ...", "now that ...", "as ..." (with a verb: "as a new joiner, ..."
states no claim), "given (that) ...", "because ..." (session 30: "Because the allowance is now paid
every year, when is the next payment?"). It is **stated** by the passages when one of their sentences
holds every topic word of the claim (stemmed: "paid" is not "unpaid", "mandatory" not
"voluntary"; one word of its subject, before its verb, may be said in other words), every number it gives ("dropped to 20 days" against "28 days"), the same polarity
("the VPN is no longer needed" against "the VPN is needed"), and no limit where the claim says
"all" or "any" ("we can carry over all unused leave" against "up to five unused days").

A question about a change takes it for granted too: "why did X drop Y", "why was X renamed to Y", "in
which version was X removed" claim that it happened (only verbs of ending or replacing; session 36).

A claim about the user ("since I'm on probation", "as I'm leaving") is not the knowledge base's to
confirm and is not checked. An unstated claim makes the question unanswerable (blind sets 5-9 count
a false premise so); the abstention quotes what the closest passage does say, in one line, so that
the user sees the premise corrected without an answer built on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from knowledge.index.passages import stem, terms
from knowledge.index.sentences import QUESTION_TERMS

_OPENERS = r"since|now\s+that|as|because|given(?:\s+that)?|seeing\s+(?:as|that)|considering\s+that"
# The claim: an opener at the start of the question or of a clause, up to the comma, semicolon or
# dash that ends it.
_CLAIM = re.compile(
    rf"(?:^|[.;!?]\s+|,\s*|\b(?:but|and|so)\s+)(?:{_OPENERS})\s+(?P<claim>[^,;?!]{{6,}}?)\s*(?:,|;|\s[-–]\s)",
    re.IGNORECASE,
)
# A claim has a verb: "as a service desk agent, ..." names a role, not a fact.
_VERB = re.compile(
    r"\b(?:is|are|was|were|isn't|aren't|'s|'re|has|have|had|can|can't|cannot|may|must|will|won't|"
    r"do|does|don't|doesn't|get|gets|got|need|needs|give|gives|apply|applies|cover|covers|require|requires|"
    r"allow|allows|say|says|pay|pays|offer|offers|let|lets|include|includes|take|takes|count|counts|"
    r"provide|provides|grant|grants|last|lasts|\w{3,}ed|"
    # Irregular past forms of change, which the "-ed" ending misses ("since the handbook cut it to
    # three days"); not those that read as a phrase of manner ("as set out in ...", "as told by ...").
    r"became|began|bought|came|cut|fell|gave|went|grew|lost|rose|shrank|sold|took)\b",
    re.IGNORECASE,
)
# A claim about the user: the knowledge base cannot state it. Nor is "as a new joiner ...", "as far
# as I know", "as soon as ..." a claim.
_NOT_A_CLAIM = re.compile(
    r"^(?:i|i'm|i’m|i've|i’ve|i'll|i’ll|my|me|mine|a|an|far|long|soon|well|much|many|usual|per|of)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot)\b|n't\b|n’t\b", re.IGNORECASE
)
_UNIVERSAL = re.compile(
    r"\b(?:all|any|every|unlimited|everything|anything|whatever|completely)\b", re.IGNORECASE
)
_LIMIT = re.compile(
    r"\b(?:up\s+to|at\s+most|maximum|max|no\s+more\s+than|limited|only|capped|cap)\b", re.IGNORECASE
)
_NUMBER = re.compile(
    r"\b\d[\d,.]*\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|hundred)\b",
    re.IGNORECASE,
)
# Words that say the claim is news, not what it is about ("now", "no longer", "these days").
_CHANGE_WORDS = frozenset(
    stem(w)
    for w in ("now", "longer", "anymore", "nowadays", "days", "recently", "currently", "today", "officially",
              "actually", "apparently", "new", "newly", "just")
)  # fmt: skip
MAX_SAID = 240  # characters of the closest passage's sentence quoted beside an abstention


# A question about a change takes the change for granted: "Why did tzdata drop support for Windows?",
# "Why was certifi renamed to truststore?", "In which Python version was the turtle module removed?"
# claim that it was dropped, renamed, removed. Only verbs of ending or replacing: "why was my claim
# approved" or "when was the policy updated" ask about an event the base is not expected to state in
# the question's words; a false premise about documentation most often claims that something went
# (session 36, issue 27 item 3; the public set's false premises, bench/answer_quality_public.py).
_CHANGE = (
    r"(?:drop(?:ped)?|remov(?:e|ed)|renam(?:e|ed)|deprecat(?:e|ed)|discontinu(?:e|ed)|abandon(?:ed)?|"
    r"retir(?:e|ed)|replac(?:e|ed)|withdr(?:aw|awn|ew)|cancel(?:l?ed)?|scrap(?:ped)?|delet(?:e|ed))"
)
_EVENT = re.compile(
    r"(?:^|(?<=[.!?;:])\s+)(?:why|when|since\s+when|in\s+(?:which|what)\s+[\w.-]+(?:\s+[\w.-]+)?)\s+"
    # Past forms only: "why do we delete old backups", "when do I have to replace my password" ask
    # about a rule, not about a change that happened (review s36 r1 F3).
    rf"(?:did|was|were|has|have|had)\s+(?P<claim>[^?]*?\b{_CHANGE}\b[^?]*)",
    re.IGNORECASE,
)


def presupposed(question: str) -> str:
    """The claim a question takes for granted, as typed (see the module's docstring), or ""."""
    for m in _CLAIM.finditer(question):
        claim = m.group("claim").strip()
        if _VERB.search(claim) and not _NOT_A_CLAIM.match(claim):
            return claim
    event = _EVENT.search(question.strip())  # a question about a change: the change
    claim = event.group("claim").strip(" ,") if event else ""
    return "" if _NOT_A_CLAIM.match(claim) else claim  # "why did I remove ...": the user's, not the base's


def _numbers(text: str) -> set[str]:
    return {n.lower().replace(",", "") for n in _NUMBER.findall(text)}


def _negative(text: str) -> bool:
    """Whether ``text`` is negated ("no longer", "not", "isn't"); "no longer" reads as one negation."""
    return len(_NEGATION.findall(text)) % 2 == 1


_CLAUSES = re.compile(r"[;:,]|\b(?:but|and|while|whereas|although)\b", re.IGNORECASE)


def _clause(sentence: str, topic: frozenset[str]) -> str:
    """The clause of ``sentence`` holding most of the claim's topic words: its polarity is the one
    the claim is compared with ("the VPN is needed for the wiki; email works without it")."""
    return max(_CLAUSES.split(sentence), key=lambda c: len(terms(c) & topic))


def states(claim: str, sentence: str, about: str = "") -> bool:
    """Whether ``sentence`` says what ``claim`` says (every topic word and number, same polarity, no
    limit against an "all"); ``about``: its document's title and section, which may hold the
    claim's words for the document itself ("since the handbook gives 28 days ...")."""
    topic = terms(claim) - QUESTION_TERMS - _CHANGE_WORDS
    # The claim's subject may name one thing in other words ("staff" for "employees"); what it
    # says of it, from its verb on, must be there ("are exempt", "is mandatory", "are paid").
    # The title and section may name the subject ("since the handbook gives 28 days ..."), not what
    # is claimed of it: a section called "Carrying over unused leave" does not say "all" of it.
    verb = _VERB.search(claim)
    said_of = terms(claim[verb.start() :]) & topic if verb else topic
    subject = topic - said_of
    missing = (subject - terms(sentence) - terms(about)) | (said_of - terms(sentence))
    if len(missing) > 1 or missing & said_of or (subject and subject <= missing):
        return False
    if not _numbers(claim) <= _numbers(sentence):
        return False
    if _negative(claim) != _negative(_clause(sentence, topic)):
        return False
    return not (_UNIVERSAL.search(claim) and _LIMIT.search(sentence))


def stated(claim: str, sentences: Iterable[tuple[str, str]]) -> bool:
    """Whether one of ``sentences`` (each with its document's title and section) states ``claim``."""
    return any(states(claim, s, about) for s, about in sentences)


def said(sentence: str) -> str:
    """A passage's sentence as quoted beside an abstention: one line, at most :data:`MAX_SAID`
    characters."""
    line = " ".join(sentence.split())
    return line if len(line) <= MAX_SAID else line[: MAX_SAID - 3].rstrip() + "..."
