"""The run's notification is POSTed once when two workers reach it at once (session 30 probes, h5:
/tmp/h5s30/findings.md #1).

``kassist runs resume`` (graph.ingestion.runner.execute) holds the run's lease, but a run the graph
executes without the runner (``langgraph dev``'s runs, a graph invoked from code: what the LangGraph
server does with the ingestion graph) takes none. While such a run's notify step waited for the
receiver's answer, ``kassist runs resume`` found the lease free, re-ran the notify step from the head
checkpoint and POSTed the summary a second time: the ledger's ``intent`` row told "being sent right
now" from "a killed process left it" by nothing, so both workers sent. Here the receiver holds the
first POST for a moment (a slow receiver) while the runner resumes the run in the same process.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

TENANT, RUN = "acme", "hook-run"
HELD_S = 2.0  # how long the receiver keeps the first POST: a slow receiver, well under the 10 s timeout


@contextmanager
def slow_receiver(held: threading.Event | None = None) -> Iterator[tuple[str, list[str], threading.Event]]:
    """A real HTTP receiver on 127.0.0.1 that answers its first POST after HELD_S seconds (or, given
    ``held``, once the test sets it: a node that outlasts whatever the test waits for, by construction,
    not by timing): (url, the Idempotency-Key of every POST in arrival order, set when the first POST
    arrived)."""
    keys: list[str] = []
    first = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            keys.append(self.headers.get("Idempotency-Key") or "")
            if len(keys) == 1:
                first.set()
                if held is None:
                    threading.Event().wait(HELD_S)
                else:
                    held.wait(120)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", keys, first
    finally:
        server.shutdown()
        server.server_close()


def test_a_resume_during_a_graph_runs_notification_does_not_send_it_again(
    db_url: str, tmp_path: Path
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.head import read_head
    from graph.ingestion.resources import bind
    from graph.ingestion.runner import RunBusy, config_for, execute
    from graph.ingestion.state import IngestionInput, Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    (docs / "travel.md").write_text("# Travel\n\nBook trains for trips under four hours.\n")
    with slow_receiver() as (url, keys, first), resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=url)
        from graph.ingestion.graph import build_graph

        graph = build_graph().compile(checkpointer=res.saver.for_tenant(TENANT))
        ended: list[BaseException | str] = []

        def graph_run() -> None:  # what the LangGraph server does with a client's run on the thread
            try:
                given = IngestionInput(settings=settings)
                ended.append(
                    graph.invoke(given, bind(config_for(TENANT, RUN), res), durability="sync")["status"]
                )
            except Exception as exc:  # the loser of the race may end in a conflict: that is fine
                ended.append(exc)

        worker = threading.Thread(target=graph_run)
        worker.start()
        assert first.wait(60), "the graph run never reached its notify step"
        # `kassist runs resume` while the notification is in flight; refusing it (busy) is an
        # answer too, sending twice is not
        with suppress(RunBusy):
            execute(res, TENANT, RUN)
        worker.join(60)
        assert not worker.is_alive() and ended
        assert len(keys) == 1, f"the notification was POSTed {len(keys)} times: {keys}"
        head = read_head(res.saver, TENANT, RUN).state
        assert head is not None and head.status == "completed"
