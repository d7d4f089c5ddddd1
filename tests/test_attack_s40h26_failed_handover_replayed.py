"""H26-3's class past its fix: a review decision that fails after its start - where ``await_review``
hands the run's lease over for the grace (``after_node``) - is still kept and replayed (h26 s40, H26-7).

83463c8 made a failure inside ``_first_decision`` (the lease's take, ``start_decision``) decide nothing:
the node returns and the run waits at a new interrupt. The node has one more write after the value
came out of ``interrupt()``: ``after_node`` shortens the lease it took to the grace before the
decision's checkpoint. When that write fails (the same busy or cut database), the node raises, the
answer is an error, the state still waits (``needs_review``, the same interrupt) - and LangGraph keeps
the task's resume: the run's owner, a member, continues her run with no input and it completes
"approved by olga", the failed approve carried out when a member chose. Every write between
``interrupt()`` and the node's return is such a point.

A ``langgraph dev`` of its own (the test writes its database behind it; the default grace): a SQLite
trigger refuses the one update that shortens a lease, for the approve only; ~15 s."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import httpx
from server_harness import ACME_ADMIN_KEY, ACME_KEY, serving_langgraph_dev

SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


def _refuse_lease_handover(db: str, on: bool) -> None:
    with closing(sqlite3.connect(db, timeout=30)) as conn:
        if on:
            conn.execute(
                "CREATE TRIGGER h26_refuse_handover BEFORE UPDATE ON kassist_ingest_runs "
                "WHEN NEW.lease_until IS NOT NULL AND OLD.lease_until IS NOT NULL "
                "AND NEW.lease_until < OLD.lease_until "
                "BEGIN SELECT RAISE(ABORT, 'h26: the lease hand-over fails'); END"
            )
        else:
            conn.execute("DROP TRIGGER h26_refuse_handover")
        conn.commit()


def test_a_members_continuation_after_a_failed_handover_decides_nothing(tmp_path: Path) -> None:
    env = {"KASSIST_EMBEDDER": "hashing", "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""}
    with serving_langgraph_dev(tmp_path, env) as served:
        folder = tmp_path / "ingest-root" / "acme" / "secret"
        folder.mkdir()
        (folder / "deploy.md").write_text(SECRET_DOC)
        (folder / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
        alice = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_KEY}, timeout=120)
        olga = httpx.Client(base_url=served.base, headers={"x-api-key": ACME_ADMIN_KEY}, timeout=120)
        thread = alice.post("/threads", json={}).json()["thread_id"]
        settings = {"source": str(folder), "collection": "held", "embedder": "hashing"}
        started = alice.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "input": {"settings": settings}},
        )
        assert started.status_code == 200, started.text[:300]
        assert alice.get(f"/threads/{thread}/state").json()["next"] == ["await_review"]

        db = served.db_url.removeprefix("sqlite:///")
        _refuse_lease_handover(db, True)
        try:
            failed = olga.post(
                f"/threads/{thread}/runs/wait",
                json={"assistant_id": "ingestion", "command": {"resume": "approve"}},
            )
        finally:
            _refuse_lease_handover(db, False)
        waiting = alice.get(f"/threads/{thread}/state").json()
        if waiting["next"] != ["await_review"]:
            # Since the fix (a failed hand-over is not the decision's failure) the approve is
            # committed with await_review's checkpoint: the state names it, and record_decision (which
            # the same refused write stopped) is what a resume carries out - docs/ingestion.md's rule
            # for a decision committed before its report was written.
            decided = waiting["values"].get("decision_to_report") or {}
            assert waiting["next"] == ["record_decision"], waiting["next"]
            assert (decided.get("verdict"), decided.get("by")) == ("approved", "olga"), decided
            return
        assert waiting["values"]["status"] == "needs_review", (
            failed.text[:300],
            waiting["values"].get("status"),
        )

        went_on = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion"})
        state = alice.get(f"/threads/{thread}/state").json()
        values = state["values"]
        assert values["status"] == "needs_review" and state["next"] == ["await_review"], (
            f"olga's approve answered {failed.text[:120]}; alice's continuation answered {went_on.status_code} "
            f"and her run is {values['status']!r}, review {values['review']!r} (a member decides no review)"
        )
