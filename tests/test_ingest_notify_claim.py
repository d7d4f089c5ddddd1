"""A notification's claim lives as long as its sender's call (review s30 B1): a receiver slower than
the claim's time no longer lets a second worker POST again. The claim was made once with a fixed
time (30 s) while httpx's timeout is per phase and per read (a receiver trickling its answer keeps a
call open longer): a second worker waiting on it (a ``kassist runs resume`` beside a graph run, h5
#1's door) claimed it when that time ran out under the live sender and POSTed a second time. Here
the claim's time is 0.6 s and the receiver holds the first POST 2 s (tests/test_probe_s30e_notify.py's
receiver); the second worker calls from the main thread while the first's call runs."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from test_probe_s30e_notify import slow_receiver


def test_a_live_senders_claim_outlasts_a_slow_receiver(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from graph.ingestion import notify
    from graph.ingestion.state import AgentRunState, Settings
    from graph.ingestion.store import RunStore

    monkeypatch.setattr(notify, "CLAIM_S", 0.6)  # the receiver holds the first POST 2 s: 3 claims' time
    monkeypatch.setattr(notify, "WAIT_S", 0.1)
    runs = RunStore.from_url(sqlite_url)
    try:
        with slow_receiver() as (url, keys, first):
            settings = Settings(source=str(tmp_path), collection="c", notify_url=url)
            state = AgentRunState(run_id="r1", tenant_id="acme", settings=settings)
            said: dict[str, str] = {}

            def send(worker: str) -> None:
                said[worker] = notify.send(runs, "acme", state, url)

            sender = threading.Thread(target=send, args=("first",))
            sender.start()
            assert first.wait(10), "the first POST never arrived"
            send("second")  # while the first worker's call runs
            sender.join(10)
        assert len(keys) == 1, keys
        assert said["first"].startswith("sent to ") and said["second"].startswith("done earlier"), said
    finally:
        runs.close()
