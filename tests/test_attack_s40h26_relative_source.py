"""A served run's relative ``settings.source`` is kept relative: which folder the run reads is the
working directory of whichever process carries it on (h26 s40, H26-4).

docs/ingestion.md: ``settings.source`` must resolve to a folder under the tenant's folder
``KASSIST_INGEST_ROOT/<tenant>``; paths are derived on the server, never from state. ``langgraph dev``
resolves a relative source against its own working directory at the door (``ingest-root/acme/docs``
passes when the server happens to run in the root's parent), then keeps the string as given: the
run's state, its registration and every later step read ``ingest-root/acme/docs`` against the current
process's directory. The same run, carried on by another executor on the database - the runs API's
worker of ``kassist serve`` (``POST /v1/runs/{id}/resume``), a ``langgraph dev`` restarted elsewhere -
resolves it elsewhere: seen on a real ``kassist serve`` on the same database and ingestion root, the
paused run's resume was 202 and then ``worker_error: run ... was not started: settings.source must be a
folder under the server's ingestion root`` for a folder that is under it; where the other directory
holds a folder of that name, that folder is read (and the collection, which mirrors its source, loses
the documents it lacks). The client never knew the server's directory. Either a relative source is
refused at the door, or the run keeps the folder it resolved to.

On the shared ``langgraph dev`` (hashing flavour, which runs in the parent of its ingestion root);
the rule kassist serve's worker meets again (``graph.ingestion.served.check_served``) judged here, in
the test's process, on the run's own settings: ~3 s."""

from __future__ import annotations

import os

import httpx
from shared_servers import SharedServer, file_tenants

from graph.ingestion.served import ServedRunRefused, check_served
from graph.ingestion.state import Settings

ME = file_tenants(__name__)


def test_a_served_run_reads_the_folder_it_was_let_in_with(shared_dev_hashing: SharedServer) -> None:
    tenant_folder = shared_dev_hashing.corpus(ME.acme).parent
    folder = tenant_folder / "h26-relative"
    folder.mkdir(exist_ok=True)
    (folder / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    root = tenant_folder.parent  # KASSIST_INGEST_ROOT; the server runs in its parent
    relative = os.path.relpath(folder, root.parent)
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    settings = {"source": relative, "collection": "h26-relative", "embedder": "hashing"}
    sent = alice.post(
        f"/threads/{thread}/runs/wait",
        json={
            "assistant_id": "ingestion",
            "input": {"settings": settings},
            "interrupt_before": ["ingest_batch"],
        },
    )
    if 400 <= sent.status_code < 500:
        return  # refused at the door: a client names its folder, not a path from the server's directory
    assert sent.status_code == 200, sent.text[:300]
    kept = Settings.model_validate(alice.get(f"/threads/{thread}/state").json()["values"]["settings"])

    try:
        check_served(kept, {"KASSIST_INGEST_ROOT": str(root)}, ME.acme)
    except ServedRunRefused as refused:
        raise AssertionError(
            f"the run was let in with source {relative!r} and keeps {kept.source!r}; judged again by the "
            f"rule another executor meets before carrying it on: {refused}"
        ) from None
