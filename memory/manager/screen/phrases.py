"""Phrase banks: what injected instructions say, in several languages.

Each entry names a *concept* and is either strong (it alone holds an item: nobody writes "ignore
your previous instructions" in a leave policy) or weak (ordinary text says it too: "going forward",
"the user", "reply in English"; two weak concepts together, or one with a close semantic match,
hold an item). Latin-script banks run on the ``latin`` form (look-alikes mapped, accents dropped,
lower case), the others on the ``plain`` form. Handbook imperatives aimed at employees ("never
share your badge", "you must submit timesheets") deliberately match nothing strong: what marks an
injection is who it addresses (the assistant, "the user" as a third party) and what it asks for
(earlier instructions void, hidden prompts, data sent elsewhere, secrecy from the reader).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from memory.manager.screen import phrases_control, phrases_data, phrases_world
from memory.manager.screen.literals import Rule, rule


@dataclass(frozen=True)
class Phrase:
    concept: str
    strong: bool
    form: Literal["latin", "plain"]
    pattern: Rule


# Between the words of one phrase: anything but a letter, a line break or a sentence end (". ", "! "),
# so that a phrase never spans two sentences ("...never happen on Fridays. The user ...").
_SEP = r"(?:(?![.!?;。！？](?:\s|$))[^\w\n])"


def _compile(entries: tuple[tuple[str, bool, str], ...], form: Literal["latin", "plain"]) -> list[Phrase]:
    return [
        Phrase(concept, strong, form, rule(p.replace(r"\W+", _SEP + "+").replace(r"\W*", _SEP + "*"), re.M))
        for concept, strong, p in entries
    ]


PHRASES: tuple[Phrase, ...] = (
    *_compile(phrases_control.ENTRIES, "latin"),
    *_compile(phrases_data.ENTRIES, "latin"),
    *_compile(phrases_world.ENTRIES, "plain"),
)
