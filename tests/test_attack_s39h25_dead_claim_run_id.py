"""h25 s39: ``kassist serve`` killed between a runs API create's thread claim and its run's insert leaves
the run id "existing" to every other user of the tenant, while no run of that id exists.

``RunsService.record_run`` claims the thread id (``kassist_accepted_runs``, server/accepted_runs.claim_blocking)
and then stores the run (one transaction). A kill in between leaves the claim alone. The same caller's
retry is accepted (claim_blocking: "an earlier attempt of the same request that a kill cut short"); for
anyone else of the tenant, ``GET /v1/runs/r1`` is 404 "not found" while ``POST /v1/runs`` with
``run_id`` r1 is 409 "a run 'r1' exists already; choose another run_id" - for good, unless the killed
request's sender happens to send it again. Two answers about one id that cannot both be true.

One ``kassist serve`` held in the window by a trigger stalling the run's insert (tests/test_probe_s30e_upload_kill.py),
killed; then the app in process. SQLite, ~8 s."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing, suppress
from pathlib import Path

import httpx
import pytest
from runs_api_harness import ADMIN, MEMBER, env_for, serving, small_corpus
from test_ingest_start_kill import _stalled as stalled
from test_probe_s30e_upload_kill import STALL, stall_run_inserts
from test_runs_serve import serve

BODY = {"path": "hr", "run_id": "r1", "options": {"embedder": "hashing"}}


def test_a_run_id_whose_create_was_killed_before_its_run_was_stored_is_not_told_as_existing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kb.db"
    db_url = f"sqlite:///{path}"
    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr", extra=2)
    with serve(db_url, tmp_path, root, "killed") as server:
        stall_run_inserts(str(path))

        def create() -> None:  # its answer never comes: the server is killed while storing the run
            with suppress(httpx.HTTPError):
                httpx.post(f"{server.base}/v1/runs", headers=ADMIN, json=BODY, timeout=60)

        sent = threading.Thread(target=create, daemon=True)
        sent.start()
        while not stalled(db_url):
            assert sent.is_alive(), "the create ended before its run was stored"
            time.sleep(0.05)
        server.kill()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"DROP TRIGGER {STALL}")
        conn.commit()

    with serving(db_url, monkeypatch, env_for(tmp_path, root)) as client:
        assert client.get("/v1/runs/r1", headers=MEMBER).status_code == 404  # no run r1
        maria = client.post("/v1/runs", headers=MEMBER, json=BODY)
        assert maria.status_code == 201 or "exists already" not in maria.text, (maria.status_code, maria.text)
