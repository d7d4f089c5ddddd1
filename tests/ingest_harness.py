"""What the ingestion tests share: a small corpus, the real CLI in a child process, a real HTTP
receiver for notifications, and looks at the tables the way an operator would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
import zygote
from raw_sql import raw

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "knowledge" / "corpus" / "files"


def write_corpus(root: Path, extra: int = 30) -> Path:
    """The shipped handbook (mixed formats) plus ``extra`` short policies."""
    shutil.copytree(SHIPPED, root)
    for i in range(extra):
        (root / f"policy-{i:03d}.md").write_text(
            f"# Policy {i}\n\n## Rules\n\nEmployees must file form {i} within {i % 7 + 2} days.\n\n"
            f"## Scope\n\nApplies to office {i} and its staff.\n"
        )
    return root


def kassist(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -P -m cli.main ARGS`` to its end: a real process, forked by this worker's zygote
    (tests/zygote.py: the third-party imports paid once, not ~1.2 s per child)."""
    return zygote.run(
        [sys.executable, "-P", "-m", "cli.main", *args], cwd=cwd, env=child_env(), timeout=timeout
    )


def spawn(*args: str, cwd: Path) -> subprocess.Popen[str]:
    """The same child, running: kill it (SIGKILL), read its pipes, wait for it."""
    return zygote.Child(
        [sys.executable, "-P", "-m", "cli.main", *args], cwd=cwd, env=child_env(),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}
    return {**env, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}


def show(db_url: str, tenant: str, run_id: str, cwd: Path) -> dict[str, Any]:
    result = kassist("runs", "show", run_id, "--tenant", tenant, "--database-url", db_url, "--json", cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def chunk_ids(db_url: str, tenant: str, collection: str) -> list[str]:
    rows = raw(
        db_url,
        "SELECT chunk_id FROM kassist_kb_chunks WHERE tenant_id = %s AND collection = %s ORDER BY chunk_id",
        (tenant, collection),
    )
    return [str(r[0]) for r in rows]


def run_notify_key(db_url: str, tenant: str, run_id: str, url: str) -> str:
    """The Idempotency-Key of ``run_id``'s notification to ``url``: it names the run's incarnation (its
    registration's time: graph.ingestion.notify.notify_key), the same across every resume of the run."""
    from graph.ingestion.notify import notify_key

    [[created]] = raw(
        db_url,
        "SELECT created_at FROM kassist_ingest_runs WHERE tenant_id = %s AND run_id = %s",
        (tenant, run_id),
    )
    return notify_key(tenant, run_id, "notify", url, float(created))


HEAD_VERSION_SQL = "SELECT max(version) FROM kassist_cp_checkpoints WHERE tenant_id = %s AND thread_id = %s AND checkpoint_ns = ''"


def head_version(db_url: str, tenant: str, run_id: str) -> int:
    """The run's committed checkpoint version (0 before its first, or before the tables exist)."""
    try:
        rows = raw(db_url, HEAD_VERSION_SQL, (tenant, run_id))
    except Exception:  # no table yet: the child has not set up the database
        return 0
    return int(rows[0][0]) if rows and rows[0][0] is not None else 0


@contextmanager
def head_watch(db_url: str, tenant: str, run_id: str) -> Iterator[Callable[[], int]]:
    """``head_version`` for reading many times a second while a child runs. On PostgreSQL over one
    connection kept open: a connection per read cost a server backend start each (~0.8 ms of the
    test's CPU and more of the server's, ~2,000 a run) and ~40 ms a read on a loaded machine, so a
    kill aimed at a version landed later than aimed. SQLite's reads open the file (no server,
    ~0.1 ms): a connection kept open would create the file before the child does."""
    if not db_url.startswith("postgres"):
        yield lambda: head_version(db_url, tenant, run_id)
        return
    with psycopg.connect(db_url, autocommit=True) as conn:

        def head() -> int:
            try:
                [[version]] = conn.execute(HEAD_VERSION_SQL, (tenant, run_id)).fetchall()
            except psycopg.errors.UndefinedTable:  # the child has not set up the database yet
                return 0
            return int(version or 0)

        yield head


@dataclass
class Receiver:
    """Notifications received: (Idempotency-Key header, JSON body), in arrival order."""

    url: str
    received: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    fail_next: list[int] = field(default_factory=list)  # HTTP statuses to answer first

    def by_key(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for key, body in self.received:
            out.setdefault(key, []).append(body)
        return out


@contextmanager
def receiver() -> Iterator[Receiver]:
    """A real HTTP server on 127.0.0.1 (a free port) that records every POST."""
    box: list[Receiver] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            me = box[0]
            if me.fail_next:
                self.send_response(me.fail_next.pop(0))
                self.end_headers()
                return
            me.received.append((self.headers.get("Idempotency-Key") or "", json.loads(body)))
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.append(Receiver(url=f"http://127.0.0.1:{server.server_address[1]}/hook"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box[0]
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def opened(url: str, reports: Path) -> Iterator[Resources]:
    """The ingestion resources on ``url``, installed for the nodes this process runs, closed after."""
    from graph.ingestion import resources

    with resources.installed(resources.Resources.open(url, reports_dir=reports)) as res:
        yield res
