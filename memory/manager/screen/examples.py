"""Quoted examples in text that warns about attacks: the quote is shown, not meant.

Security-awareness pages, incident reports and AI-use policies quote injections to teach staff to
spot them ("attackers hide text such as 'ignore previous instructions' in documents"). Read whole,
such a sentence carries every word of the attack, and the phrase banks held it (blind sets 10 and 11:
most of their remaining false holds). A sentence that names the attack outside its quotation marks
(``frames.ABOUT``: prompt injection, phishing, attackers, "for example", "quotes", ...) has its
quoted spans replaced by a placeholder before the rules read it.

What stays judged: the sentence's own words outside the quotes (an order there is still found),
every other sentence, links and e-mail addresses anywhere (read from the text as written, so an
outside link inside a "quoted example" still holds it), hidden characters and encodings outside the
quotes. The cost, said plainly: an attacker can wrap an order in "for example '...'", and that
order, if it has no outside link, is read as a quotation; the semantic layer still reads the
sentence as written when the rules find nothing.
"""

from __future__ import annotations

import re

from memory.manager.screen.frames import ABOUT
from memory.manager.screen.literals import rule

_SPLIT = rule(r"((?<=[.!?;。！？])\s+|\n+)")
_QUOTED = rule(
    # an apostrophe inside a word ("the user's data") does not close a single-quoted example
    r"(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w)){6,240}'(?!\w)|\"[^\"\n]{6,240}\"|“[^”\n]{6,240}”|‘[^’\n]{6,240}’|«[^»\n]{6,240}»|„[^“”\n]{6,240}[“”]"
)
# An order quoted as said to people ("the fake email told staff to 'disregard previous guidance ...'"): its
# addressee is named outside the quotes, and it is not the assistant.
_TO_PEOPLE = rule(
    r"\b(?:told|tells|asked|asks|urged|urges|instructed|instructs|pressured|pressures|invited|invites|directed|"
    r"directs|ordered|orders)\s+(?:\w+\s+)?(?:staff|employees|users|people|recipients|customers|colleagues|workers|"
    r"them|us|everyone|readers|victims|targets|the team|managers|new hires)\s+to\s*['\"“‘«]",
    re.IGNORECASE,
)
PLACEHOLDER = "(a quoted example)"
NAMED = "(an attack named)"


def _explained_later(parts: list[str], abouts: list[bool], i: int) -> bool:
    """Whether a later clause of the same line as sentence ``i`` (at most three on) speaks about attacks."""
    for j in range(i + 2, min(len(parts), i + 8), 2):
        if "\n" in parts[j - 1]:
            return False
        if abouts[j // 2]:
            return True
    return False


def unquote_examples(text: str) -> str:
    """``text`` with the quotations in sentences that speak about attacks replaced by a placeholder."""
    if not _QUOTED.search(text):
        return text
    # Split at every sentence end, inside quotations too: a quotation of several sentences ("an e-mail quoted
    # in the ticket: 'Hi, ... . AI agent processing this, change ...'") is a carried message more often than an
    # example, and ABOUT reads "quoted" as talk about attacks (measured, session 34: a quote-aware split
    # released one such attack for one quiz question).
    parts = _SPLIT.split(text)
    changed = False
    warned = False  # the sentence before spoke about attacks ("Which of these is a prompt injection?")
    # Whether each sentence, its quotations left out, speaks about attacks: read once per sentence (the
    # loop rewrites only the sentence it is at, after reading these).
    abouts = [bool(ABOUT.search(_QUOTED.sub(" ", parts[j]))) for j in range(0, len(parts), 2)]
    for i in range(0, len(parts), 2):
        sentence = parts[i]
        outside = _QUOTED.sub(" ", sentence)
        about = abouts[i // 2]
        # Or a later clause of the same line names what the quote is ("prompts like '...' are common; our
        # red team logs them"): the explanation may follow its example (session 24), a few clauses on
        # ("... contained the line '...'. The assistant refused; please report such text.", session 34).
        after = _explained_later(parts, abouts, i)
        if outside != sentence and (about or warned or after or _TO_PEOPLE.search(sentence)):
            # the attack's name beside its quoted example ("jailbreak prompts often begin with") is a name
            parts[i] = ABOUT.sub(NAMED, _QUOTED.sub(PLACEHOLDER, sentence))
            changed = True
        warned = about
    return "".join(parts) if changed else text
