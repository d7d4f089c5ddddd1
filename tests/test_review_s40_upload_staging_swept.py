"""r5 s40 (review of 846db76, H25-4's fix in server/runs/upload_placing.py): an upload whose server was
killed before its folder was placed is started by the next server "as if its answer had come" - unless
another upload into the same tenant's folder came first: that upload's write sweeps the killed
server's staging folder (server/runs/uploads.sweep_staging: its writer is a dead pid of this host), the
only copy of the first upload's files, and the next server's look for orphans then makes the run
wanted with no files: it fails at discover, the client's files gone (no answer ever told it so).

A runs API deployment of two servers on one database and one uploads folder (docs/serving.md: one
accepting requests with KASSIST_RUN_WORKERS=0, others executing): server A is killed while it starts
upload u1 (held by a trigger on its last write, as tests/test_s40_upload_placing.py holds it; the kill
one step earlier, before the rename, left as that test leaves it); server B, accepting only, takes
upload u2 of the same tenant; then a server with workers starts and finds u1's run. SQLite, ~10 s."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving, settle
from upload_kill_support import kill_while_placing, unplace

OTHER = [("files", ("travel.md", b"# Travel\n\nBook trains for trips under 500 km.\n", "text/markdown"))]


def test_an_orphaned_uploads_files_survive_the_next_upload_into_its_tenant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = tmp_path / "root"
    root.mkdir()
    # Server B, accepting requests only, is up before A's upload (its start's look found nothing).
    with serving(db_url, monkeypatch, env_for(tmp_path, root, KASSIST_RUN_WORKERS="0")) as accepting:
        kill_while_placing(path, tmp_path, root, "r5")
        # The kill one step earlier, as tests/test_s40_upload_placing.py leaves it: the files only in
        # the killed server's staging folder of this attempt.
        unplace(path)
        # Another upload of the tenant, to the server that is up.
        other = accepting.post(
            "/v1/runs/uploads", headers=ADMIN, files=OTHER, data={"collection": "c", "run_id": "u2"}
        )
        assert other.status_code == 201, other.text
    # A server with workers starts: it finds u1's run, left by a placer that is gone.
    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        deadline = time.monotonic() + 120
        while (view := settle(client, "u1", ADMIN))["status"] not in ("completed", "failed"):
            assert time.monotonic() < deadline, view
            time.sleep(0.2)
        assert view["status"] == "completed", json.dumps(view)[:800]
        assert view["progress"]["counters"]["documents_indexed"] == 1
