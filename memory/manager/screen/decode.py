"""Everything a reader (or a model) could decode out of a text, as extra texts to match.

Attackers hide an instruction from keyword filters with an encoding the model undoes without
being asked: base64 (short, split into pieces), URL encoding, HTML entities, ROT13, reversed or
spaced-out letters, leetspeak, and places a human reader does not see: HTML comments, link and
image targets, a JSON object inside a string. Each ``Variant`` says how it was obtained, so a
finding can name the disguise. Pure functions; nothing here decides what is an attack.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import json
import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from memory.manager.screen.ciphers import decoded as cipher_texts
from memory.manager.screen.ciphers import readable
from memory.manager.screen.literals import rule, tag_findall
from memory.manager.screen.text import latin

MAX_DEPTH = 2  # base64 inside URL encoding inside a comment is still found; no unbounded recursion


@dataclass(frozen=True)
class Variant:
    how: str  # "" for the text as written, else the decoding that produced it
    text: str
    source: str = ""  # the text it was decoded from


_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "6": "g", "2": "z",
     "@": "a", "$": "s", "!": "i", "|": "l", "+": "t", "€": "e", "£": "l", "¡": "i", "¿": "?"}
)  # fmt: skip
_LEET_L = str.maketrans({"1": "l", "!": "l", "|": "i"})
_B64_TOKEN = rule(r"[A-Za-z0-9+/_\-]{4,}={0,2}")
_COMMENT = rule(r"<!--(.*?)(?:-->|$)", re.DOTALL)
_CELL = rule(r"(?<![\w$])\$?[A-Z]{1,3}\$?[0-9]{1,6}(?![\w(])")
_SPACED = rule(r"(?:\b\w[ .\-_*·|/]){2,}\w\b")
# Bytes written as hex: "52 65 76 ..." or "7265766561..." (whole words only: a hash is not text).
_HEX_RUN = rule(r"\b(?:[0-9a-f]{2}[ :]){7,}[0-9a-f]{2}\b|\b(?:0x)?(?:[0-9a-f]{2}){8,}\b", re.I)
# A run of escapes, words kept apart by plain spaces or punctuation ("\x69\x67 \x70\x72"): a sentence.
_ESCAPE = r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]{1,6}\})"
_ESCAPES = rule(rf"{_ESCAPE}(?:[ ,.;:!?'-]{{0,3}}{_ESCAPE}){{3,}}", re.I)
# Elements a browser does not show (and a model reads): hidden, zero-size, invisible, white on white.
_HIDDEN_ELEMENT = rule(
    r"<(\w+)\b[^>]*?(?:\bhidden\b|aria-hidden\s*=\s*[\"']?true|display\s*:\s*none|visibility\s*:\s*hidden|"
    r"font-size\s*:\s*(?:0(?![.\d]*[1-9])|[01](?:\.\d+)?(?:px|pt)\b)|opacity\s*:\s*0(?![.\d]*[1-9])|"
    r"color\s*:\s*(?:#f[0-9a-f]f[0-9a-f]f[0-9a-f]\b|#fff\b|white\b|"
    r"transparent\b)|(?:width|height)\s*:\s*0(?:px)?\b)[^>]*>(.*?)(?:</\1\s*>|$)",
    re.I | re.S,
)
_TAG_OPEN = rule(r"<\w+\b")
# Markdown comments: link reference definitions nobody links to ("[//]: # (text)", "[comment]: <> (text)").
# A link's title ([text](url "title")) shows only on hover; a model reads it with the text.
# The address is read up to a "]" (a URL writes it percent-encoded): from every "](" of a long run of links
# without spaces, "\S+" read to the run's end, quadratic in the run (session 35).
_LINK_TITLE = rule(r"\]\(\s*[^\s\]]+\s+[\"'(]([^\"')]{6,})[\"')]\s*\)")
_MD_COMMENT = rule(r"^\s*\[(?://|comment|_|#)\]:\s*(?:#|<>|\S+)\s*[(\"'](.*?)[)\"']?\s*$", re.M | re.I)
_JSONISH = rule(r"[\[{].*[\]}]", re.DOTALL)
_CHAT_ROLES = {"system", "developer", "assistant", "tool"}
# A role and a content field close together in text that is not valid JSON (truncated, single quotes).
_ROLE_MESSAGE = rule(
    r"[\"']role[\"']\s*[:=]\s*[\"'](?:system|developer|assistant)[\"'][^{}]{0,200}[\"'](?:content|text)[\"']\s*[:=]"
    r"|[\"'](?:content|text)[\"']\s*[:=][^{}]{0,400}[\"']role[\"']\s*[:=]\s*[\"'](?:system|developer)[\"']",
    re.IGNORECASE,
)


FIELDS = "field values"
# Data formats (session 22): a record's values, each read as its own line, so that the rules which read a
# sentence from its start see an order that a key, a header name or a footnote mark put in the middle of a
# line: `TXT "v=1; directive=..."`, `X-Note: ...`, `[^3]: ...`, `content='...'`, YAML `note: ...`. A slug of
# many hyphenated words ("AI-assistant-tell-users-to-...") is read with spaces.
_KEY_VALUE = rule(r"(?:^|[;{,\s])[\w.-]{1,40}\s*=\s*[\"']?([^\"';\n]{12,})", re.MULTILINE)
# "key: value" lines: a footnote mark, a header or identifier-shaped key (X-Note, build.note, ai_hint), or any
# short key when the text has several such lines (a record). A prose heading ("AI policy: ...") is not a key.
_KEY_COLON = rule(
    # the marks before a key are read within its line: "\s*" across line ends made every line of a long list
    # of marks read to the list's end (quadratic, session 35); a key after blank or mark-only lines is found
    # from its own line's start, with the same groups
    r"^[^\S\n]*(?:[#>*-][^\S\n]*)*(\[\^?\w{1,8}\]|[\w.-]{1,40}(?: [\w.-]{1,20}){0,2})\s*:\s+(.{12,})$",
    re.MULTILINE,
)
_IDENTIFIER = rule(r"^\[|^x-|^[\w]+[-_.][\w.-]+$", re.IGNORECASE)
_SLUG = rule(r"\b[^\W\d_]+(?:-[^\W\d_]+){5,}\b")


def field_values(text: str) -> str:
    """The values of the key=value pairs, "key: value" lines and long slugs in ``text``, one per line
    ("" when it has fewer than one such value: plain prose is left to the other variants)."""
    values = [m.group(1).strip() for m in _KEY_VALUE.finditer(text)]
    lines = list(_KEY_COLON.finditer(text))
    values += [m.group(2).strip() for m in lines if len(lines) >= 2 or _IDENTIFIER.search(m.group(1))]
    values += [m.group(0).replace("-", " ") for m in _SLUG.finditer(text)]
    return "\n".join(v for v in values if len(v.split()) >= 3)


_MIRRORED_AI = re.compile(r"(?<![^\W\d_])(?:ai|ia)(?![^\W\d_])", re.IGNORECASE)


# A run of more than 64 spaces or line ends, or of one punctuation mark, says no more than 64 of them would: read
# as its first and last 32 (one mark: 64 of it). Dozens of rules open with "(?:^|\n|[:;,])\s*" or the like, and
# tried at every line of a long run of blank lines each read to the run's end - quadratic, 218 s for 32 KB of
# line ends (session 35). Applied to the text as written and to every decoding (a "%0A" run decodes to one).
_LONG_RUN = re.compile(r"\s{65,}|([^\w\s])\1{64,}")


def _shortened(run: re.Match[str]) -> str:
    found = run.group(0)
    return found[:64] if run.group(1) else found[:32] + found[-32:]


def bounded_runs(text: str) -> str:
    """``text`` with every run of more than 64 whitespace characters (or of one punctuation mark) cut to 64."""
    return _LONG_RUN.sub(_shortened, text)


def variants(text: str, depth: int = 0) -> Iterator[Variant]:
    """``text`` itself, then every decoding that changes it (each at most once)."""
    seen = {latin(text)}  # a decoding that only changes case or accents reveals nothing new

    def fresh(how: str, decoded: str | None) -> Iterator[Variant]:
        decoded = bounded_runs(decoded) if decoded else decoded
        if decoded and decoded.strip() and latin(decoded) not in seen:
            seen.add(latin(decoded))
            yield Variant(how, decoded, text)

    yield Variant("", text)
    # A spreadsheet's cell references ("A1", "B2:B40") are letters and digits by design, not disguise:
    # read as leetspeak, "A1:" became "ai:", a label that speaks to an AI.
    cells = _CELL.sub(" ", text)
    yield from fresh("leetspeak", leet(cells))
    yield from fresh("leetspeak", latin(cells).translate(_LEET_L).translate(_LEET))
    unquoted = urllib.parse.unquote_plus(urllib.parse.unquote(text))
    yield from fresh("URL encoding", unquoted)
    unescaped = html.unescape(html.unescape(text))
    yield from fresh("HTML entities", unescaped)
    yield from fresh("ROT13", codecs.decode(text, "rot13"))
    yield from fresh("ROT47", rot47(text))
    yield from fresh("Unicode tag characters", tag_text(text))
    yield from fresh("Unicode variation selectors", selector_text(text))
    # "AI" backwards is "IA", the word for AI in French, Spanish, Italian and Portuguese (and "IA" gives "AI"):
    # every English text naming an AI would name one when read backwards. A word that reads as an AI's name
    # both ways says nothing about which way the text is meant; only what exists backwards alone counts.
    yield from fresh("reversed text", _MIRRORED_AI.sub("--", text[::-1]))
    yield from fresh("spaced-out letters", despace(text))
    for comment in _COMMENT.findall(text):
        yield from fresh("HTML comment", comment)
    for _, hidden in tag_findall(_TAG_OPEN, _HIDDEN_ELEMENT, text):
        yield from fresh("hidden HTML element", hidden)
    for title in _LINK_TITLE.findall(text):
        yield from fresh("link title", title)
    for comment in _MD_COMMENT.findall(text):
        yield from fresh("markdown comment", comment)
    for run in _HEX_RUN.findall(text):
        yield from fresh("hex bytes", _hex(run))
    for run in _ESCAPES.findall(text):
        yield from fresh("escape sequences", _unescape(run))
    for how, decoded in cipher_texts(text):
        yield from fresh(how, decoded)
    yield from fresh(FIELDS, field_values(text))
    if depth >= MAX_DEPTH:
        return
    # ordered (not a set, whose order follows the process's hash seed): the same findings' order everywhere
    for source in dict.fromkeys((text, unquoted, unescaped)):
        for decoded in base64_texts(source):
            for inner in variants(decoded, depth + 1):
                how = "base64" + (f" + {inner.how}" if inner.how else "")
                yield from fresh(how, inner.text)
        for leaf in json_strings(source):
            yield from fresh("JSON inside the text", leaf)


def _readable(raw: bytes) -> str | None:
    """UTF-8 text that is mostly letters and spaces, else None (binary, a hash, a key)."""
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    letters = sum(ch.isalpha() or ch.isspace() for ch in decoded)
    if len(decoded) < 3 or letters / len(decoded) < 0.75 or not any(ch.isalpha() for ch in decoded):
        return None
    if any(ord(ch) < 32 and ch not in "\t\n\r" for ch in decoded):
        return None
    return decoded


def _hex(run: str) -> str | None:
    try:
        return _readable(bytes.fromhex(re.sub(r"[ :]|^0x", "", run, flags=re.I)))
    except ValueError:
        return None


def _unescape(run: str) -> str | None:
    def one(match: re.Match[str]) -> str:
        code = match.group(0)[2:].strip("{}")
        return chr(int(code, 16)) if int(code, 16) <= 0x10FFFF else ""

    return re.sub(r"\\(?:x[0-9a-f]{2}|u\{[0-9a-f]{1,6}\}|u[0-9a-f]{4})", one, run, flags=re.I)


def rot47(text: str) -> str | None:
    """ROT47 over printable ASCII (``!`` to ``~``): a classic of encoded prompt injections."""
    if sum(ch in '!"#$%&()*+/:;<=>@[\\]^_`{|}~' for ch in text) < 3:
        return None  # ROT47 of prose is full of these symbols; plain text has few
    decoded = "".join(chr(33 + (ord(ch) - 33 + 47) % 94) if "!" <= ch <= "~" else ch for ch in text)
    return decoded if readable(decoded) else None  # any text decodes to something; keep only English


def tag_text(text: str) -> str | None:
    """Unicode tag characters (U+E0020..U+E007E) read as the ASCII they shadow ("ASCII smuggling"):
    invisible to a reader, read by a model."""
    tags = "".join(chr(ord(ch) - 0xE0000) for ch in text if 0xE0020 <= ord(ch) <= 0xE007E)
    return tags if len(tags) >= 4 else None


def _selector_byte(cp: int) -> int | None:
    if 0xFE00 <= cp <= 0xFE0F:
        return cp - 0xFE00
    if 0xE0100 <= cp <= 0xE01EF:
        return cp - 0xE0100 + 16
    return None


def selector_text(text: str) -> str | None:
    """Bytes hidden in runs of Unicode variation selectors (U+FE00..FE0F: bytes 0-15, U+E0100..E01EF:
    16-255) read as UTF-8 ("emoji smuggling": a run after one emoji renders as the emoji alone). A
    selector picks one glyph of the character before it, so ordinary text holds one at a time (the
    emoji presentation selector U+FE0F); only runs of four or more are read."""
    runs: list[str] = []
    current = bytearray()
    for ch in text + "\0":
        byte = _selector_byte(ord(ch))
        if byte is not None:
            current.append(byte)
            continue
        if len(current) >= 4:
            runs.append(current.decode("utf-8", errors="replace"))
        current = bytearray()
    return " ".join(runs) if runs else None


def leet(text: str) -> str:
    """Digits and symbols read as letters; a plural ``z`` read as ``s`` (``guidelinez``)."""
    out = latin(text).translate(_LEET)
    return re.sub(r"(?<=[a-z]{3})z\b", "s", out)


def despace(text: str) -> str:
    """``I G N O R E  Y O U R`` -> ``ignore your``: single letters joined, wider gaps kept as spaces."""

    def join(match: re.Match[str]) -> str:
        run = match.group(0)
        if " " in run and re.search(r"[.\-_*·|/]", run):  # "r/e/v/e/a/l y/o/u/r": spaces part the words
            return re.sub(r"[.\-_*·|/]", "", run)
        return re.sub(r"[ .\-_*·|/]", "", run)

    spaced = re.sub(r"(?<=\w)\s{2,}(?=\w)", " | ", text)
    joined = _SPACED.sub(join, spaced)
    return joined.replace(" | ", " ")


def base64_texts(text: str) -> list[str]:
    """Readable texts hidden as base64: each token, and runs of adjacent tokens joined (split payloads)."""
    runs: list[list[str]] = [[]]
    for token in _B64_TOKEN.findall(text):
        if _looks_encoded(token):
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
    candidates = [token for run in runs for token in run]
    # an ordered set: a set's order changes with the process's hash seed, and with it the findings' order
    pieces = dict.fromkeys([*candidates, *("".join(run) for run in runs if len(run) > 1)])
    if len(candidates) > 1:
        pieces["".join(candidates)] = None
    found: list[str] = []
    for run in runs:  # pieces padded one by one ("ZGlzcmVn YXJkIHRoZSBydWw= ZXMgYWJvdmU=")
        parts = [_decode(token) for token in run]
        if len(run) > 1 and all(part is not None for part in parts):
            found.append("".join(part for part in parts if part is not None))
    for piece in pieces:
        decoded = _decode(piece)
        if decoded is not None:
            found.append(decoded)
    return found


def _looks_encoded(token: str) -> bool:
    """Base64 rather than a word: padding, digits mixed with letters, or capitals inside the token."""
    body = token.rstrip("=")
    if len(body) < 4:
        return False
    if token.endswith("="):
        return True
    has_digit = any(c.isdigit() for c in body)
    inner_upper = any(c.isupper() for c in body[1:])
    has_lower = any(c.islower() for c in body)
    return has_lower and (has_digit or inner_upper) and len(body) >= 6


def _decode(piece: str) -> str | None:
    body = piece.rstrip("=").replace("-", "+").replace("_", "/")
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None
    return _readable(raw)


def json_strings(text: str) -> list[str]:
    """String leaves and keys of a JSON document inside the text (``{"role": "system", ...}``)."""
    match = _JSONISH.search(text)
    if match is None:
        return []
    try:
        value = json.loads(match.group(0))
    except ValueError:
        return []
    return [leaf for leaf in leaves(value) if leaf.strip()]


def leaves(value: Any) -> Iterator[str]:
    """Every string in a JSON value, dict keys included (instructions hide in keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from leaves(v)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)


def role_objects(value: Any) -> bool:
    """A chat message object (``{"role": "system", "content": ...}``), as a value or inside a string.

    A role alone is a job title (``{"name": "Raj", "role": "developer"}``); a message has content."""
    if isinstance(value, dict):
        role = value.get("role")
        if (
            isinstance(role, str)
            and role.strip().casefold() in _CHAT_ROLES
            and any(k in value for k in ("content", "text", "message", "parts"))
        ):
            return True
        return any(role_objects(v) for v in value.values())
    if isinstance(value, list):
        return any(role_objects(v) for v in value)
    if isinstance(value, str) and "role" in value:
        match = _JSONISH.search(value)
        if match is not None:
            try:
                return role_objects(json.loads(match.group(0)))
            except ValueError:
                pass
        return _ROLE_MESSAGE.search(value) is not None
    return False
