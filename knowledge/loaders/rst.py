"""reStructuredText (``.rst``): docutils parses the page; the doctree becomes the markdown-ish text the
chunker reads.

Read as plain text, a reST page puts its markup into the passages the assistant quotes: badge
directives (``.. image:: https://... :target: ...``), substitution references (``|ci-test|``), roles
(``:func:`open```), link syntax (```the docs <https://...>`_``) and the ``::`` that opens a literal
block. docutils (the reference reST parser) reads the page, then the doctree is walked:

- section titles become ``#`` headings by their depth (reST's own levels, so a page's adornment order
  decides them); the first one is the title;
- paragraphs, list items (``- `` / ``1. ``), definitions, field and option lists, table rows (cells
  joined by `` | `` as the HTML and DOCX loaders do) and admonition contents (note, warning, ...) are
  kept; literal and code blocks keep their lines as written, indented four spaces so a ``#`` comment
  inside one is not read as a heading;
- images, badges, substitution definitions, comments, link targets, raw content, a generated table of
  contents and docutils' own error reports are dropped; inline markup keeps its text.

An uploaded page must never read the server's files or stop the load: file insertion (``include``,
``csv-table :file:``) and ``raw`` are disabled, no docutils configuration file is read, reports are
silenced and nothing halts the parse. Unknown directives and roles (Sphinx's ``toctree``,
``:func:``) are docutils errors: the directive is dropped, the role keeps its text. Sphinx's prose
directives (``seealso``, ``versionadded``, ...) keep their content. Should docutils still fail on a
page, the page loads as the plain text it is rather than not at all.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives
from docutils.readers.standalone import Reader
from docutils.transforms.references import DanglingReferences

from knowledge.loaders.errors import Parsed
from knowledge.loaders.text import decode_text

_SETTINGS: dict[str, Any] = {
    "report_level": 5,  # above "severe": nothing is reported ...
    "halt_level": 5,  # ... and no error stops the parse
    "warning_stream": False,
    "file_insertion_enabled": False,  # no include, no csv-table :file:/:url:, no figure size read
    "raw_enabled": False,
    "_disable_config": True,  # no docutils.conf from the server's working directory or home
    "doctitle_xform": False,  # the title stays a section: one rule for every heading level
    "sectsubtitle_xform": False,
    "docinfo_xform": False,
    "pep_references": False,
    "rfc_references": False,
    "smart_quotes": False,
    "syntax_highlight": "none",  # a code block stays one text node, not a tree of tokens
    "input_encoding": "unicode",
}
# Dropped with everything inside: nothing a reader of the page sees as its words.
_DROPPED = (
    nodes.image, nodes.substitution_definition, nodes.comment, nodes.target, nodes.raw, nodes.system_message,
    nodes.pending, nodes.label, nodes.footnote_reference, nodes.citation_reference, nodes.transition,
)  # fmt: skip
# docutils keeps markup it cannot resolve as written (a "problematic" node): an unknown role (Sphinx's
# ``:func:`pack```, ``:ref:`the guide <guide>```) gives its text, an undefined substitution nothing, an
# unbalanced start-string (a lone ``*`` or two backquotes) nothing.
_ROLE = re.compile(r"^:[\w.:+-]+:`[~!]?(.*?)(?:\s*<[^<>]*>)?`$", re.DOTALL)
_UNRESOLVED = re.compile(r"^\|.*\|_{0,2}$|^[^\w\s]+$", re.DOTALL)
_CODE = (nodes.literal_block, nodes.doctest_block, nodes.math_block)


class _ProseDirective(Directive):  # type: ignore[misc]  # docutils ships no type information
    """Sphinx's prose directives (unknown to docutils): the argument and the content are the page's words."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[Any]:
        box = nodes.container()
        if self.arguments:
            box += nodes.paragraph(text=self.arguments[0])
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


for _name in ("seealso", "versionadded", "versionchanged", "deprecated"):
    directives.register_directive(_name, _ProseDirective)


class _Reader(Reader):  # type: ignore[misc]  # docutils ships no type information
    """docutils' standalone reader without DanglingReferences. That transform turns each unresolved
    reference into a "problematic" node by finding it in its parent's children (a list scan per
    reference): a paragraph of 10,000 ```x`_`` (50 KB) took 32 s and 20,000 took 211 s, holding an
    ingestion worker and every tenant's runs behind it (h21 s38 H21-1). Left alone, such a reference
    is a reference node, and its words are kept as any link's are."""

    def get_transforms(self) -> list[Any]:
        return [t for t in super().get_transforms() if t is not DanglingReferences]


MAX_MARKUP_PER_BLOCK = 400
"""Inline markup start-strings (backquotes, bars, ``]_``, a word's trailing ``_`` or ``__``, stars) one
block between blank lines may hold before the page loads as the plain text it is. docutils'
substitution, footnote and reference transforms find each node in its parent's children (a list
scan): a paragraph of n references costs n squared - 12,000 substitution references in one 48 KB
paragraph took 49 s, 20,000 references 211 s, 10,000 anonymous ones (``x__``) 24 s, holding an
ingestion worker and every tenant's runs behind it (h21 s38 H21-1, review R3-11). A real paragraph
holds a few dozen."""
MARKUP_DENSITY = 10
"""And in the whole page, at most one start-string per this many characters (20,000 whatever the
size): spread over blocks, each unresolved reference still costs docutils ~0.1-0.4 ms (a 250 KB page
of them 8-25 s under load), where a page of prose with links and literals has one per ~18 characters
(the 2 MB page of tests/test_assistant_s28_rst.py: 109,000, ~5 CPU seconds)."""
# And bare references, named (x_) and anonymous (x__), and emphasis's start-strings (an unclosed
# "*x" is scanned to the block's end for its closing star: review s38 R3-13).
_MARKUP = re.compile(r"`|\||\]_|\w__?\b|\*\*?(?=\S)")


# Lines that open an explicit markup block (a comment, target, directive: ".. "), a field (":x: y"),
# an option ("-x  y", "--long") or a definition's term line after it: docutils' block parser tries
# each against the block so far, superlinear in their number - 16,000 comments (762 KB, no inline
# markup) took 57 s, 32,000 fields (192 KB) 21 s (h21 s38 H21-6, review R3-17).
_BLOCK_MARKUP = re.compile(r"^[ \t]*(?:\.\.(?:[ \t]|$)|:[^:\s][^:]*:(?:[ \t]|$)|-{1,2}\w)", re.MULTILINE)
MAX_BLOCK_MARKUP = 2_000
"""At most this many such lines, or one per 100 characters on a longer page (a Sphinx page of API docs
has a few hundred directives and fields)."""


def _too_costly(source: str) -> bool:
    """Whether docutils would take far longer than the page's size warrants (H21-1, H21-6)."""
    if len(_MARKUP.findall(source)) > max(20_000, len(source) // MARKUP_DENSITY):
        return True
    if len(_BLOCK_MARKUP.findall(source)) > max(MAX_BLOCK_MARKUP, len(source) // 100):
        return True
    blocks = re.split(r"\n[ \t]*\n", source)
    return any(len(_MARKUP.findall(block)) > MAX_MARKUP_PER_BLOCK for block in blocks)


def parse_rst(data: bytes) -> Parsed:
    source = decode_text(data).replace("\r\n", "\n").replace("\r", "\n")
    if _too_costly(source):
        return Parsed(text=source.strip() + "\n")
    try:
        # docutils drops the whole page when one line is over its limit (10,000 characters): the
        # file's size is already bounded by load_file's max_bytes, so the limit is the page itself.
        limit = max(10_000, len(source) + 1)
        doctree = publish_doctree(
            source, reader=_Reader(), settings_overrides={**_SETTINGS, "line_length_limit": limit}
        )
        titles: list[str] = []
        text = "\n\n".join(_blocks(doctree, 0, titles))
    except Exception:  # docutils failing on a page is no reason to refuse its text
        return Parsed(text=source.strip() + "\n")
    text = re.sub(r"\n{3,}", "\n\n", text).strip()
    return Parsed(text=text + "\n", title=titles[0] if titles else None)


def _inline(node: nodes.Node) -> str:
    """The words of inline markup: emphasis, literals, references and roles give their text."""
    if isinstance(node, nodes.Text):
        return str(node)
    if isinstance(node, _DROPPED):
        return ""
    if isinstance(node, nodes.problematic):
        raw = node.astext()
        role = _ROLE.match(raw)
        return role.group(1) if role else "" if _UNRESOLVED.match(raw) else raw
    if isinstance(node, nodes.Element):
        return "".join(_inline(child) for child in node.children)
    return ""


def _lines(text: str) -> str:
    """Inline text with the blank lines and spaces dropped markup leaves behind."""
    lines = (re.sub(r"[ \t]{2,}", " ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def _blocks(node: nodes.Node, depth: int, titles: list[str]) -> list[str]:
    """The text blocks (paragraphs, headings, lists, code) of ``node``'s children, in order."""
    out: list[str] = []
    for child in node.children if isinstance(node, nodes.Element) else ():
        out += _block(child, depth, titles)
    return [block for block in out if block.strip()]


def _block(node: nodes.Node, depth: int, titles: list[str]) -> list[str]:
    if isinstance(node, _DROPPED) or (isinstance(node, nodes.topic) and "contents" in node["classes"]):
        return []
    if isinstance(node, nodes.section):
        return _blocks(node, depth + 1, titles)
    if isinstance(node, nodes.title):
        text = _lines(_inline(node)).replace("\n", " ")
        if isinstance(node.parent, nodes.section):
            titles.append(text)
            return ["#" * min(depth, 6) + " " + text]
        return [text]  # an admonition's, topic's or table's own title
    if isinstance(node, _CODE):
        return ["\n".join("    " + line if line.strip() else "" for line in node.astext().split("\n"))]
    if isinstance(node, (nodes.bullet_list, nodes.enumerated_list)):
        return ["\n".join(_item(item, i, node, depth, titles) for i, item in enumerate(node.children))]
    if isinstance(node, nodes.definition_list_item | nodes.field | nodes.option_list_item):
        return [_term(node, depth, titles)]
    if isinstance(node, (nodes.definition_list, nodes.field_list, nodes.option_list)):
        return ["\n".join(_blocks(node, depth, titles))]
    if isinstance(node, nodes.row):
        return [" | ".join(_lines(" ".join(_blocks(entry, depth, titles))) for entry in node.children)]
    if isinstance(node, (nodes.tgroup, nodes.thead, nodes.tbody)):
        return ["\n".join(_blocks(node, depth, titles))]
    if isinstance(node, nodes.line_block):
        return [_lines("\n".join(_inline(line) for line in node.children))]
    if isinstance(node, nodes.attribution):
        return ["-- " + _lines(_inline(node))]
    if isinstance(node, nodes.TextElement):  # paragraphs, rubrics, captions, a line outside a block
        return [_lines(_inline(node))]
    # Containers (admonitions, block quotes, tables, topics, figures, footnotes, ...): their contents.
    return _blocks(node, depth, titles)


def _item(item: nodes.Node, index: int, parent: nodes.Element, depth: int, titles: list[str]) -> str:
    start = parent.get("start", 1) if isinstance(parent, nodes.enumerated_list) else None
    marker = "- " if start is None else f"{start + index}. "
    body = "\n".join(_blocks(item, depth, titles))
    return marker + body.replace("\n", "\n" + " " * len(marker))


def _term(node: nodes.Node, depth: int, titles: list[str]) -> str:
    """A definition, field or option: its term on the first line, its description under it."""
    if isinstance(node, nodes.option_list_item):
        options = ", ".join(_lines(_inline(option)) for option in node.traverse(nodes.option))
        return options + "  " + " ".join(_blocks(node.children[-1], depth, titles))
    name, *body = node.children  # term (and classifiers) or field name; then the description
    text = "\n".join(block for part in body for block in _block(part, depth, titles))
    if isinstance(node, nodes.field):
        return _lines(_inline(name)) + ": " + text
    return _lines(_inline(name)) + "\n" + text
