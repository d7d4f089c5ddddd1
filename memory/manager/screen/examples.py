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


def unquote_examples(text: str) -> str:
    """``text`` with the quotations in sentences that speak about attacks replaced by a placeholder."""
    if not _QUOTED.search(text):
        return text
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
        # Or the clause right after it, in the same line, names what the quote is ("prompts like '...'
        # are common; our red team logs them"): the explanation may follow its example (session 24).
        after = i // 2 + 1 < len(abouts) and "\n" not in parts[i + 1] and abouts[i // 2 + 1]
        if outside != sentence and (about or warned or after or _TO_PEOPLE.search(sentence)):
            # the attack's name beside its quoted example ("jailbreak prompts often begin with") is a name
            parts[i] = ABOUT.sub(NAMED, _QUOTED.sub(PLACEHOLDER, sentence))
            changed = True
        warned = about
    return "".join(parts) if changed else text
