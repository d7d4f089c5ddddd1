"""h25 s39: an upload whose server was killed after its run was stored and before it was made wanted
(server/runs/upload_run: files renamed into place, run stored "placing", then ``placed``).

The client got no answer (the connection dropped). tests/test_probe_s30e_upload_kill.py's promise for the
kill one write earlier: "the client sends the same upload again" and it is carried out. Here the same
upload sent again, to the server started again, is carried out (or the server starts the run it kept by
itself). Today the run stays ``pending`` with ``queued: false`` and ``active: false`` for good - no worker
takes a run stored "placing" (``done_seq = seq``) - and the upload sent again is 409 "a run 'u1' exists
already; choose another run_id or leave it out": a client that does so leaves the first files on the
server under a run nobody starts (H22-10's state, 1636f1f fixed its busy-database cause, not the kill).
``POST /v1/runs/u1/resume`` does start it, but nothing tells the client so.

One ``kassist serve`` held in the window by a trigger stalling the ``placed`` update, killed; then the
app in process. SQLite, ~6 s."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from runs_api_harness import ADMIN, env_for, serving, settle
from test_probe_s30e_upload_kill import FILES
from upload_kill_support import kill_while_placing


def test_an_upload_killed_between_its_stored_run_and_its_start_can_be_sent_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = tmp_path / "root"
    root.mkdir()
    kill_while_placing(path, tmp_path, root, "h25")
    with closing(sqlite3.connect(path)) as conn:
        [[stored]] = conn.execute("SELECT count(*) FROM kassist_ingest_runs WHERE run_id = 'u1'").fetchall()
    assert stored == 1  # the kill hit after the run was stored

    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        time.sleep(2)  # the restarted server's workers poll every 0.1 s
        if settle(client, "u1", ADMIN)["status"] == "completed":
            return  # the server started the run it kept: the client's files are ingested
        again = client.post(
            "/v1/runs/uploads", headers=ADMIN, files=FILES, data={"collection": "c", "run_id": "u1"}
        )
        assert again.status_code == 201, (again.status_code, again.text[:300])
        assert settle(client, "u1", ADMIN)["status"] == "completed"
