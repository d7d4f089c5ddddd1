"""A member's conversations are its own on ``kassist serve`` too (session 18 probes,
/tmp/kassist-docs/s18/h8-probes.md, "kassist serve (LangServe) threads are per tenant").

LangServe keyed threads by (tenant, thread id) only: alice, a member of acme who knew the id of
erin's thread (another acme member), read it with ``GET /assistant/threads/{id}/state`` (what erin
said, the memories recalled for erin) and ran turns on it. Now the first turn on a thread records
its owner (the key's identity, set by the server in the checkpoint's metadata, never by the
client); another member's turn, stream, batch or state read answers "thread not found", as for an
unknown thread, and an admin of the tenant reaches every thread of it. SQLite and PostgreSQL."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    ERIN_KEY,
    WITH_ERIN,
    backend_database,
    kassist_serve,
)

from checkpointer import TenantCheckpointer
from server.keys import Principal
from server.thread_owner import reaches, thread_owner

SAID = "My manager is Rex and my badge number is 77341."
Server = tuple[str, str]


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def serve(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("probe-langserve-owner")
    keys = WITH_ERIN
    with (
        backend_database(request, tmp, "kassist_owner") as db_url,
        kassist_serve(tmp, db_url, env={"KASSIST_API_KEYS": json.dumps(keys)}) as base,
    ):
        yield base, db_url


def _body(thread: str, text: str = SAID, **extra: Any) -> dict[str, Any]:
    return {
        "input": {"messages": [{"role": "user", "content": text}]},
        "config": {"configurable": {"thread_id": thread, **extra}},
    }


def _post(base: str, key: str, route: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{base}/assistant/{route}", json=body, headers={"x-api-key": key}, timeout=120)


def _state(base: str, key: str, thread: str) -> httpx.Response:
    return httpx.get(f"{base}/assistant/threads/{thread}/state", headers={"x-api-key": key}, timeout=30)


def _turn_routes(thread: str, text: str, **extra: Any) -> dict[str, tuple[str, dict[str, Any]]]:
    batch = {
        "inputs": [{"messages": [{"role": "user", "content": text}]}],
        "config": [{"configurable": {"thread_id": thread, **extra}}],
    }
    routes = ("invoke", "stream", "stream_events", "stream_log")
    return {**{r: (r, _body(thread, text, **extra)) for r in routes}, "batch": ("batch", batch)}


def _head(db_url: str, thread: str) -> Any:
    with TenantCheckpointer.from_url(db_url) as saver:
        return saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": thread}})


@pytest.fixture(scope="module")
def erins_thread(serve: Server) -> str:
    base, _ = serve
    thread = f"erin-{uuid.uuid4().hex[:8]}"
    assert _post(base, ERIN_KEY, "invoke", _body(thread)).status_code == 200
    return thread


def test_a_member_does_not_reach_another_members_thread(serve: Server, erins_thread: str) -> None:
    base, db_url = serve
    before = _head(db_url, erins_thread)
    assert before.metadata["owner"] == "erin"  # recorded by the server on the first turn
    unknown = _state(base, ACME_KEY, "never-used-thread")
    assert unknown.status_code == 404
    answer = _state(base, ACME_KEY, erins_thread)
    assert answer.status_code == 404, answer.text
    # Exactly what an unknown thread answers, and nothing of erin's conversation.
    assert answer.json() == {"detail": f"thread {erins_thread!r} not found"}
    assert unknown.json() == {"detail": "thread 'never-used-thread' not found"}
    for route, (path, body) in _turn_routes(erins_thread, "What did I tell you?").items():
        refused = _post(base, ACME_KEY, path, body)
        assert refused.status_code == 404, (route, refused.text)
        assert refused.json() == {"detail": f"thread {erins_thread!r} not found"}, route
        assert "Rex" not in refused.text and "77341" not in refused.text
    # Forking from one of erin's checkpoints is the same thread: not found either.
    head_id = before.config["configurable"]["checkpoint_id"]
    fork = _body(erins_thread, "What did I tell you?", checkpoint_id=head_id)
    assert _post(base, ACME_KEY, "invoke", fork).status_code == 404
    # Nothing ran on erin's thread.
    after = _head(db_url, erins_thread)
    assert after.config["configurable"]["checkpoint_id"] == head_id
    mine = _state(base, ERIN_KEY, erins_thread)
    assert mine.status_code == 200 and "77341" in mine.text


def test_an_admin_reaches_every_thread_of_its_tenant(serve: Server, erins_thread: str) -> None:
    base, db_url = serve
    read = _state(base, ACME_ADMIN_KEY, erins_thread)
    assert read.status_code == 200 and "77341" in read.text
    summary = _post(base, ACME_ADMIN_KEY, "invoke", _body(erins_thread, "Summarise this thread."))
    assert summary.status_code == 200, summary.text
    # The admin's turn does not hand the thread over: erin still owns it, alice still cannot see it.
    assert _head(db_url, erins_thread).metadata["owner"] == "erin"
    assert _state(base, ERIN_KEY, erins_thread).status_code == 200
    assert _state(base, ACME_KEY, erins_thread).status_code == 404


def test_the_owner_comes_from_the_key_not_the_client(serve: Server) -> None:
    base, db_url = serve
    thread = f"alice-{uuid.uuid4().hex[:8]}"
    # A client-sent owner: not an allowed configurable key (422), and metadata is not read at all.
    assert _post(base, ACME_KEY, "invoke", _body(thread, owner="erin")).status_code == 422
    forged = {**_body(thread), "config": {**_body(thread)["config"], "metadata": {"owner": "erin"}}}
    assert _post(base, ACME_KEY, "invoke", forged).status_code == 200
    assert _head(db_url, thread).metadata["owner"] == "alice"
    assert _state(base, ERIN_KEY, thread).status_code == 404
    assert _state(base, ACME_KEY, thread).status_code == 200
    # A second turn by its owner, streamed, is served as before.
    streamed = _post(base, ACME_KEY, "stream", _body(thread, "And my badge?"))
    assert streamed.status_code == 200 and "event: end" in streamed.text


async def test_a_thread_written_before_owners_belongs_to_its_first_user(tmp_path: Path) -> None:
    """Threads checkpointed before this change carry no ``owner``: the ``user_id`` the server set
    on the first turn decides (a later admin turn does not take it over); with neither, admins only."""
    from langgraph.checkpoint.base import empty_checkpoint

    with TenantCheckpointer.from_url(f"sqlite:///{tmp_path / 'old.db'}") as saver:
        saver.setup()
        acme = saver.for_tenant("acme")
        histories: dict[str, list[str | None]] = {"old": ["erin", "olga"], "anonymous": [None]}
        for thread, users in histories.items():
            config: Any = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
            for step, user in enumerate(users):
                metadata: Any = {"source": "input", "step": step, **({"user_id": user} if user else {})}
                config = acme.put(config, empty_checkpoint(), metadata, {})
        assert await thread_owner(saver, "acme", "old") == "erin"
        assert await thread_owner(saver, "acme", "anonymous") == ""
        assert await thread_owner(saver, "acme", "never") is None
        assert await thread_owner(saver, "globex", "old") is None  # another tenant's: a new thread
    alice = Principal(identity="alice", tenant_id="acme")
    erin = Principal(identity="erin", tenant_id="acme")
    olga = Principal(identity="olga", tenant_id="acme", role="admin")
    assert reaches(erin, "erin") and not reaches(alice, "erin") and reaches(olga, "erin")
    assert not reaches(alice, "") and not reaches(erin, "") and reaches(olga, "")
    assert reaches(alice, None)
