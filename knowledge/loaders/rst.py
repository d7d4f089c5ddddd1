"""reStructuredText (``.rst``): the markdown-ish text the chunker reads, with reST's markup taken out.

Read as plain text, a reST page puts its markup into the passages the assistant quotes: badge
directives (``.. image:: https://... :target: ...``), substitution references (``|ci-test|``), roles
(``:func:`open```), link syntax (```the docs <https://...>`_``) and the ``::`` that opens a literal
block. Here, with the standard library only (docutils is not a dependency):

- section titles (a line under- or over- and underlined with one punctuation character) become
  ``#`` headings, levels in the order the page first uses each adornment, as reST assigns them; the
  first one is the title;
- directives whose content is prose or code (``note``, ``warning``, ``code-block``, ...) keep their
  content as a paragraph; the rest (images, badges, ``toctree``, ``include``: another file is never
  read), comments, substitution definitions and link targets are dropped with their indented
  options and content;
- inline markup keeps its text: ```text <url>`_`` -> "text", ``:role:`text``` -> "text",
  ````code```` -> "code", ``*em*`` / ``**strong**`` -> the words; substitution references are dropped;
- a literal block keeps its lines (the usage line a question asks about), its ``::`` becomes ``:``.
"""

from __future__ import annotations

import re

from knowledge.loaders.errors import Parsed
from knowledge.loaders.text import decode_text

_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}\s*$")  # a line of one punctuation character
_DIRECTIVE = re.compile(r"^\.\.\s+(?:\|[^|]+\|\s+)?([\w:-]+)::(.*)$")
_EXPLICIT = re.compile(r"^\.\.(?:\s|$)")  # any explicit markup start: a comment, a target, a directive
# Directives whose content a reader would see as part of the page.
_KEPT = frozenset((
    "note", "tip", "hint", "important", "attention", "caution", "warning", "danger", "error", "admonition",
    "seealso", "topic", "sidebar", "rubric", "code", "code-block", "sourcecode", "versionadded",
    "versionchanged", "deprecated",
))  # fmt: skip
_INLINE = (
    (re.compile(r"`([^`<]+?)\s*<[^>`]+>`_{1,2}"), r"\1"),  # `text <url>`_
    (re.compile(r":[\w:+-]+:`([^`<]+?)\s*<[^>`]+>`"), r"\1"),  # :role:`text <target>`
    (re.compile(r":[\w:+-]+:`([^`]+)`"), r"\1"),  # :role:`text`
    (re.compile(r"``([^`]+)``"), r"\1"),  # ``literal``
    (re.compile(r"`([^`]+)`_{0,2}"), r"\1"),  # `reference`_ or `interpreted`
    (re.compile(r"\*\*([^*]+)\*\*"), r"\1"),
    (re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])"), r"\1"),
    (re.compile(r"\|(?! )[\w -]*[\w-]\|_{0,2}"), ""),  # |substitution|
    (re.compile(r"^\|(?:\s+|$)"), ""),  # a line block's "| "
)


def parse_rst(data: bytes) -> Parsed:
    text = decode_text(data)
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    out, title = _convert(lines)
    # Dropped markup leaves runs of blank lines; one separates paragraphs as well.
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()
    return Parsed(text=text + "\n", title=title)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _inline(line: str) -> str:
    for pattern, repl in _INLINE:
        line = pattern.sub(repl, line)
    return re.sub(r"[ \t]{2,}", " ", line).rstrip() if line.strip() else ""


def _convert(lines: list[str]) -> tuple[list[str], str | None]:
    out: list[str] = []
    levels: list[tuple[str, bool]] = []  # adornment styles (character, overlined) in order of use
    title: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = _heading(lines, i)
        if heading is not None:
            text, style, used = heading
            if style not in levels:
                levels.append(style)
            out += ["", "#" * min(levels.index(style) + 1, 6) + " " + _inline(text), ""]
            title = title or _inline(text) or None
            i += used
            continue
        if _EXPLICIT.match(line):
            i = _explicit(lines, i, out)
            continue
        if line.rstrip().endswith("::"):
            # "Install it with::" -> "Install it with:"; a lone "::" says nothing. The literal block
            # after it (blank or indented lines) is kept as written: no inline markup in code.
            kept = line.rstrip()[:-2].rstrip()
            out.append(_inline(kept + ":") if kept else "")
            i += 1
            while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > _indent(line)):
                out.append(lines[i])
                i += 1
            continue
        out.append(_inline(line))
        i += 1
    return out, title


def _heading(lines: list[str], i: int) -> tuple[str, tuple[str, bool], int] | None:
    """The section title at ``lines[i]``: its text, its adornment style and the lines it takes."""
    line = lines[i]
    over = _ADORNMENT.match(line)
    if over and i + 2 < len(lines):
        text, under = lines[i + 1], _ADORNMENT.match(lines[i + 2])
        if text.strip() and not _ADORNMENT.match(text) and under and under.group(1) == over.group(1):
            return text.strip(), (over.group(1), True), 3
    if line.strip() and not over and i + 1 < len(lines) and _indent(line) == 0:
        under = _ADORNMENT.match(lines[i + 1])
        previous_blank = i == 0 or not lines[i - 1].strip()
        if under and previous_blank and len(lines[i + 1].strip()) >= min(len(line.strip()), 3):
            return line.strip(), (under.group(1), False), 2
    return None


def _explicit(lines: list[str], i: int, out: list[str]) -> int:
    """Explicit markup at ``lines[i]`` (a directive, comment, target or substitution definition):
    the content of a kept directive goes to ``out`` as a paragraph; returns the next line to read."""
    directive = _DIRECTIVE.match(lines[i])
    kept = directive is not None and directive.group(1).lower() in _KEPT
    body: list[str] = []
    first = ""  # ".. note:: Text on the first line"
    if kept and directive is not None and "code" not in directive.group(1):
        first = _inline(directive.group(2).strip())
    j = i + 1
    while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > 0):
        content = lines[j].strip()
        if content and not re.match(r"^:[\w -]+:", content):  # options (":target: ...") are dropped
            body.append(lines[j])
        j += 1
    if kept and directive is not None and (body or first):
        margin = min((_indent(b) for b in body if b.strip()), default=0)
        code = "code" in directive.group(1).lower()
        shown = [(b[margin:] if code else _inline(b[margin:])) if b.strip() else "" for b in body]
        out += ["", *([first] if first else []), *shown, ""]
    return j
