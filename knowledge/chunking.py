"""Cutting documents into chunks sized in the embedding model's tokens.

A chunk never crosses a heading. Inside a section, text is split on paragraphs, then sentences,
then lines, then (for a giant run-on sentence or a blob) token windows cut at word starts, and the
pieces (knowledge/chunk_pieces.py) are packed greedily up to ``max_tokens``. Consecutive chunks of one section share up to
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
from dataclasses import dataclass

from kassist.chunk_bounds import MIN_CHUNK_TOKENS, overlap_refusal
from knowledge.chunk_pieces import (
    BREAKS,
    MAX_CHARS_PER_TOKEN,
    Unit,
    count,
    last_tokens,
    pieces,
    token_windows,
)
from knowledge.documents import Chunk, Document
from knowledge.embedders.wordpiece import MODEL_MAX_TOKENS

MIN_MAX_TOKENS = MIN_CHUNK_TOKENS  # kassist/chunk_bounds.py: the runs' settings share it
HEADING_SEPARATOR = " > "

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(={3,}|-{3,})[ \t]*$")  # 3+: a lone "-" line in plain text is not a heading
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


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
    if (refused := overlap_refusal(max_tokens, overlap_tokens)) is not None:
        raise ValueError(refused)
    result: list[tuple[str | None, str, int]] = []
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for section in split_sections(text):
        prefix, prefix_tokens = _fit_heading(section.heading, max_tokens) if section.heading else (None, 0)
        packer = _Packer(prefix, prefix_tokens, max_tokens, overlap_tokens)
        for chunk, tokens in packer.pack(pieces(section.body, packer.budget, packer.window_tokens)):
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


def _render(prefix: str | None, units: list[str]) -> str:
    body = "".join(units).strip()
    return f"{prefix}\n\n{body}" if prefix else body


def _fit_heading(heading: str, max_tokens: int) -> tuple[str, int]:
    """The heading path, shortened to its last heading and then cut, if it would crowd out the text;
    with its size in tokens."""
    budget = max_tokens // 4
    chars = budget * MAX_CHARS_PER_TOKEN  # a heading of one long word is one [UNK] token
    if len(heading) <= chars and (tokens := count(heading, special=False)) <= budget:
        return heading, tokens
    last = heading.rsplit(HEADING_SEPARATOR, 1)[-1]
    if len(last) <= chars and (tokens := count(last, special=False)) <= budget:
        return last, tokens
    cut = token_windows(last[:chars], budget)[0].strip()
    return cut, count(cut, special=False)


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

    def pack(self, units: list[Unit]) -> list[tuple[str, int]]:
        """(chunk text, its tokens incl. [CLS]/[SEP]) per chunk."""
        pending: deque[Unit] = deque(units)
        out: list[tuple[str, int]] = []
        current: list[Unit] = []
        carried = 0  # how many leading units of `current` are overlap from the previous chunk
        # `current`'s tokens and characters, kept as units join and leave: summed again for every
        # unit, a chunk of 500 one-token lines made a word list's packing quadratic (300,000 lines
        # of 'x': 50 s; h24 s39 H24-16).
        tokens = chars = 0
        while pending or len(current) > carried:
            if pending and (len(current) == carried or self._fits(tokens, chars, pending[0])):
                while current and not self._fits(tokens, chars, pending[0]):
                    gone = current.pop(0)
                    tokens, chars = tokens - gone[1], chars - len(gone[0])
                    carried -= 1
                unit = pending.popleft()
                current.append(unit)
                tokens, chars = tokens + unit[1], chars + len(unit[0])
                continue
            current = self._emit(current, carried, pending, out)
            carried = len(current)
            tokens, chars = sum(u[1] for u in current), sum(len(u[0]) for u in current)
        return out

    def _size(self, units: list[Unit]) -> int:
        return self._base + sum(unit[1] for unit in units)

    def _fits(self, tokens: int, chars: int, unit: Unit) -> bool:
        """Whether ``unit`` may join units of ``tokens`` tokens and ``chars`` characters in one
        chunk: by tokens, and by characters."""
        return self._base + tokens + unit[1] <= self._max and chars + len(unit[0]) <= self._max_chars

    def _tokens(self, units: list[Unit]) -> int:
        """Exact tokens of the rendered chunk: the sum when every join is a break, else measured."""
        if all(a[0][-1:] in BREAKS or b[0][:1] in BREAKS for a, b in itertools.pairwise(units)):
            return self._size(units)
        return count(_render(self._prefix, [unit[0] for unit in units]), special=True)

    def _emit(
        self, current: list[Unit], carried: int, pending: deque[Unit], out: list[tuple[str, int]]
    ) -> list[Unit]:
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

    def _overlap_of(self, units: list[Unit]) -> list[Unit]:
        if self._overlap == 0:
            return []
        tail: list[Unit] = []
        used = 0
        for unit in reversed(units):
            if used + unit[1] > self._overlap:
                break
            tail.insert(0, unit)
            used += unit[1]
        if tail:
            return tail
        text, _, encoding = units[-1]
        partial, tokens = last_tokens(text, self._overlap, encoding)
        if tokens is None:
            tokens = count(partial, special=False)
        return [(partial, tokens, None)] if partial.strip() else []
