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

import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

GLOBEX_NAME = "payroll-2026-ceo-salary.md"


def test_the_command_lines_resume_lists_none_of_another_tenants_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    acme, globex = root / "acme" / "docs", root / "globex" / "docs"
    acme.mkdir(parents=True)
    globex.mkdir(parents=True)
    (acme / "a.md").write_text("# A\n\nThe office opens at nine.\n")
    (globex / GLOBEX_NAME).write_text("# Salary\n\nThe chief executive's salary.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(root))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "up"))
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        service = RunsService(res, RunsConfig.from_env(os.environ))
        alice = Principal(identity="alice", tenant_id="acme", role="member")
        service.create(
            alice,
            CreateRun(path="docs", collection="c", run_id="r", options=RunOptions(embedder="hashing")),
            None,
        )
        job = JobStore(res.runs).for_tenant("acme").get("r")
        assert job is not None and job.settings is not None
        stopping = threading.Event()
        stopping.set()  # the server shuts down: the run stops after the node in progress
        first = execute(
            res, "acme", "r", settings=Settings.model_validate(job.settings), stop=stopping,
            within=service.served_folder(job),
        )  # fmt: skip
        assert (first.state.status, first.state.documents_total) == ("running", 0), first.state
    finally:
        res.close()
    acme.rename(acme.with_name("docs.before"))  # the member's swap
    acme.symlink_to(globex, target_is_directory=True)
    done = CliRunner().invoke(app, ["runs", "resume", "r", "--tenant", "acme", "--database-url", url])
    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        failed = JobStore(res.runs).for_tenant("acme").failed_documents("r")
    finally:
        res.close()
    named = [path for path, _ in failed if GLOBEX_NAME in path]
    assert not named, f"the operator's resume (exit {done.exit_code}) listed globex's {named} in acme's run"
