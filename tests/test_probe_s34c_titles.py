"""Probe (session 34, h13 C1): a document's title reaches members unmasked.

89b7a5b (n1 s34 N17) chunks and embeds every document from its masked text, so a secret the audit
finds never reaches search or answers. The document's title is stored as loaded (index
ops.document_params: ``doc.title``), and it is what search hits, the assistant's citations and its
answers name: a Markdown handbook titled ``# Deploy key AKIA...`` (the audit finds it in the text,
the report masks it, an admin approves) reaches every member with the key in full. An HTML
``<title>`` (PDF and DOCX metadata titles alike) is not in the text at all: the audit never reads
it, so a GitHub token there needs no review either.

In process: one ingestion run (hashing embedder) on a SQLite file, approved as README says, then a
member's question over LangServe's ASGI app (the offline extractive responder). ~2 s.
"""

from __future__ import annotations

import json
from pathlib import Path

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

KEY_ID = "AKIAIOSFODNN7EXAMPLE"
TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
DOCS = {
    "deploy.md": f"# Deploy key {KEY_ID}\n\nThe zebracorn release pipeline deploys every night at two.\n",
    "bot.html": (
        f"<html><head><title>Bot token {TOKEN}</title></head><body>"
        "<p>The zebracorn build bot posts the release notes every night.</p></body></html>"
    ),
}


def test_a_secret_in_a_title_reaches_no_member(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in DOCS.items():
        (docs / name).write_text(text)
    with opened(url, tmp_path / "reports") as res:
        settings = Settings(source=str(docs), collection="kb", embedder="hashing")
        waiting = execute(res, "acme", "r1", settings=settings)
        assert waiting.state.status == "needs_review", waiting.state.status  # the key in deploy.md's text
        decided = execute(res, "acme", "r1", resume={"decision": "approve", "by": "olga"})
        assert decided.state.status == "completed"
        hits = res.index("hashing").for_tenant("acme").search("zebracorn release nightly", k=5)
        assert {h.source_path for h in hits} == set(DOCS), hits  # both documents are searchable
        titles = " | ".join(h.title for h in hits)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        monkeypatch.delenv(name, raising=False)
    services = Services.from_url(url, embedder=HashingEmbedder())
    body = {
        "input": {
            "messages": [["user", "What does the zebracorn release pipeline and build bot do every night?"]]
        },
        "config": {"configurable": {"thread_id": "t1"}},
    }
    with TestClient(create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)) as client:
        done = client.post("/assistant/invoke", json=body, headers={"x-api-key": ACME_KEY})
    assert done.status_code == 200, done.text
    answer = json.dumps(done.json()["output"])
    assert "zebracorn" in answer, answer  # the member's answer quotes the documents ...
    for secret in (KEY_ID, TOKEN):  # ... and names neither secret, in hits, citations or answer
        assert secret not in answer, answer
        assert secret not in titles, titles
