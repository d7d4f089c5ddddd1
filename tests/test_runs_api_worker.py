"""The runs API's background workers in-process: a run whose lease a live worker elsewhere holds is
left alone until that lease expires, then taken over; a server that shuts down mid-run leaves the
run to the next one, which finishes it with the counts of an uninterrupted run; a request is
carried out once."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from ingest_harness import write_corpus
from langchain_core.runnables import RunnableConfig
from raw_sql import raw
from runs_api_harness import ADMIN, GLOBEX, env_for, serving, settle, small_corpus

from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources

OPTIONS = {"embedder": "hashing", "batch_size": 2}


def test_a_lease_held_elsewhere_is_taken_over_once_it_expires(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr")  # KASSIST_INGEST_ROOT/<tenant>
    env = env_for(tmp_path, root, KASSIST_RUN_LEASE_SECONDS="3")
    with serving(db_url, monkeypatch, {**env, "KASSIST_RUN_WORKERS": "0"}) as client:  # accepts, runs nothing
        body = {"path": "hr", "run_id": "held", "options": OPTIONS}
        assert client.post("/v1/runs", json=body, headers=ADMIN).status_code == 201
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        # A worker on another machine claims it (its pid cannot be checked from here: only its
        # lease's expiry frees the run).
        assert res.runs.for_tenant("acme").take_lease("held", "elsewhere:1:abcd", 3.0, lambda _: True) is None
        held_until = time.time() + 3.0
    finally:
        res.close()
    with serving(db_url, monkeypatch, env) as client:
        while time.time() < held_until - 0.5:
            view = client.get("/v1/runs/held", headers=ADMIN).json()
            assert view["status"] == "pending" and view["active"] and view["queued"], view
            time.sleep(0.2)
        done = settle(client, "held", ADMIN)
        assert done["status"] == "completed" and done["progress"]["counters"]["documents_indexed"] == 10
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        job = (
            JobStore(res.runs).for_tenant("acme").get("held")
        )  # the server's database, read after it stopped
    finally:
        res.close()
    assert job is not None and job.claims == 1 and job.worker and not job.worker.startswith("elsewhere")


def test_a_server_shutting_down_mid_run_leaves_it_to_the_next(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "root"
    write_corpus(root / "globex" / "docs", extra=6)  # 30 documents, 15 batches
    shutil.copytree(root / "globex" / "docs", root / "acme" / "docs")  # each tenant reads its own folder
    env = env_for(tmp_path, root)
    body = {"path": "docs", "collection": "c", "options": OPTIONS}
    with serving(sqlite_url, monkeypatch, env) as client:
        # The uninterrupted run first, for another tenant (the embedding cache is the tenant's).
        assert client.post("/v1/runs", json={**body, "run_id": "whole"}, headers=GLOBEX).status_code == 201
        whole = settle(client, "whole", GLOBEX)
        assert client.post("/v1/runs", json={**body, "run_id": "split"}, headers=ADMIN).status_code == 201
        deadline = time.monotonic() + 60
        while client.get("/v1/runs/split", headers=ADMIN).json()["progress"]["batch"] < 3:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    # The lifespan ended: the worker stopped the run after its node in progress.
    with serving(sqlite_url, monkeypatch, {**env, "KASSIST_RUN_WORKERS": "0"}) as client:
        left = client.get("/v1/runs/split", headers=ADMIN).json()
        assert left["status"] == "running" and left["queued"] and not left["active"]
        assert 3 <= left["progress"]["batch"] < left["progress"]["batches"]
    with serving(sqlite_url, monkeypatch, env) as client:
        done = settle(client, "split", ADMIN)
    assert whole["status"] == done["status"] == "completed"
    assert done["progress"]["counters"] == whole["progress"]["counters"]
    assert done["progress"]["counters"]["documents_indexed"] == 30


def test_a_decision_is_queued_once(db_url: str, tmp_path: Path) -> None:
    res = Resources.open(db_url, reports_dir=tmp_path)
    try:
        every = JobStore(res.runs)
        jobs = every.for_tenant("acme")
        settings = {"source": str(tmp_path), "collection": "c"}
        assert jobs.create("r", str(tmp_path), "c", {"settings": settings, "by": "alice"})
        assert not jobs.create("r", str(tmp_path), "c", {"settings": settings, "by": "alice"})
        first = jobs.decide("r", "alice", {"decision": "approve", "by": "alice"})
        assert first == 2 and jobs.decide("r", "bob", {"decision": "reject", "by": "bob"}) is None
        [wanted] = every.wanted_in_every_tenant()
        assert wanted.decision == {"decision": "approve", "by": "alice"} and wanted.seq == 2
        jobs.done("r", 2)
        assert every.wanted_in_every_tenant() == [] and jobs.get("r").decision is None  # type: ignore[union-attr]
        assert jobs.request("r", "alice") == 3 and [j.run_id for j in every.wanted_in_every_tenant()] == ["r"]
        jobs.done("r", 2)  # a late finish of an older request does not swallow the newer one
        assert [j.seq for j in every.wanted_in_every_tenant()] == [3]
        # Retention: a run whose checkpoints are gone takes its requests and status with it.
        res.runs.for_tenant("acme").prune_orphans(older_than_s=0)
        assert jobs.get("r") is None and every.wanted_in_every_tenant() == []
        assert raw(db_url, "SELECT count(*) FROM kassist_ingest_jobs") == [(0,)]
    finally:
        res.close()


def test_a_run_that_ends_is_not_reported_as_taken_over(
    db_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The runner releases the lease as it returns; a heartbeat that wakes in that moment finds the
    lease gone. That is the run ending, not another worker taking it: no warning, nothing stopped."""
    from server.runs.worker import RunWorker

    root = tmp_path / "root"
    small_corpus(root)
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=0.03, poll_s=0.05, workers=1)  # a heartbeat every 10 ms
    try:
        every = JobStore(res.runs)
        jobs = every.for_tenant("acme")
        runs = [f"r{i}" for i in range(8)]
        for run in runs:
            settings = {"source": str(root), "collection": run, "embedder": "hashing", "batch_size": 5}
            assert jobs.create(run, str(root), run, {"settings": settings, "by": "alice"})
        with caplog.at_level("WARNING", logger="server.runs.worker"):
            worker.start()
            deadline = time.monotonic() + 120
            while every.wanted_in_every_tenant() or worker.active():
                assert time.monotonic() < deadline, "the runs did not finish"
                time.sleep(0.05)
    finally:
        worker.stop()
        res.close()
    # The worker's own reports (the logger set above). caplog also receives every other logger's
    # records: once, a psycopg pool left open by an earlier test on this xdist worker logged its
    # reconnect attempts to that test's dropped database here.
    assert [r.getMessage() for r in caplog.records if r.name.startswith("server.runs")] == []
    res2 = Resources.open(db_url, reports_dir=tmp_path / "reports")
    try:
        for run in runs:
            job = JobStore(res2.runs).for_tenant("acme").get(run)
            assert job is not None and job.status == "completed" and job.claims == 1, job
    finally:
        res2.close()


def test_a_request_whose_requester_holds_no_key_any_more_is_not_started(db_url: str, tmp_path: Path) -> None:
    """A run acts with its requester's current rights when a worker starts it (session 29, h1:
    server/run_creator.py): a run queued behind busy workers by a key revoked meanwhile is not
    started, and its error says why."""
    from server.key_store import open_key_store
    from server.keys import KeyResolver, KeyTable
    from server.runs.worker import RunWorker

    root = tmp_path / "root"
    small_corpus(root)
    keys = KeyResolver(KeyTable(keys={}), open_key_store(db_url))
    store = keys.store()
    assert store is not None
    _token, record = store.for_tenant("acme").create("dora", "member")
    res = Resources.open(db_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=5.0, poll_s=0.05, workers=1, keys=keys)
    try:
        jobs = JobStore(res.runs).for_tenant("acme")
        settings = {"source": str(root), "collection": "queued", "embedder": "hashing"}
        assert jobs.create("queued", str(root), "queued", {"settings": settings, "by": "dora"})
        assert store.for_tenant("acme").revoke(record.prefix)
        worker.start()
        deadline = time.monotonic() + 60
        while JobStore(res.runs).wanted_in_every_tenant() or worker.active():
            assert time.monotonic() < deadline, "the request was not taken"
            time.sleep(0.05)
        job = jobs.get("queued")
        assert job is not None and job.error is not None, job
        assert "was not started: 'dora' of tenant 'acme' holds no API key" in job.error, job.error
        head: RunnableConfig = {"configurable": {"thread_id": "queued", "checkpoint_ns": ""}}
        assert res.saver.for_tenant("acme").get_tuple(head) is None  # nothing ran
    finally:
        worker.stop()
        res.close()


def test_a_request_starts_with_its_keys_rights_not_its_identitys(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runs API records the managed key a request was sent with (session 30, h1: the review's
    #6b): a key revoked after sending a run is refused when a worker starts it, even while its
    identity holds another active key (a rotation) - the rule langgraph dev follows."""
    from server.key_store import open_key_store
    from server.keys import KeyResolver, KeyTable
    from server.runs.worker import RunWorker

    root = tmp_path / "root"
    small_corpus(root / "acme" / "hr")
    keys = KeyResolver(KeyTable(keys={}), open_key_store(sqlite_url))
    store = keys.store()
    assert store is not None
    old_token, old = store.for_tenant("acme").create("dora", "member")
    new_token, _new = store.for_tenant("acme").create("dora", "member")  # dora's rotation
    env = env_for(tmp_path, root)
    # The server accepts and runs nothing: the worker below starts them after the revocation.
    with serving(sqlite_url, monkeypatch, {**env, "KASSIST_RUN_WORKERS": "0"}) as client:
        for run, token in (("by-old", old_token), ("by-new", new_token)):
            body = {"path": "hr", "run_id": run, "options": OPTIONS}
            assert client.post("/v1/runs", json=body, headers={"x-api-key": token}).status_code == 201
    assert store.for_tenant("acme").revoke(old.prefix)
    res = Resources.open(sqlite_url, reports_dir=tmp_path / "reports")
    worker = RunWorker(res, lease_s=5.0, poll_s=0.05, workers=2, keys=keys)
    try:
        worker.start()
        deadline = time.monotonic() + 90
        while JobStore(res.runs).wanted_in_every_tenant() or worker.active():
            assert time.monotonic() < deadline, "the requests were not taken"
            time.sleep(0.05)
        jobs = JobStore(res.runs).for_tenant("acme")
        refused, started = jobs.get("by-old"), jobs.get("by-new")
        assert refused is not None and refused.error is not None, refused
        assert (
            f"run by-old was not started: the API key that sent it (kassist_{old.prefix}...) was revoked"
            in refused.error
        ), refused.error
        assert refused.requested_key == old.prefix, refused
        assert started is not None and started.error is None and started.status == "completed", started
    finally:
        worker.stop()
        res.close()


def test_a_request_row_from_before_the_key_column_is_read_and_checked_by_identity(db_url: str) -> None:
    """The job table's migration (``requested_key``, through the migration runner): a row an older
    kassist wrote keeps its requester and reads with no key (checked by identity, as before)."""
    from graph.ingestion.store import RunStore

    store = RunStore.from_url(db_url)
    try:
        jobs = JobStore(store).for_tenant("acme")
        assert jobs.create("old", "/src", "c", {"settings": {}, "by": "dora", "key": "abcd1234"})
    finally:
        store.close()
    # The table as session 29 left it: no key column, its last migration not recorded.
    raw(db_url, "ALTER TABLE kassist_ingest_jobs DROP COLUMN requested_key")
    raw(db_url, "DELETE FROM kassist_schema_versions WHERE component = 'ingestion' AND version = 4")
    store = RunStore.from_url(db_url)  # migrates
    try:
        job = JobStore(store).for_tenant("acme").get("old")
    finally:
        store.close()
    assert job is not None and job.requested_by == "dora" and job.requested_key is None and job.wanted, job
