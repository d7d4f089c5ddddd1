"""A live ``kassist ingest`` keeps its run while one node takes longer than its lease (session 30
probes, h5: /tmp/h5s30/findings.md #6).

The runner (graph.ingestion.runner.execute: ``kassist ingest``, ``kassist runs resume``) renews its
lease only between nodes; ``kassist serve``'s workers add a heartbeat, the command line has none. A
node that outlasts the lease (a batch of large PDFs on the local model, a slow notification receiver;
120 s by default, 3 s here) left the lease expired under a live worker: a second ``kassist runs
resume`` took the run over while the first was still inside the node, and both carried the node's
side effects out (here: the notification POSTed twice).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from test_probe_s30e_notify import slow_receiver

TENANT, RUN = "acme", "long-node"
# The receiver holds the first POST until the second resume has answered: the notify node outlasts
# the lease by construction. 3 s, renewed every second: a beat late by 2 s on a loaded machine is
# still in time (at 1 s, one late beat let the second resume take over: a flake, not the defect).
LEASE_S = 3.0


def test_a_resume_while_a_live_run_is_in_a_node_longer_than_its_lease_is_refused(
    sqlite_url: str, tmp_path: Path
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import RunBusy, execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    held = threading.Event()
    with (
        slow_receiver(held) as (url, keys, first),
        resources.installed(resources.Resources.open(sqlite_url)) as res,
    ):
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=url)
        first_ended: list[object] = []

        def ingest() -> None:  # `kassist ingest`, whose node outlasts its lease
            try:
                first_ended.append(execute(res, TENANT, RUN, settings=settings, lease_s=LEASE_S))
            except RunBusy as exc:  # told it was taken over: the damage is done by then
                first_ended.append(exc)

        worker = threading.Thread(target=ingest)
        worker.start()
        assert first.wait(60), "the run never reached its notify step"
        time.sleep(LEASE_S + 0.3)  # the first worker is alive, inside its notify node
        assert worker.is_alive()
        second: list[object] = []
        try:
            second.append(execute(res, TENANT, RUN))  # `kassist runs resume` from another terminal
        except RunBusy as exc:
            second.append(exc)
        held.set()  # the receiver answers the first POST: the first worker's node ends
        worker.join(60)
        assert isinstance(second[0], RunBusy), f"taken over from a live worker; POSTs: {len(keys)}"
        assert len(keys) == 1
