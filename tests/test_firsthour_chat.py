"""`kassist chat` stores what the user states, as `kassist memory remember` does (one function:
graph/assistant/extract.py), on a fresh database: the issue's own example "I prefer answers in
Bengali" becomes a language preference the next answer follows."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

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


def test_context_full_prints_every_item_whole(sqlite_url: str) -> None:
    base = ["--tenant", "acme", "--user", "asha", "--thread", "t-2", "--database-url", sqlite_url]
    said = runner.invoke(
        app, ["chat", *base], input="Please always cite the policy section and the page.\n\n"
    )
    assert said.exit_code == 0, said.output
    narrow = CliRunner(env={"COLUMNS": "50"})
    query = ["--query", "What is the leave policy?"]
    short = narrow.invoke(app, ["context", *base, *query])
    assert short.exit_code == 0, short.output
    assert "│" in short.output and "(cut to fit: --full prints every value whole)" in short.output
    full = narrow.invoke(app, ["context", *base, *query, "--full"])
    assert full.exit_code == 0, full.output
    lines = full.output.splitlines()
    assert "Context items" in lines and "│" not in full.output
    assert "tier: procedural" in lines and "included: True" in lines
    listed = runner.invoke(app, ["memory", "list", *base[:4], "--database-url", sqlite_url, "--json"])
    (memory,) = json.loads(listed.output)
    assert memory["key"] == "instruction:always_cite_the_policy_section_and_the_page"
    at = lines.index(f"id: memory:{memory['id']}")  # the whole id, on its own line
    assert lines[at - 1] == "tier: procedural" and lines[at + 1] == "kind: procedure"


def test_a_question_before_any_document_says_how_to_add_them(tmp_path: Path, sqlite_url: str) -> None:
    """A newcomer's `kassist ask` before `kb ingest` answered only "I found nothing relevant"."""
    base = ["--tenant", "acme", "--user", "asha", "--database-url", sqlite_url]
    empty = runner.invoke(app, ["ask", "How many days of annual leave do I get?", *base])
    assert empty.exit_code == 0, empty.output
    note = "note: tenant 'acme' has no documents yet; add the shipped handbook with: kassist kb ingest"
    assert note in empty.stderr and note not in empty.stdout
    as_json = runner.invoke(app, ["ask", "How many days of annual leave do I get?", *base, "--json"])
    assert as_json.exit_code == 0 and "note:" not in as_json.output
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "leave.md").write_text("# Leave\n\nEmployees get 28 days of annual leave.\n")
    ingested = runner.invoke(
        app, ["kb", "ingest", str(tmp_path / "docs"), "--tenant", "acme", "--collection", "handbook",
              "--embedder", "local", "--database-url", sqlite_url],
    )  # fmt: skip
    assert ingested.exit_code == 0, ingested.output
    answered = runner.invoke(app, ["ask", "How many days of annual leave do I get?", *base])
    assert answered.exit_code == 0 and "note:" not in answered.output and "[1] Leave" in answered.output
