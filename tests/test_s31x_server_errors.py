"""kassist serve's answer to a database it cannot use: a kind that clears by itself (read-only after a
failover, busy, unreachable, a full disk) is 503/507 with Retry-After; a refusal of how the database
is set up (a role's missing grant, another application's table, a damaged file) never clears by
waiting, so it is a 500 without Retry-After, one line, and the operator's line at ERROR (review s31
r1 #1: every kind was "503, try again in a few seconds"). A bare app with the server's handlers and
routes that raise the data layer's real errors: no database needed."""

from __future__ import annotations

import logging

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from kassist.db.connect_sqlite import DatabaseBusy, DatabaseCorrupt, DiskFull
from kassist.db.migrate import ForeignTable
from kassist.db.refused_postgres import RoleNotPermitted, ServerReadOnly
from kassist.dburl import DatabaseUnavailable
from server.error_handlers import add_error_handlers

RAISED: dict[str, Exception] = {
    "grant": RoleNotPermitted(
        "PostgreSQL at h/db refused role 'app' (permission denied for table x)", "denied"
    ),
    "foreign": ForeignTable(
        "this database already holds a table kassist_ingest_runs, which kassist did not make"
    ),
    "corrupt": DatabaseCorrupt("the SQLite file /srv/k.db is damaged"),
    "read-only": ServerReadOnly("PostgreSQL at h/db is read-only (cannot execute INSERT)", "read-only"),
    "busy": DatabaseBusy("the SQLite file /srv/k.db stayed locked"),
    "down": DatabaseUnavailable("cannot reach PostgreSQL at h/db: connection refused"),
    "full": DiskFull("could not write the SQLite file /srv/k.db: no space"),
}


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    add_error_handlers(app)

    @app.get("/{kind}")
    async def fail(kind: str) -> None:
        raise RAISED[kind]

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize(
    ("kind", "status", "retry"),
    [("grant", 500, False), ("foreign", 500, False), ("corrupt", 500, False), ("read-only", 503, True),
     ("busy", 503, True), ("down", 503, True), ("full", 507, True)],
)  # fmt: skip
def test_a_database_refusal_is_answered_by_whether_it_clears(
    client: TestClient, caplog: pytest.LogCaptureFixture, kind: str, status: int, retry: bool
) -> None:
    with caplog.at_level(logging.WARNING, logger="server.error_handlers"):
        answer = client.get(f"/{kind}")
    assert answer.status_code == status, answer.text
    assert ("retry-after" in answer.headers) is retry, dict(answer.headers)
    detail = answer.json()["detail"]
    assert "\n" not in detail and "/srv" not in detail and "h/db" not in detail, detail
    assert ("try again" in detail) is retry, detail
    if not retry:
        assert "log names what its operator must fix" in detail, detail
        assert [r.levelname for r in caplog.records] in ([], ["ERROR"]), caplog.records  # once per kind
