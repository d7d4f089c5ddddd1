"""A run ``kassist serve`` carries out survives its PostgreSQL connection being cut mid-statement
(h19 s37).

A PostgreSQL restart, a failover, a proxy (pgbouncer) restarted, a network blip: the statement in
flight fails with "server closed the connection unexpectedly", and the next connection works. The
runs API's worker means to ride this out - server/runs/worker.py retries a run whose execution
raised "the database away" (``MAX_FAILURES``, with backoff) - but inside a node the error never
reaches it: the node turns ``DatabaseUnavailable`` (not transient for the graph's RetryPolicy:
graph/ingestion/errors.is_transient) into the run's end, ``failed`` with ``ingest: DatabaseUnavailable:
the database is unavailable right now; resume the run once it is back``, the worker marks the request
done, and the run stays failed for good: nothing resumes it once the database is back (here it never
went away: one backend was ended, every other connection kept working). On an unattended server
every run in progress at a PostgreSQL restart waits for a person to find it and resume it; its
nodes are idempotent (the batch's writes, the ledger's notify, the report), so carrying on is safe.

The runs API's service and its worker in process, on this test's own database of the suite's
PostgreSQL; the batch's chunk insert stalled by a trigger (pg_sleep, once) and its backend ended with
pg_terminate_backend, as a restart ends it. ~5 s."""

from __future__ import annotations

import time
from pathlib import Path

from raw_sql import raw

from graph.ingestion.resources import Resources
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

ADA = Principal(identity="ada", tenant_id="acme", role="admin")
STALL = "h19_stall_chunks"


def _stall_first_chunk_insert(db_url: str) -> None:
    raw(db_url, f"CREATE SEQUENCE {STALL}_once")
    raw(
        db_url,
        f"CREATE FUNCTION {STALL}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF nextval('{STALL}_once') = 1 THEN PERFORM pg_sleep(600); END IF; RETURN NEW; END $$",
    )
    raw(
        db_url,
        f"CREATE TRIGGER {STALL} BEFORE INSERT ON kassist_kb_chunks FOR EACH ROW EXECUTE FUNCTION {STALL}()",
    )


def _idle(service: RunsService, deadline: float) -> None:
    while service.worker.active():
        assert time.monotonic() < deadline, "the worker did not end its run"
        time.sleep(0.05)


def test_a_served_run_carries_on_after_its_connection_is_cut_mid_statement(
    pg_url: str, tmp_path: Path
) -> None:
    docs = tmp_path / "root" / "acme" / "docs"
    docs.mkdir(parents=True)
    for i in range(4):
        (docs / f"p{i}.md").write_text(f"# Page {i}\n\nPage {i} of the handbook, on leave rule {i}.\n")
    res = Resources.open(pg_url, reports_dir=tmp_path / "reports")
    env = {
        "KASSIST_INGEST_ROOT": str(tmp_path / "root"),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "uploads"),
        "KASSIST_RUN_WORKERS": "1",
    }
    service = RunsService(res, RunsConfig.from_env(env))
    try:
        KnowledgeIndex.from_url(pg_url, embedder=HashingEmbedder()).close()  # its tables, for the trigger
        _stall_first_chunk_insert(pg_url)
        body = CreateRun(path="docs", collection="c", run_id="r1", options=RunOptions(embedder="hashing"))
        assert service.create(ADA, body, None).status == "pending"
        assert service.worker.poll_once() == [("acme", "r1")]
        deadline = time.monotonic() + 60
        while not (
            sleeping := raw(
                pg_url,
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'",
            )
        ):
            assert service.worker.active(), service.view(ADA, "r1").model_dump()["errors"]
            assert time.monotonic() < deadline, "the run never reached the stalled insert"
            time.sleep(0.05)
        raw(pg_url, "SELECT pg_terminate_backend(%s)", (sleeping[0][0],))  # as a restart ends it
        _idle(service, time.monotonic() + 60)
        # The database answers (it never went away): the server's worker polls on, as it does (its
        # retry of a run that met the database away backs off 2 s first).
        deadline = time.monotonic() + 8
        while (view := service.view(ADA, "r1")).status != "completed" and time.monotonic() < deadline:
            service.worker.poll_once()
            _idle(service, time.monotonic() + 60)
            time.sleep(0.2)
    finally:
        service.worker.stop()
        res.close()
    assert view.status == "completed", view.model_dump()["errors"]
