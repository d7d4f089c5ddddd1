"""h6 (session 30): one embedder setting, one meaning on every entry point. ``KASSIST_EMBEDDER``
unset or empty is ``auto``, and the assistant's ``auto`` is the local model whatever OpenAI variables
are set for the language model (graph.assistant.services.assistant_embedder: the CLI and langgraph
dev). kassist serve read the variable itself: with ``OPENAI_API_KEY`` set for the chat model it
searched the knowledge base with OpenAI embeddings (the collections ``kassist ask`` answers from
were "indexed with another model" there), and an empty value stopped its start."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from graph.assistant.services import assistant_embedder
from server.assistant_served import Served


@pytest.mark.parametrize("setting", [None, ""])
def test_kassist_serve_searches_with_the_embedder_the_cli_and_langgraph_dev_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str | None
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-for-the-language-model-only")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    if setting is None:
        monkeypatch.delenv("KASSIST_EMBEDDER", raising=False)
    else:
        monkeypatch.setenv("KASSIST_EMBEDDER", setting)
    served = Served.open(f"sqlite:///{tmp_path / 'k.db'}")
    try:
        assert served.services.kb.embedder.name == assistant_embedder()[0].name
    finally:
        asyncio.run(served.aclose())
