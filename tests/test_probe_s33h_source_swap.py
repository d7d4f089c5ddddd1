"""A runs API run reads only its tenant's folder for the whole run, not only at its start (session 33
probes, h11: /tmp/h11/findings.md #1).

``POST /v1/runs`` checks the run's folder (``RunsService._under``: resolved, under
``KASSIST_INGEST_ROOT/<tenant>``) and the worker checks it again before every start
(``server/runs/served_again.served_refusal``, h9 s32 #3). Nothing checks it while the run executes:
the ``discover`` node lists the folder, and every later batch loads ``<source>/<path>`` as the
folder is *then*. A member of acme, who can write acme's folder, renames ``docs`` and puts a link to
globex's folder in its place once discover has listed it: globex's ``payroll.md`` is indexed into
acme's collection and the run completes, no review. ``langgraph dev``'s nodes re-check the settings
at every node (``work_node``: ``check_served`` when the run has an authenticated user); the runs
API's worker runs the same graph without that user, so without the check.

The runs API's create as its route calls it (``RunsService.create``), then the server's own worker
(``RunWorker.poll_once``: its checks, its ``execute``). The member's swap is made when the run first
reads ``payroll.md`` (discover has listed the folder by then) by wrapping the loader's
``load_file`` (the real one is called). One SQLite file, no HTTP, ~3 s."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from review_support import SECRET, document_text, swap_for_link, tenant_folders

from graph.ingestion import batch_load
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService


def test_a_folder_swapped_for_another_tenants_after_discover_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, acme, globex = tenant_folders(tmp_path)
    (acme / "payroll.md").write_text("# Payroll\n\nAsk the office for your payslip.\n")
    (globex / "payroll.md").write_text(f"# Payroll\n\n{SECRET}\n")
    real_load = batch_load.load_file

    def load_after_swap(path: Path, **kwargs: Any) -> Any:
        if not acme.is_symlink():  # listed by discover: now the folder becomes a link to globex's
            swap_for_link(acme, globex)
        return real_load(path, **kwargs)

    monkeypatch.setattr(batch_load, "load_file", load_after_swap)
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    env = {"KASSIST_UPLOADS_DIR": str(tmp_path / "up"), "KASSIST_INGEST_ROOT": str(root)}
    service = RunsService(res, RunsConfig.from_env(env))
    maria = Principal(identity="maria", tenant_id="acme", role="member")
    try:
        body = CreateRun(path="docs", collection="c", run_id="swap", options=RunOptions(embedder="hashing"))
        service.create(maria, body, None)
        assert service.worker.poll_once() == [("acme", "swap")]  # the server's worker carries it out
        deadline = time.monotonic() + 60
        while service.worker.active():
            assert time.monotonic() < deadline, "the worker did not finish the run"
            time.sleep(0.05)
        job = JobStore(res.runs).for_tenant("acme").get("swap")
        assert job is not None and acme.is_symlink(), "the run read no file"
        view = service.view(maria, "swap")
        text = document_text(res, "payroll.md")
        if text is None:  # not indexed: refused
            return
        assert SECRET not in text, (
            f"acme's run ended {view.status} (review: {view.review}) with globex's payroll.md in "
            f"acme's collection: {text!r}"
        )
    finally:
        res.close()


def test_the_command_lines_run_does_not_follow_its_folder_swapped_after_discover(tmp_path: Path) -> None:
    """The same swap under the run ``kassist ingest <folder> --tenant acme`` makes (``execute`` with
    the folder resolved, as cli/ingest.py registers it; the swap made between nodes by the runner's own
    ``on_event``, once ``discover`` has committed)."""
    from graph.ingestion.runner import execute
    from graph.ingestion.state import AgentRunState, Settings

    acme, globex = tmp_path / "acme" / "docs", tmp_path / "globex" / "docs"
    acme.mkdir(parents=True)
    globex.mkdir(parents=True)
    (acme / "payroll.md").write_text("# Payroll\n\nAsk the office for your payslip.\n")
    (globex / "payroll.md").write_text(f"# Payroll\n\n{SECRET}\n")

    def swap(node: str, _state: AgentRunState) -> None:
        if node == "discover":
            swap_for_link(acme, globex)

    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    try:
        settings = Settings(source=str(acme.resolve()), collection="c", embedder="hashing")
        outcome = execute(res, "acme", "cli", settings=settings, on_event=swap)
        text = document_text(res, "payroll.md")
        if text is None:  # not indexed: refused
            return
        assert SECRET not in text, (
            f"the command line's run for acme ended {outcome.state.status} with globex's payroll.md: {text!r}"
        )
    finally:
        res.close()
