"""`kassist serve` says which database it serves, and when that database is new (n1, session 34).

A newcomer who started `kassist serve` in another folder than the one they ingested in got a server
on a new, empty `.kassist/kassist.db` made there by the default URL: its banner named the URLs only,
and the assistant answered "nothing relevant" with no hint why (`kassist demo` prints a `database:`
line; `langgraph dev` buries its store's line among forty). In-process: the command runs as typed,
up to uvicorn's listening, which is replaced by a return (uvicorn's, not ours); the hashing embedder
and no chat model keep the app's start-up cheap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import uvicorn
from server_harness import free_port
from typer.testing import CliRunner

from cli.main import app

KEYS = {"n1-s34-serve-key-0123456789": {"identity": "asha", "tenant_id": "acme"}}


def _serve_lines(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    result = CliRunner().invoke(app, ["serve", "--port", str(free_port())])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_kassist_serve_names_its_database_and_says_when_it_is_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("KASSIST_DATABASE_URL", raising=False)  # the default: ./.kassist/kassist.db
    monkeypatch.delenv("KASSIST_API_KEYS_FILE", raising=False)
    monkeypatch.setenv("KASSIST_API_KEYS", json.dumps(KEYS))
    monkeypatch.setenv("KASSIST_EMBEDDER", "hashing")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "KASSIST_CHAT_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    where = f"database: SQLite file {tmp_path.resolve() / '.kassist' / 'kassist.db'}"

    first = [line for line in _serve_lines(monkeypatch) if line.startswith("database: ")]
    assert len(first) == 1 and first[0].startswith(f"{where} (new: "), first
    assert "--database-url" in first[0]  # what to do about it

    again = [line for line in _serve_lines(monkeypatch) if line.startswith("database: ")]
    assert again == [where]  # the same folder's database, not new any more
