"""Embedders: the ``Embedder`` protocol shared by the memory store and the knowledge index."""

from knowledge.embedders.base import Embedder
from knowledge.embedders.hashing import HashingEmbedder
from knowledge.embedders.minilm import LocalMiniLMEmbedder, ModelUnavailable
from knowledge.embedders.openai import OpenAIEmbedder
from knowledge.embedders.select import EMBEDDER_CHOICES, EmbedderUnavailable, select_embedder

__all__ = [
    "EMBEDDER_CHOICES",
    "Embedder",
    "EmbedderUnavailable",
    "HashingEmbedder",
    "LocalMiniLMEmbedder",
    "ModelUnavailable",
    "OpenAIEmbedder",
    "select_embedder",
]
