"""A run id of the runs API never lands on another thread of the checkpointer (session 19 probes,
/tmp/kassist-docs/s19/h1-probes.md), on a real ``kassist serve``.

A run id names the thread its checkpoints go to, and the assistant's conversations on the same
server are threads named by their clients (``erin-chat``). Member alice started an ingestion run
whose ``run_id`` was member erin's conversation: 201, and the run wrote its checkpoints into
erin's thread (ten checkpoints of ingestion state between erin's turns), reading erin's
conversation as its own state. Now such a run id is taken (409), as one of another run."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    ERIN_KEY,
    ROOT,
    WITH_ERIN,
    free_port,
    running,
    server_env,
)


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # tests/server_harness.kassist_serve, with a second member of acme (erin) in the key table.
    tmp = tmp_path_factory.mktemp("probe-runs-thread")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db_url = f"sqlite:///{tmp / 'kassist.db'}"
    env = server_env(db_url)
    env["KASSIST_API_KEYS"] = json.dumps(WITH_ERIN)
    env.update({"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""})
    env.update({"KASSIST_REPORTS_DIR": str(tmp / "reports"), "KASSIST_UPLOADS_DIR": str(tmp / "uploads")})
    argv = [sys.executable, "-m", "server.langserve_app", "--port", str(port), "--database-url", db_url]
    with running(argv, cwd=ROOT, log_dir=tmp, env=env, ready=lambda: f"{base}/ok", what="kassist serve"):
        yield base


def test_a_run_id_naming_a_conversation_is_taken(serve: str) -> None:
    alice = httpx.Client(base_url=serve, headers={"x-api-key": ACME_KEY}, timeout=120)
    erin = httpx.Client(base_url=serve, headers={"x-api-key": ERIN_KEY}, timeout=120)
    turn = {
        "input": {"messages": [["user", "My manager is Rex."]]},
        "config": {"configurable": {"thread_id": "erin-chat"}},
    }
    assert erin.post("/assistant/invoke", json=turn).status_code == 200
    before = erin.get("/assistant/threads/erin-chat/state").json()["checkpoint_id"]
    files = {"files": ("leave.md", b"# Leave\n\nEmployees get 25 days of leave a year.\n", "text/markdown")}
    taken = alice.post("/v1/runs/uploads", files=files, data={"collection": "hijack", "run_id": "erin-chat"})
    assert taken.status_code == 409, taken.text[:300]
    assert "exists already" in taken.text
    assert alice.get("/v1/runs/erin-chat").status_code == 404
    assert erin.get("/assistant/threads/erin-chat/state").json()["checkpoint_id"] == before
    # A fresh run id is the run's own.
    fresh = alice.post("/v1/runs/uploads", files=files, data={"collection": "mine", "run_id": "alice-run"})
    assert fresh.status_code == 201, fresh.text[:300]


def test_a_conversation_cannot_be_held_on_an_ingestion_runs_thread(serve: str) -> None:
    """The reverse: a turn whose thread id is an ingestion run's would write a conversation into the
    run's state. Its checkpoints record no owner, so only an admin reached it; now nobody does."""
    alice = httpx.Client(base_url=serve, headers={"x-api-key": ACME_KEY}, timeout=120)
    olga = httpx.Client(base_url=serve, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
    files = {"files": ("leave.md", b"# Leave\n\nEmployees get 25 days of leave a year.\n", "text/markdown")}
    made = alice.post("/v1/runs/uploads", files=files, data={"collection": "jobs", "run_id": "job-1"})
    assert made.status_code == 201, made.text[:300]
    for _ in range(120):
        run = alice.get("/v1/runs/job-1").json()
        if run["status"] in ("completed", "failed", "needs_review"):
            break
        time.sleep(0.5)
    before = run["version"]
    turn = {"input": {"messages": [["user", "hi"]]}, "config": {"configurable": {"thread_id": "job-1"}}}
    for client in (olga, alice):
        answer = client.post("/assistant/invoke", json=turn)
        assert answer.status_code == 404, answer.text[:300]
    assert alice.get("/v1/runs/job-1").json()["version"] == before
