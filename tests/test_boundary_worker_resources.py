"""A runs worker binds its database to every invocation (issue 26; issue 28 item 1: the suite once
wrote runs r0-r7 into the checkout's ``.kassist/kassist.db``): its runs read and write the database
it serves and no other, whatever the process has installed or opened by default, and two servers
in one process each keep their runs to their own database."""

from __future__ import annotations

import time
from pathlib import Path

from runs_api_harness import small_corpus

from graph.ingestion import resources
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

ALICE = Principal(identity="alice", tenant_id="acme", role="admin")


def _untouched(res: Resources) -> None:
    """No run, registration, chunk or memory of any tenant in ``res``'s database."""
    assert res.runs.tenants() == []
    assert res.runs.for_tenant("acme").runs() == []
    assert res.index("hashing").for_tenant("acme").documents("hr") == []


def _settled(service: RunsService, run: str, timeout: float = 90.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        view = service.view(ALICE, run)
        if not view.queued and not view.active:
            return view.status
        assert time.monotonic() < deadline, view
        time.sleep(0.1)


def test_a_runs_worker_never_touches_the_process_default_database(tmp_path: Path) -> None:
    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr")
    # What a process may already hold: resources installed (a console, a command) on another file.
    default = Resources.open(f"sqlite:///{tmp_path / 'default.db'}", tmp_path / "reports")
    resources.install(default)
    env = {"KASSIST_INGEST_ROOT": str(root), "KASSIST_UPLOADS_DIR": str(tmp_path / "uploads"),
           "KASSIST_RUN_POLL_SECONDS": "0.1", "KASSIST_RUN_LEASE_SECONDS": "5"}  # fmt: skip
    servers = [
        RunsService(Resources.open(f"sqlite:///{tmp_path / name}.db"), RunsConfig.from_env(env))
        for name in ("x", "y")
    ]
    try:
        for service in servers:
            service.start()
        body = CreateRun(path="hr", collection="hr", options=RunOptions(embedder="hashing", batch_size=4))
        for i, service in enumerate(servers):
            service.create(ALICE, body.model_copy(update={"run_id": f"r{i}"}), None)  # no managed key
        for i, service in enumerate(servers):
            assert _settled(service, f"r{i}") == "completed"
        for i, service in enumerate(servers):
            store = service.res.runs.for_tenant("acme")
            assert [r.run_id for r in store.runs()] == [f"r{i}"]  # its own run, nothing else
            assert store.registration(f"r{i}") is not None
            assert len(service.res.index("hashing").for_tenant("acme").documents("hr")) == 10
        _untouched(default)
    finally:
        for service in servers:
            service.stop()
        resources.install(None)
        default.close()


def test_the_runner_uses_the_resources_it_is_given_not_the_environments(tmp_path: Path) -> None:
    """``execute(res, ...)`` with nothing installed: the process default (``KASSIST_DATABASE_URL``,
    this test's sandbox database) is never opened for the run's nodes."""
    corpus = small_corpus(tmp_path / "hr")
    resources.install(None)
    res = Resources.open(f"sqlite:///{tmp_path / 'x.db'}", tmp_path / "reports")
    try:
        settings = Settings(source=str(corpus), collection="hr", embedder="hashing")
        out = execute(res, "acme", "r0", settings=settings)
        assert out.state.status in ("completed", "needs_review"), out.state.last_error
        assert res.runs.for_tenant("acme").registration("r0") is not None
    finally:
        res.close()
    assert resources._installed is None  # nothing opened from the environment on the run's behalf
