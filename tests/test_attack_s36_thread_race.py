"""Two members' first runs on one new thread id, sent at once, both land in one thread (session 36
attack, h16 H8).

On ``langgraph dev`` a run that makes its thread (``"if_not_exists": "create"``) is checked by the
create_run handler: a thread id whose checkpoints or accepted first run record another member is
409 (server/run_checks.check_thread_claim, server/accepted_runs). Both are read before langgraph-api
makes the thread, and neither exists while two first runs are in their handlers at the same moment:
both pass, the second's record does not replace the first's (``accepted_runs.remember``: "a second run
accepted on the same new thread ... does not replace it"), and langgraph-api runs both on one thread.
Live (h16, 10 trials of alice and erin with a barrier): 8 were two 200s, and the thread - the first
maker's - held both questions: its owner reads the other member's question ("my salary is 91000",
"my diagnosis is burnout") in her own thread's state, while the other member's ``runs/wait`` was an
empty 200 and her question sits in a thread she cannot open (404). kassist serve's LangServe turns answer the
same race with one 409 (the checkpointer's version check; h16's held.md).

Expected: one of the two runs is 409 (or 404), and each member reads only her own words. Up to ten
trials (on HEAD a trial is two 200s about 8 times in 10: ten keep the strict xfail from passing by
chance) on the shared ``langgraph dev`` (hashing flavour, the extractive responder), two turns each;
the assertion holds for every trial.
"""

from __future__ import annotations

import threading
import uuid

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
ALICE = "Alice here: my salary is 91000 EUR; how many leave days do I get?"
ERIN = "Erin here: my diagnosis is burnout; how many sick days do I get?"


def _both_first(base: str, thread: str) -> dict[str, httpx.Response]:
    """Alice's and erin's runs on the new ``thread``, released at the same moment."""
    answers: dict[str, httpx.Response] = {}
    ready = threading.Barrier(2)

    def turn(who: str, key: str, text: str) -> None:
        with httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=120) as client:
            body = {
                "assistant_id": "assistant",
                "if_not_exists": "create",
                "input": {"messages": [{"role": "user", "content": text}]},
            }
            ready.wait()
            answers[who] = client.post(f"/threads/{thread}/runs/wait", json=body)

    turns = [
        threading.Thread(target=turn, args=("alice", ME.acme_key, ALICE)),
        threading.Thread(target=turn, args=("erin", ME.erin_key, ERIN)),
    ]
    for one in turns:
        one.start()
    for one in turns:
        one.join()
    return answers


@pytest.mark.xfail(strict=True, reason="H16-8: two members' simultaneous first runs share one new thread")
def test_two_members_first_runs_on_one_new_thread_id_never_share_it(shared_dev_hashing: SharedServer) -> None:
    for _ in range(10):
        thread = str(uuid.uuid4())
        answers = _both_first(shared_dev_hashing.base, thread)
        statuses = {who: answer.status_code for who, answer in answers.items()}
        if sorted(statuses.values()) in ([200, 404], [200, 409]):
            continue
        seen = {
            who: httpx.get(
                f"{shared_dev_hashing.base}/threads/{thread}/state", headers={"x-api-key": key}
            ).text
            for who, key in (("alice", ME.acme_key), ("erin", ME.erin_key))
        }
        pytest.fail(
            f"both members' first runs on thread {thread} were accepted: {statuses}; the thread's state "
            f"holds both questions for alice: {ALICE in seen['alice'] and ERIN in seen['alice']}, "
            f"for erin: {ALICE in seen['erin'] and ERIN in seen['erin']}"
        )
