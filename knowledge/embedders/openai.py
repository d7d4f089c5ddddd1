"""OpenAI (or OpenAI-compatible) embeddings through langchain-openai.

Works against api.openai.com with ``OPENAI_API_KEY`` and against local OpenAI-compatible servers
with ``OPENAI_BASE_URL`` (vLLM, llama.cpp, LM Studio, ...). ``check_embedding_ctx_length=False``
is required: otherwise langchain-openai calls tiktoken (which downloads its files and fails
offline) and sends token ids, which local servers do not accept.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

DEFAULT_OPENAI_MODEL = "text-embedding-3-small"
# Native sizes; text-embedding-3 models also accept a smaller ``dimensions``.
KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
_SUPPORTS_DIMENSIONS = ("text-embedding-3-",)
# Local servers ignore the key, but the client refuses to start without one.
_PLACEHOLDER_KEY = "not-needed-for-local-server"


class OpenAIEmbedder:
    """Embeddings from ``model`` (default ``text-embedding-3-small``), L2-normalised on our side.

    ``dimensions`` is sent to the API for text-embedding-3 models (which shorten vectors
    natively); for other models it must match what the server returns. Empty texts are sent as a
    single space because the API rejects empty input.
    """

    def __init__(
        self,
        *,
        model: str = DEFAULT_OPENAI_MODEL,
        dimensions: int | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        batch_size: int = 256,
        timeout: float = 60.0,
        env: Mapping[str, str] | None = None,
    ) -> None:
        environ = os.environ if env is None else env
        base_url = base_url or environ.get("OPENAI_BASE_URL") or None
        api_key = api_key or environ.get("OPENAI_API_KEY") or None
        if api_key is None and base_url is None:
            raise ValueError(
                "OpenAI embeddings need OPENAI_API_KEY (api.openai.com) or OPENAI_BASE_URL "
                "(an OpenAI-compatible server); set one, or use --embedder local"
            )
        if dimensions is None:
            if model not in KNOWN_DIMENSIONS:
                raise ValueError(
                    f"the vector size of embedding model {model!r} is unknown; "
                    "give dimensions= (or KASSIST_OPENAI_EMBEDDING_DIMENSIONS)"
                )
            dimensions = KNOWN_DIMENSIONS[model]
        if dimensions < 1:
            raise ValueError(f"dimensions must be positive, got {dimensions}")
        self._model = model
        self._dimensions = dimensions
        self._base_url = base_url
        send_dimensions = model.startswith(_SUPPORTS_DIMENSIONS)

        from langchain_openai import OpenAIEmbeddings

        kwargs: dict[str, Any] = {
            "model": model,
            "check_embedding_ctx_length": False,
            "chunk_size": batch_size,
            "timeout": timeout,
            "api_key": api_key or _PLACEHOLDER_KEY,
        }
        if send_dimensions:
            kwargs["dimensions"] = dimensions
        if base_url is not None:
            kwargs["base_url"] = base_url
        self._client = OpenAIEmbeddings(**kwargs)

    @property
    def name(self) -> str:
        # Vectors from different servers are not interchangeable even under one model name.
        host = urlsplit(self._base_url).netloc if self._base_url else "api.openai.com"
        return f"openai:{self._model}:{self._dimensions}@{host}"

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = self._client.embed_documents([t if t.strip() else " " for t in texts])
        if len(vectors) != len(texts):
            raise RuntimeError(
                f"embedding server returned {len(vectors)} vectors for {len(texts)} texts ({self.name})"
            )
        return [self._normalise(v) for v in vectors]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def _normalise(self, vector: Sequence[float]) -> list[float]:
        if len(vector) != self._dimensions:
            raise RuntimeError(
                f"embedding server returned a {len(vector)}-dimensional vector, expected "
                f"{self._dimensions} ({self.name}); set the dimensions to what the model produces"
            )
        norm = math.sqrt(sum(x * x for x in vector))
        if norm == 0.0:
            return [0.0] * self._dimensions
        return [x / norm for x in vector]
