"""Shared by the assistant tests: a database holding the shipped corpus, and the assistant on it."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from databases import fresh_database
from langchain_core.messages import HumanMessage

from checkpointer import TenantCheckpointer
from graph.assistant.graph import build_graph
from graph.assistant.responders import ExtractiveResponder, Responder
from graph.assistant.services import AssistantSettings, Services
from knowledge.corpus import demo_corpus_path
from knowledge.embedders import LocalMiniLMEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory
from memory import MemoryStore

TENANT = "northwind"
COLLECTION = "company_handbook"


class RememberingEmbedder:
    """The real local MiniLM model, each text embedded once per test session (the corpus is
    ingested into one SQLite and one PostgreSQL database; the second ingest reuses the vectors)."""

    def __init__(self) -> None:
        self._model = LocalMiniLMEmbedder()
        self._seen: dict[str, list[float]] = {}

    @property
    def name(self) -> str:
        return self._model.name

    @property
    def dimensions(self) -> int:
        return self._model.dimensions

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self._seen))
        if missing:
            self._seen.update(zip(missing, self._model.embed_documents(missing), strict=True))
        return [self._seen[t] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._model.embed_query(text)


@functools.cache
def embedder() -> RememberingEmbedder:
    return RememberingEmbedder()


def ingest_corpus(url: str, tenant: str = TENANT) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant(tenant), demo_corpus_path(), collection=COLLECTION)


@contextmanager
def assistant(
    url: str, *, responder: Responder | None = None, settings: AssistantSettings | None = None
) -> Iterator[Any]:
    """The assistant compiled with a TenantCheckpointer and a MemoryStore on ``url``."""
    services = Services.from_url(url, embedder=embedder(), defaults=settings or AssistantSettings())
    saver = TenantCheckpointer.from_url(url)
    saver.setup()
    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    store.setup()
    try:
        yield build_graph(services, responder or ExtractiveResponder()).compile(
            checkpointer=saver, store=store
        )
    finally:
        store.close()
        saver.close()
        services.close()


@contextmanager
def assistant_over(
    documents: Mapping[str, str], request: pytest.FixtureRequest, tmp: pytest.TempPathFactory, name: str
) -> Iterator[Any]:
    """The assistant over a small corpus written by the test (relative path -> text), ingested into a
    fresh database of the fixture's backend (``request.param``: "sqlite" or "postgres")."""
    root = write_corpus(tmp.mktemp(f"{name}-docs"), documents)
    with ingested(root, request, tmp, name) as url, assistant(url) as compiled:
        yield compiled


def write_corpus(root: Path, docs: Mapping[str, str]) -> Path:
    """``docs`` (relative path -> text) written under ``root``/corpus, the folder returned."""
    corpus = root / "corpus"
    for rel, text in docs.items():
        (corpus / rel).parent.mkdir(parents=True, exist_ok=True)
        (corpus / rel).write_text(text, encoding="utf-8")
    return corpus


@contextmanager
def ingested(
    corpus: Path,
    request: pytest.FixtureRequest,
    tmp: pytest.TempPathFactory,
    name: str,
    *,
    tenant: str = TENANT,
    collection: str = COLLECTION,
) -> Iterator[str]:
    """The url of a fresh database of the fixture's backend (``request.param``: "sqlite" or
    "postgres"; PostgreSQL's is named ``kassist_<name>``) holding the documents of the folder
    ``corpus``, ingested for ``tenant`` into ``collection``."""
    with _database(request, tmp, name) as url:
        with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
            ingest_directory(index.for_tenant(tenant), corpus, collection=collection)
        yield url


@contextmanager
def _database(request: pytest.FixtureRequest, tmp: pytest.TempPathFactory, name: str) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{Path(tmp.mktemp(name)) / 'kassist.db'}"
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), f"kassist_{name.replace('-', '_')}") as url:
        yield url


def config(thread: str, user: str = "olga", tenant: str = TENANT, **extra: Any) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "tenant_id": tenant, "user_id": user, **extra}}


def ask(graph: Any, question: str, thread: str, **kw: Any) -> dict[str, Any]:
    result: dict[str, Any] = graph.invoke({"messages": [HumanMessage(question)]}, config(thread, **kw))
    return result
