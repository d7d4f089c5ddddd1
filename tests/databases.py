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
from contextlib import contextmanager
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
