"""An upload whose server was killed before its run was stored does not keep the tenant's files on the
server for good when the client does not send it again (h17 s36; session 30's h5 #4/#12, the case
they left).

``POST /v1/runs/uploads`` writes the files aside, renames the folder into place
(``KASSIST_UPLOADS_DIR/t-<tenant>/<run id>.<token>``), then stores the run. ``kassist serve`` killed
between the two leaves the folder and no run. Since session 30 the folder goes when an upload of *that
run id* is registered (server/runs/uploads.remove_others); a staging folder goes at the next upload
into the tenant (sweep_staging). A client that does not send the same run id again - it gave up, its
retry picked a new id, its user uploaded the files elsewhere - leaves the tenant's documents on the
server with no run naming them: never listed, never deleted by any run's end, cancel or retention
(LEAD DECISION 1 of this session removes a terminal run's upload; this one has no run), and the
client was never told they were kept.

Here the killed upload's client sends its next upload under another run id, to the server started
again; that upload's registration, or the server's start, leaves no folder no run names behind. One
``kassist serve`` killed (held by a trigger stalling the run's insert, as
tests/test_probe_s30e_upload_kill.py does), then the app in process; ~6 s of CPU."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing, suppress
from pathlib import Path

import httpx
import pytest
from runs_api_harness import ADMIN, env_for, serving
from test_ingest_start_kill import _stalled as stalled
from test_probe_s30e_upload_kill import FILES, STALL, stall_run_inserts
from test_runs_serve import serve


def test_an_upload_killed_before_its_run_was_stored_leaves_no_files_no_run_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = tmp_path / "root"
    root.mkdir()
    with serve(db_url, tmp_path, root, "killed") as server:
        stall_run_inserts(str(path))

        def upload() -> None:  # its answer never comes: the server is killed while storing the run
            with suppress(httpx.HTTPError):
                data = {"collection": "c", "run_id": "u1"}
                httpx.post(
                    f"{server.base}/v1/runs/uploads", headers=ADMIN, files=FILES, data=data, timeout=60
                )

        sent = threading.Thread(target=upload, daemon=True)
        sent.start()
        while not stalled(db_url):
            assert sent.is_alive(), "the upload ended before its run was stored"
            time.sleep(0.05)
        server.kill()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"DROP TRIGGER {STALL}")
        conn.commit()
    uploads = tmp_path / "uploads"
    assert [p.name for p in uploads.rglob("leave.md")]  # the files were kept: the kill hit after the rename

    # The client does not send u1 again: its next upload is another run, to the server started again.
    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        assert client.get("/v1/runs/u1", headers=ADMIN).status_code == 404  # no such run
        files = [
            ("files", ("travel.md", b"# Travel\n\nBook trains for trips under 500 km.\n", "text/markdown"))
        ]
        other = client.post(
            "/v1/runs/uploads", headers=ADMIN, files=files, data={"collection": "c2", "run_id": "u2"}
        )
        assert other.status_code == 201, other.text
        kept = sorted(str(p.relative_to(uploads)) for p in uploads.rglob("*.md"))
    # u2's files only: u1's upload has no run, and nobody will ever name it.
    assert all("leave.md" not in name for name in kept), kept
