"""h8, session 31: kassist serve (in process, on PostgreSQL) when its database stops taking writes, and a
conversation turn that carries a NUL.

#7: the database turned read-only under a running server (a failover to a standby; here
``default_transaction_read_only`` and its connections ended, so the pool reconnects to read-only
sessions): every write was a 500 "Internal Server Error" with psycopg's traceback in the log, and
uvicorn dropped the client's connection. A database the server cannot use for a while is the
client's 503 with Retry-After and one line; the same turn goes through once it is writable again.
#16: the same read-only database met by a streaming route (`/assistant/stream`, `/stream_events`, `/stream_log`):
the answer was streamed, then the checkpoint write failed and the stream ended with
`event: error` `{"status_code": 500, "message": "Internal Server Error"}` - the invoke's 503 line is not said there.
#18: a statement_timeout set low on the database (1 ms): every request that reaches it was a 500 "Internal
Server Error" (QueryCanceled, 57014) in plain text, where the command line says it in one line naming the setting.
#9: a JSON number of 5,000 digits (5 KB of a 1 MiB body) was a 500 on the assistant's routes (Python's
4,300-digit limit on int(), raised inside LangServe) and "There was an error parsing the body" on the runs
API; the body check both servers run names 1e400 and NaN in one line already.
#5: a standing instruction with a NUL ("please always cite the sec\\x00tion") was a 500 (the memory
manager refuses a NUL, the assistant's extractor copied the user's words into it) and, in
``kassist chat``, a four-line pydantic error that ended the chat; any other turn with a NUL is answered.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from databases import fresh_database
from fastapi.testclient import TestClient
from server_harness import ACME_KEY, KEYS
from typer.testing import CliRunner

from cli.main import app as cli
from graph.assistant.services import Services
from knowledge.embedders import HashingEmbedder
from server.keys import KeyTable
from server.langserve_app import create_app

ACME = {"x-api-key": ACME_KEY}


@pytest.fixture(scope="module")
def served(pg_server_url: str) -> Iterator[tuple[TestClient, str]]:
    with pytest.MonkeyPatch.context() as env, fresh_database(pg_server_url, "kassist_h8s31") as url:
        for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
            env.delenv(name, raising=False)
        services = Services.from_url(url, embedder=HashingEmbedder())
        app = create_app(url, KeyTable.model_validate({"keys": KEYS}), services=services)
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, url


def _turn(text: str, thread: str) -> dict[str, Any]:
    return {"input": {"messages": [["user", text]]}, "config": {"configurable": {"thread_id": thread}}}


def _read_only(server_url: str, url: str, on: bool) -> None:
    # From the maintenance database: a session of the read-only database cannot ALTER it back.
    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(server_url, autocommit=True) as conn:
        setting = "SET default_transaction_read_only = on" if on else "RESET default_transaction_read_only"
        conn.execute(f"ALTER DATABASE {name} {setting}")
        # The server's sessions end: its pool reconnects, to sessions of the new setting.
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))


def test_a_nul_in_a_standing_instruction_is_answered_or_refused_in_one_line(
    served: tuple[TestClient, str],
) -> None:
    client, _ = served
    answer = client.post(
        "/assistant/invoke", headers=ACME, json=_turn("please always cite the sec\x00tion", "nul-1")
    )
    assert answer.status_code in (200, 422), answer.text
    if answer.status_code == 422:
        detail = answer.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and "NUL" in detail, detail


def test_kassist_chat_goes_on_after_a_nul_in_a_standing_instruction(tmp_path: Path) -> None:
    done = CliRunner(env={"COLUMNS": "400", "KASSIST_EMBEDDER": "hashing"}).invoke(
        cli,
        ["chat", "--tenant", "acme", "--user", "alice", "--database-url", f"sqlite:///{tmp_path / 'k.db'}"],
        input="please always cite the sec\x00tion\nwhat is the leave policy?\n",
    )
    assert "pydantic" not in done.output and "validation error" not in done.output, done.output
    assert done.exit_code == 0, done.output
    assert done.output.count("you>") >= 2, done.output  # the second question was read


def test_a_database_turned_read_only_is_503_one_line_and_the_turn_goes_through_after(
    served: tuple[TestClient, str], pg_server_url: str
) -> None:
    client, url = served
    _read_only(pg_server_url, url, True)
    try:
        refused = client.post(
            "/assistant/invoke", headers=ACME, json=_turn("What is the leave policy?", "ro-1")
        )
    finally:
        _read_only(pg_server_url, url, False)
    assert refused.status_code == 503, refused.text
    assert refused.headers.get("retry-after"), dict(refused.headers)
    detail = refused.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "read-only" in detail, detail
    again = client.post("/assistant/invoke", headers=ACME, json=_turn("What is the leave policy?", "ro-1"))
    assert again.status_code == 200, again.text
    kinds = [m["type"] for m in again.json()["output"]["messages"]]
    assert kinds == ["human", "ai"], kinds  # nothing of the refused turn was kept


def test_a_number_of_thousands_of_digits_is_refused_in_one_line(served: tuple[TestClient, str]) -> None:
    client, _ = served
    digits = "9" * 5000
    turn = '{"input": {"messages": [["user", "hi"]]}, "config": {"configurable": {"thread_id": "big", "context_budget": %s}}}'
    run = '{"path": "hr", "options": {"batch_size": %s}}'
    headers = {**ACME, "content-type": "application/json"}
    for route, body in (("/assistant/invoke", turn % digits), ("/v1/runs", run % digits)):
        refused = client.post(route, headers=headers, content=body.encode())
        assert refused.status_code in (400, 422), (route, refused.text)
        detail = refused.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and "5000 digits" in detail, (route, detail)


def test_a_stream_on_a_read_only_database_ends_with_the_one_line_503(
    served: tuple[TestClient, str], pg_server_url: str
) -> None:
    client, url = served
    # The thread has a first turn: a new one's owner is recorded before the stream starts (h16 s36
    # H16-12), and a read-only database refuses that write as the response itself (below).
    first = client.post("/assistant/invoke", headers=ACME, json=_turn("What is the leave policy?", "ro-s"))
    assert first.status_code == 200, first.text
    _read_only(pg_server_url, url, True)
    try:
        streamed = client.post(
            "/assistant/stream", headers=ACME, json=_turn("And for part-time staff?", "ro-s")
        )
        new = client.post("/assistant/stream", headers=ACME, json=_turn("What is the leave policy?", "ro-n"))
    finally:
        _read_only(pg_server_url, url, False)
    errors = [b for b in streamed.text.replace("\r\n", "\n").split("\n\n") if b.startswith("event: error")]
    assert len(errors) == 1, streamed.text[-600:]
    data = json.loads(errors[0].split("data: ", 1)[1])
    assert data["status_code"] == 503, data
    assert "read-only" in data["message"] and "\n" not in data["message"], data
    assert new.status_code == 503, new.text  # a new thread's: refused before the stream, one line
    detail = new.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and "read-only" in detail, detail


def test_a_statement_timeout_the_database_enforces_is_one_line_naming_it(
    served: tuple[TestClient, str], pg_server_url: str
) -> None:
    client, url = served
    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(pg_server_url, autocommit=True) as conn:
        conn.execute(f"ALTER DATABASE {name} SET statement_timeout = '1ms'")
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
    try:
        stopped = client.post(
            "/assistant/invoke", headers=ACME, json=_turn("What is the leave policy?", "st-1")
        )
    finally:
        with psycopg.connect(pg_server_url, autocommit=True) as conn:
            conn.execute(f"ALTER DATABASE {name} RESET statement_timeout")
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
    # 503 if the server takes it for a passing limit, 500 if for its operator's to fix (error_handlers'
    # rule for a refusal of the database's set-up): either way one line of kassist's, not a bare 500.
    assert stopped.status_code in (500, 503), stopped.text
    assert stopped.headers["content-type"].startswith("application/json"), stopped.text
    detail = stopped.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and detail != "Internal Server Error", detail
