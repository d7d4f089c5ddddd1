"""Embedders: the ``Embedder`` protocol shared by the memory store and the knowledge index."""

from knowledge.embedders.base import Embedder
from knowledge.embedders.hashing import HashingEmbedder

__all__ = ["Embedder", "HashingEmbedder"]
