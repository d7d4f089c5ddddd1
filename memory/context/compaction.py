"""Compaction of a conversation's messages: sliding window, running summary, or both (hybrid).

When to use which (docs/assistant.md has the long form):

- ``window``: short tasks where only the recent turns matter and losing older ones is acceptable
  (nothing is summarised; preferences and facts were already saved as memories).
- ``summary``: long working sessions about ids and decisions (an ingestion, a migration): everything
  but the latest turn is folded into the structured summary, which keeps ids verbatim; the cheapest
  context, the least conversational detail.
- ``hybrid`` (default): the summary of older turns plus a recent window, for ordinary long chats.

Rules common to all: system messages and the latest human turn are always kept; a tool call is
never split from its results (they are kept or removed as one unit); the summary is data, rendered
by the context assembly as such, never a user message. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from knowledge.tokens import count_message_tokens
from memory.context.summary import RunningSummary, update_summary

Strategy = Literal["window", "summary", "hybrid"]
STRATEGIES: tuple[str, ...] = get_args(Strategy)
DEFAULT_STRATEGY: Strategy = "hybrid"


def check_strategy(name: str) -> Strategy:
    if name not in STRATEGIES:
        raise ValueError(f"unknown compaction strategy {name!r}; choose one of {', '.join(STRATEGIES)}")
    return name  # type: ignore[return-value]


@dataclass(frozen=True)
class Compaction:
    kept: list[BaseMessage]
    removed: list[BaseMessage]
    summary: RunningSummary


def units(messages: Sequence[BaseMessage]) -> list[list[BaseMessage]]:
    """``messages`` (system ones excluded) grouped so that an AI message with tool calls and the
    tool results answering it form one unit; every other message is a unit of its own."""
    out: list[list[BaseMessage]] = []
    open_calls: set[str] = set()
    for m in messages:
        if isinstance(m, SystemMessage):
            continue
        if isinstance(m, ToolMessage) and out and m.tool_call_id in open_calls:
            out[-1].append(m)
            open_calls.discard(m.tool_call_id)
            continue
        out.append([m])
        open_calls = (
            {str(c["id"]) for c in m.tool_calls if c.get("id")} if isinstance(m, AIMessage) else set()
        )
    return out


def latest_turn_start(groups: Sequence[Sequence[BaseMessage]]) -> int:
    """Index of the unit holding the latest human message (len(groups) when there is none)."""
    for i in range(len(groups) - 1, -1, -1):
        if isinstance(groups[i][0], HumanMessage):
            return i
    return len(groups)


def tokens_of(messages: Sequence[BaseMessage], model: str) -> int:
    return count_message_tokens(messages, model=model) if messages else 0


def sliding_window(
    messages: Sequence[BaseMessage], max_tokens: int, *, model: str = "gpt-4o-mini"
) -> tuple[list[BaseMessage], list[BaseMessage]]:
    """(kept, removed): system messages, the latest human turn, and as many newer-first whole units
    as fit in ``max_tokens`` (the pinned ones are kept even when they alone exceed it)."""
    system = [m for m in messages if isinstance(m, SystemMessage)]
    groups = units(messages)
    start = latest_turn_start(groups)
    keep_from = min(start, len(groups))
    # The latest turn is the human message and what answers it: never cut.
    used = tokens_of(system + [m for g in groups[keep_from:] for m in g], model)
    for i in range(keep_from - 1, -1, -1):
        cost = tokens_of(groups[i], model) - 3  # the reply priming is counted once
        if used + cost > max_tokens:
            break
        used += cost
        keep_from = i
    kept_ids = {id(m) for g in groups[keep_from:] for m in g}
    kept = [m for m in messages if isinstance(m, SystemMessage) or id(m) in kept_ids]
    removed = [m for m in messages if not isinstance(m, SystemMessage) and id(m) not in kept_ids]
    return kept, removed


def compact(
    messages: Sequence[BaseMessage],
    summary: RunningSummary,
    *,
    strategy: Strategy = DEFAULT_STRATEGY,
    max_tokens: int,
    model: str = "gpt-4o-mini",
    window_share: float = 0.5,
) -> Compaction:
    """Compact ``messages`` to about ``max_tokens`` with ``strategy``; the summary grows by what is removed
    (except with ``window``, which summarises nothing)."""
    check_strategy(strategy)
    if strategy == "window":
        kept, removed = sliding_window(messages, max_tokens, model=model)
        return Compaction(kept, removed, summary)
    if strategy == "summary":
        kept, removed = sliding_window(messages, 0, model=model)  # only the pinned survive
    else:
        kept, removed = sliding_window(messages, int(max_tokens * window_share), model=model)
    return Compaction(kept, removed, update_summary(summary, removed) if removed else summary)
