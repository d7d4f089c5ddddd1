"""langgraph dev's run door refuses a run another executor is carrying out (h14 s35 H2's mirror door,
x9: server/run_checks.carried_elsewhere): while the runs API's worker, the console or a command line
holds a langgraph dev run's lease, its owner's next run on the thread is 409 before it is queued (it
was accepted, then ended with RunBusy at begin). The shared langgraph dev (hashing flavour); the other
executor's lease taken on its database by this process (~3 s of CPU)."""

from __future__ import annotations

import os
import socket

import httpx
from shared_servers import SharedServer, file_tenants

from graph.ingestion.store import RunStore

ME = file_tenants(__name__)


def test_a_run_another_executor_carries_out_is_409_at_langgraph_devs_door(
    shared_dev_hashing: SharedServer,
) -> None:
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=300)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    settings = {"source": str(shared_dev_hashing.corpus(ME.acme)), "collection": "c", "embedder": "hashing"}
    first = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": {"settings": settings}, "interrupt_before": ["discover"]},
    )
    assert first.status_code == 200 and first.json().get("status") == "running", first.text[:300]

    # Another executor (a live process of this host, not the server's) takes the run over.
    store = RunStore.from_url(shared_dev_hashing.db_url)
    try:
        runs = store.for_tenant(ME.acme)
        other = f"{socket.gethostname()}:{os.getpid()}:other"
        assert runs.take_lease(thread, other, 60, lambda r: False) is None
        busy = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {}})
        assert busy.status_code == 409 and "is running right now" in busy.json()["detail"], busy.text[:300]
        assert other not in busy.text  # the holder (host, pid) is the server's, not a client's
        runs.release_lease(thread, other)
    finally:
        store.close()
