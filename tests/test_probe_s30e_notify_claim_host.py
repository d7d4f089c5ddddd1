"""A notification claimed by a server on another host that died is sent once its claim runs out
(session 30 probes, h5: /tmp/h5s30/findings.md #13).

The notify step claims the ledger's intent before it calls (h5 s30 #1's fix): another worker finding
a live claim waits for the answer. A claim of this host is void once its process is gone; a claim of
another host's worker (two ``kassist serve`` on one PostgreSQL, on two machines) only once its time
(three times the call's timeout) runs out. The worker taking over a run of a server that died mid-call
met that claim still holding, raised "being sent by another worker" to the RetryPolicy, whose few
seconds of attempts ended before the claim did: the run stopped ``failed`` and its request was done.
Here the run pauses before its notify step, the dead server's claim is written as its sender wrote
it (its host another, 9 s of its time left), and the run is resumed.
"""

from __future__ import annotations

import time
from pathlib import Path

from ingest_harness import receiver

TENANT, RUN = "acme", "taken-over"
CLAIM_LEFT_S = (
    9.0  # longer than the RetryPolicy's attempts (about 3.5-6.5 s), well under the 30 s a claim gets
)


def test_a_notification_claimed_by_a_dead_server_on_another_host_is_sent_when_its_claim_ends(
    sqlite_url: str, tmp_path: Path
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.notify import notify_key
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with receiver() as hook, resources.installed(resources.Resources.open(sqlite_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
        paused = execute(res, TENANT, RUN, settings=settings, max_steps=5).state  # up to the review
        assert paused.status == "paused" and paused.step_statuses.get("review") == "skipped", paused
        # What a server on another host wrote before it died inside its call to the receiver.
        dead = {"sending": "another-host:4242:5eaf00d", "until": time.time() + CLAIM_LEFT_S}
        key = notify_key(TENANT, RUN, "notify", hook.url)
        res.runs.for_tenant(TENANT).ledger_begin(RUN, key, {"run_id": RUN}, dead)
        state = execute(res, TENANT, RUN).state  # the worker that took the run over
        assert (state.status, state.last_error) == ("completed", None)
        assert len(hook.received) == 1
