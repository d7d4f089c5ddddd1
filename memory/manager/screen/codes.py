"""More decoders: the encodings blind set 10 used and the screen could not read (session 18).

Octal and binary character codes, letter numbers (A=1 ... Z=26), Atbash, Braille letters,
quoted-printable, ascii85, a filler letter between the real ones, reversed word order and words
with their vowels dropped. Like ``ciphers``, each returns a decoding only when it reads as English
words (``readable``), so part numbers, bit masks and ordinary text in other alphabets decode to
nothing; the order found inside an encoding nobody uses for people is what the screen judges.
Pure functions, no decisions.
"""

from __future__ import annotations

import base64
import binascii
import quopri
import re
from collections import Counter
from collections.abc import Iterator

from memory.manager.screen.ciphers import COMMON, caesar_text, common_share, decodings, readable
from memory.manager.screen.literals import rule

HOWS = frozenset(
    {
        "octal codes", "binary codes", "letter numbers", "Atbash", "Braille", "quoted-printable",
        "ascii85", "filler letters", "dropped vowels", "scrambled letters", "NATO spelling",
    }
)  # fmt: skip
# Reversed word order is read but not counted as a disguise: any sentence reversed is still words.
REVERSED_WORDS = "reversed word order"

_OCTAL = rule(r"(?<![\w])(?:(?:0?[4-7][0-7]|1[0-7][0-7])[ ,;]+){7,}(?:0?[4-7][0-7]|1[0-7][0-7])(?![\w])")
_BINARY = rule(r"(?<![\w])(?:[01]{7,8}[ ,;]+){5,}[01]{7,8}(?![\w])")
_LETTER_NUMBER = rule(r"(?<![\w-])(?:(?:[1-9]|1\d|2[0-6])(?:[-.,](?:[1-9]|1\d|2[0-6]))+)(?![\w-])")
_QP = rule(r"(?:=[0-9A-F]{2}){6,}")
_A85 = rule(r"<~(.{8,}?)~>", re.DOTALL)
_WORD = rule(r"[A-Za-z]+")
_VOWELS = set("aeiouAEIOU")
_ATBASH = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "zyxwvutsrqponmlkjihgfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA",
)
# Grade-1 Braille: dots as bits of U+2800.
_BRAILLE = {
    0x01: "a", 0x03: "b", 0x09: "c", 0x19: "d", 0x11: "e", 0x0B: "f", 0x1B: "g", 0x13: "h", 0x0A: "i",
    0x1A: "j", 0x05: "k", 0x07: "l", 0x0D: "m", 0x1D: "n", 0x15: "o", 0x0F: "p", 0x1F: "q", 0x17: "r",
    0x0E: "s", 0x1E: "t", 0x25: "u", 0x27: "v", 0x3A: "w", 0x2D: "x", 0x3D: "y", 0x35: "z",
}  # fmt: skip
# Skeletons (consonants only) of the common words, for text written without vowels; a skeleton
# shared by several words keeps the first (the word lists are ordered by how often they matter).
_EXTRA = (
    "disregard override bypass reveal expose leak export forward upload delete erase approve grant "
    "access token tokens credential credentials internal secret passwords records database confidential "
    "policies restrictions guidelines directives configuration settings memory everything anything"
)
_SKELETONS: dict[str, str] = {}
for _w in (*sorted(COMMON, key=len, reverse=True), *_EXTRA.split()):
    _sk = "".join(ch for ch in _w if ch not in _VOWELS)
    if len(_sk) >= 2:
        _SKELETONS.setdefault(_sk, _w)


# Words with their inner letters shuffled ("Ignroe all yuor pervious insturctions"): a reader and a
# model read them at once; the first and last letters and the set of inner ones identify the word.
_SCRAMBLE_WORDS = (
    "previous instructions conversation history address system prompt ignore forget reveal password "
    "passwords secret secrets send share print output settings configuration rules guidelines "
    "restrictions disregard override attacker everything anything message messages following next user "
    "users data files email emails chat reply answer respond delete export upload forward tokens"
)
_SCRAMBLED: dict[str, str] = {}
for _w in (*sorted(COMMON), *_EXTRA.split(), *_SCRAMBLE_WORDS.split()):
    if len(_w) >= 4:
        _SCRAMBLED.setdefault(_w[0] + "".join(sorted(_w[1:-1])) + _w[-1], _w)


def _codes(run: str, base: int) -> str:
    return "".join(chr(int(n, base)) for n in re.findall(r"[0-9]+", run))


def octal_texts(text: str) -> Iterator[str]:
    for run in _OCTAL.finditer(text):
        decoded = _codes(run.group(0), 8)
        if readable(decoded):
            yield decoded


def binary_texts(text: str) -> Iterator[str]:
    for run in _BINARY.finditer(text):
        decoded = _codes(run.group(0), 2)
        if readable(decoded):
            yield decoded


def letter_number_text(text: str) -> str | None:
    """``9-7-14-15-18-5 / 20-8-5`` (A=1): each dash-joined group is one word."""
    groups = _LETTER_NUMBER.findall(text)
    if len(groups) < 3:
        return None
    words = ["".join(chr(96 + int(n)) for n in re.split(r"[-.,]", g)) for g in groups]
    decoded = " ".join(words)
    return decoded if readable(decoded) else None


_NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f",
    "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l",
    "mike": "m", "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s",
    "tango": "t", "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "x-ray": "x", "xray": "x",
    "yankee": "y", "zulu": "z",
}  # fmt: skip
_NATO_GROUPS = rule(r"\s*(?:[,/|;.]|\b(?:stop|space|break)\b)\s*", re.IGNORECASE)


def nato_text(text: str) -> str | None:
    """``India Golf November Oscar Romeo Echo, Papa Romeo ...``: one letter per code word, words
    between commas, slashes or "stop"; only a text mostly made of code words is read."""
    words = re.findall(r"[a-z-]+", text.lower())
    if sum(w in _NATO for w in words) < 8 or sum(w in _NATO for w in words) < 0.6 * len(words):
        return None
    groups = ["".join(_NATO.get(w, "") for w in g.lower().split()) for g in _NATO_GROUPS.split(text)]
    decoded = " ".join(g for g in groups if g)
    return decoded if readable(decoded) else None


def atbash_text(text: str) -> str | None:
    if common_share(text) >= 0.25 or len(_WORD.findall(text)) < 4:
        return None
    mirrored = text.translate(_ATBASH)
    return mirrored if readable(mirrored) and common_share(mirrored) >= 0.4 else None


def braille_text(text: str) -> str | None:
    if sum(0x2800 <= ord(ch) <= 0x28FF for ch in text) < 6:
        return None
    decoded = "".join(
        _BRAILLE.get(ord(ch) - 0x2800, "") if 0x2800 <= ord(ch) <= 0x28FF else ch for ch in text
    )
    return decoded if readable(decoded) else None


def quoted_printable_texts(text: str) -> Iterator[str]:
    for run in _QP.finditer(text):
        try:
            decoded = quopri.decodestring(run.group(0).encode("ascii")).decode("utf-8")
        except (UnicodeDecodeError, ValueError):
            continue
        if readable(decoded):
            yield decoded


def ascii85_texts(text: str) -> Iterator[str]:
    for body in _A85.findall(text):
        try:
            decoded = base64.a85decode(body.replace("\n", ""), adobe=False).decode("utf-8")
        except (ValueError, binascii.Error, UnicodeDecodeError):
            continue
        if readable(decoded):
            yield decoded


def filler_text(text: str) -> str | None:
    """One letter put between the real ones (``rXeXvXeXaXl``): the text without it reads as words."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 12 or common_share(text) >= 0.25:
        return None
    # first seen first (a set's order follows the process's hash seed, and two fillers may both read)
    counts = Counter(letters)  # one pass: letters.count(ch) for each letter was quadratic in a long text
    for filler in dict.fromkeys(ch for ch in letters if counts[ch] >= 0.3 * len(letters)):
        stripped = text.replace(filler, "")
        if readable(stripped) and common_share(stripped) >= 0.4:
            return stripped
    return None


def vowelless_text(text: str) -> str | None:
    """Words written without their vowels (``gnr ll prr nstrctns``), read back through the common
    words' consonant skeletons when most words of a text without vowels are such skeletons."""
    words = _WORD.findall(text)
    if len(words) < 5 or sum(ch in _VOWELS for ch in text) > 0.08 * sum(ch.isalpha() for ch in text):
        return None
    mapped = [_SKELETONS.get(w.lower()) for w in words]
    if sum(m is not None for m in mapped) < 0.5 * len(words):
        return None
    decoded = " ".join(m or w for m, w in zip(mapped, words, strict=True))
    return decoded if readable(decoded) else None


_BACKWARDS = rule(
    r"\b(?:backwards?|reversed?|in reverse|from the end|right to left|last word first|end to start|inverted)\b",
    re.I,
)


def unscrambled_text(text: str) -> str | None:
    """Words whose inner letters were shuffled, put back when at least three words were shuffled
    (not merely misspelt: the same letters, in another order) and the whole then reads as words."""
    fixed = 0

    def restore(match: re.Match[str]) -> str:
        nonlocal fixed
        word = match.group(0)
        low = word.lower()
        if len(low) < 4 or low in COMMON:
            return word
        known = _SCRAMBLED.get(low[0] + "".join(sorted(low[1:-1])) + low[-1])
        if known is None or known == low:
            return word
        fixed += 1
        return known

    restored = _WORD.sub(restore, text)
    return restored if fixed >= 3 and readable(restored) else None


def reversed_words(text: str) -> str | None:
    """The words in reverse order, when the text says to read it so: any sentence reversed is still
    words, and a heading or a runbook line read backwards can look like an order (two false holds
    in the shipped corpus without the cue); a model, too, needs to be told to reverse it."""
    words = text.split()
    if not 4 <= len(words) <= 60 or not _BACKWARDS.search(text):
        return None
    return " ".join(reversed(words))


_SEGMENT = rule(r"[:\n]+")


def segments(text: str) -> list[str]:
    """The parts of a text after a label ("Shift each letter back by seven: zavw ..."): an encoded
    order usually follows a plain-English lead-in, which would make the whole text look readable."""
    parts = [p.strip() for p in _SEGMENT.split(text)]
    return [p for p in parts if len(_WORD.findall(p)) >= 3] if len(parts) > 1 else []


def decoded(text: str) -> Iterator[tuple[str, str]]:
    """(how, text) for every decoding of this module that reads as words."""
    yield from decodings(
        text,
        (
            ("octal codes", octal_texts),
            ("binary codes", binary_texts),
            ("quoted-printable", quoted_printable_texts),
            ("ascii85", ascii85_texts),
        ),
        (
            ("letter numbers", letter_number_text),
            ("NATO spelling", nato_text),
            ("Atbash", atbash_text),
            ("Braille", braille_text),
            ("filler letters", filler_text),
            ("dropped vowels", vowelless_text),
            ("scrambled letters", unscrambled_text),
            (REVERSED_WORDS, reversed_words),
        ),
    )
    for part in segments(text)[:8]:
        yield from decodings(
            part,
            (),
            (
                ("Caesar shift", caesar_text),
                ("Atbash", atbash_text),
                ("filler letters", filler_text),
                ("dropped vowels", vowelless_text),
            ),
        )
