"""PostgreSQL without pgvector (and a role that may not create it): setup says what to do."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from memory import MemoryStore
from memory.store import VectorExtensionUnavailable


@pytest.fixture
def plain_role_url(pg_server_url: str) -> Iterator[str]:
    """A fresh database without the vector extension, owned by a role that is not a superuser."""
    suffix = uuid.uuid4().hex[:10]
    role, db = f"kassist_plain_{suffix}", f"kassist_novec_{suffix}"
    with psycopg.connect(pg_server_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN NOSUPERUSER")
        conn.execute(f"CREATE DATABASE {db} OWNER {role} TEMPLATE template0")
    parts = urlsplit(pg_server_url)
    host = parts.hostname or ""
    netloc = f"{role}@{host}" + (f":{parts.port}" if parts.port else "")
    try:
        yield urlunsplit((parts.scheme, netloc, "/" + db, parts.query, parts.fragment))
    finally:
        with psycopg.connect(pg_server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
            conn.execute(f"DROP ROLE IF EXISTS {role}")


def test_setup_without_pgvector_names_the_database_and_the_fix(plain_role_url: str) -> None:
    store = MemoryStore.from_url(plain_role_url)
    try:
        with pytest.raises(VectorExtensionUnavailable, match=r"kassist_novec_\w+.*CREATE EXTENSION vector"):
            store.setup()
    finally:
        store.close()
