"""Characters a reader does not see as themselves, in one definition for every place that shows
stored text: a memory quoted for a model (memory/render.py) and a name printed to the operator's
terminal (cli/kit.py) spell them out instead."""

from __future__ import annotations

import unicodedata

HIDDEN_CATEGORIES = frozenset({"Cf", "Cc", "Co", "Cs", "Zl", "Zp"})
"""Format (bidi overrides, zero-width), control (terminal escapes), private-use, surrogates, and
line/paragraph separators."""


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a code point of U+D800-U+DFFF: half of a UTF-16 pair (``"\\ud800"`` in
    JSON), or a byte that was not UTF-8 decoded with ``surrogateescape`` (a command line, a file name).
    No database, file or log takes one: UTF-8 cannot encode it. The one test every door uses (the
    identifiers, the command line, checkpoint ids and metadata filters, the JSON body of a request),
    each with its own line naming what it refused."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def hidden(ch: str) -> bool:
    """Whether ``ch`` is invisible or acts on the display: one of :data:`HIDDEN_CATEGORIES`, or a
    tag character (U+E0000-E007F, which can carry text no one sees)."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES or 0xE0000 <= ord(ch) <= 0xE007F


def spelt_out(text: str) -> str:
    """``text`` with every hidden character but newline and tab spelt out (``\\x1b``, ``\\u202e``):
    what a reader is shown of stored text (a terminal line, a console page, an audit report) is
    what is stored, never reordered by a bidi override nor rewritten by an escape sequence."""
    if text.isprintable():
        return text
    return "".join(
        ch
        if ch in "\n\t" or not hidden(ch)
        else (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        for ch in text
    )


def shown_in_page(value: object) -> object:
    """A Jinja ``finalize`` hook: every string a template prints, spelt out (markup stays markup)."""
    if not isinstance(value, str):
        return value
    spelt = spelt_out(value)
    if spelt is value or spelt == value:
        return value
    from markupsafe import Markup

    return Markup(spelt) if isinstance(value, Markup) else spelt
