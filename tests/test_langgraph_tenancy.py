"""Tenants on a real ``langgraph dev``: the tenant of every path is the caller's, never the data's.

A thread id that exists under another tenant (written through LangServe or the CLI into the same
database) is another thread: deleting, copying or deleting runs of "it" touches only the caller's.
Another tenant's assistants are not found; the built-in assistant works for every tenant. Clients
may set only the configurable keys their graph allows."""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from doc_steps import build_graph, initial_state
from server_harness import langgraph_dev_refusing
from shared_servers import SharedServer, file_tenants

from checkpointer import TenantCheckpointer

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key
Server = tuple[str, str]


@pytest.fixture(scope="module")
def server(shared_dev: SharedServer) -> Server:
    return shared_dev.base, shared_dev.db_url


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=60)


def _cfg(thread_id: str, **extra: Any) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id, **extra}}


def _globex_thread(db_url: str, thread_id: str, run_id: str | None = None) -> list[str]:
    """A globex thread written straight into the database (as LangServe or the CLI would); returns
    its checkpoint ids."""
    with TenantCheckpointer.from_url(db_url) as saver:
        globex = saver.for_tenant(ME.globex)
        graph = build_graph().compile(checkpointer=globex)
        extra = {"run_id": run_id} if run_id else {}
        graph.invoke(initial_state(2), _cfg(thread_id, **extra), durability="sync")
        return [t.checkpoint["id"] for t in globex.list(_cfg(thread_id))]


def _checkpoints(db_url: str, tenant: str, thread_id: str) -> list[str]:
    with TenantCheckpointer.from_url(db_url) as saver:
        return [t.checkpoint["id"] for t in saver.for_tenant(tenant).list(_cfg(thread_id))]


def test_delete_and_copy_of_a_thread_id_another_tenant_has_leave_that_tenant_alone(
    server: Server,
) -> None:
    base, db_url = server
    shared = str(uuid.uuid4())
    globex_before = _globex_thread(db_url, shared)
    assert len(globex_before) == 4
    acme = _client(base, ACME_KEY)
    # acme creates a thread with the same id: a thread of its own, empty.
    created = acme.post("/threads", json={"thread_id": shared})
    assert created.status_code == 200, created.text
    assert acme.get(f"/threads/{shared}/state").json()["values"] == {}
    # Reads by id, including globex's own checkpoint id, find only acme's (empty) thread.
    assert acme.post(f"/threads/{shared}/history", json={"limit": 10}).json() == []
    by_id = acme.get(f"/threads/{shared}/state/{globex_before[0]}")
    assert by_id.status_code == 404 or by_id.json()["values"] == {}, by_id.text

    copied = acme.post(f"/threads/{shared}/copy")
    assert copied.status_code == 200, copied.text
    copy_id = copied.json()["thread_id"]
    assert acme.get(f"/threads/{copy_id}/state").json()["values"] == {}  # nothing of globex's
    assert _checkpoints(db_url, ME.acme, copy_id) == []
    assert _checkpoints(db_url, ME.globex, copy_id) == []  # no copy written under globex either

    # acme's own run on the id, then acme deletes its thread: only acme's checkpoints go.
    run = acme.post(
        f"/threads/{shared}/runs/wait", json={"assistant_id": "documents", "input": initial_state(1)}
    )
    assert run.status_code == 200, run.text
    assert len(_checkpoints(db_url, ME.acme, shared)) == 3
    assert acme.delete(f"/threads/{shared}").status_code == 204
    assert _checkpoints(db_url, ME.acme, shared) == []
    assert _checkpoints(db_url, ME.globex, shared) == globex_before

    # Prune (strategy "delete") goes the same way.
    acme.post("/threads", json={"thread_id": shared})
    pruned = acme.post("/threads/prune", json={"thread_ids": [shared], "strategy": "delete"})
    assert pruned.status_code == 200, pruned.text
    assert _checkpoints(db_url, ME.globex, shared) == globex_before


def test_deleting_a_run_id_another_tenant_has_leaves_that_tenants_checkpoints(server: Server) -> None:
    base, db_url = server
    globex_thread, run_id = str(uuid.uuid4()), str(uuid.uuid4())
    globex_before = _globex_thread(db_url, globex_thread, run_id=run_id)
    acme = _client(base, ACME_KEY)
    own = acme.post("/threads", json={}).json()["thread_id"]
    # langgraph-api hands the run id to the checkpointer before it looks for the run.
    acme.delete(f"/threads/{own}/runs/{run_id}")
    assert _checkpoints(db_url, ME.globex, globex_thread) == globex_before


def test_another_tenants_assistants_are_not_found_and_built_ins_work_for_everyone(
    server: Server,
) -> None:
    base, _ = server
    acme, globex = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    made = acme.post(
        "/assistants", json={"graph_id": "documents", "name": "acme-docs", "metadata": {"plan": "gold"}}
    )
    assert made.status_code == 200, made.text
    mine = made.json()["assistant_id"]
    assert made.json()["metadata"]["tenant_id"] == ME.acme

    assert globex.get(f"/assistants/{mine}").status_code == 404
    assert globex.get(f"/assistants/{mine}/graph").status_code == 404
    versions = globex.post(f"/assistants/{mine}/versions", json={})
    assert versions.status_code == 404 or versions.json() == [], versions.text
    assert globex.patch(f"/assistants/{mine}", json={"metadata": {"plan": "free"}}).status_code == 404
    assert globex.delete(f"/assistants/{mine}").status_code == 404
    searched = globex.post("/assistants/search", json={"limit": 100}).json()
    assert mine not in {a["assistant_id"] for a in searched}
    assert all(a["metadata"].get("plan") != "gold" for a in searched)
    assert acme.get(f"/assistants/{mine}").json()["metadata"]["plan"] == "gold"  # untouched

    for client in (acme, globex):
        built_ins = client.post("/assistants/search", json={"graph_id": "documents"}).json()
        system = [a for a in built_ins if a["metadata"].get("created_by") == "system"]
        assert len(system) == 1
        assert client.get(f"/assistants/{system[0]['assistant_id']}").status_code == 200
        thread = client.post("/threads", json={}).json()["thread_id"]
        run = client.post(
            f"/threads/{thread}/runs/wait", json={"assistant_id": "documents", "input": initial_state(1)}
        )
        assert run.status_code == 200 and run.json()["processed"] == ["doc-000"], run.text
        # Nobody can change or delete the built-in, nor pass an assistant of their own off as one.
        built_in = system[0]["assistant_id"]
        assert client.patch(f"/assistants/{built_in}", json={"metadata": {"x": 1}}).status_code == 404
        assert client.delete(f"/assistants/{built_in}").status_code == 404
    fake = acme.post(
        "/assistants", json={"graph_id": "documents", "metadata": {"created_by": "system"}}
    ).json()
    assert fake["metadata"]["created_by"] == "alice"
    assert globex.get(f"/assistants/{fake['assistant_id']}").status_code == 404


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"config": {"configurable": {"ledger_path": "/tmp/owned.db"}}}, 422, "['ledger_path']"),
        ({"config": {"configurable": {"step_delay": 30}}}, 422, "['step_delay']"),
        ({"context": {"ledger_path": "/tmp/owned.db"}}, 422, "['ledger_path']"),
        ({"config": {"configurable": {"__pregel_durability": "exit"}}}, 422, "['__pregel_durability']"),
        ({"config": {"configurable": {"tenant_id": ME.globex}}}, 403, "not the tenant of your API key"),
    ],
)
def test_runs_may_set_only_the_graphs_client_keys(
    server: Server, body: dict[str, Any], status: int, says: str
) -> None:
    base, db_url = server
    acme = _client(base, ACME_KEY)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    run = {"assistant_id": "documents", "input": initial_state(1), **body}
    for path in (f"/threads/{thread}/runs/wait", "/runs/wait", f"/threads/{thread}/runs"):
        refused = acme.post(path, json=run)
        assert refused.status_code == status, refused.text
        assert says in refused.text
    assert _checkpoints(db_url, ME.acme, thread) == []


def test_assistants_and_crons_may_set_only_the_graphs_client_keys(server: Server) -> None:
    base, _ = server
    acme = _client(base, ACME_KEY)
    bad = {"configurable": {"ledger_path": "/tmp/owned.db"}}
    refused = acme.post("/assistants", json={"graph_id": "documents", "config": bad})
    assert refused.status_code == 422 and "['ledger_path']" in refused.text, refused.text
    refused = acme.post("/assistants", json={"graph_id": "documents", "context": {"step_delay": 9}})
    assert refused.status_code == 422 and "['step_delay']" in refused.text, refused.text
    mine = acme.post("/assistants", json={"graph_id": "documents"}).json()["assistant_id"]
    refused = acme.patch(f"/assistants/{mine}", json={"config": bad})
    assert refused.status_code == 422, refused.text
    cron = acme.post(
        "/runs/crons", json={"assistant_id": "documents", "schedule": "0 0 * * *", "config": bad}
    )
    assert cron.status_code == 422, cron.text


def test_another_tenants_crons_are_not_found(server: Server) -> None:
    base, _ = server
    acme, globex = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    made = acme.post("/runs/crons", json={"assistant_id": "documents", "schedule": "0 0 * * *"})
    assert made.status_code == 200, made.text
    cron_id = made.json()["cron_id"]
    assert cron_id in {c["cron_id"] for c in acme.post("/runs/crons/search", json={}).json()}
    assert cron_id not in {c["cron_id"] for c in globex.post("/runs/crons/search", json={}).json()}
    assert globex.get(f"/runs/crons/{cron_id}").status_code == 404
    assert globex.patch(f"/runs/crons/{cron_id}", json={"schedule": "0 1 * * *"}).status_code == 404
    assert globex.delete(f"/runs/crons/{cron_id}").status_code == 404
    assert acme.get(f"/runs/crons/{cron_id}").json()["schedule"] == "0 0 * * *"
    assert acme.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)


@pytest.mark.parametrize(
    "table",
    [
        '{"dev-secret-0123456789": {"identity": "a"}}',
        "not json",
        '{"short": {"identity": "a", "tenant_id": "x"}}',
    ],
)
def test_a_malformed_key_table_stops_langgraph_dev_naming_the_variable(tmp_path: Path, table: str) -> None:
    """The server does not start (so no client can ever be answered with configuration details)."""
    log = langgraph_dev_refusing(tmp_path, {"KASSIST_API_KEYS": table})
    assert "invalid API key table in $KASSIST_API_KEYS" in log
    assert "dev-secret-0123456789" not in log


def test_rolling_back_a_run_removes_only_the_callers_checkpoints_of_it(server: Server) -> None:
    """multitask_strategy="rollback" deletes the interrupted run's checkpoints twice: in the request
    (the caller's tenant) and again from the worker, outside any request (the tenant this server saw
    the run write under). A run id another tenant has checkpoints under is left alone by both."""
    base, db_url = server
    acme = _client(base, ACME_KEY)
    thread = acme.post("/threads", json={}).json()["thread_id"]
    long_run = acme.post(
        f"/threads/{thread}/runs",
        json={
            "assistant_id": "documents",
            "input": initial_state(3000),
            "config": {"recursion_limit": 10000},
        },
    ).json()
    globex_thread = str(uuid.uuid4())
    globex_before = _globex_thread(db_url, globex_thread, run_id=long_run["run_id"])
    deadline = time.monotonic() + 60
    while len(_checkpoints(db_url, ME.acme, thread)) < 5:  # the long run is writing
        assert time.monotonic() < deadline, "the long run never started"
        time.sleep(0.2)
    second = acme.post(
        f"/threads/{thread}/runs/wait",
        json={"assistant_id": "documents", "input": initial_state(1), "multitask_strategy": "rollback"},
    )
    assert second.status_code == 200, second.text
    time.sleep(1)  # the worker's clean-up of the rolled-back run
    with TenantCheckpointer.from_url(db_url) as saver:
        kept = list(saver.for_tenant(ME.acme).list(_cfg(thread)))
    assert kept and long_run["run_id"] not in {t.metadata.get("run_id") for t in kept}
    assert _checkpoints(db_url, ME.globex, globex_thread) == globex_before
