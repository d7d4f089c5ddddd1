"""A run asked to stop before a node the graph does not have runs past it (h26 s40, H26-1).

``interrupt_before`` / ``interrupt_after`` are on the run routes' key lists (server/body_keys.py:
a misspelt *key* such as ``interupt_before`` is a 422, since it "ran as if unsent"), but the node
names they hold are checked by nobody: langgraph-api and LangGraph ignore a name the graph lacks.
An ingestion run's state names its steps ``discover``, ``ingest``, ``audit``, ``report``, ``review``,
``notify``, ``remember`` (``step_statuses``, the plan's kinds, docs/ingestion.md's table), while the
batch loop's node is ``ingest_batch``. A client that asks ``interrupt_before: ["ingest"]`` - to look at
what discover found before anything is read, embedded and indexed - gets a 200 and a run that read,
indexed, audited and remembered every document (``completed``): nothing stopped it. The same client
naming ``ingest_batch`` gets the pause it asked for. Either the name is refused (422, naming the
nodes the graph has) or the run stops where it was asked to; never a run that does all it was asked
not to do yet.

On the shared ``langgraph dev`` (hashing flavour): one two-document run, ~3 s."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_a_run_asked_to_stop_before_ingest_indexes_nothing(shared_dev_hashing: SharedServer) -> None:
    folder = shared_dev_hashing.corpus(ME.acme).parent / "h26-two-docs"
    folder.mkdir(exist_ok=True)
    (folder / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    (folder / "travel.md").write_text("# Travel\n\nBook trains for trips under 500 km.\n")
    alice = httpx.Client(base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    settings = {"source": str(folder), "collection": "h26", "embedder": "hashing"}

    sent = alice.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "ingestion", "input": {"settings": settings}, "interrupt_before": ["ingest"]},
    )

    state = alice.get(f"/threads/{thread}/state").json()
    values = state.get("values") or {}
    indexed = (values.get("counters") or {}).get("documents_indexed", 0)
    assert indexed == 0, (
        f"asked to stop before 'ingest', the run answered {sent.status_code} and ended "
        f"{values.get('status')!r} with {indexed} documents indexed (next: {state.get('next')})"
    )
