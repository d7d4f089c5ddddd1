"""An upload whose server was killed while it started the upload's run is started by the next server
(server/runs/upload_placing.py; h25 s39 H25-4): the client got no answer, its files are ingested as
if it had come. tests/test_attack_s39h25_upload_kill_placing.py kills the server after the rename of
the upload's folder; here the kill came before it (the files only in the placer's staging folder),
and a run stored by a placer that is alive is left to it, on both backends."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving, settle
from upload_kill_support import kill_while_placing, unplace

from graph.ingestion.folders import tenant_folder
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.store_ops import process_holder
from server.runs import uploads
from server.runs.upload_placing import place_orphans


def test_an_upload_killed_before_its_folder_was_placed_is_placed_and_run_by_the_next_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = tmp_path / "root"
    root.mkdir()
    kill_while_placing(path, tmp_path, root, "killed")
    # The kill one step earlier: the files only in the killed server's staging folder.
    staging = unplace(path)

    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        deadline = time.monotonic() + 120
        while (view := settle(client, "u1", ADMIN))["status"] != "completed":
            assert time.monotonic() < deadline, view
            time.sleep(0.2)
        assert view["progress"]["counters"]["documents_indexed"] == 1
    assert not staging.exists()


def _dead_holder() -> str:
    """The holder name of a process that has ended (this host's: its pid is judged)."""
    code = "from graph.ingestion.store_ops import process_holder; print(process_holder())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_only_the_runs_of_a_placer_that_is_gone_are_started(db_url: str, tmp_path: Path) -> None:
    root = tmp_path / "uploads"
    res = Resources.open(db_url, env={})
    try:
        jobs = JobStore(res.runs).for_tenant("acme")
        for run, placer in (("gone", _dead_holder()), ("alive", process_holder())):
            folder = uploads.run_folder(root, "acme", run)
            folder.mkdir(parents=True)
            (folder / "a.md").write_text("# A\n\nText.\n")
            request = {"settings": {"source": str(folder)}, "placing": True, "placer": placer, "by": "u"}
            assert jobs.create(run, str(folder), "c", request)
        assert place_orphans(res, root) == [("acme", "gone")]
        assert jobs.get("gone").wanted  # type: ignore[union-attr]
        assert not jobs.get("alive").wanted  # type: ignore[union-attr]  # its placer makes it wanted
        assert place_orphans(res, root) == []  # once
        assert tenant_folder(root, "acme").is_dir()
    finally:
        res.close()
