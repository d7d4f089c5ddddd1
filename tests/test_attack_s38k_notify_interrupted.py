"""A notification interrupted by SIGTERM (or Ctrl-C) after the receiver got it counts as maybe told:
the run refuses a cancel (h22 s38; the window next to H17-1 and H19-8).

Since c8c14a6 SIGTERM stops ``kassist ingest`` as Ctrl-C does: :class:`cli.job_stop.Terminated`, a
KeyboardInterrupt, raised in the main thread - where LangGraph runs the notify node's one task, inside
``httpx.post``. ``notify.send`` gives its claim back on any failure (``except BaseException``) and
marks it "sent" only for httpx's answer-lost errors (7265c67), so a call whose request the receiver
read whole, interrupted while its answer was awaited (a ``docker stop``, a ``timeout``, a Ctrl-C
while a slow receiver works), is given back as never made. ``kassist runs cancel`` is then accepted
and the run ends "cancelled before the notify step" while its receiver holds "status: completed":
the contradiction H17-1 closed for a SIGKILL, open for the signal the CLI now handles.

A real ``kassist ingest`` process, a real SIGTERM once a real receiver on 127.0.0.1 holds the POST
(it answers only after the process is gone), the command line's cancel and resume. SQLite, ~10 s."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ingest_harness import child_env, kassist


@contextmanager
def _slow_receiver(answer: threading.Event) -> Iterator[tuple[str, list[str]]]:
    """A receiver on 127.0.0.1 that reads each POST whole, notes its status, then answers 200 only
    once ``answer`` is set (a receiver still working when its sender is stopped)."""
    got: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            got.append(json.loads(body)["status"])
            answer.wait(30)
            try:
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"{}")
            except OSError:  # its sender is gone
                pass

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", got
    finally:
        answer.set()
        server.shutdown()
        server.server_close()


def test_a_notification_interrupted_by_sigterm_after_it_was_received_refuses_a_cancel(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave a year.\n")
    db = f"sqlite:///{tmp_path / 'k.db'}"
    answer = threading.Event()
    with _slow_receiver(answer) as (url, got):
        child = subprocess.Popen(
            [sys.executable, "-P", "-m", "cli.main", "ingest", str(docs), "--tenant", "acme", "--run-id", "n1",
             "--embedder", "hashing", "--notify-url", url, "--database-url", db],
            cwd=tmp_path, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 120
        while not got and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert got == ["completed"], "the run never called its receiver"
        time.sleep(0.3)  # the request is whole at the receiver; its sender awaits the answer
        child.send_signal(signal.SIGTERM)
        out, err = child.communicate(timeout=60)
        answer.set()  # the receiver answers from now on (the resume's call, same Idempotency-Key)
        assert child.returncode == 143, out + err

        # The receiver was told "completed": a cancel must be refused, and the run finishes.
        kassist("runs", "cancel", "n1", "--tenant", "acme", "--database-url", db, cwd=tmp_path)
        kassist("runs", "resume", "n1", "--tenant", "acme", "--database-url", db, cwd=tmp_path)
    shown = kassist("runs", "show", "n1", "--tenant", "acme", "--database-url", db, "--json", cwd=tmp_path)
    view = json.loads(shown.stdout)
    assert view["status"] == "completed", (view["status"], view.get("last_error"))
