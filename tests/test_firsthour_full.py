"""``--full`` on the knowledge and memory commands (issue 28 item 4): one shape for every command
whose table shortens a value (cli.kit.print_records: ``field: value`` lines, whole), and a
line saying so when a table was cut to fit. At 40 columns, on a fresh SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

narrow = CliRunner(env={"COLUMNS": "40", "KASSIST_PROGRESS": ""})
FOLDER = "policies-and-handbooks-for-the-finance-and-legal-teams-2026"
TEXT = "Reimbursement of intercompany travel requires the countersignature of both controllers."


def kassist(url: str, *args: str, code: int = 0) -> list[str]:
    done = narrow.invoke(app, [*args, "--database-url", url])
    assert done.exit_code == code, done.output
    return done.output.splitlines()


def test_kb_tables_cut_to_fit_and_full_prints_them_whole(tmp_path: Path, sqlite_url: str) -> None:
    source = tmp_path / FOLDER
    source.mkdir()
    (source / "travel-and-expenses-policy-for-finance.md").write_text(f"# Travel\n\n{TEXT}\n")
    (source / "leave.md").write_text("# Leave\n\nEmployees get 28 days of annual leave.\n")
    kassist(sqlite_url, "kb", "ingest", str(source), "-t", "acme", "-c", "handbook", "--embedder", "hashing")

    short = kassist(sqlite_url, "kb", "search", "countersignature controllers", "-t", "acme")
    assert "(cut to fit: --full prints every value whole)" in short
    full = kassist(sqlite_url, "kb", "search", "countersignature controllers", "-t", "acme", "--full")
    assert "│" not in "\n".join(full) and "rank: 1" in full
    assert TEXT in "\n".join(full) and "…" not in "\n".join(full)  # the chunk whole, not wrapped
    assert "source_path: travel-and-expenses-policy-for-finance.md" in full
    assert any(line.startswith("keyword_rank: ") for line in full)

    docs = kassist(sqlite_url, "kb", "documents", "list", "-t", "acme", "--full")
    ids = [line.removeprefix("doc_id: ") for line in docs if line.startswith("doc_id: ")]
    assert len(ids) == 2 and all(len(i) > 12 for i in ids)  # whole ids (the table shows 12 digits)
    assert "source_path: travel-and-expenses-policy-for-finance.md" in docs
    for command in (["kb", "stats"], ["kb", "collections", "list"]):
        records = kassist(sqlite_url, *command, "-t", "acme", "--full")
        assert "collection: handbook" in records and "documents: 2" in records and "│" not in "".join(records)


def test_memory_audit_full_prints_every_field(sqlite_url: str) -> None:
    kassist(sqlite_url, "memory", "remember", "-t", "acme", "--user", "asha", "I prefer answers in Bengali")
    short = kassist(sqlite_url, "memory", "audit", "-t", "acme")
    assert "│" in "".join(short)
    full = kassist(sqlite_url, "memory", "audit", "-t", "acme", "--full")
    assert "│" not in "".join(full) and "key: response_language" in full and "source: user_explicit" in full
    assert any(line.startswith("new_hash: ") and len(line) > len("new_hash: ") + 8 for line in full)
    listed = kassist(sqlite_url, "memory", "list", "-t", "acme", "--user", "asha", "--full")
    assert "value: Bengali" in listed and "key: response_language" in listed
    as_json = json.loads(
        "\n".join(kassist(sqlite_url, "memory", "list", "-t", "acme", "--user", "asha", "--json"))
    )
    assert [m["id"] for m in as_json] == [
        line.removeprefix("id: ") for line in listed if line.startswith("id: ")
    ]
