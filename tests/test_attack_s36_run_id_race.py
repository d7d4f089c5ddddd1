"""A runs API run and a LangServe turn naming one new id at once share its thread (session 36 attack,
h16 H16-14, kassist serve's own two doors; of 3071f85, H16-12's fix).

On ``kassist serve`` a run id names the thread its checkpoints go to, and a LangServe conversation's
thread id is the client's own string: ``POST /v1/runs`` refuses a run id whose thread holds checkpoints
(``RunsService._thread_in_use``), and a turn on a run's thread is 404 (``holds_a_job``). Each reads
before the other has written: an admin's ``POST /v1/runs`` ``{"run_id": "wk"}`` and a member's first
turn on thread ``"wk"``, sent at once, are both accepted (live, h16 /tmp/s36/h16/p_rundoor.py: 3 of 6),
and the ingestion run's checkpoints are chained after the member's conversation in one thread, each
recording the member as its owner: the member's thread state holds the run's state (the server's path
of the folder among it), and the tenant's run is now "the member's" to every other door.
3071f85's claim (the LangServe turn's made row) is not read by the runs API's create.

Expected: one of the two is refused (409 / 404). kassist serve's app in process (TestClient, one run
worker), one SQLite file, two rounds of four races at once.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from runs_api_harness import ADMIN, MEMBER, env_for, serving

RACES = 4
ROUNDS = 2


def _round(client: Any) -> dict[str, dict[str, int]]:
    """:data:`RACES` new ids, each raced at once by the admin's run and the member's first turn."""
    ids = [f"wk-{uuid.uuid4().hex[:8]}" for _ in range(RACES)]
    statuses: dict[str, dict[str, int]] = {run: {} for run in ids}
    ready = threading.Barrier(2 * RACES)

    def run(run_id: str) -> None:
        ready.wait()
        body = {"path": "docs", "collection": "c", "run_id": run_id, "options": {"embedder": "hashing"}}
        statuses[run_id]["run"] = client.post("/v1/runs", headers=ADMIN, json=body).status_code

    def turn(run_id: str) -> None:
        ready.wait()
        body = {
            "input": {"messages": [{"type": "human", "content": "Maria here: my salary is 91000 EUR."}]},
            "config": {"configurable": {"thread_id": run_id}},
        }
        statuses[run_id]["turn"] = client.post("/assistant/invoke", headers=MEMBER, json=body).status_code

    sent = [threading.Thread(target=act, args=(run_id,)) for run_id in ids for act in (run, turn)]
    for one in sent:
        one.start()
    for one in sent:
        one.join()
    return statuses


def test_a_run_and_a_turn_naming_one_new_id_at_once_never_share_its_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_EMBEDDER", "hashing")
    root = tmp_path / "root"
    (root / "acme" / "docs").mkdir(parents=True)
    (root / "acme" / "docs" / "leave.md").write_text("# Leave\n\nEmployees get 28 days.\n")
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, root, KASSIST_RUN_WORKERS="1")) as client:
        for _ in range(ROUNDS):
            for run_id, statuses in _round(client).items():
                assert not (statuses.get("run") == 201 and statuses.get("turn") == 200), (
                    f"the admin's run {run_id!r} and the member's turn on that thread were both accepted: {statuses}"
                )


def test_a_runs_api_claim_is_one_owners_and_no_run_langgraph_dev_accepted(tmp_path: Path) -> None:
    """The claim's rule (AcceptedRuns.claim_blocking), on the table alone: the first writer of a thread
    id's row holds it - another's claim, and a made row's (a conversation's) - and the same request
    again is its own (a kill between its claim and its store); the row is marked a runs API claim,
    which langgraph dev's resume_accepted neither resumes nor calls lost (the lead's r2 note)."""
    from kassist.db.handle import open_set_up
    from server.accepted_runs import RUNS_API_CLAIM, AcceptedRuns

    accepted = open_set_up(f"sqlite:///{tmp_path / 'k.db'}", AcceptedRuns)
    try:
        assert accepted.claim_blocking("acme", "wk", "ada", "ingestion", "wk")
        assert accepted.claim_blocking("acme", "wk", "ada", "ingestion", "wk")  # the same request again
        assert not accepted.claim_blocking("acme", "wk", "olga", "ingestion", "wk")
        row = accepted.get_blocking("acme", "wk")
        assert row is not None and row.owner == "ada" and row.configurable == {RUNS_API_CLAIM: True}
        assert accepted.claim_blocking("globex", "wk", "gus", "ingestion", "wk")  # its own tenant's id
        accepted.unclaim_blocking("acme", "wk", "ada", "wk")
        assert accepted.get_blocking("acme", "wk") is None
        asyncio.run(accepted.made("acme", "chat", "maria"))  # a conversation's new thread
        assert not accepted.claim_blocking("acme", "chat", "maria", "ingestion", "chat")  # hers too
    finally:
        accepted.close()
