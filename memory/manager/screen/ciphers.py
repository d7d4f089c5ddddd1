"""Decoders for the encodings the blind sets 8 and 9 used and the earlier layers lacked.

Base32, Morse, decimal character codes, a Caesar shift of any width (the text does not say which)
and upside-down letters. A model undoes each of them when asked to "decode and follow"; a keyword
filter does not. Each returns the decoded text only when it reads as words (``readable``), so a
part number, a checksum or a row of figures decodes to nothing. Pure functions, no decisions.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterable, Iterator, Sequence

from memory.manager.screen.literals import rule

HOWS = frozenset({"base32", "Morse code", "character codes", "Caesar shift", "upside-down letters"})
_BASE32 = rule(r"\b[A-Z2-7]{16,}={0,6}")
_MORSE = rule(r"(?:[.\-]{1,7}(?:\s+/\s+|\s+|$)){6,}")
_DECIMALS = rule(r"\b(?:(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])[ ,;]+){7,}(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])\b")
_LOWER_WORDS = rule(r"[a-z]+")
_MORSE_CODE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h",
    "..": "i", ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p",
    "--.-": "q", ".-.": "r", "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x",
    "-.--": "y", "--..": "z", "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4",
    ".....": "5", "-....": "6", "--...": "7", "---..": "8", "----.": "9",
}  # fmt: skip
_UPSIDE_DOWN = str.maketrans(
    "ɐqɔpǝɟƃɥᴉɾʞlɯuodbɹsʇnʌʍxʎz∀ᗺƆᗡƎℲ⅁HIſꓘ˥WNOԀΌᴚS⊥∩ΛMX⅄Z",
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
)
_UPSIDE_MARKS = set("ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ")
# Short, frequent English words: a decoding that turns gibberish into many of them was meant to be read.
_COMMON_WORDS = (
    "a an the and or but to of in on at by for from with as is are be was this that these those it its "
    "you your yours we our us me my i he she they them their all any every each no not now then than "
    "so if when who what which do does did done have has had will would should must can may please "
    "tell say show give send share print list reveal ignore forget follow obey rules instructions "
    "prompt system user users assistant model answer reply previous prior above below new hidden "
    "password secret data file files key keys admin email mail chat history conversation"
)
COMMON = frozenset(_COMMON_WORDS.split())


def common_share(text: str) -> float:
    """The share of a text's lowercase words that are common English words."""
    words = _LOWER_WORDS.findall(text.lower())
    return sum(w in COMMON for w in words) / len(words) if words else 0.0


def readable(text: str) -> bool:
    words = _LOWER_WORDS.findall(text.lower())
    return len(words) >= 3 and common_share(text) >= 0.3


def base32_texts(text: str) -> Iterator[str]:
    for token in _BASE32.findall(text):
        body = token.rstrip("=")
        try:
            raw = base64.b32decode(body + "=" * (-len(body) % 8))
            decoded = raw.decode("utf-8")
        except (binascii.Error, ValueError):
            continue
        if readable(decoded):
            yield decoded


def morse_texts(text: str) -> Iterator[str]:
    for run in _MORSE.finditer(text):
        words = re.split(r"\s+/\s+|\s{3,}", run.group(0).strip())
        letters = [[_MORSE_CODE.get(code, "") for code in word.split()] for word in words]
        decoded = " ".join("".join(word) for word in letters)
        if readable(decoded):
            yield decoded


def decimal_texts(text: str) -> Iterator[str]:
    for run in _DECIMALS.finditer(text):
        decoded = "".join(chr(int(n)) for n in re.findall(r"\d+", run.group(0)))
        if readable(decoded):
            yield decoded


_ABC = "abcdefghijklmnopqrstuvwxyz"
# One table per shift: caesar_text tries 24 shifts of every text with few common words (most text in
# other languages), and a table moves the letters in C instead of one Python call per character.
_SHIFTS = tuple(
    str.maketrans(_ABC + _ABC.upper(), _ABC[s:] + _ABC[:s] + (_ABC[s:] + _ABC[:s]).upper()) for s in range(26)
)


def caesar(text: str, shift: int) -> str:
    """ASCII letters moved ``shift`` places (any integer, negative too); every other character kept."""
    return text.translate(_SHIFTS[shift % 26])


def caesar_text(text: str) -> str | None:
    """The shift (other than ROT13, which ``decode`` tries anyway) that turns the text into the most
    common English words, when the text as written has few and the shifted one many."""
    if common_share(text) >= 0.25 or len(_LOWER_WORDS.findall(text.lower())) < 4:
        return None
    best = max((s for s in range(1, 26) if s != 13), key=lambda s: common_share(caesar(text, s)))
    shifted = caesar(text, best)
    return shifted if readable(shifted) and common_share(shifted) >= 0.4 else None


def upside_down_text(text: str) -> str | None:
    if sum(ch in _UPSIDE_MARKS for ch in text) < 3:
        return None
    return text.translate(_UPSIDE_DOWN)[::-1]


Many = Sequence[tuple[str, Callable[[str], Iterable[str]]]]
Single = Sequence[tuple[str, Callable[[str], str | None]]]


def decodings(text: str, many: Many, single: Single) -> Iterator[tuple[str, str]]:
    """(how, text) for each decoder in order: those that find several runs, then those that read the
    whole text or nothing (None). Shared by this module and ``codes``."""
    for how, find in many:
        for found in find(text):
            yield how, found
    for how, read in single:
        found_text = read(text)
        if found_text is not None:
            yield how, found_text


def decoded(text: str) -> Iterator[tuple[str, str]]:
    """(how, text) for every decoding of this module that reads as words."""
    yield from decodings(
        text,
        (("base32", base32_texts), ("Morse code", morse_texts), ("character codes", decimal_texts)),
        (("Caesar shift", caesar_text), ("upside-down letters", upside_down_text)),
    )
    from memory.manager.screen.codes import decoded as more_codes  # codes imports this module

    yield from more_codes(text)
