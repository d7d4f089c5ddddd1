"""Probe (session 34, h13 C7): a failing embedding server's error body reaches every reader of the run.

C6's sibling on the ingestion side. A run that embeds with the server's OpenAI-compatible endpoint
(``--embedder openai``, or ``auto`` where OPENAI_* is set; the key is the server's) and meets an HTTP
error stops with last_error ``embed: <Class>: <str(exc)>`` (graph/ingestion/errors.describe, up to
500 characters): the upstream's body verbatim. for_client strips paths, not keys. The runs API's run
view, the console's run page and langgraph dev's thread state show last_error to every member who
may see the run; a gateway that names the key it refused puts the server's key there.

In process: a one-route refusing HTTP server on 127.0.0.1 (a thread) and one ingestion run on a
SQLite file; ~2-5 s (the client's one retry included).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ingest_harness import opened
from review_support import serving
from test_probe_s34c_model_error import Refusing

from graph.ingestion.runner import execute
from graph.ingestion.state import Settings

SERVER_KEY = "sk-proj-h13ServerEmbeddingKey0123456789"


@pytest.fixture
def gateway() -> Iterator[str]:
    with serving(Refusing) as base:
        yield f"{base}/v1"


def test_a_refused_embedding_key_is_not_in_the_runs_error(
    gateway: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", gateway)
    monkeypatch.setenv("OPENAI_API_KEY", SERVER_KEY)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "bot.md").write_text(
        "# Build bot\n\nThe zebracorn build bot posts the release notes every night.\n"
    )
    with opened(f"sqlite:///{tmp_path / 'kassist.db'}", tmp_path / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="openai")
        state = execute(res, "acme", "r1", settings=settings).state
    assert state.status == "failed" and state.last_error, (state.status, state.last_error)  # it failed ...
    assert SERVER_KEY not in state.last_error, state.last_error  # ... saying so without the server's key
