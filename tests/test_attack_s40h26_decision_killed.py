"""H26-3's class through a kill: ``langgraph dev`` killed while it carries out a review decision leaves
the decision with the checkpoint, and after the restart a member's bare continuation carries it out
(h26 s40, H26-10).

A decision run writes the ``Command``'s resume as the waiting checkpoint's pending write first, then
runs ``await_review``, whose checkpoint commits the decision. SIGKILLed in between (here: stalled in
``start_decision``'s write, the jobs row's ``running``), nothing is committed: the restarted server's
state still waits (``needs_review``, the same interrupt) - and the pending resume is still there. The
run's owner, a member, continues her run with no input and the review is handed the dead process's
approve: the run completes "approved by olga". docs/ingestion.md: a kill leaves either no decision or
a committed one.

Real processes: a ``langgraph dev`` of its own, SIGKILLed in the window (tests/sqlite_stall.py), a
second one on the same database; ~30 s."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import httpx
from server_harness import ACME_ADMIN_KEY, ACME_KEY, serving_langgraph_dev
from sqlite_stall import HELD_S, stalled

SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)
ENV = {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
STARTING = (
    "BEFORE INSERT ON kassist_ingest_jobs WHEN NEW.status = 'running'",
    "BEFORE UPDATE ON kassist_ingest_jobs WHEN NEW.status = 'running'",
)


def _held(db: Path) -> bool:
    """Whether another connection holds the database's write lock (the stalled decision)."""
    with closing(sqlite3.connect(db, timeout=0)) as conn:
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.rollback()
            return False
        except sqlite3.OperationalError:
            return True


def test_a_decision_killed_before_its_checkpoint_is_not_carried_out_by_a_member(tmp_path: Path) -> None:
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
        with stalled(db, "h26_decision", *STARTING):
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
            assert since is not None, "the decision never reached start_decision's write"
            served.proc.kill()
            served.proc.wait()

    with serving_langgraph_dev(tmp_path, ENV) as again:
        alice = httpx.Client(base_url=again.base, headers={"x-api-key": ACME_KEY}, timeout=120)
        # langgraph dev's thread registry may have died with it: made again, its checkpoints say whose it is.
        made = alice.post(
            "/threads",
            json={"thread_id": thread, "if_exists": "do_nothing", "metadata": {"graph_id": "ingestion"}},
        )
        assert made.status_code == 200, made.text[:300]
        waiting = alice.get(f"/threads/{thread}/state").json()
        assert waiting["next"] == ["await_review"] and waiting["values"]["status"] == "needs_review", waiting
        went_on = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion"})
        state = alice.get(f"/threads/{thread}/state").json()
        values = state["values"]
        assert values["status"] == "needs_review" and state["next"] == ["await_review"], (
            f"alice's continuation answered {went_on.status_code} and her run is {values['status']!r}, "
            f"review {values['review']!r} (a member decides no review)"
        )
