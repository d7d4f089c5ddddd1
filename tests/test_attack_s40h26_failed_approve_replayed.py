"""A review decision that failed after the review node took it is replayed as every later decision
(h26 s40, H26-3): an admin's reject is carried out as the earlier, failed approve.

``await_review`` reads the decision from ``interrupt()``, then takes the first-decision rule
(``_first_decision``: the run's lease and the jobs table's ``start_decision``) before its checkpoint.
When that write fails - a database busy past its timeout, a PostgreSQL connection cut mid-statement:
errors docs/ingestion.md calls transient - the node raises, the run's answer is an error and its state
still waits for the review (``needs_review``, the same interrupt): nothing was decided, so the admin
decides again. But LangGraph keeps the failed task's resume value with the checkpoint, and the next
resume of that task hands the node the old value first: the admin's ``reject`` is answered with her
earlier ``approve``, the run completes "approved by olga", and the documents its audit held go into
search. (review.py's own comment names this for a refused decision, which it therefore returns
instead of raising; a decision whose start failed otherwise raises.)

The failure is made deterministic with a SQLite trigger refusing the jobs row's ``running`` write
(the statement start_decision runs) for the first decision only. A ``langgraph dev`` of its own (the
test writes its database behind it): hashing embedder, one two-document folder whose private key
holds the run for review; ~15 s each.

H26-3b, the same kept value through a member's door: after the failed approve, the run's owner (a
member, who may not decide a review) continues her run with no input (``input`` null or left out,
langgraph_sdk's ``runs.wait(thread, "ingestion")``): LangGraph resumes the waiting task, hands it the
kept approve, and the run completes "approved by olga" - a decision the server answered as failed,
carried out when a member chose, whatever olga decided or whoever holds her key by then.

H26-5, the same failure's lease: ``_first_decision`` takes the run's lease for langgraph dev's process
for ``LEASE_S`` (120 s) and gives it back only when another decision came first; raised past, the
node keeps it for the whole 120 s, where docs/ingestion.md ("One executor per run") says a node that
raised keeps it for the grace (``KASSIST_LEASE_GRACE_MS``) only. Meanwhile the runs API shows the run
``active`` (a worker holds it right now) and its worker waits: a reject sent there at once was carried
out two minutes later."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import httpx
from server_harness import ACME_ADMIN_KEY, ACME_KEY, serving_langgraph_dev

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.service import RunsService

SECRET_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)
REFUSE = "BEGIN SELECT RAISE(ABORT, 'h26: the decision start fails'); END"


def _refuse_decision_start(db: str, on: bool) -> None:
    with closing(sqlite3.connect(db, timeout=30)) as conn:
        for event in ("INSERT", "UPDATE"):
            name = f"h26_refuse_start_{event.lower()}"
            if on:
                conn.execute(
                    f"CREATE TRIGGER {name} BEFORE {event} ON kassist_ingest_jobs "
                    f"WHEN NEW.status = 'running' {REFUSE}"
                )
            else:
                conn.execute(f"DROP TRIGGER {name}")
        conn.commit()


@contextmanager
def _after_a_failed_approve(tmp_path: Path) -> Iterator[tuple[httpx.Client, httpx.Client, str, str]]:
    """A run of alice's waiting for its review after olga's approve failed at its start: (alice, olga,
    the run's thread, the server's database), on a server whose lease grace is 0."""
    env = {
        "KASSIST_EMBEDDER": "hashing",
        "OPENAI_API_KEY": "",
        "OPENAI_BASE_URL": "",
        "KASSIST_LEASE_GRACE_MS": "0",
    }
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
        _refuse_decision_start(db, True)
        try:
            failed = olga.post(
                f"/threads/{thread}/runs/wait",
                json={"assistant_id": "ingestion", "command": {"resume": "approve"}},
            )
        finally:
            _refuse_decision_start(db, False)
        # The approve decided nothing, and its answer says so: an error, or (since the fix) the run
        # waiting again with "nothing was decided; send it again".
        assert "__error__" in failed.text or "nothing was decided" in failed.text, failed.text[:300]
        waiting = alice.get(f"/threads/{thread}/state").json()
        assert waiting["next"] == ["await_review"] and waiting["values"]["status"] == "needs_review", waiting
        yield alice, olga, thread, served.db_url


def test_a_reject_after_a_failed_approve_rejects(tmp_path: Path) -> None:
    with _after_a_failed_approve(tmp_path) as (alice, olga, thread, _db):
        rejected = olga.post(
            f"/threads/{thread}/runs/wait",
            json={"assistant_id": "ingestion", "command": {"resume": "reject"}},
        )
        values = alice.get(f"/threads/{thread}/state").json()["values"]
        assert values["status"] == "cancelled" and str(values["review"]).startswith("rejected"), (
            f"olga's reject answered {rejected.status_code} and the run is {values['status']!r}, "
            f"review {values['review']!r}"
        )


def test_a_members_continuation_after_a_failed_approve_decides_nothing(tmp_path: Path) -> None:
    with _after_a_failed_approve(tmp_path) as (alice, _olga, thread, _db):
        went_on = alice.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion"})
        state = alice.get(f"/threads/{thread}/state").json()
        values = state["values"]
        assert values["status"] == "needs_review" and state["next"] == ["await_review"], (
            f"alice's continuation answered {went_on.status_code} and her run is {values['status']!r}, "
            f"review {values['review']!r} (a member decides no review)"
        )


def test_a_failed_decision_leaves_the_run_to_other_doors_after_the_grace(tmp_path: Path) -> None:
    with _after_a_failed_approve(tmp_path) as (_alice, _olga, thread, db_url):
        time.sleep(1.0)  # past the grace (0 ms here), well before LEASE_S
        res = Resources.open(db_url, reports_dir=tmp_path / "reports")
        try:
            service = RunsService(
                res, RunsConfig.from_env({"KASSIST_INGEST_ROOT": str(tmp_path / "ingest-root")})
            )
            view = service.view(Principal(identity="olga", tenant_id="acme", role="admin"), thread)
        finally:
            res.close()
        assert view.status == "needs_review", view.status
        assert not view.active, (
            "the runs API shows the run held by a worker right now (active) after langgraph dev's decision "
            "failed and the grace passed: its lease is kept for LEASE_S"
        )
