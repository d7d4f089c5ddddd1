"""Review s34 r1 F3 (of 5aa2d28, h12 s34 #13's fix): the door's new bounds are the stored model's.
ChunkTokens now starts at 32 (was 16) and the overlap rule is a validator of Settings itself, which
every read of a run's state (AgentRunState) and registration uses. A run a client was let in with
before (chunk_tokens 16-31, or an overlap over half a chunk: each failed at its ingest step, and stays
in the tenant's records) can no longer be read: ``kassist runs list --tenant acme`` stops at it with
a raw pydantic error and lists none of the tenant's runs (the runs API's list and the console's read
the same state).

The stored run is made as the release before 5aa2d28 left it: a run's state and registration with
chunk_tokens 20 (written here through LangGraph's update_state and one UPDATE). One SQLite file; ~3 s."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, config_for, execute
from graph.ingestion.state import Settings


@pytest.fixture
def url(tmp_path: Path) -> Iterator[str]:
    db = tmp_path / "kassist.db"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days.\n")
    settings = Settings(source=str(tmp_path / "docs"), collection="hb", embedder="hashing")
    res = Resources.open(f"sqlite:///{db}", reports_dir=tmp_path / "reports")
    try:
        assert execute(res, "acme", "ok1", settings=settings).state.status == "completed"
        assert execute(res, "acme", "small", settings=settings, max_steps=1).state.status == "paused"
        # What a run let in with chunk_tokens 20 before 5aa2d28 holds: its settings, failed at ingest.
        old = {**settings.model_dump(), "chunk_tokens": 20}
        update = {"settings": old, "status": "failed", "last_error": "ingest: ValueError: max_tokens ..."}
        _compiled(res, "acme").update_state(config_for("acme", "small"), update, as_node="refuse")
    finally:
        res.close()
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE kassist_ingest_runs SET settings = ? WHERE tenant_id = 'acme' AND run_id = 'small'",
            (json.dumps(old),),
        )
    yield f"sqlite:///{db}"


def test_the_runs_list_reads_a_run_stored_with_the_old_chunk_bounds(url: str) -> None:
    done = CliRunner().invoke(app, ["runs", "list", "--tenant", "acme", "--database-url", url])
    assert done.exit_code == 0, done.output
    assert "ok1" in done.output and "small" in done.output
    assert "validation error" not in done.output
