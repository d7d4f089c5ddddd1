"""Explicit preferences and facts in what the user says, found by rules (no model, no guessing).

Only the user's own message is read here, never a document or a tool result: what a document says
is evidence, not something the user stated. Each finding becomes a ``remember`` call with source
``user_explicit`` and goes through the memory manager's conflict policy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.manager.models import MemoryType

LANGUAGES = (
    "English", "Bengali", "Bangla", "French", "German", "Spanish", "Dutch", "Italian", "Portuguese",
    "Hindi", "Urdu", "Arabic", "Chinese", "Mandarin", "Japanese", "Korean", "Polish", "Turkish",
    "Swedish", "Norwegian", "Danish", "Finnish", "Greek", "Russian", "Ukrainian", "Tamil", "Telugu",
)  # fmt: skip
_LANG = "|".join(LANGUAGES)
_END = r"(?=\s*(?:[.,;!?]|$|\band\b|\bfrom now on\b|\bplease\b))"


@dataclass(frozen=True)
class Finding:
    memory_type: MemoryType
    key: str
    value: str
    evidence: str


_RULES: tuple[tuple[MemoryType, str, re.Pattern[str]], ...] = (
    (
        MemoryType.PREFERENCE,
        "response_language",
        re.compile(
            r"\b(?:respond|reply|answer|explain(?:\s+(?:this|it|that|things|everything))?|write|talk|speak)"
            rf"(?:\s+to\s+me)?\s+(?:only\s+)?in\s+({_LANG})\b",
            re.IGNORECASE,
        ),
    ),
    (
        MemoryType.FACT,
        "manager",
        re.compile(rf"\bmy\s+(?:line\s+)?manager\s+is\s+([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?){_END}"),
    ),
    (
        MemoryType.FACT,
        "office",
        re.compile(
            r"\bI(?:'m|\s+am)\s+(?:based|located|working)\s+(?:in|at|out\s+of)\s+(?:the\s+)?"
            rf"([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*\s+office){_END}"
        ),
    ),
    (MemoryType.FACT, "name", re.compile(rf"\b(?:my\s+name\s+is|call\s+me)\s+([A-Z][\w'-]+){_END}")),
    (
        MemoryType.FACT,
        "team",
        re.compile(rf"\bI(?:'m|\s+am)\s+(?:on|in)\s+the\s+([A-Z][\w' -]*?\s+team){_END}"),
    ),
)


def _canonical_language(name: str) -> str:
    name = name.capitalize()
    return "Bengali" if name == "Bangla" else name


def extract(text: str) -> list[Finding]:
    """Explicit preferences and facts stated in ``text`` (the user's message), at most one per slot."""
    found: dict[str, Finding] = {}
    for memory_type, key, pattern in _RULES:
        for match in pattern.finditer(text):
            value = match.group(1).strip()
            if key == "response_language":
                value = _canonical_language(value)
            found[key] = Finding(memory_type, key, value, match.group(0))  # the last statement wins
    return list(found.values())
