"""How many threads and assistants one user keeps on ``langgraph dev``, a batch that would cross the
waiting-runs limit, and ``/ok``'s query (session 22 probes left these open,
/tmp/kassist-docs/s22/g5-probes.md; session 23, /tmp/kassist-docs/s23/h1-probes.md).

- ``langgraph dev`` keeps every thread and assistant in its memory. Each one's metadata is bounded
  (16 KiB, session 22), their number was not: one member could make threads (or assistants) until
  the server's memory ran out, for every tenant. Now a user keeps at most
  ``KASSIST_MAX_THREADS_PER_USER`` threads and ``KASSIST_MAX_ASSISTANTS_PER_USER`` assistants; one
  more (``POST /threads``, a copy, a run that makes its thread) is 409 naming the limit and what to
  delete. A thread that exists already is no new one.
- A ``POST /runs/batch`` whose runs would take its user over ``KASSIST_MAX_WAITING_RUNS_PER_USER``
  queued its runs up to the limit and answered 409: half a batch ran. Now the whole batch is refused
  and none of its runs is queued.
- ``GET /ok?check_db=x`` answered 400 with Python's ``invalid literal for int()``; now 422 naming
  the parameter and its values.

- Store items had no quota: a member filled the database through ``PUT /store/items`` (session 28
  left this open). Now a user keeps at most ``KASSIST_MAX_STORE_ITEMS_PER_USER`` items of at most
  ``KASSIST_MAX_STORE_BYTES_PER_USER`` bytes, a tenant ``..._PER_TENANT`` (session 29).

The server here runs with low limits (5 threads, 2 assistants, 3 waiting runs; 3 store items and
4,000 bytes a user, 5 items a tenant)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    ERIN_KEY,
    GLOBEX_KEY,
    WITH_ERIN,
    langgraph_dev,
    langgraph_dev_refusing,
)

pytestmark = pytest.mark.timeout(900)

THREADS, ASSISTANTS, WAITING = 5, 2, 3
ENV = {
    "KASSIST_MAX_THREADS_PER_USER": str(THREADS),
    "KASSIST_MAX_ASSISTANTS_PER_USER": str(ASSISTANTS),
    "KASSIST_MAX_WAITING_RUNS_PER_USER": str(WAITING),
    "KASSIST_MAX_STORE_ITEMS_PER_USER": "3",
    "KASSIST_MAX_STORE_BYTES_PER_USER": "4000",
    "KASSIST_MAX_STORE_ITEMS_PER_TENANT": "5",
}
LATER = {
    "assistant_id": "assistant",
    "input": {"messages": [{"role": "user", "content": "What is the travel policy?"}]},
    "after_seconds": 3600,  # waits: the limit counts runs pending or running
}


@pytest.fixture(scope="module")
def lg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import json

    keys = WITH_ERIN
    env = {**ENV, "KASSIST_API_KEYS": json.dumps(keys)}
    with langgraph_dev(tmp_path_factory.mktemp("probe-object-counts"), env=env) as (base, _):
        yield base


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _refused(answer: httpx.Response, variable: str, limit: int, what: str) -> None:
    assert answer.status_code == 409, (answer.status_code, answer.text[:300])
    detail = answer.json()["detail"]
    assert variable in detail and str(limit) in detail and what in detail, detail


def test_a_user_keeps_at_most_the_limit_of_threads_and_a_delete_frees_a_place(lg: str) -> None:
    alice, erin, globex = _client(lg, ACME_KEY), _client(lg, ERIN_KEY), _client(lg, GLOBEX_KEY)
    variable = "KASSIST_MAX_THREADS_PER_USER"
    made = [alice.post("/threads", json={}).json()["thread_id"] for _ in range(THREADS)]
    _refused(alice.post("/threads", json={}), variable, THREADS, "DELETE /threads/")
    # Every door that makes a thread: a copy, a run without a thread, a run creating its thread.
    _refused(alice.post(f"/threads/{made[0]}/copy"), variable, THREADS, "DELETE /threads/")
    _refused(alice.post("/runs", json=LATER), variable, THREADS, "DELETE /threads/")
    new_id = "00000000-0000-4000-8000-00000000c0de"
    _refused(
        alice.post(f"/threads/{new_id}/runs", json={**LATER, "if_not_exists": "create"}),
        variable,
        THREADS,
        "DELETE /threads/",
    )
    assert alice.get(f"/threads/{new_id}").status_code == 404
    # A thread that exists is no new one: naming it again is answered as before.
    again = alice.post("/threads", json={"thread_id": made[0], "if_exists": "do_nothing"})
    assert again.status_code == 200, again.text[:300]
    # Another user's (same tenant, other tenant) count is its own.
    assert erin.post("/threads", json={}).status_code == 200
    assert globex.post("/threads", json={}).status_code == 200
    # A deleted thread no longer counts.
    assert alice.delete(f"/threads/{made.pop()}").status_code in (200, 204)
    assert alice.post("/threads", json={}).status_code == 200


def test_a_user_keeps_at_most_the_limit_of_assistants(lg: str) -> None:
    olga, erin = _client(lg, ACME_ADMIN_KEY), _client(lg, ERIN_KEY)
    variable = "KASSIST_MAX_ASSISTANTS_PER_USER"
    body = {"graph_id": "assistant", "config": {"configurable": {"context_budget": 2000}}}
    made = [olga.post("/assistants", json=body).json()["assistant_id"] for _ in range(ASSISTANTS)]
    _refused(olga.post("/assistants", json=body), variable, ASSISTANTS, "DELETE /assistants/")
    # An update is no new assistant; another user's count is its own.
    patched = olga.patch(f"/assistants/{made[0]}", json={"name": "renamed"})
    assert patched.status_code == 200, patched.text[:300]
    assert erin.post("/assistants", json=body).status_code == 200
    assert olga.delete(f"/assistants/{made[0]}").status_code in (200, 204)
    assert olga.post("/assistants", json=body).status_code == 200


def test_a_batch_over_the_waiting_runs_limit_is_refused_whole(lg: str) -> None:
    """langgraph-api authorizes the runs of a batch one by one: a batch crossing the limit queued
    its runs up to it and answered 409. Nothing of it is queued now; one that fits is queued."""
    globex = _client(lg, GLOBEX_KEY)
    for thread in globex.post("/threads/search", json={"limit": 100}).json():
        globex.delete(f"/threads/{thread['thread_id']}")
    batch = globex.post("/runs/batch", json=[LATER] * (WAITING + 1))
    assert batch.status_code == 409, (batch.status_code, batch.text[:300])
    detail = batch.json()["detail"]
    assert "KASSIST_MAX_WAITING_RUNS_PER_USER" in detail and "batch" in detail, detail
    threads = globex.post("/threads/search", json={"limit": 100}).json()
    waiting = [r for t in threads for r in globex.get(f"/threads/{t['thread_id']}/runs").json()]
    assert waiting == [], waiting
    fits = globex.post("/runs/batch", json=[LATER] * 2)
    assert fits.status_code == 200, fits.text[:300]
    for run in fits.json():
        globex.post(f"/threads/{run['thread_id']}/runs/{run['run_id']}/cancel")


def test_ok_with_a_bad_check_db_is_a_clear_422(lg: str) -> None:
    answer = httpx.get(f"{lg}/ok", params={"check_db": "x"}, timeout=60)
    assert answer.status_code == 422, (answer.status_code, answer.text[:300])
    assert "check_db must be 0 or 1" in answer.json()["detail"], answer.text
    assert httpx.get(f"{lg}/ok", params={"check_db": "1"}, timeout=60).status_code == 200
    assert httpx.get(f"{lg}/ok", timeout=60).status_code == 200


def test_the_count_limits_are_read_from_the_environment(tmp_path: Path) -> None:
    from server.object_limits import DEFAULT_ASSISTANTS, DEFAULT_THREADS, object_limits

    assert object_limits({}) == (DEFAULT_THREADS, DEFAULT_ASSISTANTS) == (1000, 100)
    assert object_limits({"KASSIST_MAX_THREADS_PER_USER": "7"}) == (7, DEFAULT_ASSISTANTS)
    for variable in ("KASSIST_MAX_THREADS_PER_USER", "KASSIST_MAX_ASSISTANTS_PER_USER"):
        with pytest.raises(ValueError, match=variable):
            object_limits({variable: "0"})
    from server.store_limits import store_limits

    assert store_limits({})["KASSIST_MAX_STORE_ITEMS_PER_USER"] == 10_000
    with pytest.raises(
        ValueError, match="KASSIST_MAX_STORE_BYTES_PER_TENANT must be a whole number of bytes"
    ):
        store_limits({"KASSIST_MAX_STORE_BYTES_PER_TENANT": "0"})
    log = langgraph_dev_refusing(tmp_path, {"KASSIST_MAX_THREADS_PER_USER": "none"})
    assert "KASSIST_MAX_THREADS_PER_USER must be a whole number of threads" in log


def test_an_admins_copy_of_a_members_thread_is_refused(lg: str) -> None:
    """langgraph-api copies a thread's metadata, owner included: admin olga's copy of member erin's
    conversation was a new thread of erin's, in erin's list, that erin never made (session 23)."""
    olga, erin = _client(lg, ACME_ADMIN_KEY), _client(lg, ERIN_KEY)
    erins = erin.post("/threads", json={}).json()["thread_id"]
    refused = olga.post(f"/threads/{erins}/copy")
    assert refused.status_code == 403, (refused.status_code, refused.text[:300])
    assert (
        "erin's" in refused.json()["detail"] and "copy only threads of your own" in refused.json()["detail"]
    )
    assert olga.get(f"/threads/{erins}").status_code == 200  # still read by the admin
    copy = erin.post(f"/threads/{erins}/copy")
    assert copy.status_code == 200 and copy.json()["metadata"]["owner"] == "erin", copy.text[:300]
    olgas = olga.post("/threads", json={}).json()["thread_id"]
    assert olga.post(f"/threads/{olgas}/copy").status_code == 200


def test_a_threads_graph_label_is_the_servers(lg: str) -> None:
    """langgraph-api reads a thread's state through the graph its ``metadata.graph_id`` names: a
    member's metadata PATCH relabelled its conversation ``ingestion`` (state read as empty) or
    ``zzz`` (every state read 404 naming the server's graphs). Now 422; a thread made for a served
    graph (what ``langgraph_sdk``'s ``threads.create(graph_id=...)`` sends) is still fine."""
    olga = _client(lg, ACME_ADMIN_KEY)
    thread = olga.post("/threads", json={"metadata": {"graph_id": "assistant"}}).json()["thread_id"]
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": "hi"}]}}
    assert olga.post(f"/threads/{thread}/runs/wait", json=turn).status_code == 200
    for label in ("ingestion", "zzz"):
        answer = olga.patch(f"/threads/{thread}", json={"metadata": {"graph_id": label}})
        assert answer.status_code == 422 and "set by the server" in answer.json()["detail"], answer.text[:300]
    assert (
        olga.patch(
            f"/threads/{thread}", json={"metadata": {"graph_id": "assistant", "topic": "x"}}
        ).status_code
        == 200
    )
    assert olga.get(f"/threads/{thread}/state").json()["values"]["messages"]
    made = olga.post("/threads", json={"metadata": {"graph_id": "zzz"}})
    assert made.status_code == 422 and "must be one of" in made.json()["detail"], made.text[:300]
    # Another tenant's key, or another member of the tenant, is told nothing of the thread (not its
    # graph): the same 404 as for a thread that does not exist.
    for key in (GLOBEX_KEY, ERIN_KEY):
        for label in ("ingestion", "zzz"):
            answer = _client(lg, key).patch(f"/threads/{thread}", json={"metadata": {"graph_id": label}})
            assert answer.status_code == 404 and "assistant" not in answer.text, (
                key,
                label,
                answer.text[:300],
            )


def test_store_items_are_counted_per_user_and_per_tenant_and_one_racer_wins(lg: str) -> None:
    """Session 29 (h1): server/store_limits.py."""
    from concurrent.futures import ThreadPoolExecutor

    alice, erin, bob = (_client(lg, key) for key in (ACME_KEY, ERIN_KEY, GLOBEX_KEY))

    def put(client: httpx.Client, key: str, value: object = "x") -> httpx.Response:
        return client.put("/store/items", json={"namespace": ["quota"], "key": key, "value": {"v": value}})

    assert all(put(alice, f"a{i}").status_code == 204 for i in range(3))
    _refused(put(alice, "a3"), "KASSIST_MAX_STORE_ITEMS_PER_USER", 3, "you keep 3 store items")
    assert put(alice, "a0", "y" * 2000).status_code == 204  # an update: its new size, no new item
    _refused(put(alice, "a1", "z" * 2500), "KASSIST_MAX_STORE_BYTES_PER_USER", 4000, "bytes")
    assert (
        alice.request("DELETE", "/store/items", json={"namespace": ["quota"], "key": "a2"}).status_code == 204
    )
    assert put(alice, "a3").status_code == 204  # the delete freed a place
    # The tenant: alice keeps 3, erin may add 2 - two at once for the last place: one wins.
    assert put(erin, "e0").status_code == 204
    with ThreadPoolExecutor(2) as pool:
        raced = list(pool.map(lambda key: put(erin, key).status_code, ["e1", "e2"]))
    assert sorted(raced) == [204, 409], raced
    _refused(put(erin, "e3"), "KASSIST_MAX_STORE_ITEMS_PER_TENANT", 5, "your tenant's users keep 5")
    assert put(bob, "b0").status_code == 204  # another tenant's count is its own
    for client in (alice, erin, bob):
        client.close()


def test_a_store_item_gone_another_way_frees_its_place(db_url: str) -> None:
    """A client's item deleted by a run (a thread's delete takes its session note) or expired leaves
    its writer's row: swept when a count reaches a limit, so it never refuses a put; a process sweeps
    a tenant at most once a hold's length (a user putting at her limit does not make every put pass
    over the whole tenant). In process."""
    import asyncio

    from langgraph.store.base import PutOp
    from raw_sql import raw_changed

    from kassist.db.handle import open_set_up
    from memory import MemoryStore
    from memory.store.namespaces import encode_path
    from server.store_limits import ITEMS_ENV, StoreWriters, store_limits

    store = MemoryStore.from_url(db_url, tenant_from_namespace=True)
    store.setup()
    writers = open_set_up(db_url, StoreWriters)
    limits = {**store_limits({}), ITEMS_ENV: 2}
    item = {"tenant_id": "acme", "ns_path": encode_path(("quota",)), "identity": "alice", "bytes": 10}
    try:
        for key in ("a", "b"):
            store.batch([PutOp(("acme", "quota"), key, {"v": 1})])
            assert asyncio.run(writers.take({**item, "key": key}, limits)) is None
        store.batch([PutOp(("acme", "quota"), "a", None)])  # gone without the API's delete
        assert asyncio.run(writers.take({**item, "key": "c"}, limits)) is not None  # a's place still held
        assert raw_changed(db_url, "UPDATE kassist_store_writers SET written_at = 0") == 2  # past the hold
        # This process swept acme a moment ago (nothing to sweep then): not again within the hold.
        assert asyncio.run(writers.take({**item, "key": "c"}, limits)) is not None
        other = open_set_up(db_url, StoreWriters)  # another server process (or this one later)
        try:
            assert asyncio.run(other.take({**item, "key": "c"}, limits)) is None
        finally:
            other.close()
    finally:
        writers.close()
        store.close()


def test_two_server_processes_at_the_last_store_place_one_wins(db_url: str) -> None:
    """Two processes on one database (two StoreWriters, each its own connections) put the tenant's
    last item at once: one wins (PostgreSQL: the tenant's advisory lock; SQLite: its write lock)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from kassist.db.handle import open_set_up
    from memory import MemoryStore
    from memory.store.namespaces import encode_path
    from server.store_limits import TENANT_ITEMS_ENV, StoreWriters, store_limits

    MemoryStore.from_url(db_url, tenant_from_namespace=True).setup()
    first, second = open_set_up(db_url, StoreWriters), open_set_up(db_url, StoreWriters)
    limits = {**store_limits({}), TENANT_ITEMS_ENV: 1}
    item = {"tenant_id": "acme", "ns_path": encode_path(("quota",)), "bytes": 10}
    try:
        with ThreadPoolExecutor(2) as pool:
            taken = list(
                pool.map(
                    lambda each: asyncio.run(
                        each[0].take({**item, "key": each[1], "identity": each[1]}, limits)
                    ),
                    [(first, "alice"), (second, "erin")],
                )
            )
        assert sorted(why is None for why in taken) == [False, True], taken
    finally:
        first.close()
        second.close()


def test_the_store_quota_records_the_path_a_one_tenant_store_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With KASSIST_TENANT the store is a view bound to the tenant, which keeps the tenant label the
    auth handler forces as a label of its own: the quota records that path (it recorded one no item
    had, and every row was swept at a limit: a 60-second window instead of a quota)."""
    from raw_sql import raw

    from memory import MemoryStore
    from server.store_limits import stored_path

    url = f"sqlite:///{tmp_path / 'one-tenant.db'}"
    monkeypatch.setenv("KASSIST_TENANT", "acme")
    bound = MemoryStore.from_url(url, tenant_from_namespace=False)
    bound.setup()
    bound.for_tenant("acme").put(("acme", "notes"), "k1", {"v": 1})
    [(tenant, path)] = raw(url, "SELECT tenant_id, ns_path FROM kassist_store_items")
    assert stored_path(("acme", "notes")) == (tenant, path)
    monkeypatch.delenv("KASSIST_TENANT")
    assert stored_path(("acme", "notes")) == ("acme", "notes\x1f")
