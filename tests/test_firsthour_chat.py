"""`kassist chat` stores what the user states, as `kassist memory remember` does (one function:
graph/assistant/extract.py), on a fresh database: the issue's own example "I prefer answers in
Bengali" becomes a language preference the next answer follows."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kassist.cli import app

runner = CliRunner(env={"COLUMNS": "200"})


def test_chat_remembers_a_stated_language_preference(sqlite_url: str) -> None:
    said = "I prefer answers in Bengali\nWhat is the leave policy?\n\n"
    chat = runner.invoke(
        app, ["chat", "--tenant", "acme", "--user", "asha", "--thread", "t-1", "--database-url", sqlite_url],
        input=said,
    )  # fmt: skip
    assert chat.exit_code == 0, chat.output
    # The second answer already follows the preference stored from the first turn.
    assert "Your preference is answers in Bengali" in chat.output
    listed = runner.invoke(
        app, ["memory", "list", "--tenant", "acme", "--user", "asha", "--json", "--database-url", sqlite_url]
    )
    assert listed.exit_code == 0, listed.output
    memories = [(m["memory_type"], m["key"], m["value"], m["source"]) for m in json.loads(listed.output)]
    assert memories == [("preference", "response_language", "Bengali", "user_explicit")]
    # Another tenant's user of the same name has nothing.
    other = runner.invoke(
        app,
        ["memory", "list", "--tenant", "globex", "--user", "asha", "--json", "--database-url", sqlite_url],
    )
    assert json.loads(other.output) == []
