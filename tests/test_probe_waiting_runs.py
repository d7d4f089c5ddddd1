"""How many runs one user may have waiting on ``langgraph dev`` (session 22 probes,
/tmp/kassist-docs/s22/g5-probes.md).

``langgraph dev`` runs one job at a time, first come first served, and nothing bounded the runs a
user queued: one member made 3,000 runs in 6 s (60 batches of 50, delayed by ``after_seconds``),
each of which would then hold the one worker in turn while every other tenant's runs waited behind
them. Now a run is refused with 409 when its creator already has
``KASSIST_MAX_WAITING_RUNS_PER_USER`` runs pending or running (default 100), naming the limit and
the way out; creations at the same moment cannot all take the last place. The server here runs
with a limit of 3."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_KEY, GLOBEX_KEY, langgraph_dev, langgraph_dev_refusing

pytestmark = pytest.mark.timeout(900)

LIMIT = 3
VARIABLE = "KASSIST_MAX_WAITING_RUNS_PER_USER"
LATER = {
    "assistant_id": "assistant",
    "input": {"messages": [{"role": "user", "content": "What is the travel policy?"}]},
    "after_seconds": 3600,  # waits: the limit counts runs pending or running
}


@pytest.fixture(scope="module")
def lg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with langgraph_dev(tmp_path_factory.mktemp("probe-waiting-runs"), env={VARIABLE: str(LIMIT)}) as (
        base,
        _,
    ):
        yield base


def _refused(answer: httpx.Response) -> None:
    assert answer.status_code == 409, (answer.status_code, answer.text[:300])
    detail = answer.json()["detail"]
    assert VARIABLE in detail and str(LIMIT) in detail and "cancel" in detail, detail


def test_a_user_waits_with_at_most_the_limit_and_a_cancel_frees_a_place(lg: str) -> None:
    alice = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=120)
    globex = httpx.Client(base_url=lg, headers={"x-api-key": GLOBEX_KEY}, timeout=120)
    made = []
    for _ in range(LIMIT):
        thread = alice.post("/threads", json={}).json()["thread_id"]
        run = alice.post(f"/threads/{thread}/runs", json=LATER)
        assert run.status_code == 200, run.text[:300]
        made.append((thread, run.json()["run_id"]))
    _refused(alice.post("/runs", json=LATER))
    _refused(alice.post("/runs/batch", json=[LATER]))
    thread = alice.post("/threads", json={}).json()["thread_id"]
    _refused(alice.post(f"/threads/{thread}/runs/wait", json={**LATER, "after_seconds": 0}))
    # Another tenant's runs are its own count.
    other = globex.post("/runs", json=LATER)
    assert other.status_code == 200, other.text[:300]
    globex.post(f"/threads/{other.json()['thread_id']}/runs/{other.json()['run_id']}/cancel")
    # A cancelled run no longer waits: its place is free.
    first_thread, first_run = made.pop(0)
    assert alice.post(f"/threads/{first_thread}/runs/{first_run}/cancel").status_code in (200, 202, 204)
    again = alice.post("/runs", json=LATER)
    assert again.status_code == 200, again.text[:300]
    made.append((again.json()["thread_id"], again.json()["run_id"]))
    for thread_id, run_id in made:
        alice.post(f"/threads/{thread_id}/runs/{run_id}/cancel")


def test_a_batch_crossing_the_limit_queues_none_of_its_runs(lg: str) -> None:
    """The runs of a batch are authorized one by one (langgraph-api): a batch crossing the limit
    queued its runs up to it and answered 409 (session 22). Now it is refused whole, nothing queued
    (session 23, tests/test_probe_object_counts.py)."""
    globex = httpx.Client(base_url=lg, headers={"x-api-key": GLOBEX_KEY}, timeout=120)
    batch = globex.post("/runs/batch", json=[LATER] * (LIMIT + 2))
    assert batch.status_code == 409, (batch.status_code, batch.text[:300])
    waiting = [
        r for t in globex.post("/threads/search", json={"limit": 100}).json()
        for r in globex.get(f"/threads/{t['thread_id']}/runs").json() if r["status"] == "pending"
    ]  # fmt: skip
    assert waiting == [], waiting


def test_the_limit_is_read_from_the_environment(tmp_path: Path) -> None:
    from server.run_limits import DEFAULT_WAITING_RUNS, waiting_runs_limit

    assert waiting_runs_limit({}) == DEFAULT_WAITING_RUNS == 100
    assert waiting_runs_limit({VARIABLE: "7"}) == 7
    for bad in ("0", "x"):
        with pytest.raises(ValueError, match=VARIABLE):
            waiting_runs_limit({VARIABLE: bad})
    log = langgraph_dev_refusing(tmp_path, {VARIABLE: "none"})
    assert f"{VARIABLE} must be a whole number of runs" in log
