"""A PostgreSQL URL whose database or user the server does not have: what to fix, not "is it running?"
(session 36, n N12: a newcomer's wrong PostgreSQL URL, on purpose).

``kassist kb search ... --database-url postgresql://postgres@/nosuchdb?host=...`` said
``error: cannot reach PostgreSQL at .../nosuchdb: connection failed: connection to server on socket
".../.s.PGSQL.5432" failed: FATAL:  database "nosuchdb" does not exist. Check that the server is running
and accepts connections, ...``: the driver's whole line, and advice for a server that is down, to a user
whose server answered. Now the line names the refusal and what to fix; a server that cannot be reached
is worded as before (tests/test_kb_index.py, test_pg_pool.py)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import pytest
from typer.testing import CliRunner

from cli.kb import app
from kassist.db import DatabaseUnavailable
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex


def _with(url: str, *, path: str | None = None, user: str | None = None) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc if user is None else f"{user}@{parts.netloc.rpartition('@')[2]}"
    return urlunsplit(parts._replace(netloc=netloc, path=parts.path if path is None else path))


def test_a_database_the_server_does_not_have(pg_server_url: str) -> None:
    url = _with(pg_server_url, path="/kassist_n36_no_such_db")
    with pytest.raises(DatabaseUnavailable) as refused:
        KnowledgeIndex.from_url(url, embedder=HashingEmbedder())
    said = str(refused.value)
    assert ' refused the connection: database "kassist_n36_no_such_db" does not exist. ' in said, said
    assert said.endswith(
        "The server answers: the database name in KASSIST_DATABASE_URL (or the URL given) is wrong, "
        "or create that database (createdb kassist_n36_no_such_db)."
    ), said
    # The command line: that one line, exit 1.
    result = CliRunner().invoke(app, ["search", "leave", "--tenant", "acme", "--database-url", url])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"error: {said}"], result.output


def test_a_user_the_server_does_not_have(pg_server_url: str) -> None:
    url = _with(pg_server_url, user="kassist_n36_no_such_role")
    with pytest.raises(DatabaseUnavailable) as refused:
        KnowledgeIndex.from_url(url, embedder=HashingEmbedder())
    said = str(refused.value)
    # A server with password authentication answers an unknown role as a failed password (it does
    # not tell which); either way the line says the server answered, and what to check.
    assert " refused the connection: " in said and "cannot reach" not in said, said
    assert "The server answers: the user in KASSIST_DATABASE_URL" in said or "the password in" in said, said
