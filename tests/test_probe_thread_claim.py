"""A member cannot take over another member's thread id on a ``langgraph dev`` that does not know it
(session 19 probes, /tmp/kassist-docs/s19/h1-probes.md).

langgraph-api keeps its thread registry (and with it each thread's owner) in memory, flushed to
disk now and then; the checkpoints are in kassist's database under (tenant, thread id). After a
SIGKILL that lost the registry (2 of 3 tries in the probe), or on a second server on the same
database, member alice created member erin's thread id as her own, and her run there continued
erin's conversation: the answer carried erin's "My salary is 91234". The owner recorded in the
checkpoints now decides: another member's thread id is 409 "already exists", as another tenant's."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from server_harness import ACME_ADMIN_KEY, ACME_KEY, ERIN_KEY, WITH_ERIN, langgraph_dev

SAID = "My salary is 91234 and my manager is Rex."


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    keys = json.dumps(WITH_ERIN)
    with langgraph_dev(tmp_path_factory.mktemp("claim-a"), env={"KASSIST_API_KEYS": keys}) as (first, db_url):
        env = {"KASSIST_API_KEYS": keys, "KASSIST_DATABASE_URL": db_url}
        with langgraph_dev(tmp_path_factory.mktemp("claim-b"), env=env) as (second, _):
            yield first, second


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120)


def _turn(text: str) -> dict[str, object]:
    return {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": text}]}}


def test_another_members_thread_id_cannot_be_taken_where_the_registry_does_not_know_it(
    two_servers: tuple[str, str],
) -> None:
    first, second = two_servers
    erin = _client(first, ERIN_KEY)
    thread = str(erin.post("/threads", json={}).json()["thread_id"])
    assert erin.post(f"/threads/{thread}/runs/wait", json=_turn(SAID)).status_code == 200
    alice = _client(second, ACME_KEY)
    taken = alice.post("/threads", json={"thread_id": thread})
    assert taken.status_code == 409, taken.text[:300]
    run = alice.post(
        f"/threads/{thread}/runs/wait", json={**_turn("What did I say?"), "if_not_exists": "create"}
    )
    assert run.status_code == 409, run.text[:300]
    assert "91234" not in run.text
    # Its owner, or an admin, takes it up there.
    again = _client(second, ERIN_KEY)
    assert again.post("/threads", json={"thread_id": thread}).status_code == 200
    answer = again.post(f"/threads/{thread}/runs/wait", json=_turn("What did I say?"))
    assert answer.status_code == 200 and "91234" in answer.text, answer.text[:300]
    fresh = alice.post("/threads", json={"thread_id": "7e1f3c2a-0000-4000-8000-000000000001"})
    assert fresh.status_code == 200, fresh.text[:300]


def test_an_admin_may_take_up_a_members_thread(two_servers: tuple[str, str]) -> None:
    first, second = two_servers
    erin = _client(first, ERIN_KEY)
    thread = str(erin.post("/threads", json={}).json()["thread_id"])
    assert erin.post(f"/threads/{thread}/runs/wait", json=_turn(SAID)).status_code == 200
    olga = _client(second, ACME_ADMIN_KEY)
    assert olga.post("/threads", json={"thread_id": thread}).status_code == 200
