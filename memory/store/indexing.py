"""What gets embedded, and how vectors are stored: pure functions, no model calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from langgraph.store.base import get_text_at_path, tokenize_path

from kassist.errors import (
    EmbedderMismatch as EmbedderMismatch,  # the one class; memory.store.EmbedderMismatch
)
from knowledge.embedders.base import Embedder
from memory.store.keywords import SEARCH_MODES, SearchMode

DEFAULT_FIELDS = ("$",)


@dataclass(frozen=True)
class IndexSettings:
    """The embedder and the value fields it is applied to (``"$"`` is the whole value as JSON)."""

    embedder: Embedder
    fields: tuple[str, ...] = DEFAULT_FIELDS
    search: SearchMode = "hybrid"
    """What a query ranks by: keyword and vector lists fused, or one of them alone."""
    _tokens: tuple[tuple[str, tuple[str, ...]], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.fields:
            raise ValueError("index_fields is empty; give at least one field path, e.g. ('$',) or ('text',)")
        if self.search not in SEARCH_MODES:
            raise ValueError(f"search must be one of {SEARCH_MODES}, got {self.search!r}")
        if self.embedder.dimensions < 1:
            raise ValueError(f"embedder {self.embedder.name!r} reports {self.embedder.dimensions} dimensions")
        tokens = tuple((f, tuple(tokenize_path(f)) if f != "$" else ()) for f in self.fields)
        object.__setattr__(self, "_tokens", tokens)

    @property
    def dims(self) -> int:
        return self.embedder.dimensions

    def texts(
        self, value: Mapping[str, Any], index: Literal[False] | Sequence[str] | None
    ) -> list[tuple[str, str]]:
        """``(field_name, text)`` pairs to embed for one put; a list element path yields ``name.i``."""
        if index is False:
            return []
        paths = self._tokens if index is None else tuple((p, tuple(tokenize_path(p))) for p in index)
        pairs: list[tuple[str, str]] = []
        for name, tokens in paths:
            found = get_text_at_path(value, list(tokens) if tokens else "$")
            for i, text in enumerate(found):
                if text.strip():
                    pairs.append((f"{name}.{i}" if len(found) > 1 else name, text))
        return pairs

    def check_vectors(self, vectors: Sequence[Sequence[float]], count: int) -> None:
        if len(vectors) != count or any(len(v) != self.dims for v in vectors):
            raise EmbedderMismatch(
                f"embedder {self.embedder.name!r} promised {count} vectors of {self.dims} dimensions "
                f"and returned {len(vectors)} of {sorted({len(v) for v in vectors})}"
            )

    def check_recorded(self, recorded: tuple[str, int] | None) -> None:
        """Refuse to mix vectors of two models: the index records the first embedder it was built with."""
        if recorded is None:
            return
        name, dims = recorded
        if dims != self.dims:
            raise EmbedderMismatch(
                f"the store's vector index holds {dims}-dimensional vectors from {name!r}, but the store was "
                f"opened with {self.embedder.name!r} ({self.dims} dimensions); open it with {name!r} or a "
                "fresh database"
            )
        if name != self.embedder.name:
            raise EmbedderMismatch(
                f"the store's vectors were made by {name!r}, but the store was opened with "
                f"{self.embedder.name!r}; their vectors are not comparable. Open it with {name!r} or a fresh database"
            )


def to_blob(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def to_pgvector(vector: Sequence[float]) -> str:
    """pgvector's text input form; cast with ``::vector`` in SQL (no per-connection type registration)."""
    return "[" + ",".join(f"{float(x):.8g}" for x in vector) + "]"
