"""A run's errors keep the words of their sentences when its source is a bare folder name (session 36,
n N6).

``graph.ingestion.errors.for_client`` replaces the run's source folder in what every reader of a run
sees (last_error, step outputs, failed documents' reasons) by "(the run's source folder)", so no
server path leaks. A graph run from code names its source as written, and docs/ingestion.md's example
names it ``"docs"``: the relative form was replaced anywhere in the text, inside words and quotes too.
Its collection refusal then read ``ingest folder '(the run's source folder)' into another collection``
instead of naming the folder ``'docs'``, and a source named ``copy`` turned the loaders' "save an
unprotected copy" into "save an unprotected (the run's source folder)". A bare name is the caller's
own word, not a server path; a relative path of several parts ("knowledge/corpus/files", README's)
and every absolute form are still replaced where they stand as paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from checkpointer import TenantCheckpointer
from graph.ingestion import work
from graph.ingestion.graph import build_graph
from graph.ingestion.state import AgentRunState, Settings


def _run(url: str, thread: str, source: str, collection: str) -> dict[str, object]:
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver)
        settings = {"source": source, "collection": collection, "embedder": "hashing"}
        config = {"configurable": {"thread_id": thread, "tenant_id": "acme"}, "recursion_limit": 1000}
        return dict(graph.invoke({"settings": settings}, config, durability="sync"))


def test_the_collection_refusal_names_the_folder_of_a_run_from_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder in ("handbook", "docs"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"{folder}.md").write_text(f"# {folder}\n\nLeave is 28 days a year.\n")
    monkeypatch.chdir(tmp_path)  # the source as docs/ingestion.md's example writes it: relative
    url = "sqlite:///.kassist/n36.db"
    monkeypatch.setenv("KASSIST_DATABASE_URL", url)
    first = _run(url, "run-1", "handbook", "c")
    assert first["status"] == "completed", first.get("last_error")
    second = _run(url, "run-2", "docs", "c")
    assert second["status"] == "failed"
    assert second["last_error"] == (
        "discover: CollectionMirrorsAnother: collection 'c' mirrors folder 'handbook'; "
        "ingest folder 'docs' into another collection"
    )


def test_a_step_output_keeps_a_word_that_is_the_sources_name() -> None:
    state = AgentRunState(run_id="r1", tenant_id="acme", settings=Settings(source="copy"))
    text = "1 failed: encrypted PDF that needs a password; save an unprotected copy and ingest that"
    assert work.advance(state, "ingest", text)["step_outputs"]["ingest"] == text
    # A path under it is still shown relative to it, and an absolute one is still hidden.
    shown = work.advance(state, "ingest", f"up to copy/a.md, not {os.sep}srv{os.sep}b.md")
    assert shown["step_outputs"]["ingest"] == "up to a.md, not (a server path)"
