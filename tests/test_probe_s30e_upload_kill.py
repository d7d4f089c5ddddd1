"""An upload whose server was killed before its run was stored can be sent again (session 30 probes,
h5: /tmp/h5s30/findings.md #4).

``POST /v1/runs/uploads`` writes the files aside, renames the folder into place under
``KASSIST_UPLOADS_DIR/<tenant>/<run>``, then stores the run. ``kassist serve`` SIGKILLed between the
two (held there by the database: a trigger stalls the run's insert, as in
tests/test_ingest_start_kill.py) left the folder and no run: the client's retry of the same upload
was refused for good with 409 "uploads of run 'u1' exist already", while ``GET /v1/runs/u1``
answered 404 (no such run), and the tenant's files stayed on the server with no run to delete them.

Then (#12, after #4's fix gave each upload a folder of its own, ``<run id>.<token>``): the retry was
accepted, but the killed upload's folder stayed beside the retry's for good - a tenant's documents no
run names, that the client was never told were kept and that nothing removed. The retry is kept once.
One server killed for both (the file test_probe_s30e_upload_orphans.py had the same kill: review r T3).
"""

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
from test_runs_serve import serve

STALL = "h5_stall_run_insert"
FILES = [("files", ("leave.md", b"# Leave\n\nEmployees get 25 days of leave a year.\n", "text/markdown"))]


def stall_run_inserts(path: str) -> None:
    """Stall the next insert of a run row: a long cross join in a trigger holds SQLite's write lock."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"CREATE TABLE {STALL}_rows (x INTEGER)")
        conn.executemany(f"INSERT INTO {STALL}_rows VALUES (?)", [(i,) for i in range(3000)])
        conn.execute(
            f"CREATE TRIGGER {STALL} BEFORE INSERT ON kassist_ingest_runs BEGIN "
            f"SELECT count(*) FROM {STALL}_rows a, {STALL}_rows b, {STALL}_rows c; END"
        )
        conn.commit()


def test_an_upload_killed_before_its_run_was_stored_can_be_sent_again(
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
    assert (tmp_path / "uploads").exists()  # the files were kept: the kill hit after the rename

    # The client sends the same upload again, to the server started again (its uploads folder).
    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        assert client.get("/v1/runs/u1", headers=ADMIN).status_code == 404  # no such run
        again = client.post(
            "/v1/runs/uploads", headers=ADMIN, files=FILES, data={"collection": "c", "run_id": "u1"}
        )
        assert again.status_code == 201, again.text
        copies = sorted(
            str(p.relative_to(tmp_path / "uploads")) for p in (tmp_path / "uploads").rglob("*.md")
        )
        assert len(copies) == 1, f"one upload accepted, its files kept {len(copies)} times: {copies}"
