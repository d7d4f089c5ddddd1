"""Cutting documents into chunks sized in the embedding model's tokens.

A chunk never crosses a heading. Inside a section, text is split on paragraphs, then sentences,
then lines, then (for a giant run-on sentence or a blob) token windows cut at word starts, and the
pieces are packed greedily up to ``max_tokens``. Consecutive chunks of one section share up to
``overlap_tokens`` of text, so a fact cut at a chunk boundary is still whole in one of them.

Sizes are exact: every chunk's rendered text, with [CLS] and [SEP], is measured with the shipped
all-MiniLM-L6-v2 tokenizer and is at most ``max_tokens`` (256 by default, the length the model was
trained on). Each piece of text is tokenized once: the tokenizer cuts words at whitespace and its
normalizer works character by character, so texts joined at a space, tab or newline take exactly the
sum of their tokens (``tests/test_kb_chunking_counts.py`` checks this over random unicode). A chunk
whose pieces meet without such a break is measured again as a whole.

Characters are bounded too: a piece of text at most :data:`MAX_CHARS_PER_TOKEN` per token it may
have, the heading path the same per token of its quarter, a chunk as a whole the same per token of
the limit (only a single piece under a long heading goes over, by at most the heading). The
tokenizer reads a word of over 100 characters (a base64 image, minified code, a key) as one
[UNK] token, so by tokens alone a megabyte of it would be one chunk of one token, stored, indexed
and handed to the model as context. Such text is cut into character windows, at whitespace where
there is some.

A chunk's text starts with its section's heading path ("Leave policy > Parental leave") on its own
line: a paragraph such as "You get 16 weeks." is only findable as parental leave with its heading,
for the embedder and for keyword search alike. ``Chunk.heading`` holds the same path.

Ids: ``chunk_id = sha256(f"{doc_id}:{position}:{content_hash}")[:32]`` where ``content_hash`` is
the sha256 of the chunk text, so re-chunking an unchanged document yields the same ids and a changed
chunk gets a new one.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from tokenizers import Encoding

from knowledge.documents import Chunk, Document
from knowledge.embedders.wordpiece import MODEL_MAX_TOKENS, counting_tokenizer

MIN_MAX_TOKENS = 32
MAX_CHARS_PER_TOKEN = 12
"""English runs about 4.5 characters per token, code and URLs up to 8; beyond this a chunk is cut."""
HEADING_SEPARATOR = " > "

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(={3,}|-{3,})[ \t]*$")  # 3+: a lone "-" line in plain text is not a heading
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
# A sentence ends at . ! ? (and closing quotes/brackets) before whitespace, or at CJK full stops.
_SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)\]]*\s+|[。！？]+[」』）]*\s*")


# A piece of text, its size in tokens without [CLS]/[SEP], and its encoding when one was made for it.
_Unit = tuple[str, int, Encoding | None]
# Whitespace to the tokenizer: no word runs across it. Not Python's isspace: the tokenizer deletes
# \x1c-\x1f (control characters), so the text on either side of one joins into one word.
_BREAKS = frozenset(" \t\n\r")


@dataclass(frozen=True)
class Section:
    """Body text under one heading path (``None`` before the first heading)."""

    heading: str | None
    body: str


def chunk_document(
    doc: Document, *, max_tokens: int = MODEL_MAX_TOKENS, overlap_tokens: int = 32
) -> list[Chunk]:
    """Chunks of ``doc`` in reading order, each at most ``max_tokens`` model tokens incl. [CLS]/[SEP]."""
    texts = _chunks(doc.text, max_tokens, overlap_tokens)
    chunks = []
    for position, (heading, text, token_count) in enumerate(texts):
        content_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()
        chunks.append(
            Chunk(
                chunk_id=chunk_id(doc.doc_id, position, content_hash),
                doc_id=doc.doc_id,
                tenant_id=doc.tenant_id,
                collection=doc.collection,
                position=position,
                text=text,
                token_count=token_count,
                heading=heading,
                content_hash=content_hash,
            )
        )
    return chunks


def chunk_id(doc_id: str, position: int, content_hash: str) -> str:
    return hashlib.sha256(f"{doc_id}:{position}:{content_hash}".encode()).hexdigest()[:32]


def chunk_text(
    text: str, *, max_tokens: int = MODEL_MAX_TOKENS, overlap_tokens: int = 32
) -> list[tuple[str | None, str]]:
    """(heading path, chunk text) pairs for ``text``; the pure core of :func:`chunk_document`."""
    return [(heading, chunk) for heading, chunk, _ in _chunks(text, max_tokens, overlap_tokens)]


def _chunks(text: str, max_tokens: int, overlap_tokens: int) -> list[tuple[str | None, str, int]]:
    """(heading path, chunk text, its tokens incl. [CLS]/[SEP]) triples."""
    if max_tokens < MIN_MAX_TOKENS:
        raise ValueError(f"max_tokens must be at least {MIN_MAX_TOKENS}, got {max_tokens}")
    if not 0 <= overlap_tokens <= max_tokens // 2:
        raise ValueError(
            f"overlap_tokens must be between 0 and max_tokens/2 ({max_tokens // 2}), got {overlap_tokens}"
        )
    result: list[tuple[str | None, str, int]] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for section in split_sections(text):
        prefix, prefix_tokens = _fit_heading(section.heading, max_tokens) if section.heading else (None, 0)
        packer = _Packer(prefix, prefix_tokens, max_tokens, overlap_tokens)
        for chunk, tokens in packer.pack(_units(section.body, packer.budget, packer.window_tokens)):
            result.append((prefix, chunk, tokens))
    return result


def split_sections(text: str) -> list[Section]:
    """Sections of markdown-ish text by ATX (``# Title``) and setext headings, outside code fences."""
    sections: list[Section] = []
    path: list[tuple[int, str]] = []
    body: list[str] = []
    in_fence = False

    def flush() -> None:
        content = "\n".join(body).strip()
        if content:
            heading = HEADING_SEPARATOR.join(title for _, title in path) or None
            sections.append(Section(heading, content))
        body.clear()

    def open_heading(level: int, title: str) -> None:
        flush()
        while path and path[-1][0] >= level:
            path.pop()
        path.append((level, title))

    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence or _FENCE.match(line):
            body.append(line)
            continue
        atx = _ATX.match(line)
        if atx:
            open_heading(len(atx.group(1)), atx.group(2).strip())
            continue
        setext = _SETEXT.match(line)
        if setext and body and body[-1].strip() and (len(body) == 1 or not body[-2].strip()):
            title = body.pop().strip()
            open_heading(1 if setext.group(1).startswith("=") else 2, title)
            continue
        body.append(line)
    flush()
    if not sections and text.strip():
        # Only headings: keep them as text rather than lose them.
        sections.append(Section(None, text.strip()))
    return sections


def _count(text: str, *, special: bool) -> int:
    return len(counting_tokenizer().encode(text, add_special_tokens=special))


def _measure(text: str) -> _Unit:
    encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    return text, len(encoding), encoding


def _render(prefix: str | None, units: list[str]) -> str:
    body = "".join(units).strip()
    return f"{prefix}\n\n{body}" if prefix else body


def _fit_heading(heading: str, max_tokens: int) -> tuple[str, int]:
    """The heading path, shortened to its last heading and then cut, if it would crowd out the text;
    with its size in tokens."""
    budget = max_tokens // 4
    chars = budget * MAX_CHARS_PER_TOKEN  # a heading of one long word is one [UNK] token
    if len(heading) <= chars and (tokens := _count(heading, special=False)) <= budget:
        return heading, tokens
    last = heading.rsplit(HEADING_SEPARATOR, 1)[-1]
    if len(last) <= chars and (tokens := _count(last, special=False)) <= budget:
        return last, tokens
    cut = _token_windows(last[:chars], budget)[0].strip()
    return cut, _count(cut, special=False)


def _units(body: str, budget: int, window: int) -> list[_Unit]:
    """Pieces of ``body`` in order, each small enough to be a chunk on its own.

    Pieces keep their trailing whitespace, and a paragraph's last piece ends with a blank line, so
    joining consecutive pieces gives back the text. A piece fits when it has at most ``budget`` tokens.
    """
    units: list[_Unit] = []
    for paragraph in _PARAGRAPH_BREAK.split(body):
        if not paragraph.strip():
            continue
        pieces = _split_to_fit(paragraph.strip(), budget, window, level=0)
        # Whitespace at either end adds no token, and the encoding's offsets stay those of the text.
        last, tokens, encoding = pieces[-1]
        pieces[-1] = (last.rstrip() + "\n\n", tokens, encoding)
        units.extend(pieces)
    return units


def _split_to_fit(text: str, budget: int, window: int, level: int) -> list[_Unit]:
    limit = budget * MAX_CHARS_PER_TOKEN
    whole = len(text) <= limit * _WHOLE_LIMITS
    if whole:
        unit = _measure(text)
        if unit[1] <= budget and len(text) <= limit:
            return [unit]
    splitters: list[Callable[[str], list[str]]] = (
        [_lines, _sentences] if _is_line_structured(text) else [_sentences, _lines]
    )
    for depth in range(level, len(splitters)):
        parts = splitters[depth](text)
        if len(parts) > 1:
            out: list[_Unit] = []
            for part in parts:
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
        space = max(text.rfind(c, end - limit // 2, end) for c in _BREAKS)
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


def _windows_that_fit(text: str, budget: int, size: int, encoding: Encoding | None) -> list[_Unit]:
    while True:
        windows: list[_Unit] = []
        for window in _token_windows(text, size, encoding):
            windows.append(_measure(window))
            if windows[-1][1] > budget and size > 1:
                break
        else:
            return windows
        size = max(1, size * 3 // 4)


def _token_windows(text: str, size: int, encoding: Encoding | None = None) -> list[str]:
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


def _tail(text: str, size: int, encoding: Encoding | None) -> tuple[str, int | None]:
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
            after = sum(begin >= at for begin, _ in offsets) if text[at - 1] in _BREAKS else None
            return text[at:], after
    for start in range(first, len(offsets)):
        if words[start] != words[start - 1]:
            return text[offsets[start][0] :], None
    return "", 0


class _Packer:
    """Greedy packing of units into chunks of one section, with overlap between neighbours.

    Units are whitespace-separated, so a chunk's size is the sum of its units' sizes; that sum
    decides packing. A chunk whose units do not all meet at a break (a unit cut inside a word) is
    measured again as a whole before it is emitted: it may tokenize differently once joined, in
    which case the chunk gives units back.
    """

    def __init__(self, prefix: str | None, prefix_tokens: int, max_tokens: int, overlap_tokens: int) -> None:
        self._prefix = prefix
        self._max = max_tokens
        self._overlap = overlap_tokens
        self._base = 2 + (prefix_tokens if prefix else 0)
        self._max_chars = max_tokens * MAX_CHARS_PER_TOKEN - len(prefix or "")

    @property
    def window_tokens(self) -> int:
        """Size of token windows for text with no better boundary, leaving room for the overlap."""
        return max(1, self._max - self._base - self._overlap)

    @property
    def budget(self) -> int:
        """The most tokens a unit may have to make a chunk on its own."""
        return self._max - self._base

    def pack(self, units: list[_Unit]) -> list[tuple[str, int]]:
        """(chunk text, its tokens incl. [CLS]/[SEP]) per chunk."""
        pending: deque[_Unit] = deque(units)
        out: list[tuple[str, int]] = []
        current: list[_Unit] = []
        carried = 0  # how many leading units of `current` are overlap from the previous chunk
        while pending or len(current) > carried:
            if pending and (len(current) == carried or self._fits(current, pending[0])):
                while current and not self._fits(current, pending[0]):
                    current.pop(0)
                    carried -= 1
                current.append(pending.popleft())
                continue
            current = self._emit(current, carried, pending, out)
            carried = len(current)
        return out

    def _size(self, units: list[_Unit]) -> int:
        return self._base + sum(unit[1] for unit in units)

    def _fits(self, units: list[_Unit], unit: _Unit) -> bool:
        """Whether ``unit`` may join ``units`` in one chunk: by tokens, and by characters."""
        return (
            self._size(units) + unit[1] <= self._max
            and sum(len(u[0]) for u in units) + len(unit[0]) <= self._max_chars
        )

    def _tokens(self, units: list[_Unit]) -> int:
        """Exact tokens of the rendered chunk: the sum when every join is a break, else measured."""
        if all(a[0][-1:] in _BREAKS or b[0][:1] in _BREAKS for a, b in itertools.pairwise(units)):
            return self._size(units)
        return _count(_render(self._prefix, [unit[0] for unit in units]), special=True)

    def _emit(
        self, current: list[_Unit], carried: int, pending: deque[_Unit], out: list[tuple[str, int]]
    ) -> list[_Unit]:
        while (tokens := self._tokens(current)) > self._max:
            if carried > 0:
                current.pop(0)
                carried -= 1
            elif len(current) > 1:
                pending.appendleft(current.pop())
            else:
                break
        out.append((_render(self._prefix, [unit[0] for unit in current]), tokens))
        return self._overlap_of(current)

    def _overlap_of(self, units: list[_Unit]) -> list[_Unit]:
        if self._overlap == 0:
            return []
        tail: list[_Unit] = []
        used = 0
        for unit in reversed(units):
            if used + unit[1] > self._overlap:
                break
            tail.insert(0, unit)
            used += unit[1]
        if tail:
            return tail
        text, _, encoding = units[-1]
        partial, tokens = _tail(text, self._overlap, encoding)
        if tokens is None:
            tokens = _count(partial, special=False)
        return [(partial, tokens, None)] if partial.strip() else []
