"""A database whose knowledge index or memory tables a newer kassist migrated is refused before a
run is registered (h7 s31 #1): ``kassist ingest`` set up only the checkpointer and the run tables, so
the run was registered and checkpointed, then failed at discover (the index) or after all its work
(the memory), leaving a resume that could never work. Now: one line, "upgrade kassist", nothing
registered, no checkpoint. In-process command line on a SQLite file of the test's own."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources


@pytest.mark.parametrize("component", ["knowledge_index", "memory_manager"])
def test_a_run_on_a_database_a_newer_kassist_migrated_is_refused_before_it_is_registered(
    tmp_path: Path, component: str
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    path = tmp_path / "kb.db"
    Resources.open(f"sqlite:///{path}").close()  # the checkpointer and run tables, current
    with closing(sqlite3.connect(path)) as conn:  # what a newer kassist's migration recorded
        conn.execute("INSERT INTO kassist_schema_versions (component, version) VALUES (?, 99)", (component,))
        conn.commit()
    done = CliRunner(env={"COLUMNS": "400"}).invoke(
        app,
        ["ingest", str(docs), "--tenant", "acme", "--run-id", "r2", "--embedder", "hashing",
         "--database-url", f"sqlite:///{path}"],
    )  # fmt: skip
    lines = done.output.strip().splitlines()
    assert done.exit_code == 1 and len(lines) == 1, done.output
    assert lines[0].startswith(f"error: the {component} tables are at schema version 99"), lines
    assert "upgrade kassist" in lines[0] and "a bug in kassist" not in lines[0]
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT count(*) FROM kassist_ingest_runs").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM kassist_cp_checkpoints").fetchone() == (0,)
