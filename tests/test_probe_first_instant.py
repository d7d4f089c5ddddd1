"""A run whose first input is checkpointed but not yet registered keeps its first settings, whichever
door resumes it (session 20 probes, /tmp/kassist-docs/s20/h1-probes.md).

``langgraph dev`` writes a run's input checkpoint (its settings in the state) before the graph's
``begin`` node registers them: a kill in that instant, or a client's ``interrupt_before:
["begin"]``, leaves a run with settings in its checkpoint and no registry row. From the command line,
``kassist runs resume RUN`` then said "no ingestion run 'RUN'", and ``kassist ingest OTHER --run-id
RUN`` with other flags ran the other folder, collection and batch size on that thread: the first
settings forgotten. The checkpoint's settings now count as the run's first: ``runs resume`` runs
them, other settings are refused naming what differs."""

from __future__ import annotations

from pathlib import Path

from ingest_harness import SHIPPED, kassist, show

from checkpointer import TenantCheckpointer
from graph.ingestion.graph import build_graph

RUN = "first-instant"


def _input_only(db_url: str, source: Path) -> None:
    """The state a kill between the input's checkpoint and ``begin`` leaves (langgraph dev's run)."""
    with TenantCheckpointer.from_url(db_url) as saver:
        saver.setup()
        graph = build_graph().compile(checkpointer=saver)
        config = {"configurable": {"thread_id": RUN, "tenant_id": "acme"}}
        settings = {"source": str(source), "collection": "first", "embedder": "hashing", "batch_size": 5}
        graph.invoke({"settings": settings}, config, interrupt_before=["begin"], durability="sync")  # type: ignore[arg-type]
        assert graph.get_state(config).next == ("begin",)  # type: ignore[arg-type]


def test_other_settings_are_refused_and_resume_runs_the_first(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    _input_only(db_url, SHIPPED)
    other = tmp_path / "other"
    other.mkdir()
    (other / "o.md").write_text("# Other\n\nNot what the run was asked to ingest.\n")
    changed = kassist(
        "ingest", str(other), "--tenant", "acme", "--run-id", RUN, "--collection", "second",
        "--embedder", "hashing", "--batch-size", "50", "--database-url", db_url, cwd=tmp_path,
    )  # fmt: skip
    assert changed.returncode == 2, changed.stdout[-500:] + changed.stderr[-500:]
    said = changed.stdout + changed.stderr
    assert "different source" in said and "collection 'first'" in said and "batch_size 5" in said, said
    resumed = kassist(
        "runs", "resume", RUN, "--tenant", "acme", "--database-url", db_url, cwd=tmp_path, timeout=300
    )
    assert resumed.returncode in (0, 3), resumed.stdout[-800:] + resumed.stderr[-800:]
    run = show(db_url, "acme", RUN, tmp_path)
    assert (run["status"], run["collection"], run["batches"]) == ("completed", "first", 5), run
    assert run["counters"]["documents_seen"] == 24, run
