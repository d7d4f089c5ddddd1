"""What kassist serve's assistant routes hold open on the server's database: the assistant graph, its
checkpointer and store, its components, and the tables whose rules a turn obeys (the ingestion
runs, what a LangGraph server on the same database accepted)."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from langgraph.graph.state import CompiledStateGraph

from checkpointer import TenantCheckpointer
from graph.assistant.graph import build_graph
from graph.assistant.services import AssistantSettings, Services, assistant_embedder
from graph.ingestion.store import RunStore
from kassist.db.handle import open_set_up
from memory import MemoryStore
from server.accepted_runs import AcceptedRuns
from server.thread_owner import ThreadRead, holds_a_job


@dataclass
class Served:
    """The assistant graph and what it holds open: the checkpointer, the store, the components."""

    graph: CompiledStateGraph[Any, Any, Any, Any]
    saver: TenantCheckpointer
    store: MemoryStore
    services: Services
    runs: RunStore | None = None
    accepted: AcceptedRuns | None = None  # what a LangGraph server on this database accepted

    def is_ingestion_run(self, tenant: str, thread_id: str, read: ThreadRead | None = None) -> bool:
        """Whether ``thread_id`` is an ingestion run's thread (:func:`server.thread_owner.holds_a_job`;
        ``read``: the turn's :func:`~server.thread_owner.read_thread` of it)."""
        return holds_a_job(self.saver, self.runs, tenant, thread_id, self.accepted, read)

    @classmethod
    def open(cls, url: str, services: Services | None = None) -> Served:
        """Open and migrate everything on ``url``; ``services`` default to ``url`` with the embedder
        of ``KASSIST_EMBEDDER`` (default auto) and the chat model of ``KASSIST_CHAT_MODEL``."""
        with ExitStack() as opened:  # closes what was opened if a later step fails
            saver = TenantCheckpointer.from_url(url)
            opened.callback(saver.close)
            saver.setup()
            store = MemoryStore.from_url(url, tenant_from_namespace=True)
            opened.callback(store.close)
            store.setup()
            if services is None:
                # The assistant's one rule (the CLI and langgraph dev use it): unset or empty is auto,
                # and auto is the local model whatever OpenAI variables the language model has.
                embedder, _ = assistant_embedder()
                services = Services.from_url(url, embedder=embedder, defaults=AssistantSettings.from_env())
            graph = build_graph(services).compile(checkpointer=saver, store=store)
            runs = RunStore.from_url(url)
            opened.callback(runs.close)
            accepted = open_set_up(url, AcceptedRuns)
            opened.callback(accepted.close)
            opened.pop_all()
        return cls(graph, saver, store, services, runs, accepted)

    async def aclose(self) -> None:
        await self.saver.aclose()
        self.store.close()
        self.services.close()
        if self.runs is not None:
            self.runs.close()
        if self.accepted is not None:
            self.accepted.close()
