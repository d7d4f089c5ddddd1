"""A cron runs on schedule as its tenant on ``langgraph dev`` (session 18 probes,
/tmp/kassist-docs/s18/h8-probes.md, finding 1).

langgraph-api's scheduler creates each run of a cron as the user stored in the cron's payload
(``configurable.langgraph_auth_user``), else as a bare ``SimpleUser(<creator>)`` with no tenant:
the run handler failed on it (``KeyError: 'tenant_id'`` in the log every minute) and no cron ever
ran. Now the cron handler stores the creator's identity and tenant (member rights) there, so a
run of the cron is the tenant's (its thread, its checkpoints), passes every run rule, and reaches
nothing of another tenant's; a user with no tenant is refused with one line (403), never a
KeyError.

The schedule is croniter's six-field form (``* * * * * *``: every second) and the server's
scheduler polls every second (``CRON_SCHEDULER_SLEEP_TIME=1``), so a run starts within seconds;
the server here lets a cron fire every second (``KASSIST_MIN_CRON_INTERVAL_SECONDS=1``; the default,
five minutes, is tests/test_probe_cron_interval.py's). Each wait is bounded (:data:`WAIT_S`) for a loaded machine running the assistant's turn."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import Auth
from server_harness import ACME_ADMIN_KEY, ACME_KEY, GLOBEX_KEY, corpus_of, langgraph_dev

from server.cron_rules import CRON_THREAD_NOT_FOUND

EVERY_SECOND = "* * * * * *"
WAIT_S = 150
SAID = "Remind me what the handbook says about expense reports."
CRON_USER: dict[str, object] = {
    "tenant_id": "acme",
    "role": "member",
    "key": None,
    "scheduled": True,
    "permissions": [],
}
"""The user a cron stores (server/cron_rules.store_cron_user) for an environment key (no managed key)."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, str]]:
    tmp = tmp_path_factory.mktemp("probe-crons")
    with langgraph_dev(
        tmp, env={"CRON_SCHEDULER_SLEEP_TIME": "1", "KASSIST_MIN_CRON_INTERVAL_SECONDS": "1"}
    ) as (base, db_url):
        yield base, tmp / "langgraph_dev.log", db_url


@pytest.fixture(scope="module")
def lg(served: tuple[str, Path, str]) -> tuple[str, Path]:
    return served[0], served[1]


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _wait_for(found: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(1)
    raise AssertionError(f"{what}: nothing within {WAIT_S} s")


def _turn(text: str = SAID) -> dict[str, Any]:
    return {"messages": [{"role": "user", "content": text}]}


def test_a_thread_cron_runs_as_its_tenant(lg: tuple[str, Path]) -> None:
    base, log = lg
    alice, globex = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    made = alice.post(
        f"/threads/{thread}/runs/crons",
        json={"assistant_id": "assistant", "schedule": EVERY_SECOND, "input": _turn()},
    )
    assert made.status_code == 200, made.text
    cron_id = made.json()["cron_id"]
    try:

        def done() -> list[dict[str, Any]]:
            runs = alice.get(f"/threads/{thread}/runs").json()
            return [r for r in runs if r["status"] == "success"]

        runs = _wait_for(done, "a successful run of alice's cron on her thread")
    finally:
        assert alice.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)
    assert runs[0]["metadata"]["tenant_id"] == "acme"
    state = alice.get(f"/threads/{thread}/state")
    assert state.status_code == 200 and "expense" in state.text  # the turn is in acme's checkpoints
    assert globex.get(f"/threads/{thread}/state").status_code == 404
    assert globex.get(f"/threads/{thread}/runs").status_code == 404
    text = log.read_text()
    assert "KeyError" not in text and "Error scheduling cron run" not in text, text[-3000:]


@pytest.mark.parametrize("extra", [{}, {"context": {"context_budget": 4000}}], ids=["plain", "context"])
def test_a_cron_without_a_thread_makes_the_tenants_threads(
    lg: tuple[str, Path], extra: dict[str, Any]
) -> None:
    base, log = lg
    alice, globex = _client(base, ACME_KEY), _client(base, GLOBEX_KEY)
    before = {t["thread_id"] for t in alice.post("/threads/search", json={"limit": 100}).json()}
    made = alice.post(
        "/runs/crons",
        json={
            "assistant_id": "assistant",
            "schedule": EVERY_SECOND,
            "input": _turn("What is the travel policy?"),
            "on_run_completed": "keep",
            **extra,
        },
    )
    assert made.status_code == 200, made.text
    cron_id = made.json()["cron_id"]
    try:

        def made_threads() -> list[dict[str, Any]]:
            found = alice.post("/threads/search", json={"limit": 100}).json()
            return [t for t in found if t["thread_id"] not in before and t["status"] == "idle"]

        threads = _wait_for(made_threads, "a thread of alice's cron")
    finally:
        assert alice.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)
    metadata = threads[0]["metadata"]
    assert (metadata["tenant_id"], metadata["owner"]) == ("acme", "alice")
    assert "travel" in alice.get(f"/threads/{threads[0]['thread_id']}/state").text
    theirs = {t["thread_id"] for t in globex.post("/threads/search", json={"limit": 100}).json()}
    assert not theirs & {t["thread_id"] for t in threads}
    assert "Error scheduling cron run" not in log.read_text()


def _once_soon() -> str:
    """A schedule that fires a few seconds from now, then a minute later (the test deletes it)."""
    return f"* * * * * {(int(time.time()) + 4) % 60}"


def _ingestion(source: Path) -> dict[str, Any]:
    return {"settings": {"source": str(source), "collection": "cron", "embedder": "hashing"}}


def test_an_ingestion_cron_ingests_its_tenants_folder(
    served: tuple[str, Path, str],
) -> None:
    base, _, db_url = served
    corpus = corpus_of(Path(db_url.removeprefix("sqlite:///")).parent, "acme")
    alice = _client(base, ACME_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    cron = {"assistant_id": "ingestion", "schedule": _once_soon(), "input": _ingestion(corpus)}
    made = alice.post(f"/threads/{thread}/runs/crons", json=cron)
    assert made.status_code == 200, made.text
    try:

        def ingested() -> dict[str, Any]:
            values = alice.get(f"/threads/{thread}/state").json()["values"]
            return values if values.get("status") == "completed" else {}

        values = _wait_for(ingested, "the ingestion cron's run")
    finally:
        assert alice.delete(f"/runs/crons/{made.json()['cron_id']}").status_code in (200, 204)
    assert values["tenant_id"] == "acme" and values["counters"]["documents_indexed"] == 24


def test_a_cron_is_made_only_on_its_creators_own_thread(lg: tuple[str, Path]) -> None:
    """Its runs act with member rights, so an admin's cron on another member's thread could never
    run: "not found" when it is made (the thread is untouched), as for another tenant's thread."""
    base, _ = lg
    alice, olga, globex = _client(base, ACME_KEY), _client(base, ACME_ADMIN_KEY), _client(base, GLOBEX_KEY)
    thread = alice.post("/threads", json={}).json()["thread_id"]
    cron = {"assistant_id": "assistant", "schedule": "0 0 1 1 *", "input": _turn()}
    for who in (olga, globex):
        made = who.post(f"/threads/{thread}/runs/crons", json=cron)
        assert made.status_code == 404, made.text
        assert f"Thread with ID '{thread}' not found" in made.json()["detail"], made.text
    assert olga.get(f"/threads/{thread}").status_code == 200  # the admin still reads the thread
    own = olga.post("/threads", json={}).json()["thread_id"]
    made = olga.post(f"/threads/{own}/runs/crons", json=cron)
    assert made.status_code == 200, made.text
    assert olga.delete(f"/runs/crons/{made.json()['cron_id']}").status_code in (200, 204)
    # The member's own cron, whose config the admin replaces: its runs would act as the admin (the
    # updater is stored as its user), so every firing was a 404 while the PATCH was a 200.
    mine = alice.post(f"/threads/{thread}/runs/crons", json=cron).json()["cron_id"]
    try:
        patched = olga.patch(
            f"/runs/crons/{mine}", json={"config": {"configurable": {"context_budget": 900}}}
        )
        assert patched.status_code == 404, patched.text
        assert patched.json()["detail"] == CRON_THREAD_NOT_FOUND.format(thread=thread)
        when = olga.patch(f"/runs/crons/{mine}", json={"schedule": "0 0 2 1 *"})  # runs as alice still
        assert when.status_code == 200, when.text
        own_config = alice.patch(
            f"/runs/crons/{mine}", json={"config": {"configurable": {"context_budget": 900}}}
        )
        assert own_config.status_code == 200, own_config.text
    finally:
        assert alice.delete(f"/runs/crons/{mine}").status_code in (200, 204)


def test_a_cron_still_obeys_the_run_rules(lg: tuple[str, Path]) -> None:
    base, _ = lg
    alice = _client(base, ACME_KEY)
    refused = {
        "foreign tenant": {"config": {"configurable": {"tenant_id": "globex"}}, "input": _turn()},
        "input key": {"input": {**_turn(), "tenant_id": "globex"}},
        "state write": {"input": _turn(), "command": {"update": {"messages": []}}},
    }
    for what, extra in refused.items():
        made = alice.post(
            "/runs/crons", json={"assistant_id": "assistant", "schedule": EVERY_SECOND, **extra}
        )
        assert made.status_code in (403, 422), (what, made.status_code, made.text[:300])


def test_a_cron_cannot_name_the_user_it_runs_as(lg: tuple[str, Path]) -> None:
    base, _ = lg
    alice = _client(base, ACME_KEY)
    forged = {"identity": "bob", "tenant_id": "globex", "role": "admin"}
    made = alice.post(
        "/runs/crons",
        json={
            "assistant_id": "assistant",
            "schedule": "0 0 1 1 *",
            "input": _turn(),
            "config": {"configurable": {"langgraph_auth_user": forged}},
        },
    )
    if made.status_code != 200:  # refused outright: as good
        assert made.status_code in (403, 422), made.text
        return
    cron_id = made.json()["cron_id"]
    olga = _client(base, ACME_ADMIN_KEY)

    def stored() -> Any:
        cron = alice.get(f"/runs/crons/{cron_id}").json()
        return cron["payload"]["config"]["configurable"]["langgraph_auth_user"]

    try:
        assert made.json()["payload"]["config"]["configurable"]["langgraph_auth_user"] == stored()
        assert stored() == {**CRON_USER, "identity": "alice"}
        # An update that leaves the config alone keeps the user; one that sends a config (which
        # replaces the stored one) makes the updating key's user the one the runs act as.
        assert olga.patch(f"/runs/crons/{cron_id}", json={"schedule": "0 0 2 1 *"}).status_code == 200
        assert stored()["identity"] == "alice"
        config = {"configurable": {"langgraph_auth_user": forged}}
        patched = olga.patch(f"/runs/crons/{cron_id}", json={"config": config})
        assert patched.status_code == 200, patched.text
        assert stored() == {**CRON_USER, "identity": "olga"}
    finally:
        assert alice.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)


def test_a_cron_of_a_revoked_key_fires_nothing_and_an_admin_still_deletes_it(
    served: tuple[str, Path, str],
) -> None:
    """A run acts with its creator's current rights when it starts (session 29, h1; before, a cron
    of a revoked key kept running as its tenant): each firing of a revoked key's cron is refused, so
    it fires nothing; an admin of the tenant still lists and deletes it."""
    from server.key_store import open_key_store

    base, log, db_url = served
    store = open_key_store(db_url)
    try:
        key, record = store.for_tenant("acme").create("carol", "member")
    finally:
        store.close()
    carol, olga = _client(base, key), _client(base, ACME_ADMIN_KEY)
    thread = carol.post("/threads", json={}).json()["thread_id"]
    made = carol.post(
        f"/threads/{thread}/runs/crons",
        json={"assistant_id": "assistant", "schedule": EVERY_SECOND, "input": _turn()},
    )
    assert made.status_code == 200, made.text
    cron_id = made.json()["cron_id"]

    def runs() -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = olga.get(f"/threads/{thread}/runs", params={"limit": 100}).json()
        return found

    try:
        _wait_for(runs, "a firing of carol's cron")  # it fires while her key holds
        store = open_key_store(db_url)
        try:
            assert store.for_tenant("acme").revoke(record.prefix)
        finally:
            store.close()
        _wait_for(lambda: carol.get("/ok").status_code == 200 and _refused(carol), "carol's key refused")
        fired = {r["run_id"] for r in runs()}
        refusal = f"(kassist_{record.prefix}...) was revoked after it was sent"
        _wait_for(lambda: log.read_text(errors="replace").count(refusal) >= 2, "two refused firings")
        _wait_for(lambda: all(r["status"] != "pending" for r in runs()), "the runs before it ended")
        assert {r["run_id"] for r in runs()} == fired  # no run since the key was refused
        assert cron_id in {c["cron_id"] for c in olga.post("/runs/crons/search", json={}).json()}
    finally:
        assert olga.delete(f"/runs/crons/{cron_id}").status_code in (200, 204)
    assert cron_id not in {c["cron_id"] for c in olga.post("/runs/crons/search", json={}).json()}


def _refused(client: httpx.Client) -> bool:
    return client.post("/threads/search", json={"limit": 1}).status_code == 401


def _epoch(stamp: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


class _NoTenant:
    """What langgraph-api's scheduler acts as for a cron stored without a user: an identity only."""

    identity = "alice"
    is_authenticated = True
    display_name = "alice"

    def __getitem__(self, key: str) -> Any:
        if key == "identity":
            return self.identity
        raise KeyError(key)


def test_a_run_with_no_tenant_is_refused_with_403_not_a_keyerror() -> None:
    from server.auth import thread_run

    ctx = Auth.types.AuthContext(
        user=_NoTenant(),  # type: ignore[arg-type]
        permissions=[],
        resource="threads",
        action="create_run",
    )
    value: Any = {"assistant_id": "assistant", "thread_id": None, "kwargs": {"input": _turn()}}
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        asyncio.run(thread_run(ctx=ctx, value=value))
    assert refused.value.status_code == 403
