"""The runs API on real ``kassist serve`` processes on 127.0.0.1: a server killed with SIGKILL mid-run
and started again finishes the run with the counts of an uninterrupted run; two servers on one
PostgreSQL execute each of the runs submitted to either exactly once (counted by the notifications'
idempotency keys at a real HTTP receiver), and the runs of a server killed mid-run move to the
other."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from ingest_harness import child_env, chunk_ids, kassist, receiver, run_notify_key, show, write_corpus
from raw_sql import raw
from runs_api_harness import ADMIN, KEYS, small_corpus
from server_harness import free_port
from zygote import Child

TENANT = "acme"
KEY_TABLE = json.dumps({t: p.model_dump() for t, p in KEYS.keys.items()})


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    base: str
    log: Path
    headers: dict[str, str]

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, headers=self.headers, timeout=30)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        assert self.proc.wait(timeout=30) == -signal.SIGKILL


@contextmanager
def serve(
    db_url: str, tmp: Path, root: Path, name: str, key: str | None = None, **extra: str
) -> Iterator[Server]:
    """``kassist serve`` on a free port; stopped (if still alive) when the block ends. With ``key``
    (made by ``kassist keys create``) the server has no environment key table: only the database's."""
    port = free_port()
    env = {
        **child_env(), "KASSIST_API_KEYS": KEY_TABLE, "KASSIST_INGEST_ROOT": str(root),
        "KASSIST_NOTIFY_HOSTS": "127.0.0.1", "KASSIST_REPORTS_DIR": str(tmp / "reports"),
        "KASSIST_UPLOADS_DIR": str(tmp / "uploads"), "KASSIST_RUN_POLL_SECONDS": "0.2", **extra,
    }  # fmt: skip
    env.pop("KASSIST_API_KEYS_FILE", None)
    if key is not None:
        env.pop("KASSIST_API_KEYS")
    argv = [sys.executable, "-P", "-m", "cli.main", "serve", "--port", str(port), "--database-url", db_url]
    log = tmp / f"{name}.log"
    with log.open("ab") as out:
        proc = Child(argv, cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT)  # forked: tests/zygote.py
    headers = ADMIN if key is None else {"x-api-key": key}
    server = Server(proc, f"http://127.0.0.1:{port}", log, headers)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, log.read_text()[-3000:]
            try:
                if httpx.get(f"{server.base}/ok", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, f"{name} did not start:\n{log.read_text()[-3000:]}"
            time.sleep(0.2)
        yield server
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def view(client: httpx.Client, run: str) -> dict[str, Any]:
    answer = client.get(f"/v1/runs/{run}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def wait_for(what: str, check: Any, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def jobs(db_url: str) -> dict[str, tuple[str, int]]:
    """run -> (the worker that last claimed it, how many times a worker started it)."""
    rows = raw(
        db_url, "SELECT run_id, worker, claims FROM kassist_ingest_jobs WHERE tenant_id = %s", (TENANT,)
    )
    return {str(r[0]): (str(r[1]), int(r[2])) for r in rows}


def pid_of(worker: str) -> int:
    return int(worker.split(":")[1])  # host:pid:token


def indexed(counters: dict[str, int]) -> dict[str, int]:
    """Counters of runs sharing the tenant's embedding cache: which of them embedded a chunk and
    which found it cached depends on who got there first; their sum, and the rest, do not."""
    out = {k: v for k, v in counters.items() if k not in ("cache_hits", "embedded")}
    return {**out, "chunks_embedded_or_cached": counters["cache_hits"] + counters["embedded"]}


def options(hook_url: str, batch_size: int) -> dict[str, Any]:
    return {"embedder": "hashing", "batch_size": batch_size, "notify_url": hook_url}


def test_a_run_survives_a_sigkill_of_the_server(tmp_path: Path) -> None:
    root = tmp_path / "root"
    docs = write_corpus(root / TENANT / "docs", extra=26)  # 50 documents, 25 batches
    baseline = f"sqlite:///{tmp_path / 'baseline.db'}"
    done = kassist(
        "ingest", str(docs), "--tenant", TENANT, "--run-id", "base", "--collection", "handbook",
        "--embedder", "hashing", "--batch-size", "2", "--database-url", baseline, "--json", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    expected = show(baseline, TENANT, "base", tmp_path)["counters"]
    db_url = f"sqlite:///{tmp_path / 'served.db'}"
    # An operator's key, stored hashed in the served database: the servers below have no other.
    made = kassist(
        "keys", "create", "--tenant", TENANT, "--identity", "olga", "--role", "admin", "--database-url", db_url,
        cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    key = made.stdout.strip()
    with receiver() as hook:
        body = {"path": "docs", "collection": "handbook", "run_id": "r1", "options": options(hook.url, 2)}
        with serve(db_url, tmp_path, root, "first", key) as first, first.client() as client:
            assert httpx.get(f"{first.base}/v1/runs", timeout=30).status_code == 401  # no key
            created = client.post("/v1/runs", json=body)
            assert created.status_code == 201, created.text
            wait_for("a few batches", lambda: view(client, "r1")["progress"]["batch"] >= 4, timeout=120)
            first.kill()
        [(worker, claims)] = jobs(db_url).values()
        assert pid_of(worker) == first.proc.pid and claims == 1
        with serve(db_url, tmp_path, root, "second", key) as second, second.client() as client:
            left = view(client, "r1")
            assert left["status"] == "running" and left["queued"], left  # picked up on start-up
            assert left["progress"]["batch"] < left["progress"]["batches"]
            wait_for("the run to finish", lambda: view(client, "r1")["status"] == "completed")
            final = view(client, "r1")
        [(worker, claims)] = jobs(db_url).values()
        assert pid_of(worker) == second.proc.pid and claims == 2
    assert final["progress"]["counters"] == expected
    ids = chunk_ids(db_url, TENANT, "handbook")
    assert ids == chunk_ids(baseline, TENANT, "handbook") and len(ids) == len(set(ids))
    keys = hook.by_key()
    assert list(keys) == [run_notify_key(db_url, TENANT, "r1", hook.url)]
    assert all(b["counters"] == expected for b in keys[next(iter(keys))])


def test_two_servers_on_one_postgres_run_each_run_once_and_take_over_a_dead_ones(
    pg_url: str, tmp_path: Path
) -> None:
    root = tmp_path / "root"
    small_corpus(root / TENANT / "small")  # 10 documents
    write_corpus(root / TENANT / "long", extra=6)  # 30 documents
    # A dead server's runs are freed by its pid (same host), not by lease expiry: the lease can be
    # long enough that a loaded machine never starves a live heartbeat past it.
    fast = {"KASSIST_RUN_WORKERS": "2", "KASSIST_RUN_LEASE_SECONDS": "10"}
    with receiver() as hook, ExitStack() as stack:
        a = stack.enter_context(serve(pg_url, tmp_path, root, "a", **fast))
        b = stack.enter_context(serve(pg_url, tmp_path, root, "b", **fast))
        ca, cb = stack.enter_context(a.client()), stack.enter_context(b.client())
        servers = {a.proc.pid: "a", b.proc.pid: "b"}

        # Ten runs, submitted to either server: each executes exactly once.
        small = [f"s{i}" for i in range(10)]
        for i, run in enumerate(small):
            body = {"path": "small", "collection": run, "run_id": run, "options": options(hook.url, 5)}
            assert (ca if i % 2 else cb).post("/v1/runs", json=body).status_code == 201
        wait_for("ten runs", lambda: all(view(ca, r)["status"] == "completed" for r in small))
        keys = hook.by_key()
        assert sorted(keys) == sorted(run_notify_key(pg_url, TENANT, r, hook.url) for r in small)
        assert all(len(bodies) == 1 for bodies in keys.values()), keys  # one notification per key
        counters = [indexed(view(cb, r)["progress"]["counters"]) for r in small]
        assert all(c == counters[0] for c in counters) and counters[0]["documents_indexed"] == 10
        claimed = jobs(pg_url)
        assert all(claimed[r][1] == 1 for r in small), claimed  # started once, by one server
        assert {servers[pid_of(claimed[r][0])] for r in small} == {"a", "b"}  # both did work

        # Four longer runs, two held by each server; then one server dies.
        long = [f"l{i}" for i in range(4)]
        for run in long:
            body = {"path": "long", "collection": run, "run_id": run, "options": options(hook.url, 2)}
            assert ca.post("/v1/runs", json=body).status_code == 201
        # The lease is taken a moment before the job row names its worker: wait for both.
        wait_for(
            "each server to hold two",
            lambda: (
                all(view(ca, r)["active"] for r in long)
                and all(jobs(pg_url).get(r, ("None", 0))[0] != "None" for r in long)
            ),
            timeout=120,
        )
        held = {r: pid_of(jobs(pg_url)[r][0]) for r in long}
        assert sorted(held.values()) == sorted([a.proc.pid] * 2 + [b.proc.pid] * 2), held
        a.kill()
        wait_for("the four runs", lambda: all(view(cb, r)["status"] == "completed" for r in long))
        after = jobs(pg_url)
        for run in long:
            assert pid_of(after[run][0]) == b.proc.pid, after  # finished by the survivor
            assert after[run][1] == (2 if held[run] == a.proc.pid else 1), after
        counters = [indexed(view(cb, r)["progress"]["counters"]) for r in long]
        assert all(c == counters[0] for c in counters) and counters[0]["documents_indexed"] == 30
        keys = hook.by_key()
        for run in long:  # a resend after the kill carries the same key: the receiver drops it
            bodies = keys[run_notify_key(pg_url, TENANT, run, hook.url)]
            assert all(indexed(body["counters"]) == counters[0] for body in bodies)
        assert len(keys) == 14
    for server in (a, b):  # the checkpointer's version check never had to stop a second worker
        assert (
            "CheckpointConflict" not in server.log.read_text() and "taken over" not in server.log.read_text()
        )
