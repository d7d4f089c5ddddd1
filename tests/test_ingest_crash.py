"""``kassist ingest`` killed with SIGKILL at many random moments, resumed each time, ends exactly
like an uninterrupted run: same counters, same chunk ids, no duplicates, one notification per key."""

from __future__ import annotations

import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from databases import embedded_server, fresh_database
from ingest_harness import chunk_ids, head_version, head_watch, kassist, receiver, show, spawn, write_corpus
from raw_sql import raw

from graph.ingestion.notify import notify_key

TENANT = "acme"
KILLS = 10
# Enough batches (42 of 2 documents) that 10 kills land before the end on a fast, quiet machine too.
EXTRA = 60

# Twelve `kassist` processes per backend (each ~2 s of start-up) plus one baseline run: ~60 s on a quiet 2-core machine, but a
# clean clone's CI at load 20 (/tmp/ci0, session 20) ran past the default 300 s limit on PostgreSQL.
pytestmark = pytest.mark.timeout(900)


def ingest_args(db_url: str, root: Path, run_id: str, url: str) -> list[str]:
    return [
        "ingest", str(root), "--tenant", TENANT, "--run-id", run_id, "--collection", "handbook",
        "--embedder", "hashing", "--batch-size", "2", "--notify-url", url, "--database-url", db_url, "--json",
    ]  # fmt: skip


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[str]]:
    """The uninterrupted run both backends' crashed runs must equal: its ``runs show`` and chunk ids.
    One per module (its own SQLite file and corpus, only read afterwards): the same input gave the
    same run twice, an ingest and a show (~4 s) per backend."""
    folder = tmp_path_factory.mktemp("uninterrupted")
    root = write_corpus(folder / "docs", extra=EXTRA)
    baseline_url = f"sqlite:///{folder / 'baseline.db'}"
    with receiver() as hook:
        done = kassist(*ingest_args(baseline_url, root, "base", hook.url), cwd=folder)
        assert done.returncode == 0, done.stdout + done.stderr
    expected = show(baseline_url, TENANT, "base", folder)
    assert expected["status"] == "completed" and expected["counters"]["documents_indexed"] == 84
    return expected, chunk_ids(baseline_url, TENANT, "handbook")


@pytest.fixture(scope="module")
def durable_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A PostgreSQL server with fsync on, for this module's kills. The session's embedded server runs
    without fsync, where a commit takes 0.1-0.35 ms instead of 3-7 ms: the instant "the server
    committed, the killed child never heard back" (which the ledger, ``started: finished`` and the
    notification's key must survive) would be sampled 20-30 times more rarely. fsync is server-wide,
    so a server of its own: one start and stop a module, ~1 s + ~3.8 s of wall at load 10, mostly
    waiting. TEST_DATABASE_URL's server is used as its operator configured it."""
    if os.environ.get("TEST_DATABASE_URL"):
        yield str(request.getfixturevalue("pg_server_url"))
        return
    with embedded_server(fsync=True) as base:
        yield base


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """conftest's ``db_url``, with the PostgreSQL database on ``durable_server``."""
    if request.param == "sqlite":
        yield str(request.getfixturevalue("sqlite_url"))
        return
    with fresh_database(request.getfixturevalue("durable_server"), "kassist_t") as url:
        yield url


def test_sigkill_at_random_moments_then_resume_equals_an_uninterrupted_run(
    db_url: str, tmp_path: Path, uninterrupted: tuple[dict[str, Any], list[str]]
) -> None:
    if db_url.startswith("postgres"):
        [[fsync]] = raw(db_url, "SHOW fsync")
        assert fsync == "on", "kills must land inside commits as often as in production: fsync on"
    root = write_corpus(tmp_path / "docs", extra=EXTRA)
    rng = random.Random(20261201)
    expected, expected_ids = uninterrupted

    with receiver() as hook:
        kills = 0
        while kills < KILLS:
            before = head_version(db_url, TENANT, "crashy")
            # Alternate the two ways of resuming: the same ingest command, and `runs resume`.
            args = ingest_args(db_url, root, "crashy", hook.url)
            if kills % 2 and before:
                args = ["runs", "resume", "crashy", "--tenant", TENANT, "--database-url", db_url, "--json"]
            child = spawn(*args, cwd=tmp_path)
            target = before + rng.randint(1, 3)
            deadline = time.monotonic() + 60
            with head_watch(db_url, TENANT, "crashy") as head:
                while child.poll() is None and head() < target:
                    assert time.monotonic() < deadline, "no progress"
                    time.sleep(0.005)
            time.sleep(rng.uniform(0, 0.1))  # anywhere inside the next node, or between two
            if child.poll() is not None:
                out, err = child.communicate()
                assert child.returncode == 0, out + err
                break  # finished before this kill: the run is short, fewer kills than planned
            child.send_signal(signal.SIGKILL)
            assert child.wait() == -signal.SIGKILL
            kills += 1
        assert kills >= KILLS, f"only {kills} kills landed before the run finished"

        final = kassist(*ingest_args(db_url, root, "crashy", hook.url), cwd=tmp_path)
        assert final.returncode == 0, final.stdout + final.stderr
        again = kassist(*ingest_args(db_url, root, "crashy", hook.url), cwd=tmp_path)
        assert again.returncode == 0 and '"started": "finished"' in again.stdout  # not executed again

    got = show(db_url, TENANT, "crashy", tmp_path)
    assert got["status"] == "completed"
    assert got["counters"] == expected["counters"]
    ids = chunk_ids(db_url, TENANT, "handbook")
    assert ids == expected_ids and len(ids) == len(set(ids))
    [[docs]] = raw(db_url, "SELECT count(*) FROM kassist_kb_documents WHERE tenant_id = %s", (TENANT,))
    assert docs == 84
    # The receiver drops repeats by Idempotency-Key: exactly one notification, for this run.
    keys = hook.by_key()
    [[created]] = raw(
        db_url,
        "SELECT created_at FROM kassist_ingest_runs WHERE tenant_id = %s AND run_id = %s",
        (TENANT, "crashy"),
    )  # the key names the run's incarnation (its registration's time), the same across every resume
    assert list(keys) == [notify_key(TENANT, "crashy", "notify", hook.url, float(created))]
    assert all(body["counters"] == expected["counters"] for body in keys[next(iter(keys))])
    [[state, attempts]] = raw(
        db_url, "SELECT state, attempts FROM kassist_ingest_ledger WHERE tenant_id = %s AND run_id = %s",
        (TENANT, "crashy"),
    )  # fmt: skip
    assert state == "done" and attempts >= 1
