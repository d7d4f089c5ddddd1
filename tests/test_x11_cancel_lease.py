"""A run langgraph dev cancels mid-node is free once its node's thread stops, after the short grace
(x11 s36, session 35's residual of graph/ingestion/served_lease.py): langgraph dev's cancel stops the
invocation (its asyncio task), not the node's thread, which carries its step to the end. A node that
raised (a notify receiver answering 503: transient, the RetryPolicy's next attempt would follow) left
the lease as its beat had renewed it, LEASE_S (120 s): the command line's resume (the runs API's
alike) answered busy for two minutes after the cancel. Now every end of a work node leaves the grace.

The graph runs as langgraph dev runs it (an authenticated member's config, asynchronously); a real
receiver on 127.0.0.1 holds the first POST until the test has cancelled the run, then answers 503, and
200 after. One SQLite file, in process (~3 s of CPU)."""

from __future__ import annotations

import asyncio
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from review_support import member_config, served_pages, serving

from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunBusy, _compiled, execute

RUN = "01a24e83-a732-72b1-9942-e98bf1a21301"
asked, answer = threading.Event(), threading.Event()


class Receiver(BaseHTTPRequestHandler):
    """The first notification waits for the test's cancel, then is a 503; the next ones are 200."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        first = not asked.is_set()
        asked.set()
        if first:
            answer.wait(20)
        self.send_response(503 if first else 200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def test_a_run_cancelled_mid_node_is_free_after_the_grace(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = served_pages(tmp_path, monkeypatch)
    monkeypatch.setenv("KASSIST_NOTIFY_HOSTS", "127.0.0.1")
    monkeypatch.setenv("KASSIST_LEASE_GRACE_MS", "300")
    asked.clear()
    answer.clear()
    with serving(Receiver) as base:
        settings = {
            "source": str(docs),
            "collection": "c",
            "embedder": "hashing",
            "notify_url": f"{base}/hook",
        }

        async def cancelled_at_notify() -> None:
            graph = _compiled(res, "acme")
            task = asyncio.create_task(
                graph.ainvoke({"settings": settings}, member_config(res, RUN, "alice"))
            )
            while not asked.is_set():  # the notify node is waiting for the receiver
                assert not task.done(), task.result()
                await asyncio.sleep(0.02)
            task.cancel()  # langgraph dev's cancel of the run
            with pytest.raises(asyncio.CancelledError):
                await task
            answer.set()  # the node's thread, still running, gets its 503 and raises

        asyncio.run(cancelled_at_notify())  # its end waits for the node's thread to stop
        deadline = time.monotonic() + 10
        while True:
            try:
                outcome = execute(res, "acme", RUN)
                break
            except RunBusy:
                assert time.monotonic() < deadline, "the cancelled run's lease outlived the grace"
                time.sleep(0.05)
    assert outcome.state.status == "completed", outcome.state.last_error
