"""Cutting a section's text into pieces that fit a token budget (knowledge/chunking.py packs them).

Text is split on paragraphs, then sentences, then lines (lines first for tables, lists, quotes and
code), then, for a giant run-on sentence or a blob, token windows cut at word starts, and character
windows for words the tokenizer reads as one [UNK] token. Each piece keeps its encoding when one
was made for it, so it is tokenized once.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from tokenizers import Encoding

from knowledge.embedders.wordpiece import counting_tokenizer

MAX_CHARS_PER_TOKEN = 12
"""English runs about 4.5 characters per token, code and URLs up to 8; beyond this a chunk is cut."""
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# A sentence ends at . ! ? (and closing quotes/brackets) before whitespace, or at CJK full stops.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]]*\s+|[。！？]+[」』）]*\s*")


# A piece of text, its size in tokens without [CLS]/[SEP], and its encoding when one was made for it.
Unit = tuple[str, int, Encoding | None]
# Whitespace to the tokenizer: no word runs across it. Not Python's isspace: the tokenizer deletes
# \x1c-\x1f (control characters), so the text on either side of one joins into one word.
BREAKS = frozenset(" \t\n\r")


def count(text: str, *, special: bool) -> int:
    return len(counting_tokenizer().encode(text, add_special_tokens=special))


def measure(text: str) -> Unit:
    encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    return text, len(encoding), encoding


def pieces(body: str, budget: int, window: int) -> list[Unit]:
    """Pieces of ``body`` in order, each small enough to be a chunk on its own.

    Pieces keep their trailing whitespace, and a paragraph's last piece ends with a blank line, so
    joining consecutive pieces gives back the text. A piece fits when it has at most ``budget`` tokens.
    """
    units: list[Unit] = []
    for paragraph in _PARAGRAPH_BREAK.split(body):
        if not paragraph.strip():
            continue
        pieces = _split_to_fit(paragraph.strip(), budget, window, level=0)
        # Whitespace at either end adds no token, and the encoding's offsets stay those of the text.
        last, tokens, encoding = pieces[-1]
        pieces[-1] = (last.rstrip() + "\n\n", tokens, encoding)
        units.extend(pieces)
    return units


def _split_to_fit(text: str, budget: int, window: int, level: int) -> list[Unit]:
    limit = budget * MAX_CHARS_PER_TOKEN
    whole = len(text) <= limit * _WHOLE_LIMITS
    if whole:
        unit = measure(text)
        if unit[1] <= budget and len(text) <= limit:
            return [unit]
    splitters: list[Callable[[str], list[str]]] = (
        [_lines, _sentences] if _is_line_structured(text) else [_sentences, _lines]
    )
    for depth in range(level, len(splitters)):
        parts = splitters[depth](text)
        if len(parts) > 1:
            # The parts short enough to be a piece whole are measured in one batch, as the call for
            # each would measure it first: a word list of 300,000 lines was 300,000 calls (H24-16).
            small = [p for p in parts if len(p) <= limit]
            encodings = iter(
                counting_tokenizer().encode_batch(small, add_special_tokens=False) if small else ()
            )
            out: list[Unit] = []
            for part in parts:
                if len(part) <= limit:
                    encoding = next(encodings)
                    if len(encoding) <= budget:
                        out.append((part, len(encoding), encoding))
                        continue
                out.extend(_split_to_fit(part, budget, window, depth + 1))
            return out
    if not whole:  # a huge run of text without a sentence or line break: not tokenized whole
        size = limit * _WHOLE_LIMITS // 2
        return [unit for part in _char_windows(text, size) for unit in _split_to_fit(part, budget, window, 2)]
    out = []
    for piece in _windows_that_fit(text, budget, window, unit[2]):
        if len(piece[0]) <= limit:
            out.append(piece)
            continue
        # A token window of words over 100 characters ([UNK] each) is cut by characters; a slice
        # of such a word can take more tokens than the word, so each slice is fitted again.
        for part in _char_windows(piece[0], limit):
            out.extend(_split_to_fit(part, budget, window, 2))
    return out


# Text longer than this many character limits is cut before it is tokenized: tokenizing 8 MB of
# run-on text at once took 1.4 GB (the encoding's offsets as Python objects).
_WHOLE_LIMITS = 64


def _char_windows(text: str, limit: int) -> list[str]:
    """``text`` cut into slices of at most ``limit`` characters, after whitespace where the slice's
    second half has some, else anywhere (a run of one word)."""
    cuts = [0]
    while len(text) - cuts[-1] > limit:
        end = cuts[-1] + limit
        space = max(text.rfind(c, end - limit // 2, end) for c in BREAKS)
        cuts.append(space + 1 if space >= 0 else end)
    cuts.append(len(text))
    return [text[a:b] for a, b in itertools.pairwise(cuts) if text[a:b]]


_STRUCTURED_LINE = re.compile(r"^(\s{2,}|\t|[|>*+-]|\d+[.)]\s|```|~~~)")


def _is_line_structured(text: str) -> bool:
    """Tables, lists, quotes and code: lines are the natural unit, not sentences."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) > 1 and sum(bool(_STRUCTURED_LINE.match(line)) for line in lines) * 2 >= len(lines)


def _sentences(text: str) -> list[str]:
    parts, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.end() < len(text):
            parts.append(text[start : match.end()])
            start = match.end()
    parts.append(text[start:])
    return [p for p in parts if p]


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _windows_that_fit(text: str, budget: int, size: int, encoding: Encoding | None) -> list[Unit]:
    while True:
        windows: list[Unit] = []
        for window in token_windows(text, size, encoding):
            windows.append(measure(window))
            if windows[-1][1] > budget and size > 1:
                break
        else:
            return windows
        size = max(1, size * 3 // 4)


def token_windows(text: str, size: int, encoding: Encoding | None = None) -> list[str]:
    """``text`` cut into slices of at most ``size`` tokens, at word starts where a word allows it."""
    if encoding is None:
        encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    offsets, words = encoding.offsets, encoding.word_ids
    if not offsets:
        return [text]
    cuts = [0]
    first = 0
    while len(offsets) - first > size:
        cut = first + size
        # Prefer to start the next window at a word's first token; cut inside a word only when
        # the word alone is longer than a window.
        back = cut
        while back > first + 1 and words[back] == words[back - 1]:
            back -= 1
        if words[back] != words[back - 1]:
            cut = back
        cuts.append(offsets[cut][0])
        first = cut
    cuts.append(len(text))
    return [text[a:b] for a, b in itertools.pairwise(cuts) if text[a:b]]


def last_tokens(text: str, size: int, encoding: Encoding | None) -> tuple[str, int | None]:
    """The last ``size`` tokens or fewer of ``text``, starting at a word start; with its size when the
    encoding tells it (the text after a break takes the tokens after it)."""
    if encoding is None:
        encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    offsets, words = encoding.offsets, encoding.word_ids
    if len(offsets) <= size:
        return text, len(offsets)
    first = len(offsets) - size
    # Prefer to start after whitespace, else at a word start, so the overlap reads cleanly.
    for start in range(first, len(offsets)):
        if text[(at := offsets[start][0]) - 1].isspace():
            # Tokens of one character (a Hangul syllable's letters) share its offset: count by offset.
            after = sum(begin >= at for begin, _ in offsets) if text[at - 1] in BREAKS else None
            return text[at:], after
    for start in range(first, len(offsets)):
        if words[start] != words[start - 1]:
            return text[offsets[start][0] :], None
    return "", 0
