"""Characters a reader does not see as themselves, in one definition for every place that shows
stored text: a memory quoted for a model (memory/render.py) and a name printed to the operator's
terminal (cli/kit.py) spell them out instead."""

from __future__ import annotations

import unicodedata

HIDDEN_CATEGORIES = frozenset({"Cf", "Cc", "Co", "Cs", "Zl", "Zp"})
"""Format (bidi overrides, zero-width), control (terminal escapes), private-use, surrogates, and
line/paragraph separators."""


def hidden(ch: str) -> bool:
    """Whether ``ch`` is invisible or acts on the display: one of :data:`HIDDEN_CATEGORIES`, or a
    tag character (U+E0000-E007F, which can carry text no one sees)."""
    return unicodedata.category(ch) in HIDDEN_CATEGORIES or 0xE0000 <= ord(ch) <= 0xE007F
