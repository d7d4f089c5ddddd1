"""The first decision on a review wins at every door, the command line's too (session 30 probes, h5:
/tmp/h5s30/findings.md #11).

The runs API and the console claim a decision in the jobs table: the first one is carried out, any
other is refused (409 "has a decision already"). ``kassist runs approve`` claimed nothing: it checked
only that the run waited and carried its own decision out. An admin's reject accepted by the API
(queued behind busy workers) was overtaken by an operator's ``runs approve`` minutes later: the run
completed approved (notified, remembered), and the worker then found it finished and marked the
accepted reject done, without a word to anyone.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist

TENANT, RUN = "acme", "reviewed"
REJECT = {"decision": "reject", "by": "alice"}
KEY_DOC = (
    "# Deploy notes\n\nUse this key for prod:\n-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98Kj3lm2vW0cUKx9D8s7K2x1Yt5pZ0a1b2c3d4e5f6g7h8i9j\n-----END RSA PRIVATE KEY-----\n"
)


def reject_queued(tmp_path: Path, run: str) -> tuple[str, int]:
    """A run of ``tmp_path``'s SQLite file waiting for review with alice's reject accepted by the runs
    API (POST /v1/runs/<run>/reject: 202, queued behind busy workers): its URL and the request's seq."""
    from graph.ingestion import resources
    from graph.ingestion.jobs import JobStore
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text(KEY_DOC)  # a critical finding: the run waits for a person
    db_url = f"sqlite:///{tmp_path / 'kb.db'}"
    with resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing")
        assert execute(res, TENANT, run, settings=settings).started == "needs_review"
        jobs = JobStore(res.runs).for_tenant(TENANT)
        jobs.note_status(run, "needs_review")  # what the runs API sees of it
        seq = jobs.claim_decision(run, "alice", REJECT)
        assert seq is not None
    return db_url, seq


def test_a_decision_the_api_accepted_first_is_the_one_carried_out(tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.jobs import JobStore
    from graph.ingestion.runner import execute

    db_url, seq = reject_queued(tmp_path, RUN)

    # Before a worker carries it out, an operator approves from the command line.
    approve = kassist(
        "runs", "approve", RUN, "--tenant", TENANT, "--database-url", db_url, "--json", cwd=tmp_path
    )

    with resources.installed(resources.Resources.open(db_url)) as res:
        jobs = JobStore(res.runs).for_tenant(TENANT)
        # The server's worker carries the queued request out (server/runs/worker.py), marking it done.
        execute(res, TENANT, RUN, resume=REJECT, on_finish=lambda _: jobs.done(RUN, seq))
        final = execute(res, TENANT, RUN).state
        assert final.status == "cancelled", (
            f"the API's reject was accepted first; the run ended {final.status} ({final.review}); "
            f"runs approve said: {approve.stdout.strip()[-200:]} {approve.stderr.strip()[-200:]}"
        )
