"""Two members' first runs on one new thread id, sent at once, both land in one thread (session 36
attack, h16 H8).

On ``langgraph dev`` a run that makes its thread (``"if_not_exists": "create"``) is checked by the
create_run handler: a thread id whose checkpoints or accepted first run record another member is
409 (server/run_checks.check_thread_claim, server/accepted_runs). Both are read before langgraph-api
makes the thread, and neither exists while two first runs are in their handlers at the same moment:
both pass, the second's record does not replace the first's (``accepted_claims.remember``: "a second run
accepted on the same new thread ... does not replace it"), and langgraph-api runs both on one thread.
Live (h16, 10 trials of alice and erin with a barrier): 8 were two 200s, and the thread - the first
maker's - held both questions: its owner reads the other member's question ("my salary is 91000",
"my diagnosis is burnout") in her own thread's state, while the other member's ``runs/wait`` was an
empty 200 and her question sits in a thread she cannot open (404). kassist serve's LangServe turns answer the
same race with one 409 (the checkpointer's version check; h16's held.md).

Expected: one of the two runs is 409 (or 404), and each member reads only her own words. Races on
the shared ``langgraph dev`` (hashing flavour, the extractive responder): rounds of six new thread
ids raced at once, two turns each, at most three rounds (on HEAD a race is two 200s 3 to 8 times in
10: eighteen keep the strict xfail from passing by chance); the assertion holds for every race.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
ALICE = "Alice here: my salary is 91000 EUR; how many leave days do I get?"
ERIN = "Erin here: my diagnosis is burnout; how many sick days do I get?"


RACES = 6
ROUNDS = 3


def _race(base: str, other: str, said: str) -> list[tuple[str, dict[str, httpx.Response]]]:
    """:data:`RACES` new thread ids, each raced at once by alice and the key ``other`` (saying
    ``said``; named "other"): each thread id with its two answers, by name."""
    threads = [str(uuid.uuid4()) for _ in range(RACES)]
    answers: dict[str, dict[str, httpx.Response]] = {thread: {} for thread in threads}
    ready = threading.Barrier(2 * RACES)

    def turn(thread: str, who: str, key: str, text: str) -> None:
        with httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120) as client:
            body = {
                "assistant_id": "assistant",
                "if_not_exists": "create",
                "input": {"messages": [{"role": "user", "content": text}]},
            }
            ready.wait()
            answers[thread][who] = client.post(f"/threads/{thread}/runs/wait", json=body)

    turns = [
        threading.Thread(target=turn, args=(thread, who, key, text))
        for thread in threads
        for who, key, text in (("alice", ME.acme_key, ALICE), ("other", other, said))
    ]
    for one in turns:
        one.start()
    for one in turns:
        one.join()
    return [(thread, answers[thread]) for thread in threads]


def _seen(base: str, thread: str, key: str, route: str = "") -> str:
    return httpx.get(f"{base}/threads/{thread}{route}", headers={"x-api-key": key}, timeout=60).text


def test_two_members_first_runs_on_one_new_thread_id_never_share_it(shared_dev_hashing: SharedServer) -> None:
    base = shared_dev_hashing.base
    for _ in range(ROUNDS):
        for thread, answers in _race(base, ME.erin_key, ERIN):
            statuses = {who: answer.status_code for who, answer in answers.items()}
            if sorted(statuses.values()) in ([200, 404], [200, 409]):
                continue
            alice, erin = (
                _seen(base, thread, ME.acme_key, "/state"),
                _seen(base, thread, ME.erin_key, "/state"),
            )
            pytest.fail(
                f"both members' first runs on thread {thread} were accepted: {statuses}; the thread's state "
                f"holds both questions for alice: {ALICE in alice and ERIN in alice}, "
                f"for erin: {ALICE in erin and ERIN in erin}"
            )


BOB = "Bob of globex here: our merger with Initech closes on Friday; what is my notice period?"


def test_two_tenants_first_runs_on_one_new_thread_id_never_share_it(shared_dev_hashing: SharedServer) -> None:
    """The same race across tenants (H16-9): langgraph dev's thread registry is one namespace for every
    tenant, the handlers' reads are per tenant. Live (h16, 12 trials of acme's alice and globex's bob):
    3 were two 200s, the registry's thread one tenant's (``metadata.tenant_id``, ``owner``), and its
    ``GET /threads/{id}`` showed in its ``values`` the other tenant's question and the answer that
    tenant's knowledge base gave (the run's checkpoints are its own tenant's, but langgraph-api copies a
    run's final values into the registry's thread). Expected: the second run is 409 or 404, and
    neither tenant's thread holds the other's words."""
    base = shared_dev_hashing.base
    for _ in range(ROUNDS):
        for thread, answers in _race(base, ME.globex_key, BOB):
            statuses = {who: answer.status_code for who, answer in answers.items()}
            alice, bob = _seen(base, thread, ME.acme_key), _seen(base, thread, ME.globex_key)
            assert ALICE not in bob and BOB not in alice, (
                f"thread {thread} ({statuses}): globex's bob reads acme's alice's question: {ALICE in bob}; "
                f"alice reads bob's: {BOB in alice}"
            )
            assert sorted(statuses.values()) in ([200, 404], [200, 409]), (
                f"both tenants' first runs on thread {thread} were accepted: {statuses}"
            )


def _cross_round(serve: Any, base: str, made: bool = False) -> dict[str, dict[str, int]]:
    """:data:`RACES` new thread ids, each raced at once by alice's first turn on kassist serve's app
    (``serve``, a TestClient) and erin's first run on the langgraph dev at ``base`` (``made``: erin's
    ``POST /threads`` naming it instead): their statuses."""
    threads = [str(uuid.uuid4()) for _ in range(RACES)]
    statuses: dict[str, dict[str, int]] = {thread: {} for thread in threads}
    ready = threading.Barrier(2 * RACES)

    def on_serve(thread: str) -> None:
        ready.wait()
        turn = serve.post(
            "/assistant/invoke",
            headers={"x-api-key": ME.acme_key},
            json={
                "input": {"messages": [{"type": "human", "content": ALICE}]},
                "config": {"configurable": {"thread_id": thread}},
            },
        )
        statuses[thread]["alice"] = turn.status_code

    def on_dev(thread: str) -> None:
        with httpx.Client(base_url=base, headers={"x-api-key": ME.erin_key}, timeout=120) as dev:
            body = {
                "assistant_id": "assistant",
                "if_not_exists": "create",
                "input": {"messages": [{"role": "user", "content": ERIN}]},
            }
            ready.wait()
            sent = (
                dev.post("/threads", json={"thread_id": thread})
                if made
                else dev.post(f"/threads/{thread}/runs/wait", json=body)
            )
            statuses[thread]["erin"] = sent.status_code

    turns = [threading.Thread(target=act, args=(thread,)) for thread in threads for act in (on_serve, on_dev)]
    for one in turns:
        one.start()
    for one in turns:
        one.join()
    return statuses


def test_a_serve_turn_and_a_dev_run_on_one_new_thread_id_never_share_it(
    shared_dev_hashing: SharedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same race across the two doors of one database (H16-12): alice's first turn on ``kassist
    serve`` (LangServe) and erin's first run on ``langgraph dev`` (``if_not_exists: "create"``) on one new
    thread id. Each door reads the thread's owner (checkpoints, the accepted-run record) before the other
    has written any: live (h16 /tmp/s36/h16/p_cross.py) 7 of 10 were two 200s, and erin's langgraph dev
    thread then held alice's question ("my salary is 91000") - her run went on from alice's checkpoint.
    Expected: one of the two is refused, and erin never reads alice's words. kassist serve's app in
    process on the shared ``langgraph dev``'s database (no run worker), rounds of six races at once."""
    from fastapi.testclient import TestClient
    from review_support import offline_turns, serve_app

    offline_turns(monkeypatch)
    base = shared_dev_hashing.base
    with TestClient(serve_app(shared_dev_hashing.db_url, ME.keys)) as serve:
        for _ in range(ROUNDS):
            for thread, statuses in _cross_round(serve, base).items():
                assert ALICE not in _seen(base, thread, ME.erin_key, "/state"), (
                    f"thread {thread} ({statuses}): erin's langgraph dev thread holds alice's kassist serve turn"
                )


def test_a_serve_turn_and_a_dev_thread_made_on_one_new_id_never_share_it(
    shared_dev_hashing: SharedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H16-12 with erin's ``POST /threads`` naming the id (h14 s35 H1's made thread, in its race
    window): both 200 (live, h16 /tmp/s36/h16/p_cross3.py: 4 of 6), and erin's next run on her new
    thread goes on from alice's conversation - its answer holds alice's question. Expected: erin's own
    thread never holds alice's words."""
    from fastapi.testclient import TestClient
    from review_support import offline_turns, serve_app

    offline_turns(monkeypatch)
    base = shared_dev_hashing.base
    with TestClient(serve_app(shared_dev_hashing.db_url, ME.keys)) as serve:
        for _ in range(ROUNDS):
            for thread, statuses in _cross_round(serve, base, made=True).items():
                if statuses["erin"] != 200:
                    continue
                with httpx.Client(base_url=base, headers={"x-api-key": ME.erin_key}, timeout=120) as dev:
                    mine = dev.post(
                        f"/threads/{thread}/runs/wait",
                        json={
                            "assistant_id": "assistant",
                            "input": {"messages": [{"role": "user", "content": ERIN}]},
                        },
                    )
                assert ALICE not in mine.text, (
                    f"thread {thread} ({statuses}): erin's next run on the thread she made goes on from alice's turn"
                )
