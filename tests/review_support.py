"""What the review race tests share: a document whose audit finding stops a run at its review, and
a LangChain callback that acts at the exact moment one node's task ends (its writes not yet
checkpointed) - the graph's own config, nothing of ours replaced."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.runs.names import ApiError

# A private key in a document is a critical finding: the run waits for a person's review.
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


class AtNodeEnd(BaseCallbackHandler):
    """Calls ``act`` once, when ``node``'s task ends (before the superstep's checkpoint), and keeps
    what it answered: its own line, or the API's refusal as '<status> <detail>'."""

    def __init__(self, node: str, act: Callable[[], str]) -> None:
        self.node = node
        self.act = act
        self.tasks: set[UUID] = set()
        self.answers: list[str] = []

    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        task = any(tag.startswith("graph:step") for tag in tags or [])
        if task and (metadata or {}).get("langgraph_node") == self.node:
            self.tasks.add(run_id)

    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        if run_id not in self.tasks or self.answers:
            return
        try:
            self.answers.append(self.act())
        except ApiError as refused:
            self.answers.append(f"{refused.status} {refused.detail}")


def key_docs(tmp_path: Path) -> Path:
    """A source folder of one document holding :data:`KEY_DOC`: its run stops at the review."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)
    return docs


def wait_for_review(res: Resources, docs: Path, tenant: str, run: str) -> None:
    """Run ``run`` of ``docs`` (the hashing embedder) until it waits for a person's review."""
    settings = Settings(source=str(docs), collection="c", embedder="hashing")
    assert execute(res, tenant, run, settings=settings).started == "needs_review"
