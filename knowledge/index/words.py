"""Whether a tenant's documents use a word as written: an acronym in capitals ("CFO").

The assistant's names check (graph/assistant/answering.py) abstains on a name none of the passages
found holds. An acronym the knowledge base itself uses ("urgent exceptions need CFO approval") is a
word it mentions, though the passages found for one question may not hold it; one it never uses
("RFP") stays a name the base lacks. Case-sensitive: "US" is not the pronoun "us". The plural and
possessive ("CFOs", "CFO's") and the dotted form ("U.S.") are the same word.
"""

from __future__ import annotations

import re

from knowledge.index.dialect import Dialect, Op, Stmt

# Only what reads as an acronym: two to five capitals (the names check's own pattern).
ACRONYM = re.compile(r"[A-Z]{2,5}")


def _pattern(word: str) -> re.Pattern[str]:
    dotted = r"\.".join(word) + r"\."
    return re.compile(rf"(?<![\w.]){word}(?:s|'s)?(?!\w)|(?<![\w.]){dotted}(?!\w)")


def uses(d: Dialect, tenant: str, word: str) -> Op[bool]:
    """Whether any chunk of ``tenant`` holds ``word`` (an acronym) as written."""
    if d.uses_word is None or not ACRONYM.fullmatch(word):
        return False
    dotted = ".".join(word) + "."
    # PostgreSQL's regular expressions: \m and \M are word bounds.
    pg = rf"\m{word}(s|'s)?\M|(^|[^\w.]){re.escape(dotted)}"
    rows = yield Stmt(d.uses_word, {"tenant": tenant, "word": word, "dotted": dotted, "pattern": pg})
    pattern = _pattern(word)
    return any(pattern.search(str(r[0])) for r in rows)
