"""The command line's resume of a served run lists only that run's tenant's folder (review s33 r1,
f279f23's residual: its discover).

f279f23 reads a command line's run's files from its registered folder as written (``exact``), so the
operator's ``kassist runs resume`` of a served run no longer reads another tenant's file through a
link its member put in place of the folder. But a run not yet past ``discover`` (the server stopped
after its first node - a shutdown, a kill in its first instant) lists its folder at the resume, and
the command line's walk (``list_source`` -> ``walk_files(root, None)``) follows the link: the other
tenant's file names become the run's manifest rows (``outside_root`` failures), which the runs API
shows the member (``GET /v1/runs/<run>``: ``errors.failed_documents``), as the console does. For a
run carried out by the server the walk opens the folder from the tenant's without following a link
(3aac96e: "no other tenant's names in the manifest", tests/test_s33_lead_walk_within.py).

acme's member's run accepted by the runs API, stopped by its worker after its first node (``stop``
set, as a server shutting down does), acme's folder swapped for a link to globex's, then ``kassist
runs resume`` in process (typer's runner). One SQLite file, ~3 s."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from review_support import served_env, served_run, swap_for_link, tenant_folders
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from server.runs.models import CreateRun, RunOptions

GLOBEX_NAME = "payroll-2026-ceo-salary.md"


def test_the_command_lines_resume_lists_none_of_another_tenants_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, acme, globex = tenant_folders(tmp_path)
    (acme / "a.md").write_text("# A\n\nThe office opens at nine.\n")
    (globex / GLOBEX_NAME).write_text("# Salary\n\nThe chief executive's salary.\n")
    served_env(monkeypatch, tmp_path, root)
    stopping = threading.Event()
    stopping.set()  # the server shuts down: the run stops after the node in progress
    body = CreateRun(path="docs", collection="c", run_id="r", options=RunOptions(embedder="hashing"))
    url, first = served_run(tmp_path, body, within=True, stop=stopping, mark_done=False)
    assert (first.state.status, first.state.documents_total) == ("running", 0), first.state
    swap_for_link(acme, globex)  # the member's swap
    done = CliRunner().invoke(app, ["runs", "resume", "r", "--tenant", "acme", "--database-url", url])
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        failed = JobStore(res.runs).for_tenant("acme").failed_documents("r")
    finally:
        res.close()
    named = [path for path, _ in failed if GLOBEX_NAME in path]
    assert not named, f"the operator's resume (exit {done.exit_code}) listed globex's {named} in acme's run"
