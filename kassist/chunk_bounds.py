"""The chunker's bounds, one definition for the chunker (knowledge/chunking.py) and for the settings
that ask it for chunks (a run's: graph/ingestion/state.py, the runs API's options), so a door refuses
what the chunker would (h12 s34 #13: a run let in with 20 tokens failed at its ingest step)."""

from __future__ import annotations

MIN_CHUNK_TOKENS = 32
"""The fewest tokens a chunk may hold (room for a heading and some text)."""


def overlap_refusal(chunk_tokens: int, overlap_tokens: int) -> str | None:
    """Why ``overlap_tokens`` cannot go with ``chunk_tokens``, or None: at most half a chunk."""
    if 0 <= overlap_tokens <= chunk_tokens // 2:
        return None
    return f"overlap_tokens must be between 0 and chunk_tokens/2 ({chunk_tokens // 2}), got {overlap_tokens}"
