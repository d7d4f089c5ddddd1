"""Normal forms the matchers read: hidden characters removed, look-alike letters mapped, case folded.

Two forms are kept because they serve different scripts: ``plain`` (NFKC, hidden characters removed,
casefolded) keeps Cyrillic, Chinese or Devanagari text intact for the phrase banks of those
languages; ``latin`` additionally maps look-alike letters to ASCII and drops accents, so that
``іgnоrе`` (Cyrillic), ``ᏆᏀNORE`` (Cherokee) or ``ｉｇｎｏｒｅ`` (fullwidth) read as ``ignore``.
NFKC undoes fullwidth and mathematical letters; the map below covers what NFKC leaves alone (a
curated subset of Unicode's confusables.txt for the letters of Latin keywords).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# Zero-width, joiners, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator.
INVISIBLE = frozenset(
    {0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x00AD, 0x180E}
)
# Bidi embeddings, overrides and isolates (Trojan Source), and the implicit marks.
BIDI = frozenset({0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
TAGS = range(0xE0000, 0xE0080)  # Unicode tag characters: invisible ASCII look-alikes.

_LOOKALIKES: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ѵ": "v", "ɡ": "g", "ɑ": "a", "ɩ": "i", "ı": "i", "ℓ": "l", "ո": "n", "ս": "u",
    "օ": "o", "ց": "g", "զ": "q", "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o",
    "Р": "p", "С": "c", "Т": "t", "Х": "x", "Ѕ": "s", "І": "i", "Ј": "j", "Ү": "y", "Ԁ": "d", "Ԍ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
    "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j", "Α": "a", "Β": "b", "Ε": "e", "Η": "h", "Ι": "i", "Κ": "k",
    "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x", "Ζ": "z", "Ϲ": "c",
    # Cherokee capitals (Cherokee small letters casefold to these)
    "Ꭺ": "a", "Ᏼ": "b", "Ꮯ": "c", "Ꭰ": "d", "Ꭼ": "e", "Ꮐ": "g", "Ꮋ": "h", "Ꮖ": "i", "Ꭻ": "j",
    "Ꮶ": "k", "Ꮮ": "l", "Ꮇ": "m", "Ꮑ": "n", "Ꮎ": "o", "Ꮻ": "o", "Ꮲ": "p", "Ꮢ": "r", "Ꮪ": "s",
    "Ꭲ": "t", "Ꮩ": "v", "Ꮃ": "w", "Ꮍ": "y", "Ꭹ": "y", "Ꮓ": "z", "Ꮤ": "w", "Ꮚ": "s",
    # Latin letters without an ASCII decomposition, and small capitals
    "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d",
    "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k",
    "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v",
    "ᴡ": "w", "ʏ": "y", "ᴢ": "z",
}  # fmt: skip
_CONFUSABLES = str.maketrans(_LOOKALIKES)
_LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "CHEROKEE", "ARMENIAN", "CANADIAN", "COPTIC", "LISU", "TIFINAGH")


@dataclass(frozen=True)
class Forms:
    plain: str  # NFKC, hidden characters removed, casefolded: for non-Latin scripts
    latin: str  # plus look-alikes mapped to ASCII and accents dropped: for Latin-script languages


def is_hidden(ch: str) -> bool:
    cp = ord(ch)
    return cp in INVISIBLE or cp in BIDI or cp in TAGS or unicodedata.category(ch) == "Cf"


@lru_cache(maxsize=4096)
def plain(text: str) -> str:
    if text.isascii():  # no hidden, look-alike or compatibility characters to undo
        return text.casefold()
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if not is_hidden(ch)).casefold()


@lru_cache(maxsize=4096)
def latin(text: str) -> str:
    """Look-alikes mapped (before and after case folding: Cherokee folds small to capital letters)."""
    if text.isascii():
        return text.casefold()
    return _latin(text)


# Parenthesized letters (U+249C-24B5 "⒜", U+1F110-1F129 "🄐"): NFKC spells each as "(a)", so a sentence written in
# them read as "(s)(h)(a)(r)(e)" - a letter-by-letter disguise of the words, like the circled letters NFKC undoes
# (blind 31: "⒮⒣⒜⒭⒠ ⒯⒣⒠ ⒜⒟⒨⒤⒩ ⒫⒜⒮⒮⒲⒪⒭⒟ ..."). Read as the letters they enclose.
_ENCLOSED = {
    **{0x249C + i: chr(0x61 + i) for i in range(26)},
    **{0x1F110 + i: chr(0x41 + i) for i in range(26)},
}


@lru_cache(maxsize=4096)
def _latin(text: str) -> str:
    text = unicodedata.normalize("NFKC", text.translate(_ENCLOSED))
    text = "".join(ch for ch in text if not is_hidden(ch)).translate(_CONFUSABLES).casefold()
    text = text.translate(_CONFUSABLES)
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        if ch.isascii():
            out.append(ch)
        elif unicodedata.combining(ch):
            continue
        else:  # keep other scripts (a Chinese sentence stays readable), drop marks only
            out.append(ch)
    return "".join(out)


def forms(text: str) -> Forms:
    return Forms(plain=plain(text), latin=latin(text))


def mixed_script_words(text: str) -> bool:
    """A word mixing Latin letters with look-alike letters of another script: a homoglyph disguise."""
    for word in unicodedata.normalize("NFKC", text).split():
        scripts = set()
        for ch in word:
            if not ch.isalpha():
                continue
            name = unicodedata.name(ch, "")
            if name.startswith("LATIN"):
                scripts.add("LATIN")
            else:
                scripts.update(s for s in _LOOKALIKE_SCRIPTS if name.startswith(s))
        if "LATIN" in scripts and len(scripts) > 1:
            return True
    return False
