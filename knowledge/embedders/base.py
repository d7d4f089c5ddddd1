"""The ``Embedder`` protocol: what the memory store and the knowledge index need from a model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised vectors of a fixed dimension.

    ``name`` identifies the model and its settings, so that caches and stored vectors made by one
    model are never mixed with another's.
    """

    @property
    def name(self) -> str: ...

    @property
    def dimensions(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...
