"""Context for a model turn: token-bounded assembly over four tiers, compaction, rendering as data."""

from memory.context.assemble import (
    TIERS,
    AssembledContext,
    ContextBudgetTooSmall,
    ContextItem,
    Tier,
    TierShares,
    Weights,
    assemble,
)
from memory.context.compaction import STRATEGIES, Compaction, Strategy, compact, sliding_window
from memory.context.summary import RunningSummary, update_summary

__all__ = [
    "STRATEGIES",
    "TIERS",
    "AssembledContext",
    "Compaction",
    "ContextBudgetTooSmall",
    "ContextItem",
    "RunningSummary",
    "Strategy",
    "Tier",
    "TierShares",
    "Weights",
    "assemble",
    "compact",
    "sliding_window",
    "update_summary",
]
