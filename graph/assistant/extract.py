"""Explicit preferences and facts in what the user says, found by rules (no model, no guessing).

Only the user's own message is read here, never a document or a tool result: what a document says
is evidence, not something the user stated. Each finding becomes a ``remember`` call (source
``user_explicit`` in the assistant; ``kassist memory remember --user U "sentence"`` uses the same
function) and goes through the memory manager's conflict policy and poisoning screen.

The rules are written for the ways people state these things, in any letter case: "I prefer
answers in Bengali", "please reply in French from now on", "keep answers short", "use bullet
points", "call me Asha", "I work as a data engineer", "I'm based in Dhaka", "my time zone is
Asia/Dhaka", "please always cite the section". A question ("what is our leave policy?") or a
statement about someone else states nothing about the user and finds nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from memory.manager.models import MemoryType

LANGUAGES = (
    "English", "Bengali", "Bangla", "French", "German", "Spanish", "Dutch", "Italian", "Portuguese",
    "Hindi", "Urdu", "Arabic", "Chinese", "Mandarin", "Japanese", "Korean", "Polish", "Turkish",
    "Swedish", "Norwegian", "Danish", "Finnish", "Greek", "Russian", "Ukrainian", "Tamil", "Telugu",
    "Indonesian", "Malay", "Thai", "Vietnamese", "Czech", "Hungarian", "Romanian", "Hebrew", "Persian",
)  # fmt: skip

UNDERSTOOD = (
    "language ('I prefer answers in Bengali', 'reply in French'), length ('keep answers short'), "
    "tone ('use a formal tone'), format ('use bullet points'), a standing instruction ('please always "
    "cite the section'), name ('call me Asha'), role ('I work as a data engineer'), team ('I'm on the "
    "Payments team'), manager ('my manager is Rahim Khan'), office or location ('I'm based in the Dhaka "
    "office', 'I'm based in Dhaka'), time zone ('my time zone is Asia/Dhaka')"
)
"""The forms :func:`extract` understands, for a message that names them (one line)."""


@dataclass(frozen=True)
class ExtractedMemory:
    memory_type: MemoryType
    key: str
    value: str
    evidence: str


# ---- building blocks ------------------------------------------------------------------------------

_LANG = "|".join(LANGUAGES)
# Where a stated value ends: punctuation, the end, or the words that start the next clause.
_END = (
    r"(?=\s*(?:[.,;:!?)]|$|\b(?:and|but|so|because|since|where|which|who|until|though|although|"
    r"from\s+now\s+on|please|thanks|thank\s+you|if|when|for\s+now)\b))"
)
_I_AM = r"\bI(?:'m|’m|\s+am)"
_AT_PLACE = r"(?=\s+(?:on|in|at|with|for)\s+(?:the|our)\b)"  # "a data engineer | on the Payments team"
# "answers", "your replies", "the responses": what a preference is about.
_ANSWERS = (
    r"(?:(?:your|the|all|my)\s+)?(?:answers?|responses?|replies|reply|explanations?|output|it|them|things)"
)
# The words between "prefer" and "in Bengali": "prefer (that) (all) (your) answers (only) in".
_FILLER = (
    r"(?:me|you|to|it|that|this|them|things|everything|all|only|always|your|the|my|answers?|"
    r"responses?|replies|explanations?|output)\b"
)
# Words that introduce a lasting preference rather than a one-off request.
_WANT = (
    r"(?:prefer(?:red)?|like|want|answer|reply|respond|write|talk|speak|explain|use|give\s+me|"
    r"format|keep|make|always|rather\s+(?:have|get))"
)
# A word of a place or team name (not the words that start another clause).
_NOT_A_NAME = (
    r"(?:and|but|so|because|since|where|which|who|until|from|please|thanks|if|when|for|on|at|in|to|"
    r"with|now|back|later|tomorrow|today|again|soon|anytime|up|out|off|the|a|an|me|you|it|that|this|"
    r"not|just|also|really|very|important|irrelevant|private|secret)"
)
_WORD = rf"(?!{_NOT_A_NAME}\b)[^\W\d_][\w'’&-]*"
_NAME_WORDS = rf"{_WORD}(?:\s+{_WORD}){{0,3}}"
# A person's name: capitalised words (a manager "is on leave" is not a name).
_PERSON = r"(?-i:[A-Z][\w'’-]+(?:\s+(?:(?:bin|binti|de|da|van|von|al|el|ter)\s+)?[A-Z][\w'’-]+){0,2})"
_ROLE_NOUNS = (
    r"(?:engineer|developer|programmer|manager|analyst|designer|lead|director|scientist|consultant|"
    r"administrator|admin|intern|contractor|architect|officer|specialist|coordinator|accountant|"
    r"recruiter|executive|researcher|assistant|representative|technician|supervisor|editor|writer|"
    r"tester|operator|agent|associate|partner|owner|nurse|teacher|lawyer|counsel|auditor|controller|"
    r"strategist|advisor|adviser|planner|buyer|clerk|secretary|receptionist|trainee|apprentice|"
    r"student|founder|president|vp|cto|ceo|cfo|coo|head\s+of\s+[^\W\d_][\w&'-]*(?:\s+[^\W\d_][\w&'-]*)?)"
)


def _rule(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _titled(text: str) -> str:
    """Typed all in lower case ("dhaka", "asha"): capitalised; anything else as the user wrote it."""
    return text.title() if text == text.lower() else text


def _language(text: str) -> str:
    name = text.capitalize()
    return "Bengali" if name == "Bangla" else name


_LENGTH = {
    "short": "brief", "shorter": "brief", "brief": "brief", "briefer": "brief", "concise": "brief",
    "succinct": "brief", "terse": "brief", "to the point": "brief", "detailed": "detailed",
    "longer": "detailed", "long": "detailed", "in-depth": "detailed", "in depth": "detailed",
    "thorough": "detailed", "comprehensive": "detailed", "more detailed": "detailed",
}  # fmt: skip
_LENGTH_WORDS = r"(?:short(?:er)?|brief(?:er)?|concise|succinct|terse|to\s+the\s+point|(?:more\s+)?detailed|longer|long|in[-\s]depth|thorough|comprehensive)"
_TONE_WORDS = r"(?:formal|informal|casual|friendly|professional|neutral|warm|polite|plain|simple|direct)"
_FORMAT = {
    "bullet": "bullet points", "bullets": "bullet points", "bulleted": "bullet points",
    "numbered": "numbered list", "table": "table", "tables": "table", "plain": "plain text",
    "markdown": "markdown", "prose": "prose", "paragraph": "prose", "paragraphs": "prose",
    "step": "numbered list", "steps": "numbered list",
}  # fmt: skip
_FORMAT_WORDS = (
    r"(?:bullet(?:ed)?(?:\s+(?:points?|lists?))?|bullets|numbered\s+(?:lists?|steps)|step[-\s]by[-\s]step|"
    r"(?:a\s+)?tables?|plain\s+text|markdown|prose|(?:full\s+)?paragraphs?)"
)


def _length(text: str) -> str:
    return _LENGTH[" ".join(text.lower().replace("-", " ").split()).replace("in depth", "in-depth")]


def _format(text: str) -> str:
    words = text.lower().replace("-", " ").split()
    return _FORMAT[next(w for w in words if w in _FORMAT)]


def _office(text: str) -> str:
    place = re.sub(r"\s+office$", "", text, flags=re.IGNORECASE)
    return f"{_titled(place)} office"


def _team(text: str) -> str:
    text = " ".join(text.split())
    return text if re.search(r"\b(?:team|department|group|squad)$", text, re.IGNORECASE) else f"{text} team"


def _instruction(text: str) -> str:
    text = " ".join(text.split()).rstrip(" .!")
    return text[0].upper() + text[1:]


def _same(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class _Rule:
    memory_type: MemoryType
    key: str
    pattern: re.Pattern[str]
    value: Callable[[str], str] = _same


_PREF = MemoryType.PREFERENCE
_RULES: tuple[_Rule, ...] = (
    # -- response language: "I prefer answers in Bengali", "reply to me only in French",
    #    "my preferred language is German", "switch to Spanish", "in Hindi from now on please"
    _Rule(
        _PREF,
        "response_language",
        _rule(
            rf"\b{_WANT}\b(?:\s+{_FILLER}){{0,5}}\s+in\s+({_LANG})\b(?!\s+(?:law|office|team|market|site|version\s+of))"
        ),
        _language,
    ),
    _Rule(
        _PREF,
        "response_language",
        _rule(
            rf"\b(?:(?:my\s+)?(?:preferred\s+|response\s+|answer\s+)?language\s+(?:is|should\s+be|=)|"
            rf"switch\s+to|I\s+(?:prefer|speak|read)|use)\s+({_LANG}){_END}"
        ),
        _language,
    ),
    _Rule(
        _PREF,
        "response_language",
        _rule(rf"\bin\s+({_LANG}),?\s+(?:from\s+now\s+on|please|going\s+forward)"),
        _language,
    ),
    # -- length: "keep answers short", "I prefer detailed answers", "be concise"
    _Rule(
        _PREF,
        "response_length",
        _rule(rf"\b(?:keep|make)\s+{_ANSWERS}\s+(?:(?:very|a\s+bit|more|really)\s+)?({_LENGTH_WORDS})\b"),
        _length,
    ),
    _Rule(
        _PREF,
        "response_length",
        _rule(
            rf"\b(?:prefer|like|want|give\s+me|write|use)\s+(?:(?:very|more|really|only|a\s+bit)\s+)?"
            rf"({_LENGTH_WORDS})\s+(?:answers?|responses?|replies|explanations?)"
        ),
        _length,
    ),
    _Rule(
        _PREF,
        "response_length",
        _rule(
            rf"(?:^|[.;!,]\s*|\bplease\s+|\balways\s+)be\s+(?:(?:very|more|really|a\s+bit)\s+)?({_LENGTH_WORDS})\b"
        ),
        _length,
    ),
    _Rule(
        _PREF,
        "response_length",
        _rule(
            rf"(?:^|[.;!]\s*)({_LENGTH_WORDS})\s+(?:answers?|responses?|replies)(?:,?\s+please|\s+from\s+now\s+on)"
        ),
        _length,
    ),
    # -- tone: "use a formal tone", "keep it casual", "please be more friendly"
    _Rule(
        _PREF,
        "response_tone",
        _rule(
            rf"\b{_WANT}\b\s+(?:(?:in|with|using)\s+)?(?:(?:a|an|your|the)\s+)?(?:more\s+)?({_TONE_WORDS})\s+"
            r"(?:tone|style|register|voice)\b"
        ),
        str.lower,
    ),
    _Rule(
        _PREF,
        "response_tone",
        _rule(
            r"\b(?:keep\s+(?:it|things|answers|your\s+answers)|(?:^|please\s+|always\s+)be|sound)\s+"
            r"(?:(?:more|very|a\s+bit)\s+)?(formal|informal|casual|friendly|professional|polite|direct)\b"
        ),
        str.lower,
    ),
    _Rule(
        _PREF,
        "response_tone",
        _rule(rf"\b(?:tone|style)\s+(?:is|should\s+be)\s+(?:more\s+)?({_TONE_WORDS})\b"),
        str.lower,
    ),
    # -- format: "use bullet points", "I prefer answers as a table", "answer in numbered steps"
    _Rule(
        _PREF,
        "response_format",
        _rule(
            rf"\b{_WANT}\b(?:\s+{_FILLER}){{0,5}}\s+(?:(?:in|as|with|using)\s+)?(?<!the\s)(?<!this\s)(?<!that\s)({_FORMAT_WORDS})\b"
        ),
        _format,
    ),
    # -- name: "my name is Asha Rahman", "call me asha", "I go by Ash"
    _Rule(
        MemoryType.FACT,
        "name",
        _rule(
            rf"\b(?:my\s+name\s+is|my\s+name's|call\s+me|I\s+go\s+by|name\s+is)\s+({_WORD}(?:\s+{_WORD}){{0,2}}){_END}"
        ),
        _titled,
    ),
    _Rule(  # a greeting: "Hi, I'm Ravi" (a capitalised name right after it, nothing else)
        MemoryType.FACT,
        "name",
        _rule(
            rf"\b(?:hi|hello|hey)\b[,!.]?\s+(?:there[,!.]?\s+)?{_I_AM}\s+(?!(?:{_LANG})\b)((?-i:[A-Z])[\w'’-]+)(?=\s*[,.;!]|\s*$)"
        ),
    ),
    # -- role: "I work as a data engineer", "my role is product owner", "I'm a senior analyst"
    _Rule(
        MemoryType.FACT,
        "role",
        _rule(
            r"\b(?:I\s+work\s+as|my\s+(?:job\s+title|job|title|role|position)\s+is)\s+(?:(?:a|an|the)\s+)?"
            rf"([^\W\d_][\w&'’/-]*(?:\s+[^\W\d_][\w&'’/-]*){{0,5}}?)(?:{_AT_PLACE}|{_END})"
        ),
    ),
    _Rule(
        MemoryType.FACT,
        "role",
        _rule(
            rf"{_I_AM}\s+(?:(?:a|an|the)\s+)((?:[^\W\d_][\w&'’/-]*\s+){{0,3}}?{_ROLE_NOUNS})\b(?:{_AT_PLACE}|{_END})"
        ),
    ),
    # -- manager: "my manager is Rahim Khan", "I report to Priya"
    _Rule(
        MemoryType.FACT,
        "manager",
        _rule(
            rf"\b(?:my\s+(?:line\s+|direct\s+)?(?:manager|boss|supervisor)(?:'s\s+name)?\s+is|I\s+report\s+to)\s+({_PERSON}){_END}"
        ),
    ),
    # -- office, then location: "I'm based in the Amsterdam office", "I work from the Dhaka office",
    #    "my office is in Berlin"; "I'm based in Dhaka", "I live in new york"
    _Rule(
        MemoryType.FACT,
        "office",
        _rule(
            rf"(?:{_I_AM}|\bI\s+(?:work|sit))\b(?:[^.;!?]{{0,40}}?\s)??(?:in|at|from|out\s+of)\s+"
            rf"(?:the\s+|our\s+)?({_NAME_WORDS}\s+office)(?:(?=\s+(?:on|most|every|some)\b)|{_END})"
        ),
        _office,
    ),
    _Rule(
        MemoryType.FACT,
        "office",
        _rule(rf"\bmy\s+office\s+is\s+(?:in|at)\s+(?:the\s+)?({_NAME_WORDS}){_END}"),
        _office,
    ),
    _Rule(
        MemoryType.FACT,
        "location",
        _rule(
            rf"(?:{_I_AM}\b(?:[^.;!?]{{0,60}}?\s)??(?:based|located|living)\s+(?:in|at|out\s+of)|\bI\s+live\s+in|"
            r"\bI\s+work\s+(?:from|out\s+of))"
            rf"\s+(?:the\s+)?(?!(?:{_NAME_WORDS}\s+)?office\b|(?:home|remote)\b)({_NAME_WORDS}){_END}"
        ),
        _titled,
    ),
    # -- team: "I'm on the Payments team", "I work in the Finance department", "my team is Search"
    _Rule(
        MemoryType.FACT,
        "team",
        _rule(
            rf"(?:{_I_AM}|\bI\s+work)\b[^.;!?]{{0,40}}?\b(?:on|in|for|with|of|part\s+of)\s+the\s+"
            r"([^\W\d_][\w&'’-]*(?:\s+[\w&'’-]+){0,8}?\s+(?:team|department|group|squad))\b"
        ),
        _team,
    ),
    _Rule(
        MemoryType.FACT,
        "team",
        _rule(rf"\bmy\s+(?:team|department)\s+is\s+(?:the\s+)?({_NAME_WORDS}){_END}"),
        _team,
    ),
    # -- time zone: "my time zone is Asia/Dhaka", "I'm in the CET time zone", "I'm on Pacific time"
    _Rule(
        MemoryType.SETTING,
        "time_zone",
        _rule(
            r"\bmy\s+(?:time\s*zone|tz)\s+is\s+([A-Za-z][\w/+:-]*(?:\s+[A-Za-z][\w/+:-]*){0,2}?)"
            rf"(?:\s+time)?{_END}"
        ),
    ),
    _Rule(
        MemoryType.SETTING,
        "time_zone",
        _rule(
            rf"{_I_AM}\s+(?:in|on)\s+(?:the\s+)?([A-Za-z][\w/+:-]*(?:\s+[A-Za-z][\w/+:-]*){{0,2}}?)"
            rf"\s+time\s*zone{_END}"
        ),
    ),
    _Rule(
        MemoryType.SETTING,
        "time_zone",
        _rule(rf"{_I_AM}\s+on\s+([A-Za-z][\w/+:-]*(?:\s+[A-Za-z][\w/+:-]*){{0,2}}?\s+time){_END}"),
    ),
    _Rule(
        MemoryType.SETTING,
        "time_zone",
        _rule(
            rf"{_I_AM}\s+(?:in|on)\s+((?-i:UTC|GMT)\s*[+-−]\s*\d{{1,2}}(?::\d\d)?|(?-i:[A-Z]{{2,4}}T)){_END}"
        ),
    ),
    # -- a standing instruction: "please always cite the section", "never use jargon"
    _Rule(
        MemoryType.PROCEDURE,
        "instruction",
        _rule(
            r"(?:^|[.;!?]\s*|,\s*(?=please\b|from\s+now\s+on\b)|\bplease\s+|\bfrom\s+now\s+on,?\s+|"
            r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?)"
            r"((?:always|never)\s+(?!mind\b)[^.;!?\n]{3,160}?)(?=\s*(?:[.;!?\n]|$|,?\s*(?:please|thanks|thank\s+you)\b))"
        ),
        _instruction,
    ),
)

_SLUG = re.compile(r"[^a-z0-9]+")


def extract(text: str) -> list[ExtractedMemory]:
    """Explicit preferences and facts stated in ``text`` (the user's message), at most one per slot
    (the last statement wins); a standing instruction that another rule already read ("please always
    answer in Bengali") is that rule's finding, not a second one."""
    # A NUL is no character of what the user said (invisible, and PostgreSQL's text and JSONB
    # cannot hold one: the memory manager refuses it). The instruction rule took it into the value,
    # and the refusal failed the whole turn: a 500 on kassist serve, the end of `kassist chat`.
    text = text.replace("\x00", "")
    found: dict[str, tuple[ExtractedMemory, tuple[int, int]]] = {}
    for rule in _RULES:
        for match in rule.pattern.finditer(text):
            value = rule.value(match.group(1).strip())
            span = match.span(1)
            key = rule.key
            if rule.memory_type is MemoryType.PROCEDURE:
                if any(s[0] < span[1] and span[0] < s[1] for _, s in found.values()):
                    continue
                key = f"instruction:{_SLUG.sub('_', value.lower()).strip('_')[:60]}"
            finding = ExtractedMemory(rule.memory_type, key, value, match.group(0).strip(" ,.;"))
            earlier = found.get(key)
            if earlier is None or earlier[1][0] < span[0]:  # the same words: the first rule's
                found[key] = (finding, span)
    return [f for f, _ in sorted(found.values(), key=lambda item: item[1][0])]
