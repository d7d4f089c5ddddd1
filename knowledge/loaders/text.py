"""Plain text and Markdown: decoding bytes strictly, and the title and front matter of Markdown; the
title of plain text that underlines its first line."""

from __future__ import annotations

import codecs
import re

from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.metadata import front_matter_fields

_ATX_TITLE = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
_SETEXT_TITLE = re.compile(r"^(?:\A|\n\s*\n|\A\s*)([^\n]+)\n {0,3}=+[ \t]*$", re.MULTILINE)
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)", re.DOTALL)
_FRONT_TITLE = re.compile(r"^title[ \t]*:[ \t]*(.+?)[ \t]*$", re.MULTILINE | re.IGNORECASE)
# Plain text's own title: its first line, underlined ("Health and Safety at Work" over "=====" or
# "-----"), or over- and underlined as reStructuredText writes a document title. Only the opening
# line: a heading further down is a section's, and a document that opens with prose has no title of
# its own (its file name stands in, as before).
_PLAIN_TITLE = re.compile(
    r"\A\s*(?:(?P<over>[=\-~#*^+])(?P=over){2,}[ \t]*\n)?[ \t]*(?P<title>[^\n]*\S)[ \t]*\n"
    r"[ \t]*(?P<under>[=\-~#*^+])(?P=under){2,}[ \t]*(?:\n|\Z)"
)
MAX_PLAIN_TITLE = 150  # characters: a longer underlined opening line is a paragraph, not a title
# Text has no NUL, and few control characters other than tab, newline, CR, form feed and escape.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]")


def _binary() -> LoadFailure:
    return LoadFailure(
        "binary", "binary content (NUL or control characters) in a text file; is the extension wrong?"
    )


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without BOM) or BOM-marked UTF-16; anything else is refused, never guessed."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise LoadFailure(
                "invalid_utf8", f"invalid UTF-16 at byte {exc.start}; re-save as UTF-8"
            ) from exc
    else:
        if b"\x00" in data[:8192]:
            raise _binary()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            raise LoadFailure(
                "invalid_utf8",
                f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}, line {line}); "
                "re-save the file as UTF-8",
            ) from exc
    sample = text[:8192]
    if len(_CONTROL.findall(sample)) * 20 > len(sample):
        raise _binary()
    return text


def parse_plain_text(data: bytes) -> Parsed:
    text = decode_text(data)
    return Parsed(text=text, title=plain_title(text))


def plain_title(text: str) -> str | None:
    """The title plain text gives itself: its underlined first line (:data:`_PLAIN_TITLE`).

    Without it a plain-text document was titled by its file name ("health and safety" for
    "Health and Safety at Work", "mitigation first london office 00072" for "Mitigation first:
    London office"), so a question naming the page by its title, and the ranking's reading of a
    title's scope ("...: London office"), missed it while the same page as Markdown or HTML matched."""
    found = _PLAIN_TITLE.match(text)
    if found is None:
        return None
    title = found.group("title").strip()
    return title if len(title) <= MAX_PLAIN_TITLE and not set(title) <= set("=-~#*^+ ") else None


def parse_markdown(data: bytes) -> Parsed:
    text = decode_text(data)
    title = None
    metadata: dict[str, str] = {}
    if front := _FRONT_MATTER.match(text):
        found = _FRONT_TITLE.search(front.group(1))
        title = found.group(1).strip("\"'") if found else None
        metadata = front_matter_fields(front.group(1))
    return Parsed(text=text, title=title or markdown_title(text), metadata=metadata)


def markdown_title(text: str) -> str | None:
    """The first ATX (``# Title``) or setext (``Title\\n=====``) heading."""
    candidates = [m for m in (_ATX_TITLE.search(text), _SETEXT_TITLE.search(text)) if m]
    if not candidates:
        return None
    first = min(candidates, key=lambda m: m.start(1))
    return first.group(1).strip() or None
