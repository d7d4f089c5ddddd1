"""An upload sent again after a kill is kept once (session 30 probes, h5: /tmp/h5s30/findings.md #12).

``kassist serve`` SIGKILLed between an upload's folder rename and its run's insert (the setup of
tests/test_probe_s30e_upload_kill.py): since each upload writes a folder of its own
(``<run id>.<token>``) the client's retry is accepted, but the killed upload's folder stays under
``KASSIST_UPLOADS_DIR`` for good, a tenant's documents that no run names, that the client was never
told were kept, and that nothing on the server ever removes (a ``.staging-*`` folder of a kill while
copying likewise). The retry's run id is then registered to the new folder: the killed one's can
never be a run's, yet the server keeps both copies.
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
from test_probe_s30e_upload_kill import FILES, STALL, stall_run_inserts
from test_runs_serve import serve


def test_an_upload_sent_again_after_a_kill_is_kept_once(
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

    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:  # the server started again
        data = {"collection": "c", "run_id": "u1"}
        again = client.post("/v1/runs/uploads", headers=ADMIN, files=FILES, data=data)  # the client's retry
        assert again.status_code == 201, again.text
        copies = sorted(
            str(p.relative_to(tmp_path / "uploads")) for p in (tmp_path / "uploads").rglob("*.md")
        )
        assert len(copies) == 1, f"one upload accepted, its files kept {len(copies)} times: {copies}"
