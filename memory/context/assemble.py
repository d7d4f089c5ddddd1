"""Token-bounded context assembly: four tiers, a budget each, whole items ranked by score.

Tiers: working (recent messages, the running summary, working memory), episodic (summaries of
earlier sessions, events such as an ingestion run), semantic (preferences, settings, facts,
knowledge-base chunks), procedural (instructions and playbooks). Pinned items (system and procedural
instructions, active preferences, the latest human turn) always go in; the rest is ranked by
relevance to the current turn, recency and confidence and taken whole while its tier's budget allows,
then leftover room is filled across tiers. When the pinned items together are over the budget, the
``sheddable`` ones (a user's pinned memories, the running summary) are left out, lowest score
first, until the rest fits: only the items that are not sheddable (the instructions, the question)
failing to fit is :class:`ContextBudgetTooSmall`. Tokens are exact (``knowledge.tokens``) and the final
messages are counted again as sent: the total never exceeds the budget. Pure: no I/O.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from knowledge.tokens import EncodingName, count_message_tokens, count_tokens, encoding_name_for_model
from memory.context.render import DATA_PREAMBLE

Tier = Literal["working", "episodic", "semantic", "procedural"]
TIERS: tuple[Tier, ...] = ("working", "episodic", "semantic", "procedural")
DEFAULT_MODEL = "gpt-4o-mini"


class ContextBudgetTooSmall(ValueError):
    """The pinned items that may not be shed (the instructions, the question) alone do not fit."""


@dataclass(frozen=True)
class ContextItem:
    """One candidate for the context. ``text`` items are rendered into the system messages;
    ``messages`` items (a conversation turn, or a tool call with its results) are sent as messages."""

    id: str
    tier: Tier
    kind: str
    text: str = ""
    messages: tuple[BaseMessage, ...] = ()
    relevance: float = 0.0
    recency: float = 0.0
    confidence: float = 1.0
    pinned: bool = False
    order: int = 0  # conversation position of message items
    instruction: bool = False  # rendered among the instructions (system, procedural, preferences)
    sheddable: bool = False  # pinned, but left out (lowest score first) when the pinned are over budget


@dataclass(frozen=True)
class Weights:
    relevance: float = 0.6
    recency: float = 0.25
    confidence: float = 0.15

    def score(self, item: ContextItem) -> float:
        return (
            self.relevance * item.relevance + self.recency * item.recency + self.confidence * item.confidence
        )


@dataclass(frozen=True)
class TierShares:
    """Each tier's share of the budget left after the pinned items (normalised)."""

    working: float = 0.45
    episodic: float = 0.1
    semantic: float = 0.35
    procedural: float = 0.1

    def split(self, tokens: int) -> dict[Tier, int]:
        shares = {t: max(0.0, float(getattr(self, t))) for t in TIERS}
        total = sum(shares.values()) or 1.0
        return {t: int(tokens * shares[t] / total) for t in TIERS}


@dataclass(frozen=True)
class ItemDecision:
    """Whether one candidate went into the context, with its cost, its score and why."""

    item: ContextItem
    tokens: int
    score: float
    included: bool
    reason: str


@dataclass
class AssembledContext:
    """What goes to the model, and why each candidate was or was not included."""

    messages: list[BaseMessage]
    total_tokens: int
    budget: int
    tier_budgets: dict[Tier, int]
    decisions: list[ItemDecision] = field(default_factory=list)

    def included(self, tier: Tier | None = None) -> list[ContextItem]:
        return [d.item for d in self.decisions if d.included and (tier is None or d.item.tier == tier)]

    def tier_tokens(self, tier: Tier) -> int:
        return sum(d.tokens for d in self.decisions if d.included and d.item.tier == tier)

    def explain(self) -> list[dict[str, object]]:
        """One row per candidate: tier, id, kind, tokens, score, included, reason."""
        return [
            {
                "tier": d.item.tier,
                "id": d.item.id,
                "kind": d.item.kind,
                "tokens": d.tokens,
                "score": round(d.score, 4),
                "pinned": d.item.pinned,
                "included": d.included,
                "reason": d.reason,
            }
            for d in self.decisions
        ]


@functools.lru_cache(maxsize=20_000)
def _text_tokens(text: str, encoding: EncodingName) -> int:
    # Cached: the same passages, memories and turns come back turn after turn.
    return count_tokens(text, encoding=encoding)


_MESSAGE_TOKENS: dict[tuple[object, ...], int] = {}
# Bounded by entries and by the characters the keys hold (long messages must not pin memory).
_MESSAGE_TOKENS_MAX = 20_000
_MESSAGE_CHARS_MAX = 4_000_000
_message_chars = 0


def message_tokens(message: BaseMessage, model: str) -> int:
    """Exact tokens one message adds to a list of messages (its framing included, the reply
    priming not): a list's count is the sum of its messages' plus the priming.

    Cached for plain text messages: every turn re-counts the conversation's earlier messages.
    """
    content, calls = message.content, getattr(message, "tool_calls", None)
    if not isinstance(content, str) or calls:
        return count_message_tokens([message], model=model) - 3
    key = (model, message.type, message.name, content)
    found = _MESSAGE_TOKENS.get(key)
    if found is None:
        global _message_chars
        if len(_MESSAGE_TOKENS) >= _MESSAGE_TOKENS_MAX or _message_chars + len(content) > _MESSAGE_CHARS_MAX:
            _MESSAGE_TOKENS.clear()  # a crude bound; refilling costs one count per message
            _message_chars = 0
        found = _MESSAGE_TOKENS[key] = count_message_tokens([message], model=model) - 3
        _message_chars += len(content)
    return found


def item_tokens(item: ContextItem, model: str) -> int:
    """Exact tokens an item adds: its messages as framed by the chat format, or its text plus the
    blank line that separates blocks."""
    if item.messages:
        return sum(message_tokens(m, model) for m in item.messages)
    return _text_tokens(item.text + "\n\n", encoding_name_for_model(model))


def render(items: Sequence[ContextItem]) -> list[BaseMessage]:
    """The messages for ``items``: instructions first, then the data blocks, then the conversation
    in its order (the latest human turn last)."""
    instructions = [i.text for i in items if not i.messages and i.instruction]
    data = [i.text for i in items if not i.messages and not i.instruction]
    out: list[BaseMessage] = []
    if instructions:
        out.append(SystemMessage("\n\n".join(instructions)))
    if data:
        out.append(SystemMessage("\n\n".join([DATA_PREAMBLE, *data]), name="context_data"))
    for item in sorted((i for i in items if i.messages), key=lambda i: i.order):
        out.extend(item.messages)
    return out


def _check_latest_turn(items: Sequence[ContextItem]) -> None:
    turns = [i for i in items if i.messages and isinstance(i.messages[-1], HumanMessage)]
    if turns and not max(turns, key=lambda i: i.order).pinned:
        raise ValueError("the latest human turn must be pinned: it is the question being answered")


def assemble(
    candidates: Sequence[ContextItem],
    budget: int,
    *,
    model: str = DEFAULT_MODEL,
    shares: TierShares | None = None,
    weights: Weights | None = None,
) -> AssembledContext:
    """Choose whole items within ``budget`` tokens (counted as the final messages) and render them.

    Raises :class:`ContextBudgetTooSmall` when the pinned items alone do not fit.
    """
    if budget < 1:
        raise ValueError(f"budget must be a positive number of tokens, got {budget}")
    _check_latest_turn(candidates)
    ids = [c.id for c in candidates]
    if len(set(ids)) != len(ids):
        raise ValueError("context item ids must be unique")
    weights = weights or Weights()
    tokens = {c.id: item_tokens(c, model) for c in candidates}
    scores = {c.id: weights.score(c) for c in candidates}
    pinned = [c for c in candidates if c.pinned]
    pinned_total = count_message_tokens(render(pinned), model=model)
    shed: list[ContextItem] = []
    # Degrade rather than fail: what the caller cannot see in its request (the memories a user
    # pinned over time, the summary of earlier turns) must not make a turn unanswerable.
    for item in sorted((c for c in pinned if c.sheddable), key=lambda c: (scores[c.id], c.id)):
        if pinned_total <= budget:
            break
        pinned.remove(item)
        shed.append(item)
        pinned_total = count_message_tokens(render(pinned), model=model)
    if pinned_total > budget:
        raise ContextBudgetTooSmall(
            f"the instructions and the latest question alone are {pinned_total} tokens, over the "
            f"context budget of {budget} tokens: shorten the question or raise the budget"
        )
    # The data message's own framing (preamble, role) is reserved up front with an empty probe block.
    framed = count_message_tokens(
        render([*pinned, ContextItem("\x00probe", "semantic", "data")]), model=model
    )
    room = budget - max(framed, pinned_total)
    tier_budgets = (shares or TierShares()).split(max(room, 0))
    chosen = {c.id for c in pinned}
    reasons = {c.id: "pinned" for c in pinned}
    reasons |= {c.id: "dropped: pinned, but the pinned items together were over the budget" for c in shed}
    used: dict[Tier, int] = dict.fromkeys(TIERS, 0)
    ranked = sorted((c for c in candidates if not c.pinned), key=lambda c: (-scores[c.id], c.id))
    # A shed item is not ranked back in: it was shed because it did not fit.
    for c in ranked:  # each tier within its own budget
        if used[c.tier] + tokens[c.id] <= tier_budgets[c.tier]:
            chosen.add(c.id)
            used[c.tier] += tokens[c.id]
            reasons[c.id] = f"ranked within the {c.tier} budget"
    spare = room - sum(used.values())
    for c in ranked:  # leftover room, best first across tiers
        if c.id not in chosen and tokens[c.id] <= spare:
            chosen.add(c.id)
            spare -= tokens[c.id]
            reasons[c.id] = "ranked into leftover room"
    keep = [c for c in candidates if c.id in chosen]
    messages = render(keep)
    total = count_message_tokens(messages, model=model)
    while total > budget:  # block boundaries can merge tokens differently: verify as sent
        worst = min((c for c in keep if not c.pinned), key=lambda c: (scores[c.id], c.id))
        keep.remove(worst)
        chosen.discard(worst.id)
        reasons[worst.id] = "dropped: over budget as rendered"
        messages = render(keep)
        total = count_message_tokens(messages, model=model)
    decisions = [
        ItemDecision(
            c,
            tokens[c.id],
            scores[c.id],
            c.id in chosen,
            reasons.get(c.id, f"left out: no room in the {c.tier} budget"),
        )
        for c in sorted(candidates, key=lambda c: (TIERS.index(c.tier), -scores[c.id], c.id))
    ]
    return AssembledContext(messages, total, budget, tier_budgets, decisions)
