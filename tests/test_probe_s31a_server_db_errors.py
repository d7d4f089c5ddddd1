"""`kassist serve` when its database cannot take a write: one JSON line, never a bare 500 (h7, session 31, #3).

The data layer names what is wrong with a SQLite file (kassist.db.connect_sqlite: ``DiskFull``,
``DatabaseBusy``, ``DatabaseReadOnly``, all ``DatabaseUnavailable``) so that every interface can say it
in one line. kassist serve did not: a turn (``POST /assistant/invoke``) and a new run (``POST
/v1/runs``) on a full disk, or while another process held the file's write lock past the busy
timeout, were answered ``Internal Server Error`` (text/plain, 500) with a traceback in the server's
log per request (seen live: a 3 MB tmpfs filled up, and a ``BEGIN IMMEDIATE`` held for 50 s).

In process (the app on one SQLite file, FastAPI's TestClient); the lock is a real one, held by a
second connection of this test, and the busy timeout is the database's own setting, short here
(``open_database(..., busy_timeout_s=...)``, the object the app then shares) so the test waits
half a second, not thirty.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_KEY, KEYS

from kassist.db.shared import open_database, release
from server.keys import KeyTable
from server.langserve_app import create_app

TURN = {
    "input": {"messages": [["user", "How many days of leave?"]]},
    "config": {"configurable": {"thread_id": "t1"}},
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path]]:
    folder = tmp_path_factory.mktemp("db-errors")
    root = folder / "root"
    (root / "acme" / "docs").mkdir(parents=True)
    (root / "acme" / "docs" / "a.md").write_text("# A\n\nAnnual leave is 25 days.\n")
    db = folder / "kassist.db"
    url = f"sqlite:///{db}"
    shared = open_database(url, busy_timeout_s=0.5)  # the app's database object: a short busy timeout
    mp = pytest.MonkeyPatch()
    mp.setenv("KASSIST_INGEST_ROOT", str(root))
    mp.setenv("KASSIST_EMBEDDER", "hashing")
    mp.setenv("KASSIST_RUN_WORKERS", "0")  # the request's own write only
    try:
        app = create_app(url, KeyTable.model_validate({"keys": KEYS}))
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, db
    finally:
        mp.undo()
        release(shared)


def test_a_write_refused_by_a_locked_database_is_one_json_line(served: tuple[TestClient, Path]) -> None:
    client, db = served
    headers = {"x-api-key": ACME_KEY}
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's long write
    try:
        answers = {
            "turn": client.post("/assistant/invoke", json=TURN, headers=headers),
            "run": client.post("/v1/runs", json={"path": "docs", "run_id": "r1"}, headers=headers),
        }
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    for door, answer in answers.items():
        assert answer.status_code == 503, (door, answer.status_code, answer.text)
        assert answer.headers["content-type"] == "application/json", (door, answer.headers)
        detail = answer.json()["detail"]
        assert "\n" not in detail and "busy" in detail and "try again" in detail, (door, detail)
        assert str(db.parent) not in detail, (door, detail)  # no server path
    # Nothing of either request was kept, and the same requests pass once the lock is gone.
    assert client.post("/assistant/invoke", json=TURN, headers=headers).status_code == 200
