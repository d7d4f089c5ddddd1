"""The names a question asks about, and the ones the passages found excuse (issue 27; split from
answering.py in session 24).

The judge (:mod:`graph.assistant.answering`) abstains on a name the question asks about that none
of the passages found holds ("Tokyo", "SEV2"). What counts as such a name, and what excuses one:

- :func:`office_names`: the place an "X office" names, typed in any case;
- :func:`quoted_title`: the words of a document title the user quotes as they remember it, which
  name a document, not a scope;
- :func:`permitted_names`: the names in what a permission question asks to do ("can I install
  NordVPN"), which a rule for the kind of thing covers;
- :func:`unexcused`: a title-cased phrase mostly found names a document; an acronym is found when the
  passages spell it out (:func:`spelled_out`), name it without its head word (:func:`named_short`),
  or the knowledge base uses it as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from knowledge.index.coverage import QUESTION_WORDS
from knowledge.index.passages import named_scopes, terms
from knowledge.index.rules import STOPWORDS
from knowledge.index.words import ACRONYM_WORD

# Words before "office" that say what kind of office, not which one ("the head office", "a quiet
# office"): everything else there names a place, typed in lower case in a chat ("the mumbai office")
# or opening the question ("Sydney office address?"), where named_scopes sees no capital.
# fmt: off
OFFICE_KINDS = frozenset((
    "home", "head", "main", "back", "front", "post", "box", "local", "regional", "central", "new",
    "old", "whole", "entire", "current", "nearest", "closest", "next", "same", "other", "every",
    "open", "shared", "physical", "virtual", "satellite", "branch", "company", "corporate",
    "private", "public", "remote", "hybrid", "small", "big", "large", "quiet", "busy", "empty",
    "usual", "normal", "actual", "real", "ticket", "sales", "press", "legal",
    "registered", "global", "international", "national", "country", "city", "nearby", "another",
    "any", "each", "office", "cloud", "dental", "doctor's", "doctors", "tax", "booking",
))
# fmt: on
_OFFICE = re.compile(r"\b([^\W\d_][\w'-]*)\s+offices?\b", re.IGNORECASE)


# A title the user quotes ("the 'Employee Perks Summary'", "What does the "Business Travel Handbook"
# say ..."): two or more words, the first capitalised, between quotes.
_QUOTED = re.compile(r"(?:^|(?<=[\s(]))['\"‘“]([A-Z][^'\"’”]*?\s[^'\"’”]*?)['\"’”](?=$|[\s,.;:!?)-])")


def quoted_title(query: str, found: set[str], offices: frozenset[str] | None = None) -> frozenset[str]:
    """The words of a document title the question quotes, when the passages found hold one of its
    words: the user names the document as they remember it ("the 'Holiday and Absence Guide'" for the
    leave handbook), not a scope the base must mention; whether it answers is the evidence's to say.
    Its acronyms and numbers ("NYC", "2026") and an "X office" it holds (:func:`office_names`) name
    which copy and stay asked for (``offices``: :func:`office_names` of ``query`` when the caller has
    them already)."""
    out: set[str] = set()
    for title in _QUOTED.findall(query):
        words = terms(
            " ".join(
                w
                for w in title.split()
                if not (ACRONYM_WORD.fullmatch(w) or re.fullmatch(r"\W*\d[\w-]*\W*", w))
            )
        )
        if words & found:
            out |= words
    return frozenset(out) - (office_names(query) if offices is None else offices)


def office_names(query: str) -> frozenset[str]:
    """The place a question's "X office" names when X is no kind of office (:data:`OFFICE_KINDS`)
    nor a stop word or a word any question uses (coverage.QUESTION_WORDS: "how many office
    journeys"), whatever its case: the names check then asks the passages for it."""
    found = {m.group(1).lower() for m in _OFFICE.finditer(query)}
    return terms(
        " ".join(w for w in found if w not in STOPWORDS and w not in OFFICE_KINDS and w not in QUESTION_WORDS)
    )


# A question asking whether the user may do something: "can I install X", "may we use X", "am I
# allowed to post on X", "is it ok to ...", "is X allowed". Policies state such rules for a kind of
# thing (VPN clients, social media), seldom for each brand (session 31). Only what the verb acts on
# is such an instance (review r2 s31): its object, or the tool it is done with.
_PERMISSION = re.compile(
    r"^(?:(?:so|and|but|ok|okay|also)[,\s]+)?(?:"
    r"(?:can|could|may|might)\s+(?:i|we)\b(?:\s+(?:just|still|also|even|actually|really))*\s+(?!not\b)[a-z]+"
    r"|(?:am\s+i|are\s+we|is\s+it)\s+(?:allowed|permitted|ok|okay|fine|acceptable)\s+to\s+[a-z]+"
    r"|is\s+it\s+(?:ok|okay|fine|allowed|permitted|acceptable)\s+(?:for\s+(?:me|us)\s+)?(?:to|if)\s+[a-z]+"
    r")\b",
    re.IGNORECASE,
)
# "Is X allowed ...", but not "is X allowed to <do>": X acts there, as in "can Marketing ...".
_ALLOWED = re.compile(
    r"^(?:is|are)\s+(.+?)\s+(?:allowed|permitted|ok|okay|fine|acceptable)\b(?!\s+to\b)", re.IGNORECASE
)
# Where a noun phrase ends: a preposition or conjunction (closed classes of English), a reflexive
# or an adverb of place or time ("install NordVPN myself", "use Canva there").
# fmt: off
_PHRASE_ENDS = frozenset((
    "to", "for", "from", "on", "onto", "in", "at", "into", "with", "without", "via", "using", "through",
    "by", "about", "over", "under", "during", "before", "after", "while", "instead", "as", "because",
    "since", "if", "when", "whenever", "so", "but", "than", "like", "per", "across", "within", "outside",
    "inside", "until", "till", "near", "between", "among", "against", "toward", "towards", "upon",
    "unless", "whether", "where", "that", "which", "who", "myself", "ourselves", "yourself",
    "themselves", "himself", "herself", "here", "there", "now", "today", "tomorrow", "again", "too",
    "anymore", "please",
))
# The prepositions that name what an action is done with ("send it with WeTransfer").
_TOOL = frozenset(("with", "via", "using", "through"))
# Words after "to" that start a destination ("to a customer"), not an infinitive ("to approve").
_DETERMINERS = frozenset((
    "a", "an", "the", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these",
    "those", "some", "any", "each", "every", "all", "me", "us", "him", "them",
))
# fmt: on
_TOKEN = re.compile(r"[\w'+#.-]*\w[+#]*|[^\w\s]")


def _phrases(tokens: list[str]) -> list[list[str]]:
    """The noun phrases a permission verb acts on in ``tokens`` (what follows the verb): its object
    (the words up to a preposition, a conjunction, punctuation or an adverb; "and"/"or" join
    objects) and the object of each tool preposition ("with WeTransfer"). A phrase followed by "to
    <verb>" names whom the user would have act ("ask Priya Raman to approve"), not a thing: none."""
    out: list[list[str]] = []
    start, tool = 0, True  # the object comes first, right after the verb
    while start <= len(tokens):
        end = start
        while end < len(tokens) and tokens[end].lower() not in _PHRASE_ENDS and re.match(r"\w", tokens[end]):
            end += 1
        actor = (
            end + 1 < len(tokens)
            and tokens[end].lower() == "to"
            and tokens[end + 1].lower() not in _DETERMINERS
            and not tokens[end + 1][:1].isupper()
        )
        if tool and end > start and not actor:
            out.append(tokens[start:end])
        if end >= len(tokens):
            break
        tool = tokens[end].lower() in _TOOL
        start = end + 1
    return out


def permitted_names(asks: str) -> frozenset[str]:
    """The names a permission question asks to use ("Can I install NordVPN on my laptop?", "Is
    Dropbox allowed for client files?", "send it with WeTransfer"): an instance of the kind of thing
    a rule governs, which the rule's passage need not name. The names check leaves them to the
    evidence and the other checks. Only a name the verb acts on (:func:`_phrases`) is excused, and
    only as the head of its phrase: a name before a noun says which one ("the Falcon project cost
    centre", "the Osprey budget"), and which is asked for. A name of two capitalised words or more
    (a person's full name: "Priya Raman"), a year or numbered name and an "X office"
    (:func:`office_names`) stay asked for, as do the subject of "can Sales approve ..." (only
    "I"/"we" ask permission) and of "is X allowed to <do>" (review r2 s31)."""
    out: set[str] = set()
    for sentence in re.split(r"(?<=[.!?])\s+", asks.strip()):
        if m := _PERMISSION.match(sentence):
            phrases = _phrases(_TOKEN.findall(sentence[m.end() :]))
        elif m := _ALLOWED.match(sentence):
            phrases = [_TOKEN.findall(m.group(1))]
        else:
            continue
        named = named_scopes(sentence)
        for phrase in phrases:
            for part in _conjuncts(phrase):
                out |= _instances(part, named)
    return frozenset(out) - office_names(asks)


def _conjuncts(phrase: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for word in phrase:
        if word.lower() in ("and", "or"):
            parts.append([])
        else:
            parts[-1].append(word)
    return [p for p in parts if p]


def _instances(part: list[str], named: frozenset[str]) -> set[str]:
    """The name that heads one noun phrase (``part``) and stands for an instance of a kind (see
    :func:`permitted_names`): the phrase's last word, not a number, not ending a run of
    capitalised words (a person's or an organisation's full name)."""
    word = part[-1]
    if any(c.isdigit() for c in word) or (len(part) > 1 and part[-2][:1].isupper()):
        return set()
    return set(terms(word) & named)


def unexcused(
    query: str,
    missing: set[str] | frozenset[str],
    found: set[str],
    text: str = "",
    uses: Callable[[str], bool] | None = None,
) -> set[str]:
    """The missing names that count: a word of a title-cased phrase ("our 2026 Employee Leave Policy
    handbook") names a document, not a scope, when most of that phrase's words are found; a place in
    "the Tokyo Office" stays missing (one of its two words found is not most). An acronym typed in
    capitals ("a PO", "the DPO") is found when ``text`` (the passages found) spells it out: words
    whose initials make it, in order ("purchase order", "data protection officer"), or when the
    knowledge base uses it as written (``uses``: "CFO" in another document). Its expansion elsewhere
    in the base does not count: over a whole corpus some words' initials make almost any acronym
    ("resources for political": RFP)."""
    counted = set(missing)
    for run in re.findall(r"(?:\b[A-Z][\w'-]*(?:\s+|$)){2,}", query):
        words = terms(run)
        if len(words) >= 2 and len(words & found) * 2 > len(words):
            counted -= words
    # Each acronym as written ("SREs") with its letters ("SRE"), once.
    for acronym, letters in {m.group(0): m.group(1) for m in ACRONYM_WORD.finditer(query)}.items():
        if terms(acronym) & counted and (
            spelled_out(letters, text) or named_short(letters, text) or (uses is not None and uses(letters))
        ):
            counted -= terms(acronym)
    return counted


_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:(?:of|and|for|&)\s+)?[A-Z][a-z]+)+")


def named_short(acronym: str, text: str) -> bool:
    """Whether ``text`` holds a capitalised name of two or more words whose initials are
    ``acronym``'s but its last letter, for three letters or more: a team or role the documents name
    without the head word its acronym ends with ("SREs": "Site Reliability" [Engineering]; "the
    CSM": "Customer Success" [Manager]). Capitalised names only: lower-case running text gives
    almost any two initials."""
    if len(acronym) < 3:
        return False
    for run in _NAME_RUN.findall(text):
        initials = "".join(w[0] for w in run.split() if w.lower() not in ("of", "and", "for", "&")).upper()
        if acronym[:-1] in initials:  # "The Site Reliability": "TSR" holds "SR"
            return True
    return False


def spelled_out(acronym: str, text: str) -> bool:
    """Whether ``text`` holds words whose initials are ``acronym``'s letters, in order, joined by
    spaces or hyphens, "of"/"and"/"for" allowed between them ("PO": "purchase order"; "NDA":
    "non-disclosure agreement"; "PIP": "performance improvement plan")."""
    link = r"(?:[\s-]+(?:(?:of|and|for|the)\s+)?)"
    pattern = link.join(rf"{c}[a-z]*" for c in acronym.lower())
    return re.search(rf"\b{pattern}\b", text.lower()) is not None


# A thing named with a number: "request 9999", "week 53", "SEV3" (not a decimal, a percentage or an
# amount: "reimburses 100%" states a figure, it names nothing). Written apart from its word, the
# number must end its phrase (end of text, punctuation or a stop word after it): "week 13?" names a
# week, "3 days" or "10 days" counts days (review of session 26).
_AMOUNT_AFTER = r"(?![.,:]\d|\s?%|\s?(?:EUR|USD|GBP|euros?|dollars?)\b)"
_GLUED = re.compile(rf"\b([^\W\d_]{{2,}})-?#?(\d+)\b{_AMOUNT_AFTER}")
_SPACED = re.compile(rf"\b([^\W\d_]{{2,}}) #?(\d+)\b{_AMOUNT_AFTER}(?=\s*$|\s*[?!.,;:)]|\s+([^\W\d_]+))")
# Words that are no stop words of the index but bound, compare or order an amount, not name a
# thing: "within 10", "at least 3", "the first 3", "aged 12", "the top 5", "since 2020", "max 300".
_BEFORE_AMOUNT = frozenset((
    "within", "least", "first", "last", "next", "top", "every", "around", "per", "aged", "only", "just", "past",
    "nearly", "almost", "roughly", "approximately", "near", "beyond", "since", "till", "less", "fewer", "max",
    "maximum", "min", "minimum", "exceed", "exceeds", "exceeding", "plus", "minus", "times",
))  # fmt: skip
# Number words the passages may label with ("step four"), and how a label's numbers run on: a list
# ("weeks 18 and 35") or a range ("levels 2-3", "week 12 to week 14").
_WORD_NUMBERS = {w: n for n, w in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
))}  # fmt: skip
_LABEL_NUMBER = rf"(\d+|{'|'.join(_WORD_NUMBERS)})\b{_AMOUNT_AFTER}"
_RANGE = ("to", "through", "-", "–")
# An identifier (three digits or more: "request 9999") is another record beside one other number;
# a short number ("version 6", "floor 3") is a sibling in a series only beside two others.
_IDENTIFIER_DIGITS = 3


def _number(text: str) -> int:
    return int(text) if text.isdigit() else _WORD_NUMBERS[text.lower()]


def _labelled(word: str, text: str) -> tuple[set[int], list[tuple[int, int]]]:
    """The numbers ``text`` attaches to ``word`` (or its plural), and the ranges it gives."""
    numbers: set[int] = set()
    ranges: list[tuple[int, int]] = []
    label = rf"{re.escape(word)}s?[ -]?#?"
    run_on = re.compile(rf"\s*(,|and|or|&|{'|'.join(_RANGE)})\s*(?:{label})?{_LABEL_NUMBER}", re.IGNORECASE)
    for m in re.finditer(rf"\b{label}{_LABEL_NUMBER}", text, re.IGNORECASE):
        last, at = _number(m.group(1)), m.end()
        numbers.add(last)
        while run := run_on.match(text, at):
            value = _number(run.group(2))
            if run.group(1).lower() in _RANGE and last < value:
                ranges.append((last, value))
            numbers.add(value)
            last, at = value, run.end()
    return numbers, ranges


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")  # fmt: skip


def _dated(word: str, year: int, text: str) -> bool:
    """Whether ``text`` writes a date of month ``word`` in ``year`` as numbers ("january 2025":
    "2025-01-21"): the passages hold that month, only not in words."""
    month = word.lower()
    if month not in _MONTHS:
        return False
    return re.search(rf"\b{year}-{_MONTHS.index(month) + 1:02d}-\d\d\b", text) is not None


def other_numbers(query: str, text: str) -> list[str]:
    """The numbered things ``query`` asks about that ``text`` (the passages found) names only under
    other numbers, as the question writes them: "week 53" where the passages have weeks 18 and 42,
    "SEV3" where they have SEV1 and SEV2, "request 9999" beside request 9004. The base holds the
    thing's siblings, not it (session 26). A short number needs two siblings (a series the passages
    enumerate: "version 5 is the oldest allowed" says nothing against version 6); a number inside a
    range or list the passages give ("weeks 12-14") is held; a number the passages never attach to
    that word is left to the other checks."""
    asked = [(m.group(0), m.group(1), m.group(2), m.start()) for m in _GLUED.finditer(query)]
    asked += [
        (m.group(0).strip(), m.group(1), m.group(2), m.start())
        for m in _SPACED.finditer(query)
        if m.group(3) is None or m.group(3).lower() in STOPWORDS
    ]
    out = []
    for span, word, number, _ in sorted(asked, key=lambda a: a[3]):
        if word.lower() in STOPWORDS or word.lower() in _BEFORE_AMOUNT:
            continue
        held, ranges = _labelled(word, text)
        value = int(number)
        if value in held or any(low <= value <= high for low, high in ranges) or _dated(word, value, text):
            continue
        if len(held) >= (1 if len(number.lstrip("0")) >= _IDENTIFIER_DIGITS else 2):
            out.append(span)
    return list(dict.fromkeys(out))


def named_by_file(query: str, paths: list[str]) -> set[int]:
    """The positions in ``paths`` (the passages' source paths) of the documents the question names by
    their file name as one word ("Does python-dotenv read YAML files?" names packages/python-dotenv.md).
    Only a stem that cannot be a word of a sentence - one with a hyphen, underscore, dot or digit
    (python-dotenv, py_compile, zope.interface, oauth2): a company's folders are named with words
    ("hr/travel.md", "it/laptops.md", "hr/onboarding.md"), and "Which travel tool is it?" or "How
    does onboarding work in Lisbon?" ask about no file (review s36 r1 F4, F7; a vocabulary test of
    the spelling was not enough: plurals and newer words are not whole WordPiece tokens)."""
    low = query.lower()
    named: dict[str, bool] = {}
    for path in paths:
        stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
        if stem not in named:
            named[stem] = (
                len(stem) >= 4
                and bool(re.search(r"[-_.\d]", stem))
                and bool(re.search(rf"(?<![\w-]){re.escape(stem)}(?![\w-])", low))
            )
    return {i for i, path in enumerate(paths) if named[path.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()]}
