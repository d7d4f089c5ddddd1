"""A runs API run obeys the served-run rules when it runs, not only when it is accepted (session 32
probes, h9: /tmp/h9s32/findings.md #3).

docs/ingestion.md: a served run's folder must resolve under its tenant's folder of the ingestion root,
and "the nodes check again: a served run that got past (e.g. its folder changed since) ends as
failed at begin, before anything is registered, read or sent". langgraph dev's runs do (begin and
every work node check their settings again). A run of kassist serve's runs API was checked once, at
``POST /v1/runs``: its folder, replaced by a link to another tenant's folder before the server's
worker ran it, was read through the link, and acme's collection got globex's document.

kassist serve's process as it runs: its worker (``RunsService.start``) on one SQLite file, the
environment's ingestion root; no HTTP (the route calls ``RunsService.create``)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService


def test_a_runs_api_runs_folder_swapped_for_a_link_to_another_tenant_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    (root / "acme" / "sub").mkdir(parents=True)
    (root / "acme" / "sub" / "a.md").write_text("# Acme\n\nAcme's holiday policy: ten days.\n")
    (root / "globex" / "files").mkdir(parents=True)
    (root / "globex" / "files" / "secret.md").write_text("# Globex\n\nGlobex's merger code name.\n")
    env = {
        "KASSIST_INGEST_ROOT": str(root),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
        "KASSIST_RUN_WORKERS": "1",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)  # the environment kassist serve's process runs in
    res = Resources.open(f"sqlite:///{tmp_path / 'kassist.db'}", reports_dir=tmp_path / "reports")
    service = RunsService(res, RunsConfig.from_env(os.environ))
    alice = Principal(identity="alice", tenant_id="acme", role="member")
    try:
        options = RunOptions(embedder="hashing")
        service.create(alice, CreateRun(path="sub", run_id="swapped", options=options), None)
        # Before a worker takes it: acme's folder becomes a link to globex's.
        shutil.rmtree(root / "acme" / "sub")
        os.symlink(root / "globex" / "files", root / "acme" / "sub")
        service.start()
        deadline = time.monotonic() + 60
        # Until the worker is done with the request: carried out, or refused ("not started: ...").
        while (view := service.view(alice, "swapped")).queued or view.status == "running":
            assert time.monotonic() < deadline, view
            time.sleep(0.2)
    finally:
        service.stop()  # closes res
    counters = view.progress.counters
    assert counters["documents_indexed"] == 0 and view.progress.last_document is None, (
        f"the run ended {view.status} having indexed {counters['documents_indexed']} document(s) "
        f"through the link, the last {view.progress.last_document!r}: globex's, in acme's collection"
    )
