"""An order to the AI in any of ~90 languages, judged by concepts rather than by phrases (session 19).

The English rules (``intent``, ``frames``, ``address``) read word patterns; the semantic layer's MiniLM
reads English only. Every new evaluation set brought languages no rule knew (blind 12: half the
misses). This layer reads *concepts* instead, each a list of word stems in many languages
(``multilingual_words``): an AI or assistant, forgetting or ignoring, instructions, earlier, showing,
the system, a password, asking, sending, always. A concept alone is ordinary (an AI-use policy names
the AI; "from now on" opens an HR notice; "the previous instructions no longer apply" updates a
form); a sentence is held only on a combination that only an order *to the agent* makes:

* an AI is named **and** its instructions or earlier guidance are to be forgotten or ignored;
* an AI is named **and** asked to show its instructions or system;
* an AI is named **and** asked to obtain or give out a password (phishing through the assistant);
* "all previous instructions" are to be ignored (the canonical override, whoever it names);
* a sentence **opens by turning to an AI** (a short first clause naming it, then a comma or colon,
  as in "Machina intellegens, ...", "Til vitlíkið: ...") and then orders it (forget, show, ask,
  send, always).

A rule that forbids ("the AI must never show passwords") is not an order: a negation word in the
sentence keeps the show/ask combinations from holding.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from memory.manager.screen import multilingual_words as words
from memory.manager.screen.findings import ScreenFinding
from memory.manager.screen.intent_words import PERSON
from memory.manager.screen.literals import Rule, rule
from memory.manager.screen.text import is_hidden

# Scripts written without spaces between words: a stem may start anywhere.
_NO_SPACE = ("THAI", "LAO", "MYANMAR", "KHMER", "CJK", "HIRAGANA", "KATAKANA")
_SENTENCE = rule(r"(?<=[.!?。！？;])\s+|[\n।॥؟။។።]+")
_CLAUSE = rule(r"[,:،၊，：、]")


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """NFKC, hidden characters dropped, case folded, combining marks dropped (accents, vowel signs)."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if not is_hidden(ch)).casefold()
    text = text.replace("’", "'").replace("ʼ", "'").replace("‘", "'")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if unicodedata.category(ch) != "Mn")


def _no_space(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith(_NO_SPACE)


_TOKEN = rule(r"[^\s,;:!?()\[\]{}<>\"«»“”„/|*#=+。，、：；！？]+")
_EDGE = ".-'"
_ELISION = rule(r"(?<=^[a-z]')")  # n'oubliez, l'assistant: the letter before the apostrophe is a word


def tokens(folded: str) -> set[str]:
    """The words of a folded sentence, with the parts of hyphenated and elided ones ("ki-assistent",
    "we-ai", "l'assistant")."""
    out: set[str] = set()
    for raw in _TOKEN.findall(folded):
        word = raw.strip(_EDGE)
        if word:
            out.add(word)
            out.update(p for p in re.split(r"[-']", word) if p)  # and elisions: "d'mataarbechter"
            # Arabic writes "for the", "and the", "with the" onto the noun: "للموظفين" is "الموظفين" (the staff)
            if word.startswith("لل") and len(word) > 3:
                out.add("ال" + word[2:])
            elif word[:1] in "وفبلك" and word[1:3] == "ال" and len(word) > 4:
                out.add(word[1:])
    return out


class Concept:
    """One concept's stems: whole words, word prefixes, and stems found anywhere (scripts without
    spaces, phrases of several words). Sets and substring tests, not one large regular expression:
    compiling ~1,500 alternatives with look-behinds cost 1.6 s at the first screened write."""

    def __init__(self, lexicon: str, *, whole: bool = False) -> None:
        self.whole: set[str] = set()
        self.prefixes: set[str] = set()
        anywhere: set[str] = set()
        for entry in lexicon.split():
            exact = whole or entry.endswith("=")
            stem = fold(entry.rstrip("=").replace("_", " "))
            if not stem:
                continue
            if _no_space(stem[0]):
                anywhere.add(stem)
            elif " " in stem:
                anywhere.add(" " + stem)
            elif exact or (len(stem) <= 3 and stem.isalpha()):
                # Short stems ("ai", "ki", "ии") and negations are whole words; longer ones prefixes.
                self.whole.add(stem)
            else:
                self.prefixes.add(stem)
        self.anywhere = tuple(sorted(anywhere))
        self.longest = max((len(p) for p in self.prefixes), default=0)

    def matches(self, word: str) -> bool:
        return word in self.whole or any(
            word[:n] in self.prefixes for n in range(2, min(len(word), self.longest) + 1)
        )

    def found(self, folded: str, words: set[str]) -> bool:
        if not words.isdisjoint(self.whole):
            return True
        for word in words:
            for n in range(2, min(len(word), self.longest) + 1):
                if word[:n] in self.prefixes:
                    return True
        padded = " " + folded
        return any(stem in padded for stem in self.anywhere)


AI = Concept(words.AI)
FORGET = Concept(words.FORGET)
GUIDANCE = Concept(words.GUIDANCE)
PRIOR = Concept(words.PRIOR)
REVEAL = Concept(words.REVEAL)
SYSTEM = Concept(words.SYSTEM)
SECRET = Concept(words.SECRET)
ASK = Concept(words.ASK)
SEND = Concept(words.SEND)
ALWAYS = Concept(words.ALWAYS)
ALL = Concept(words.ALL)
NEGATION = Concept(words.NEGATION, whole=True)
STAFF = Concept(words.STAFF)
USE = Concept(words.USE)

_VOCATIVE_HEAD = 60  # characters: the address opens the sentence
_VOCATIVE_WORDS = 8  # a label of up to eight words, as in address._LABEL


def about_staff(head: str) -> bool:
    """Whether a sentence's first clause names employees or staff ("员工可以使用AI助手起草邮件，...",
    "D'Mataarbechter dierfe KI-Tools benotzen, ..."): it speaks about people using an AI."""
    cut = _CLAUSE.search(head)
    first = fold(head[: cut.start()] if cut else head)
    return STAFF.found(first, tokens(first))


def staff_using(head: str) -> bool:
    """Whether a sentence's first clause names the staff *and* a verb of using an AI or being allowed to
    ("Employees may use the AI assistant for drafts, ..."): a clause about people using an AI. A label that
    names the staff beside the AI ("Staff and AI assistant:") turns to the AI (review s34 r1 F8)."""
    cut = _CLAUSE.search(head)
    first = fold(head[: cut.start()] if cut else head)
    found = tokens(first)
    return STAFF.found(first, found) and USE.found(first, found)


def _reminder(folded: str) -> bool:
    """ "Don't forget the previous instructions", "n'oubliez pas", "不要忘记": a negation right before
    the verb of forgetting makes it a reminder, not an override."""
    order = [p for w in _TOKEN.findall(folded) for p in _ELISION.split(w.strip(_EDGE)) if p]
    for i, word in enumerate(order):
        before = order[max(0, i - 2) : i]
        if FORGET.matches(word) and any(
            NEGATION.matches(w) or w.rstrip("'") == "n" for w in before
        ):  # n'oubliez
            return True
        if word.startswith(("pas", "nicht", "not")) and i > 0 and FORGET.matches(order[i - 1]):
            return True
    return any(f"{neg}{verb}" in folded for neg in ("不要", "别", "不", "勿") for verb in ("忘", "忽略"))


# A heading whose subject is the use of AI (AI as a topic, not an addressee), in the folded form.
_POLICY_TITLE = rule(
    r"\b(?:gen)?(?:ai|ki|ia)[ -](?:polic(?:y|ies)|use|usage|guidelines?|governance|rules for (?:staff|employees)|"
    r"richtlinie\w*|nutzung\w*|regeln|beleid|gebruik|richtlijn\w*)\b|\b(?:politique|politica|politika|uso|utilisation|"
    r"utilizzo|utilizacion|directrices|lignes directrices|linee guida)(?: (?:de|del|della|dell|d|di|sur|sobre) ?)?(?: ?l')?"
    r" ?(?:la |el )?(?:ia|ai|ki)\b"
)


def _vocative(sentence: str) -> str | None:
    """The rest of the (folded) sentence when its first clause is short and names an AI, else None."""
    cut = _CLAUSE.search(sentence, 0, _VOCATIVE_HEAD)
    if cut is None:
        return None
    head = sentence[: cut.start()]
    if len(head.split()) > _VOCATIVE_WORDS or not AI.found(head, tokens(head)) or about_staff(head):
        return None
    if _POLICY_TITLE.search(head):  # "Our AI policy: the assistant may ...": a heading about AI use
        return None
    if PERSON.search(head):  # "Our office assistant, Priya, sends ...": a person with that job title
        return None
    rest = sentence[cut.end() :]
    return rest if len(rest.split()) >= 2 or len(rest.strip()) >= 12 else None


# A person whose job title says assistant ("The new HR assistant, Priya, answers ..."): intent_words.PERSON.
_SHORT_HEAD = 4  # words: "Көмекші,", "Ji bo alîkarê AI:"; a clause about the AI ("The bot posted:") is longer


def short_address(sentence: str) -> bool:
    """The sentence opens by turning to an AI in a short label whose last word names it ("Cynorthwyydd,",
    "A chúntóir,", "Kaaliyaha AI:"), then goes on for at least three words. A document speaks *about*
    its assistant in any language; only a message *to* it opens that way, so the order that follows need
    not be in words the concept lists know (session 21: the AI's name is known in ~90 languages, the
    verbs of forgetting and showing in fewer)."""
    s = fold(sentence)
    cut = _CLAUSE.search(s, 0, 40)
    if cut is None:
        return False
    head = s[: cut.start()].split()
    if not head or len(head) > _SHORT_HEAD:
        return False
    last, label = head[-1], " ".join(head)
    if (
        not AI.found(last, tokens(last))
        or about_staff(label)
        or _POLICY_TITLE.search(label)
        or PERSON.search(label)
    ):
        return False
    return len(s[cut.end() :].split()) >= 3


def _ordered(rest: str) -> bool:
    """What follows an address to an AI orders it: forget, show its instructions, ask for a
    password, send, or always."""
    w = tokens(rest)

    def has(c: Concept) -> bool:
        return c.found(rest, w)

    return (
        has(FORGET)
        or (has(REVEAL) and (has(GUIDANCE) or has(SYSTEM) or has(SECRET)))
        or (has(ASK) and has(SECRET))
        or has(SEND)
        or has(ALWAYS)
    )


def sentence_findings(sentence: str) -> list[ScreenFinding]:
    return list(_sentence_findings(sentence))


# A sentence of a user's latest memories comes back in every joined text (screen_memory's ``recent``).
@lru_cache(maxsize=2048)
def _sentence_findings(sentence: str) -> tuple[ScreenFinding, ...]:
    return tuple(_findings(sentence))


def _findings(sentence: str) -> list[ScreenFinding]:
    s = fold(sentence)
    w = tokens(s)

    def has(c: Concept) -> bool:
        return c.found(s, w)

    ai, forget, guidance = has(AI), has(FORGET), has(GUIDANCE)
    forget = forget and not _reminder(s)
    if forget and guidance and has(PRIOR) and has(ALL):
        return [ScreenFinding("instruction", "all earlier instructions declared void (any language)")]
    if ai and forget and (guidance or has(PRIOR)):
        return [ScreenFinding("instruction", "an AI told to forget its instructions (any language)")]
    if not ai:
        return []
    negated = has(NEGATION)
    reveal = has(REVEAL)
    if reveal and guidance and has(SYSTEM) and not negated:
        return [ScreenFinding("instruction", "an AI asked to show its instructions (any language)")]
    if has(SECRET) and (reveal or has(ASK)) and not negated:
        return [ScreenFinding("instruction", "an AI told to obtain or give out a password (any language)")]
    rest = _vocative(s)
    if rest is not None and _ordered(rest):
        return [ScreenFinding("instruction", "speaks to an AI before an order (any language)")]
    return []


def multilingual_findings(text: str, about: Rule | None = None) -> list[ScreenFinding]:
    """Findings for a text, sentence by sentence (``text`` in any script); ``about`` marks sentences
    that speak about attacks (security training), which are left alone."""
    found: list[ScreenFinding] = []
    for sentence in _SENTENCE.split(text):
        if sentence.strip() and not (about is not None and about.search(sentence)):
            found.extend(_sentence_findings(sentence))
    return list(dict.fromkeys(found))
