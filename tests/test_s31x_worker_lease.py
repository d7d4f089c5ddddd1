"""A run executed by kassist serve's worker has one lease renewer: the runner's heartbeat, which every
caller gets (graph.ingestion.runner._lease_kept). Until session 31 the worker beat as well, and the
runner renewed between nodes too: one lease renewed by three threads (on SQLite an fsync each), with
as many takeover reactions (review s30 "effects" S1, review s31 r1 #8). The run is held in its notify
node until three renewals were seen (no clock bound: review s31 r1 #10)."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from runs_api_harness import small_corpus

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.store import TenantRunStore


def test_one_heartbeat_renews_a_served_runs_lease(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server.runs.worker import RunWorker

    renewed_by: list[str] = []  # the threads that renewed the run's lease, in order
    beaten = threading.Event()  # set once the lease was renewed three times
    real = TenantRunStore.renew_lease

    def counted(self: TenantRunStore, run: str, owner: str, seconds: float) -> bool:
        renewed_by.append(threading.current_thread().name)
        if len(renewed_by) >= 3:
            beaten.set()
        return real(self, run, owner, seconds)

    class Hold(BaseHTTPRequestHandler):  # the run's notify node waits here until the beats were seen
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            beaten.wait(60)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: object) -> None:
            pass

    monkeypatch.setattr(TenantRunStore, "renew_lease", counted)  # counts, then renews for real
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Hold)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    root = small_corpus(tmp_path / "root")
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=0.3, poll_s=0.05, workers=1)  # a beat every 0.1 s
    try:
        jobs = JobStore(res.runs).for_tenant("acme")
        hook = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        settings = {"source": str(root), "collection": "c", "embedder": "hashing", "notify_url": hook}
        assert jobs.create("r", str(root), "c", {"settings": settings, "by": "alice"})
        worker.start()
        deadline = time.monotonic() + 120
        while jobs.get("r").wanted or worker.active():  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "the run did not finish"
            time.sleep(0.05)
        job = jobs.get("r")
        assert job is not None and job.status == "completed" and job.claims == 1, job
    finally:
        worker.stop()
        res.close()
        receiver.shutdown()
        receiver.server_close()
    assert beaten.is_set() and len(set(renewed_by)) == 1, sorted(set(renewed_by))  # one renewer
