"""HTML to markdown-ish text with the standard library parser.

Scripts, styles and other non-content elements are dropped; headings become ``#`` lines so the
chunker can split on them; block elements become paragraphs; list items get a ``- `` marker and
table cells are joined with `` | ``.
"""

from __future__ import annotations

import codecs
import re
from html import unescape
from html.parser import HTMLParser

from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.metadata import normalize_metadata
from knowledge.loaders.text import decode_text

_SKIP = {"script", "style", "noscript", "template", "head", "svg", "iframe", "object"}
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_BLOCKS = {
    "p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "blockquote",
    "pre", "ul", "ol", "table", "form", "fieldset", "figure", "figcaption", "details",
    "summary", "dl", "dt", "dd", "address", "hr",
}  # fmt: skip
_VOID = {"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "wbr"}


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.title_parts: list[str] = []
        self.first_h1: str | None = None
        self.meta: dict[str, str] = {}
        self._line: list[str] = []
        # What _at_line_start needs of _line, kept as it grows: its last piece that is not blanks
        # (stripped of trailing blanks), and whether any piece holds text. Joining _line at every
        # cell cost a table's text per cell: n**2 (a 400 KB table: 30-50 s, session 38 H21-4).
        self._tail = ""
        self._text = False
        self._skip_depth = 0
        self._in_title = False
        self._heading: int | None = None
        self._pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        if tag == "meta":
            fields = dict(attrs)
            name = fields.get("name") or fields.get("property") or fields.get("itemprop")
            if name and fields.get("content"):
                self.meta.setdefault(name, fields["content"] or "")
        if tag in _SKIP and tag not in _VOID:
            self._skip_depth += 1
            return
        if tag in _HEADINGS:
            self._flush()
            self._heading = _HEADINGS[tag]
        elif tag in _BLOCKS:
            self._flush()
            self._pre += tag == "pre"
        elif tag == "li":
            self._add("\n- ")
        elif tag == "br":
            self._add("\n")
        elif tag in ("td", "th") and not self._at_line_start():
            self._add(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag in _SKIP and tag not in _VOID:
            self._skip_depth = max(0, self._skip_depth - 1)
            return
        if tag in _HEADINGS:
            text = _squash("".join(self._line))
            self._clear()
            if text:
                level = self._heading or _HEADINGS[tag]
                self.blocks.append("#" * level + " " + text)
                if level == 1 and self.first_h1 is None:
                    self.first_h1 = text
            self._heading = None
        elif tag in ("li", "tr"):
            self._add("\n")
        elif tag in _BLOCKS:
            self._flush()
            if tag == "pre":
                self._pre = max(0, self._pre - 1)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title_parts.append(data)
            return
        if self._skip_depth:
            return
        # Outside <pre>, HTML whitespace (newlines included) is just a space.
        self._add(data if self._pre else re.sub(r"\s+", " ", data))

    def _add(self, piece: str) -> None:
        self._line.append(piece)
        tail = piece.rstrip(" \t")
        if tail:
            self._tail = tail
            self._text = self._text or bool(tail.strip())

    def _clear(self) -> None:
        self._line.clear()
        self._tail = ""
        self._text = False

    def _at_line_start(self) -> bool:
        """Whether the current block holds only whitespace, or ends a line (then blanks)."""
        return not self._text or self._tail.endswith("\n")

    def _flush(self) -> None:
        raw = "".join(self._line)
        self._clear()
        text = raw.strip("\n") if self._pre else _squash(raw)
        if text.strip():
            self.blocks.append(text)

    def close(self) -> None:
        rest = self.rawdata  # what feed() could not complete: an unterminated tag, comment or text
        if rest and ">" not in rest and self.cdata_elem is None:
            # Nothing in it can end a tag, comment or declaration, so it is all text; Python 3.11's
            # close() finds that out one "<" at a time, rescanning the rest for each: n**2 and worse
            # ("<a " * 5,000, 15 KB: 4.6 s; session 38 H21-4). The same text, at once.
            self.rawdata = ""
            self.handle_data(unescape(rest))
        super().close()
        self._flush()


def _squash(text: str) -> str:
    lines = (re.sub(r"[ \t\r\f\v\u00a0]+", " ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-]+)""", re.IGNORECASE)


def decode_html(data: bytes) -> str:
    """UTF-8 unless the page declares another charset in a ``<meta>`` tag that Python knows."""
    declared = _META_CHARSET.search(data[:4096])
    if declared:
        charset = declared.group(1).decode("ascii").lower()
        try:
            codec = codecs.lookup(charset).name
        except LookupError:
            codec = "utf-8"
        if codec not in ("utf-8", "utf-16"):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise LoadFailure(
                    "invalid_utf8", f"not valid {charset} as the page declares (offset {exc.start})"
                ) from exc
    return decode_text(data)


def parse_html(data: bytes) -> Parsed:
    extractor = _Extractor()
    extractor.feed(decode_html(data))
    extractor.close()
    title = _squash(" ".join(extractor.title_parts)) or extractor.first_h1
    return Parsed(
        text="\n\n".join(extractor.blocks), title=title or None, metadata=normalize_metadata(extractor.meta)
    )
