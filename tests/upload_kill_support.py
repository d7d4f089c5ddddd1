"""An upload's server killed while it starts the upload's run (h25 s39 H25-4's window): the run is
stored, its folder placed, and ``kassist serve`` held by a trigger on the update that makes the run
wanted, then SIGKILLed; and the same kill one step earlier (before the folder's rename), as it leaves
the uploads folder. Shared by the tests of that window (server/runs/upload_placing.py)."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from contextlib import closing, suppress
from pathlib import Path

import httpx
from runs_api_harness import ADMIN
from sqlite_stall import stalled as stalled_writes
from test_ingest_start_kill import _stalled as stalled
from test_probe_s30e_upload_kill import FILES
from test_runs_serve import serve

from server.runs import uploads


def placing(run_id: str) -> str:
    """The head of a trigger holding the update that makes upload ``run_id``'s stored run wanted."""
    return (
        f"BEFORE UPDATE OF done_seq ON kassist_ingest_jobs WHEN OLD.run_id = '{run_id}' "
        "AND OLD.done_seq = OLD.seq"
    )


def kill_while_placing(path: Path, tmp: Path, root: Path, name: str, run_id: str = "u1") -> None:
    """Upload one file as run ``run_id`` (collection ``c``) to a ``kassist serve`` on the SQLite file
    ``path`` and kill the server once the run is stored and its folder placed; the client gets no
    answer."""
    db_url = f"sqlite:///{path}"
    with serve(db_url, tmp, root, name) as server, stalled_writes(path, f"{name}_placed", placing(run_id)):

        def upload() -> None:  # no answer comes: the server is killed while starting the run
            with suppress(httpx.HTTPError):
                data = {"collection": "c", "run_id": run_id}
                httpx.post(
                    f"{server.base}/v1/runs/uploads", headers=ADMIN, files=FILES, data=data, timeout=60
                )

        sent = threading.Thread(target=upload, daemon=True)
        sent.start()
        while not stalled(db_url):
            assert sent.is_alive(), "the upload ended before its run was made wanted"
            time.sleep(0.05)
        server.kill()


def unplace(path: Path, run_id: str = "u1") -> Path:
    """Leave the uploads folder as a kill before the rename leaves it: the files only in the killed
    server's staging folder of this attempt (returned)."""
    with closing(sqlite3.connect(path)) as conn:
        [(settings, placer)] = conn.execute(
            "SELECT settings, worker FROM kassist_ingest_jobs WHERE run_id = ?", (run_id,)
        ).fetchall()
    folder = Path(json.loads(settings)["source"])
    staging = folder.parent / f"{uploads.STAGING}{folder.name.rpartition('.')[2]}@{placer}"
    folder.rename(staging)
    return staging
