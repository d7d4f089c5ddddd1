"""H26-3's class through a kill after the review node's writes: ``langgraph dev`` SIGKILLed while it
carries out an admin's approve, after ``await_review`` returned and LangGraph stored the node's writes
but before the checkpoint that commits them (h28 s40, H28-1).

LangGraph keeps a finished task's writes with the waiting checkpoint and never runs that task again:
the approve is as good as carried out. The doors read the checkpoint's values without those writes:
after the restart ``kassist runs show`` says ``needs_review`` and langgraph dev's door takes a
decision (``check_decision``: the head's status is needs_review). An admin's reject sent then is a
200 - and the run completes "approved by olga": the stored writes win, the reject is dropped without
a word. (A member's bare continuation completes it approved too; that one's decision was taken.)

Real processes: a ``langgraph dev`` of its own, held in the window by a trigger stalling the next
insert into ``kassist_cp_checkpoints`` (tests/sqlite_stall.py), SIGKILLed there, a second one on the
same database; ~25 s."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_ADMIN_KEY, ACME_KEY, serving_langgraph_dev
from sqlite_stall import HELD_S, stalled

SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)
ENV = {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
CHECKPOINTED = ("BEFORE INSERT ON kassist_cp_checkpoints",)  # await_review's checkpoint, after its writes


def _held(db: Path) -> bool:
    """Whether another connection holds the database's write lock (the stalled checkpoint)."""
    with closing(sqlite3.connect(db, timeout=0)) as conn:
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.rollback()
            return False
        except sqlite3.OperationalError:
            return True


@pytest.mark.xfail(
    strict=True,
    reason="H28-1: after a kill between await_review's stored writes and its checkpoint, the doors "
    "read needs_review and take an admin's reject (200), which the run drops: it completes approved",
)
def test_a_reject_taken_after_a_killed_approves_writes_is_carried_out_or_refused(tmp_path: Path) -> None:
    root = tmp_path / "ingest-root" / "acme" / "secret"
    with serving_langgraph_dev(tmp_path, ENV) as served:
        root.mkdir(parents=True)
        (root / "deploy.md").write_text(SECRET_DOC)
        alice = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=120)
        olga = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
        thread = alice.post("/threads", json={}).json()["thread_id"]
        settings = {"source": str(root), "collection": "held", "embedder": "hashing"}
        started = alice.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": settings}},
        )
        assert started.status_code == 200 and alice.get(f"/threads/{thread}/state").json()["next"] == [
            "await_review"
        ]
        db = Path(served.db_url.removeprefix("sqlite:///"))
        with stalled(db, "h28_decision", *CHECKPOINTED):
            sent = olga.post(
                f"/threads/{thread}/runs",
                json={"assistant_id": "ingestion", "command": {"resume": "approve"}},
            )
            assert sent.status_code == 200, sent.text[:300]
            deadline, since = time.monotonic() + 60, None
            while time.monotonic() < deadline:
                since = (since or time.monotonic()) if _held(db) else None
                if since is not None and time.monotonic() - since > HELD_S:
                    break
                time.sleep(0.05)
            assert since is not None, "the decision never reached its checkpoint's write"
            served.proc.kill()
            served.proc.wait()

    with serving_langgraph_dev(tmp_path, ENV) as again:
        alice = httpx.Client(base_url=again.base, headers={"x-api-key": ACME_KEY}, timeout=120)
        olga = httpx.Client(base_url=again.base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
        made = alice.post(
            "/threads",
            json={"thread_id": thread, "if_exists": "do_nothing", "metadata": {"graph_id": "ingestion"}},
        )
        assert made.status_code == 200, made.text[:300]
        # The window was hit: the head still waits, its await_review task holds the approve's writes.
        [head] = alice.post(f"/threads/{thread}/history", json={"limit": 1}).json()
        assert head["values"]["status"] == "needs_review" and head["next"] == ["await_review"], head["next"]
        assert [bool(t.get("result")) for t in head["tasks"]] == [True], head["tasks"]

        reject = olga.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "command": {"resume": "reject"}},
        )
        values = alice.get(f"/threads/{thread}/state").json()["values"]
        assert reject.status_code == 409 or values["status"] == "cancelled", (
            f"olga's reject answered {reject.status_code} and the run is {values['status']!r}: "
            f"{values['review']!r}"
        )
