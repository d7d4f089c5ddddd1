"""The part of a message that asks (issue 27, session 23): what the names check holds a question to.

"I'm at a hotel in Milan for a workshop and GlobalProtect won't connect at all. What's the very
first thing to check?" asks about the VPN client; Milan is where the user is, not what the
knowledge base must mention. People put the circumstances first and the question last, or before
it: "... but anyway: does our code of conduct say ...". A scenario's condition ("if I work from
Spain for a month, do I need approval?") is context too. :func:`asking_part` keeps the sentences that
ask (a question mark, or a question word first) after such an opening, and the whole message when
what is left is too hollow to stand alone ("what now?") or nothing asks.
"""

from __future__ import annotations

import re

from knowledge.index.passages import terms

_SENTENCE = re.compile(
    r"(?<=[.!?])\s+|\s*(?:[:;]|\b(?:but|so)\s+anyway\b[,:]?|\banyway\b[,:])\s+", re.IGNORECASE
)
_ASKS = re.compile(
    r"^(?:who|whom|whose|what|what's|whats|when|where|which|why|how|can|could|do|does|did|is|are|am|was|were|"
    r"should|shall|may|might|must|will|would|have|has|any|anything|is\s+there)\b",
    re.IGNORECASE,
)
# "If X, ...", "When X, ...", "What if X, ...": the condition before the comma is the scenario.
_CONDITION = re.compile(r"^(?:what\s+if|if|when|in\s+case|suppose|say)\b[^,?]*,\s*", re.IGNORECASE)
MIN_TOPIC = 2  # topic words the asking part needs to stand alone


def asks(message: str) -> bool:
    """Whether any sentence of ``message`` asks (a question mark, or a question word first): "HR
    booked me a chat about why I'm leaving" states circumstances and asks nothing."""
    return any(
        p.strip().endswith("?") or _ASKS.match(p.strip()) for p in _SENTENCE.split(message) if p and p.strip()
    )


def asking_part(message: str) -> str:
    """The sentences of ``message`` that ask, without a leading condition (see the module's
    docstring); the whole message when they hold fewer than :data:`MIN_TOPIC` topic words."""
    parts = [p.strip() for p in _SENTENCE.split(message) if p and p.strip()]
    asking = [p for p in parts if p.endswith("?") or _ASKS.match(p)]
    if not asking:
        return message
    part = " ".join(_CONDITION.sub("", p) for p in asking)
    return part if len(terms(part)) >= MIN_TOPIC else message
