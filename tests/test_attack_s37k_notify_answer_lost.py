"""A notification the receiver got, whose answer was lost, counts as announced for a cancel (h19 s37;
the window next to h17's H17-1).

Since session 36 a cancel is refused once the run "may have told its receiver it completed"
(graph/ingestion/notify.announced, the lead's decision 6): a done answer in the ledger, or a call's
claim never given back (a worker killed mid-call). A call that fails is given back - ``send`` releases
its claim on any error - so it counts as never made. But a call whose request reached the receiver
and whose answer never came (the receiver, or a proxy in front of it, closes the connection after
reading it; a read timeout) failed only on this side: the receiver has "status: completed" - here
four times, one per attempt of the RetryPolicy - while the run ends ``failed`` at notify, takes
``kassist runs cancel`` and ends "cancelled before the notify step": the contradiction H17-1 closed
for a kill, open for a lost answer. Its documents are in search (the review let them in).

The run in process (its notify step's real POSTs to a real socket on 127.0.0.1 that reads each
request whole and closes without answering), the command line's cancel in process (CliRunner).
SQLite, ~6 s (the RetryPolicy's backoff)."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings


@contextmanager
def _answerless_receiver() -> Iterator[tuple[str, list[bytes]]]:
    """A receiver on 127.0.0.1 that reads each POST whole and closes the connection unanswered."""
    got: list[bytes] = []
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with closing(conn):
                conn.settimeout(5)
                data = b""
                while b"\r\n\r\n" not in data:
                    data += conn.recv(65536)
                head, _, body = data.partition(b"\r\n\r\n")
                length = next(
                    int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                )  # fmt: skip
                while len(body) < length:
                    body += conn.recv(65536)
                got.append(body)  # received; no answer is sent

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}/hook", got
    finally:
        stop.set()
        thread.join()
        server.close()


def test_a_run_whose_receiver_got_its_notification_unanswered_refuses_a_cancel(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEvery employee takes twenty-five days of leave.\n")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    with _answerless_receiver() as (hook, got):
        res = Resources.open(url, reports_dir=tmp_path / "reports")
        try:
            settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook)
            state = execute(res, "acme", "r1", settings=settings).state
        finally:
            res.close()
    assert got and all(b'"status":"completed"' in body for body in got), got  # the receiver was told
    assert state.status != "cancelled", state

    cli = CliRunner()
    cancel = cli.invoke(app, ["runs", "cancel", "r1", "--tenant", "acme", "--database-url", url])
    shown = cli.invoke(app, ["runs", "show", "r1", "--tenant", "acme", "--database-url", url, "--json"])
    assert shown.exit_code == 0, shown.output
    # Told "completed" (as far as this side can know): the run does not end cancelled - a cancel is
    # refused, as after a kill mid-call (now: it ended failed at notify, and the cancel was taken).
    assert json.loads(shown.output)["status"] != "cancelled", (state.status, cancel.output)


@contextmanager
def _receiver(statuses: list[int]) -> Iterator[str]:
    """A receiver on 127.0.0.1 answering each POST with the next of ``statuses``."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(statuses.pop(0))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    finally:
        server.shutdown()
        server.server_close()


def test_a_gateways_lost_answer_counts_as_maybe_told_and_stays_so(sqlite_url: str, tmp_path: Path) -> None:
    """A 503 (refused before any processing) is not told; a gateway's 502 (the upstream may have
    processed the POST) is, and a later attempt that reaches nobody (connection refused) keeps it so."""
    from graph.ingestion import notify
    from graph.ingestion.errors import TransientHTTPError
    from graph.ingestion.state import AgentRunState
    from graph.ingestion.store import RunStore

    runs = RunStore.from_url(sqlite_url)
    try:
        with _receiver([503, 502]) as hook:
            settings = Settings(source=str(tmp_path), collection="c", notify_url=hook)
            state = AgentRunState(run_id="r1", tenant_id="acme", settings=settings)
            mine = runs.for_tenant("acme")
            with pytest.raises(TransientHTTPError):
                notify.send(runs, "acme", state, hook)
            assert not notify.announced(mine, state)  # a 503: nobody was told
            with pytest.raises(TransientHTTPError):
                notify.send(runs, "acme", state, hook)
            assert notify.announced(mine, state)  # a 502: the receiver behind may have been
        with pytest.raises(TransientHTTPError):
            notify.send(runs, "acme", state, hook)  # the receiver is gone: connection refused
        assert notify.announced(mine, state)
    finally:
        runs.close()


def test_an_answer_whose_record_failed_is_recorded_by_the_retry_not_sent_again(tmp_path: Path) -> None:
    """The receiver answered 200 and the ledger's "done" record failed (the database cut after the call;
    here a trigger refuses that one update): the node's retry in this process records the answer it
    got and does not POST again (it found its own live claim, waited CLAIM_S and sent a second time)."""
    import sqlite3

    from graph.ingestion import notify
    from graph.ingestion.state import AgentRunState
    from graph.ingestion.store import RunStore

    db = tmp_path / "kassist.db"
    runs = RunStore.from_url(f"sqlite:///{db}")
    runs.setup()
    calls: list[int] = []
    statuses = [200, 200]
    try:
        with _receiver(statuses) as hook:
            settings = Settings(source=str(tmp_path), collection="c", notify_url=hook)
            state = AgentRunState(run_id="r1", tenant_id="acme", settings=settings)
            with closing(sqlite3.connect(db)) as conn:
                conn.execute(
                    "CREATE TRIGGER x13_cut BEFORE UPDATE ON kassist_ingest_ledger WHEN NEW.state = 'done' "
                    "BEGIN SELECT RAISE(ABORT, 'the connection was cut'); END"
                )
                conn.commit()
            with pytest.raises(Exception, match="cut"):
                notify.send(runs, "acme", state, hook)
            calls.append(2 - len(statuses))
            with closing(sqlite3.connect(db)) as conn:
                conn.execute("DROP TRIGGER x13_cut")
                conn.commit()
            said = notify.send(runs, "acme", state, hook)  # the retry, at once
            calls.append(2 - len(statuses))
        assert calls == [1, 1], f"POSTs after each attempt: {calls} ({said})"
        assert [e.state for e in runs.for_tenant("acme").ledger("r1")] == ["done"]
    finally:
        runs.close()
