"""r4 s39 (review of 327ecc8, R4-20's fix): langgraph dev lets in an ingestion run whose
``settings.embedder`` is "openai" on a server without OpenAI, and the run fails naming ``--embedder``.

327ecc8 refuses ``options.embedder: "openai"`` at the runs API's door (422 naming options.embedder)
when the server's environment holds no OPENAI_API_KEY/OPENAI_BASE_URL. langgraph dev's door
(graph/ingestion/served.check_served, "the rules LangGraph-server runs obey ... one rule for every
interface") checks only that the name is one of CLIENT_EMBEDDERS: the run is let in and ends at
discover with ``EmbedderUnavailable: --embedder openai needs OPENAI_API_KEY or OPENAI_BASE_URL in the
environment`` - a command-line option and the server's environment, neither the client's. Expected: a
4xx before the run exists naming settings.embedder, or at least the API's words. The shared
``langgraph dev`` (hashing, OPENAI_* empty), a one-document folder under this file's tenant folder."""

from __future__ import annotations

import httpx
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)


def test_an_embedder_the_server_cannot_use_is_refused_at_langgraph_devs_door(
    shared_dev_hashing: SharedServer,
) -> None:
    folder = shared_dev_hashing.corpus(ME.acme).parent / "r4-embedder"
    folder.mkdir(exist_ok=True)
    (folder / "note.md").write_text("# Desk booking\n\nDesks are booked in the facilities app.\n")
    settings = {"source": str(folder), "collection": "r4embedder", "embedder": "openai"}
    body = {"assistant_id": "ingestion", "input": {"settings": settings}}
    with httpx.Client(
        base_url=shared_dev_hashing.base, headers={"x-api-key": ME.acme_key}, timeout=120
    ) as alice:
        thread = alice.post("/threads", json={}).json()["thread_id"]
        try:
            done = alice.post(f"/threads/{thread}/runs/wait", json=body)
            said = done.text
            if done.status_code < 400:  # let in: what its state says
                said += alice.get(f"/threads/{thread}/state").text
            at = said.find("--embedder")
            assert at < 0, (done.status_code, said[max(0, at - 200) : at + 200])
            assert 400 <= done.status_code < 500, (done.status_code, said[:600])
        finally:
            alice.delete(f"/threads/{thread}")
