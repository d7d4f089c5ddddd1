"""H26-3's class before the interrupt: a review decision whose run fails in ``await_review`` before
``interrupt()`` takes the value leaves it with the checkpoint, and a member's bare continuation carries
it out (h26 s40, H26-9).

83463c8 and 4b840b0 made every failure *after* ``interrupt()`` decide nothing. The node reads the run's
record first (``runs.get``: a cancel accepted before the review stops it there). When that read fails
- a database busy or cut, here a registry row that does not parse - the decision run ends in an error
before the value was taken: LangGraph keeps the ``Command``'s resume as the checkpoint's pending
write, the state still waits (``needs_review``, the same interrupt), and the run's owner, a member,
continuing her run with no input (langgraph_sdk's ``runs.wait(thread, "ingestion")``) hands that
approve to the review: the run completes "approved by olga", a decision the server answered as an
error, carried out when a member chose.

The decision is made to fail only in the node, not at the door (which reads the same row): it is
queued while langgraph dev's one job worker is held by another run's notification (a receiver that
answers when the test says so), the row is spoilt while it waits, and mended once it has failed.
A ``langgraph dev`` of its own (the test writes its database behind it); ~20 s."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
from server_harness import ACME_ADMIN_KEY, ACME_KEY, serving_langgraph_dev

SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


@contextmanager
def _held_receiver() -> Iterator[tuple[str, threading.Event, threading.Event]]:
    """A notification receiver on 127.0.0.1 that answers 200 once ``release`` is set: (url, arrived,
    release)."""
    arrived, release = threading.Event(), threading.Event()

    class Hold(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            arrived.set()
            release.wait(60)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Hold)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", arrived, release
    finally:
        release.set()
        server.shutdown()
        server.server_close()


def _spoil(db: str, run: str, value: object) -> object:
    """Set the run's registry ``lease_until`` to ``value``; returns what it was."""
    with closing(sqlite3.connect(db, timeout=30)) as conn:
        (old,) = conn.execute(
            "SELECT lease_until FROM kassist_ingest_runs WHERE run_id = ?", (run,)
        ).fetchone()
        conn.execute("UPDATE kassist_ingest_runs SET lease_until = ? WHERE run_id = ?", (value, run))
        conn.commit()
    return old


def test_a_members_continuation_after_a_decision_failed_before_the_interrupt_decides_nothing(
    tmp_path: Path,
) -> None:
    env = {
        "KASSIST_EMBEDDER": "hashing",
        "OPENAI_API_KEY": "",
        "OPENAI_BASE_URL": "",
        "KASSIST_NOTIFY_HOSTS": "127.0.0.1",
    }
    with serving_langgraph_dev(tmp_path, env) as served, _held_receiver() as (hook, arrived, release):
        root = tmp_path / "ingest-root" / "acme"
        (root / "secret").mkdir()
        (root / "secret" / "deploy.md").write_text(SECRET_DOC)
        (root / "plain").mkdir()
        (root / "plain" / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
        alice = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=120)
        olga = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
        thread = alice.post("/threads", json={}).json()["thread_id"]
        held = {"source": str(root / "secret"), "collection": "held", "embedder": "hashing"}
        started = alice.post(
            f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": held}}
        )
        assert started.status_code == 200 and alice.get(f"/threads/{thread}/state").json()["next"] == [
            "await_review"
        ]

        # The one job worker, held in another run's notify step.
        other = alice.post("/threads", json={}).json()["thread_id"]
        busy = {
            "source": str(root / "plain"),
            "collection": "plain",
            "embedder": "hashing",
            "notify_url": hook,
        }
        queued = alice.post(
            f"/threads/{other}/runs", json={"assistant_id": "ingestion", "input": {"settings": busy}}
        )
        assert queued.status_code == 200, queued.text[:300]
        assert arrived.wait(60), "the other run never notified"

        decision = olga.post(
            f"/threads/{thread}/runs", json={"assistant_id": "ingestion", "command": {"resume": "approve"}}
        )
        assert decision.status_code == 200, decision.text[:300]  # past the door, waiting for the worker
        db = served.db_url.removeprefix("sqlite:///")
        was = _spoil(db, thread, "unreadable")
        try:
            release.set()
            deadline = time.monotonic() + 120
            while olga.get(f"/threads/{thread}/runs/{decision.json()['run_id']}").json()["status"] in (
                "pending",
                "running",
            ):
                assert time.monotonic() < deadline, "the decision run never ended"
                time.sleep(0.3)
        finally:
            _spoil(db, thread, was)
        waiting = alice.get(f"/threads/{thread}/state").json()
        assert waiting["next"] == ["await_review"] and waiting["values"]["status"] == "needs_review", waiting

        went_on = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion"})
        state = alice.get(f"/threads/{thread}/state").json()
        values = state["values"]
        assert values["status"] == "needs_review" and state["next"] == ["await_review"], (
            f"alice's continuation answered {went_on.status_code} and her run is {values['status']!r}, "
            f"review {values['review']!r} (a member decides no review)"
        )
