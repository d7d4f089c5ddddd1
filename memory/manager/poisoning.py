"""Pure detectors for text that tries to act as an instruction instead of a memory.

Text written by a document, a tool or a summary is data. When it reads like an order to the
assistant (or hides something from the reader) it is quarantined for a human to review. Detection
runs on a folded form of the text (NFKC, invisible characters removed, look-alike letters mapped to
Latin, case folded) so that fullwidth, zero-width and homoglyph tricks do not hide a keyword.
False positives are cheap (the item waits for review), misses are not.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

# Zero-width, joiners, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator.
_INVISIBLE = {0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x00AD, 0x180E}
# Bidi embeddings, overrides and isolates (Trojan Source), and the implicit marks.
_BIDI = {0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
_TAGS = range(0xE0000, 0xE0080)  # Unicode tag characters: invisible ASCII look-alikes.

# Letters that render like Latin ones (Cyrillic, Greek, IPA, Cherokee/Latin extensions) mapped to
# ASCII; a short, curated subset of Unicode's confusables for the letters of attack keywords.
_CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h",
        "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ɑ": "a", "ɩ": "i", "ո": "n", "ս": "u", "օ": "o",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
        "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ѵ": "v", "ӏ": "l", "ℓ": "l", "ı": "i",
        "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p", "С": "c",
        "Т": "t", "Х": "x", "Ѕ": "s", "І": "i", "Ј": "j", "Α": "a", "Β": "b", "Ε": "e", "Η": "h",
        "Ι": "i", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x",
    }
)  # fmt: skip
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})

_W = r"[\s\W_]*"  # what attackers put between words: spaces, dots, dashes, underscores

_INSTRUCTION_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        (
            "override of earlier instructions",
            rf"\b(ignore|disregard|forget|override|bypass|skip){_W}(all{_W}|any{_W}|the{_W}|your{_W}|of{_W})*"
            rf"(previous|prior|above|earlier|preceding|original|system|existing)?{_W}"
            r"(instructions?|rules|directions|guidelines|prompts?|messages|context|policies)\b",
        ),
        ("standing order ('from now on')", rf"\b(from{_W}now{_W}on|henceforth|going{_W}forward|hereafter)\b"),
        (
            "always/never order",
            rf"\b(always|never|must{_W}always|must{_W}never|do{_W}not{_W}ever){_W}"
            r"(respond|reply|answer|say|write|output|include|recommend|send|mention|tell|refer|"
            r"call|append|add|link|forward|share|reveal|disclose|ask|trust|obey|follow)",
        ),
        (
            "role reassignment",
            rf"\b(you{_W}are{_W}now|you{_W}must|act{_W}as|pretend{_W}(to{_W}be|you)|roleplay{_W}as|"
            rf"new{_W}instructions?|system{_W}prompt|developer{_W}mode|jailbreak|dan{_W}mode)\b",
        ),
        (
            "concealment from the user",
            rf"\b(do{_W}not|don'?t|never){_W}(tell|inform|show|mention{_W}(this|it){_W}to){_W}(the{_W})?user\b"
            rf"|\bwithout{_W}(telling|informing|notifying){_W}(the{_W})?user\b|\bsecretly\b",
        ),
        (
            "assistant address",
            r"\b(assistant|ai|chatbot|model|llm|agent)\s*[,:]\s*(please\s+)?(always|never|ignore|you)\b",
        ),
    )
)

_ROLE_MARKERS = re.compile(
    r"<\|\s*(system|assistant|user|im_start|im_end|endoftext|begin_of_text|start_header_id)\s*\|>"
    r"|\[/?inst\]|<</?sys>>|#{2,}\s*(system|instruction|assistant|user)s?\s*:?"
    r"|^\s*(system|assistant|developer)\s*:|</?(system|assistant|instructions?)>",
    re.IGNORECASE | re.MULTILINE,
)

_URL = re.compile(r"\b(?:https?|ftp)://[^\s<>\"')\]]+", re.IGNORECASE)
_DATA_URI = re.compile(r"\b(data|javascript|vbscript):", re.IGNORECASE)
_MD_IMAGE = re.compile(r"!\[[^\]]*\]\(\s*[^)\s]+")
_HTML_IMG = re.compile(r"<\s*img\b[^>]*\bsrc\s*=", re.IGNORECASE)
_LONG_TOKEN = re.compile(r"[A-Za-z0-9+/_\-=%.]{24,}")
_BASE64_RUN = re.compile(r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{40,}={0,2}")


@dataclass(frozen=True)
class Finding:
    """One reason to distrust a text; ``detail`` never quotes the text itself."""

    category: str
    detail: str

    def describe(self) -> str:
        return f"{self.category}: {self.detail}"


def text_leaves(value: Any) -> Iterator[str]:
    """Every string in a JSON value, dict keys included (instructions hide in keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from text_leaves(v)
    elif isinstance(value, list):
        for item in value:
            yield from text_leaves(item)


def fold(text: str) -> str:
    """The form detectors read: NFKC, no invisible or bidi characters, look-alikes mapped, casefolded."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if not _is_hidden(ch))
    text = text.translate(_CONFUSABLES).casefold()
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode() or text


def _is_hidden(ch: str) -> bool:
    cp = ord(ch)
    return cp in _INVISIBLE or cp in _BIDI or cp in _TAGS or unicodedata.category(ch) == "Cf"


def hidden_characters(text: str) -> list[Finding]:
    findings: list[Finding] = []
    if any(ord(ch) in _BIDI for ch in text):
        findings.append(Finding("hidden characters", "bidirectional override or mark"))
    if any(ord(ch) in _INVISIBLE or ord(ch) in _TAGS for ch in text):
        findings.append(Finding("hidden characters", "zero-width or invisible characters"))
    elif any(unicodedata.category(ch) == "Cf" and ord(ch) not in _BIDI for ch in text):
        findings.append(Finding("hidden characters", "invisible formatting characters"))
    if any(unicodedata.category(ch) == "Cc" and ch not in "\n\t\r" for ch in text):
        findings.append(Finding("hidden characters", "control characters"))
    return findings


def instructions(text: str) -> list[Finding]:
    folded = fold(text)
    variants = {folded, folded.translate(_LEET)}
    found: list[Finding] = []
    for name, pattern in _INSTRUCTION_PATTERNS:
        if any(pattern.search(v) for v in variants):
            found.append(Finding("instruction", name))
    if _ROLE_MARKERS.search(unicodedata.normalize("NFKC", text)) or _ROLE_MARKERS.search(folded):
        found.append(Finding("role marker", "chat-template or system/assistant role marker"))
    if folded != text.casefold() and found:
        found.append(
            Finding("obfuscation", "keywords hidden with look-alike, fullwidth or invisible characters")
        )
    return found


def exfiltration(text: str) -> list[Finding]:
    normal = "".join(ch for ch in unicodedata.normalize("NFKC", text) if not _is_hidden(ch))
    found: list[Finding] = []
    if _MD_IMAGE.search(normal) or _HTML_IMG.search(normal):
        found.append(Finding("exfiltration", "markdown or HTML image that makes the client fetch a URL"))
    if _DATA_URI.search(normal):
        found.append(Finding("exfiltration", "data:/javascript: URI"))
    for url in _URL.findall(normal):
        _, _, query = url.partition("?")
        path = url.split("://", 1)[1].partition("?")[0]
        if query and (_LONG_TOKEN.search(query) or query.count("&") >= 3 or "{" in query):
            found.append(Finding("exfiltration", "URL whose query string carries a long token"))
            break
        if any(len(seg) >= 32 and _LONG_TOKEN.fullmatch(seg) for seg in path.split("/")[1:]):
            found.append(Finding("exfiltration", "URL whose path carries a long encoded token"))
            break
    return found


def encoded_payloads(text: str) -> list[Finding]:
    for run in _BASE64_RUN.findall(text):
        if _decodes_to_text(run):
            return [Finding("encoded payload", "base64 text that decodes to readable content")]
    return []


def _decodes_to_text(run: str) -> bool:
    padded = run + "=" * (-len(run) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return False
    if not raw:
        return False
    printable = sum(32 <= b < 127 or b in (9, 10, 13) for b in raw)
    return printable / len(raw) > 0.85


def scan(text: str) -> list[Finding]:
    """Every reason to quarantine ``text`` (empty when it looks like plain data)."""
    return hidden_characters(text) + instructions(text) + exfiltration(text) + encoded_payloads(text)


def scan_memory(key: str, value: Any) -> list[Finding]:
    """Scan a memory's key and every string in its value; duplicates removed, order kept."""
    seen: dict[str, Finding] = {}
    for text in (key, *text_leaves(value)):
        for finding in scan(text):
            seen.setdefault(finding.describe(), finding)
    return list(seen.values())
