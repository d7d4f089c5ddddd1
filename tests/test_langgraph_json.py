"""``langgraph.json`` serves the ingestion graph through ``langgraph dev`` (a real server process) with
kassist's checkpointer and API-key auth: runs land in our SQLite file under the caller's tenant,
anonymous callers get 401, another tenant gets 404."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import ACME_KEY, GLOBEX_KEY, ROOT, corpus_of, langgraph_dev

from checkpointer import TenantCheckpointer


def ingest_input(source: Path, collection: str = "served") -> dict[str, Any]:
    settings = {"source": str(source), "collection": collection, "embedder": "hashing", "batch_size": 12}
    return {"settings": settings}


def test_langgraph_json_points_at_our_factories_and_an_uncompiled_graph() -> None:
    config = json.loads((ROOT / "langgraph.json").read_text())
    assert config["dependencies"] == ["."]
    assert config["checkpointer"]["path"] == "server.saver.langgraph_checkpointer"
    assert config["store"]["path"] == "memory.store.langgraph_store"
    assert list(config["graphs"]) == ["ingestion", "assistant"]  # the placeholder documents graph left
    from graph.ingestion.graph import graph

    assert graph.checkpointer is None  # the server refuses graphs that bring their own


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str, Path]]:
    with langgraph_dev(tmp_path) as (base, db_url):
        yield base, db_url, tmp_path


def test_server_run_lands_in_our_checkpointer_under_the_callers_tenant(server: tuple[str, str, Path]) -> None:
    base, db_url, tmp = server
    corpus = corpus_of(tmp, "acme")  # KASSIST_INGEST_ROOT/acme/files
    acme = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=120)
    assert httpx.post(f"{base}/threads", json={}).status_code == 401
    assert (
        httpx.post(f"{base}/threads", json={}, headers={"x-api-key": "wrong-key-0123456789"}).status_code
        == 401
    )

    thread = acme.post("/threads", json={}).json()
    thread_id = thread["thread_id"]
    assert thread["metadata"]["tenant_id"] == "acme"
    run = acme.post(
        f"/threads/{thread_id}/runs/wait", json={"assistant_id": "ingestion", "input": ingest_input(corpus)}
    )
    assert run.status_code == 200, run.text
    result = run.json()
    assert result["status"] == "completed", result
    assert result["tenant_id"] == "acme" and result["run_id"] == thread_id
    assert result["counters"]["documents_indexed"] == 24 and result["batch_cursor"] == 2
    state = acme.get(f"/threads/{thread_id}/state").json()
    assert state["values"]["status"] == "completed"

    # A client cannot pick another tenant through configurable: the run is refused before it starts.
    spoof = acme.post("/threads", json={}).json()["thread_id"]
    spoofed = acme.post(
        f"/threads/{spoof}/runs/wait",
        json={
            "assistant_id": "ingestion",
            "input": ingest_input(corpus),
            "config": {"configurable": {"tenant_id": "globex"}},
        },
    )
    assert spoofed.status_code == 403, spoofed.text
    assert "not the tenant of your API key" in spoofed.json()["detail"]

    globex = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {GLOBEX_KEY}"}, timeout=30)
    assert globex.get(f"/threads/{thread_id}").status_code == 404
    assert globex.post("/threads/search", json={}).json() == []

    with TenantCheckpointer.from_url(db_url) as saver:
        head = saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": thread_id}})
        assert head is not None
        assert head.checkpoint["channel_values"]["status"] == "completed"
        assert saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": thread_id}}) is None
        for tenant in ("acme", "globex"):  # the refused run stored nothing anywhere
            assert saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": spoof}}) is None

    # Served runs read only under the run's tenant's folder of the server's ingestion root and
    # notify only hosts it lists: a client's /etc, another tenant's folder or its own callback URL
    # is refused before the run exists (422, one line naming the setting, never a server path).
    for settings, named in (
        ({"source": "/etc", "collection": "loot"}, "KASSIST_INGEST_ROOT"),
        ({"source": f"{corpus}/../../../..", "collection": "loot"}, "KASSIST_INGEST_ROOT"),
        # KASSIST_INGEST_ROOT/<tenant>: globex's folder of the same root, named directly or by "..",
        # and the whole root.
        ({"source": str(corpus_of(tmp, "globex")), "collection": "loot"}, "KASSIST_INGEST_ROOT/<tenant>"),
        ({"source": f"{corpus}/../../globex/files", "collection": "loot"}, "KASSIST_INGEST_ROOT/<tenant>"),
        ({"source": f"{corpus}/../..", "collection": "loot"}, "KASSIST_INGEST_ROOT/<tenant>"),
        ({"source": str(corpus), "notify_url": "http://127.0.0.1:9/x"}, "KASSIST_NOTIFY_HOSTS"),
        ({"source": str(corpus), "max_bytes": 2**40}, "settings.max_bytes: Input should be less than"),
    ):
        probe = acme.post("/threads", json={}).json()["thread_id"]
        refused = acme.post(
            f"/threads/{probe}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": {"embedder": "hashing", **settings}}},
        )
        assert refused.status_code == 422, refused.text
        detail = refused.json()["detail"]
        assert named in detail and "\n" not in detail and str(tmp) not in detail, detail
        if "ingestion root" in detail:
            assert "ask this server's operator" in detail  # what to do
        assert acme.get(f"/threads/{probe}/state").json()["values"] == {}  # nothing ran
