"""The running structured summary of a conversation: goal, resources, decisions, artifacts, pending.

Updated incrementally from the messages that compaction removes. Everything here is extracted
deterministically and kept verbatim: ids, collection names and numbers are copied character for
character from what was said, never paraphrased (a model may later rewrite prose, never the ids).
Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from pydantic import BaseModel, Field

# One sentence rule for the summary and the index's sentence stage (the index keeps it: it does not
# import the memory package).
from knowledge.index.sentences import sentences
from knowledge.tokens import count_tokens

# An identifier: has a digit or an inner underscore (doc_4000, company_handbook_v2, INC-2041,
# 3f2a9c1e...), as opposed to ordinary words.
_ID = re.compile(
    r"\b(?=[A-Za-z0-9_.:/-]*(?:\d|[A-Za-z]_[A-Za-z0-9]))[A-Za-z][A-Za-z0-9]*(?:[_.:/-][A-Za-z0-9]+)+\b"
)
_HEX = re.compile(r"\b[0-9a-f]{8,}\b")
_NUMBER = re.compile(r"\d")
_COLLECTION = re.compile(
    r"\b(?:collection|index|namespace|bucket|table)s?\s+(?:named\s+|called\s+|is\s+|=\s*)?[`'\"]?"
    r"([A-Za-z0-9][A-Za-z0-9_.-]*[A-Za-z0-9])",
    re.IGNORECASE,
)


def _any_of(*phrases: str) -> re.Pattern[str]:
    """One case-blind pattern matching any of ``phrases`` (regex fragments) as whole words."""
    return re.compile(r"\b(" + "|".join(phrases) + r")\b", re.IGNORECASE)


# What marks a sentence as a decision, a pending item or the user's goal.
_DECISION = _any_of(
    "decided", "decide", "we'll", "we will", "let's", "let us", "use", "using", "set", "keep",
    "confirmed?", "agreed?", "going with", "chose", "choose", r"switch(?:ed)? to", "indexed",
    "stick with", "settled on",
)  # fmt: skip
_PENDING = _any_of(
    "todo", "to do", "next step", "still need", "pending", "remaining", "later", r"follow[- ]up",
    "tomorrow", "not yet", "need to", "remind me",
)  # fmt: skip
_GOAL = _any_of(
    "i want to", "i need to", "we need to", "my goal", "our goal", "help me", "i'm trying to",
    "we want to",
)  # fmt: skip
_STOP_IDS = frozenset({"e-mail", "e.g", "i.e"})

MAX_DECISIONS = 40
MAX_PENDING = 10
MAX_ARTIFACTS = 200
MAX_RESOURCES = 50


class RunningSummary(BaseModel):
    """What a conversation established, for turns that are no longer in the window."""

    goal: str | None = None
    resources: list[str] = Field(default_factory=list, description="Collections and resources, verbatim")
    decisions: list[str] = Field(default_factory=list, description="Confirmed decisions, verbatim sentences")
    artifacts: list[str] = Field(default_factory=list, description="Exact ids mentioned")
    pending: list[str] = Field(default_factory=list, description="Actions still open, verbatim")
    messages_summarised: int = 0

    @property
    def is_empty(self) -> bool:
        return not (self.goal or self.resources or self.decisions or self.artifacts or self.pending)

    def render(self) -> str:
        lines = ["Summary of earlier turns (extracted verbatim):"]
        if self.goal:
            lines.append(f"Goal: {self.goal}")
        if self.resources:
            lines.append("Collections and resources: " + ", ".join(self.resources))
        if self.decisions:
            lines.append("Confirmed decisions:")
            lines.extend(f"- {d}" for d in self.decisions)
        if self.artifacts:
            lines.append("Resolved artifacts (exact ids): " + ", ".join(self.artifacts))
        if self.pending:
            lines.append("Pending actions:")
            lines.extend(f"- {p}" for p in self.pending)
        lines.append(f"({self.messages_summarised} earlier messages summarised)")
        return "\n".join(lines)

    def tokens(self) -> int:
        return count_tokens(self.render())

    def within(self, max_tokens: int) -> RunningSummary:
        """This summary cut to ``max_tokens`` when rendered: the middle of the longest list goes
        first, so the earliest statements (the ones compaction exists to keep) and the newest stay.

        The cuts happen in a fixed order, so the shortest prefix of that order that fits is found by
        bisection: a few token counts of the rendered summary, not one per removed line (which made
        a long conversation's turns grow slower as its summary grew).
        """
        if self.tokens() <= max_tokens:
            return self
        names = ("artifacts", "decisions", "resources", "pending")
        lists = {name: list(getattr(self, name)) for name in names}
        order: list[tuple[str, int]] = []  # (list, position) of each cut, in the order they happen
        while True:
            name, longest = max(lists.items(), key=lambda kv: len(kv[1]))
            if not longest:
                break
            middle = len(longest) // 2
            order.append((name, middle))
            del longest[middle]

        def after(cuts: int) -> RunningSummary:
            replay = {name: list(getattr(self, name)) for name in names}
            for name, position in order[:cuts]:
                del replay[name][position]
            return self.model_copy(update=replay)

        lo, hi = 1, len(order)  # after(hi) is the fewest lines there are; it is returned if nothing fits
        while lo < hi:
            mid = (lo + hi) // 2
            if after(mid).tokens() <= max_tokens:
                hi = mid
            else:
                lo = mid + 1
        return after(hi)


def extract_ids(text: str) -> list[str]:
    """Identifiers in ``text``, verbatim and in order of appearance (no duplicates)."""
    found = [m.group(0) for m in _ID.finditer(text)] + _HEX.findall(text)
    return [i for i in dict.fromkeys(found) if i.lower() not in _STOP_IDS]


def extract_resources(text: str) -> list[str]:
    # A resource name looks like one (company_handbook_v2, kb-2026), not an ordinary word ("the").
    names = (m.group(1) for m in _COLLECTION.finditer(text))
    return list(dict.fromkeys(n for n in names if any(c in n for c in "_-.0123456789")))


def _merge(old: Sequence[str], new: Iterable[str], cap: int) -> list[str]:
    merged = list(dict.fromkeys([*old, *new]))
    if len(merged) <= cap:
        return merged
    # Keep the first statements (the ones compaction most needs to carry) and the newest.
    head = cap // 2
    return merged[:head] + merged[len(merged) - (cap - head) :]


def _text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return " ".join(p if isinstance(p, str) else str(p.get("text", "")) for p in content)


def _is_decision(sentence: str, *, said_by_user: bool) -> bool:
    """A decision with something exact in it (a number, an id), or any user sentence naming an id
    or a resource ("The collection is company_handbook_v2.")."""
    exact = bool(_NUMBER.search(sentence) or extract_ids(sentence))
    if _DECISION.search(sentence) and exact:
        return True
    return said_by_user and bool(extract_ids(sentence) or extract_resources(sentence))


def update_summary(summary: RunningSummary, removed: Sequence[BaseMessage]) -> RunningSummary:
    """``summary`` extended with what ``removed`` (oldest first) established.

    Decisions and pending actions come from the user's turns and the assistant's replies; ids and
    resources from every message, tool results included. Assistant text is never taken as a goal.
    """
    goal = summary.goal
    decisions: list[str] = []
    pending: list[str] = []
    artifacts: list[str] = []
    resources: list[str] = []
    for message in removed:
        text = _text(message)
        artifacts += extract_ids(text)
        resources += extract_resources(text)
        if not isinstance(message, (HumanMessage, AIMessage)):
            continue
        for sentence in sentences(text):
            if isinstance(message, HumanMessage) and goal is None and _GOAL.search(sentence):
                goal = sentence
            if _PENDING.search(sentence):
                pending.append(sentence)
            elif _is_decision(sentence, said_by_user=isinstance(message, HumanMessage)):
                decisions.append(sentence)
    return RunningSummary(
        goal=goal,
        resources=_merge(summary.resources, resources, MAX_RESOURCES),
        decisions=_merge(summary.decisions, decisions, MAX_DECISIONS),
        artifacts=_merge(summary.artifacts, artifacts, MAX_ARTIFACTS),
        pending=_merge(summary.pending, pending, MAX_PENDING),
        messages_summarised=summary.messages_summarised + len(removed),
    )
