"""Safe defaults and readable output of the ``kassist`` command line (issue 15):

- commands that only read never create a database file or directory; a mistyped path says so;
- ``sqlite://x.db`` (two slashes) says to use three or four;
- memory values from a file or standard input; validation errors in the options' words;
- tables fit 80 columns without splitting words, ``--full`` shows the rest;
- a command whose optional extra is missing says which extra to install, in one line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner(env={"COLUMNS": "80"})

READ_ONLY = [
    ["memory", "list", "--tenant", "acme", "--user", "asha"],
    ["memory", "history", "--tenant", "acme", "--user", "asha", "--key", "k"],
    ["memory", "review", "--tenant", "acme"],
    ["memory", "audit", "--tenant", "acme"],
    ["kb", "search", "leave", "--tenant", "acme"],
    ["kb", "stats", "--tenant", "acme"],
    ["checkpoints", "list", "--tenant", "acme"],
    ["checkpoints", "show", "--tenant", "acme", "--thread", "t"],
    ["checkpoints", "prune", "--older-than", "30d", "--tenant", "acme"],
]


@pytest.mark.parametrize("args", READ_ONLY, ids=lambda a: " ".join(a[:2]))
def test_read_only_commands_never_create_a_database(args: list[str], tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent" / "dir" / "x.db"
    result = runner.invoke(app, [*args, "--database-url", f"sqlite:///{missing}"])
    assert result.exit_code == 1, result.output
    assert f"{missing} does not exist" in " ".join(result.output.split()).replace(" ", "") or (
        str(missing) in result.output.replace("\n", "") and "does not exist" in result.output
    )
    assert not (tmp_path / "nonexistent").exists()


def test_two_slashes_say_use_three_or_four(tmp_path: Path) -> None:
    result = runner.invoke(app, ["kb", "stats", "--tenant", "acme", "--database-url", "sqlite://relative.db"])
    flat = " ".join(result.output.split())
    assert result.exit_code == 1
    assert "sqlite:///relative.db (three slashes)" in flat and "four" in flat


def remember(
    url: str, *extra: str, value: list[str] | None = None, stdin: str | None = None
) -> tuple[int, str]:
    args = ["memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "fact"]
    args += ["--source", "admin", "--database-url", url, *extra, *(value or [])]
    result = runner.invoke(app, args, input=stdin)
    return result.exit_code, " ".join(result.output.split())


def test_values_from_a_file_or_standard_input(sqlite_url: str, tmp_path: Path) -> None:
    big = {"runbook": " ".join(f"step {i}: restart the gateway" for i in range(300))}
    path = tmp_path / "value.json"
    path.write_text(json.dumps(big))
    code, out = remember(sqlite_url, "--key", "gateway_runbook", value=["--value-file", str(path)])
    assert code == 0 and "added" in out
    code, out = remember(sqlite_url, "--key", "motto", value=["--value", "-"], stdin='"keep it simple"')
    assert code == 0 and "added" in out
    listed = runner.invoke(
        app, ["memory", "list", "--tenant", "acme", "--user", "asha", "--json", "--database-url", sqlite_url]
    )
    values = {r["key"]: r["value"] for r in json.loads(listed.output)}
    assert values == {"gateway_runbook": big, "motto": "keep it simple"}

    code, out = remember(sqlite_url, "--key", "x", value=["--value-file", str(tmp_path / "none.json")])
    assert code == 2 and "none.json does not exist" in out
    code, out = remember(sqlite_url, "--key", "x")
    assert code == 2 and "exactly one of --value" in out
    code, out = remember(sqlite_url, "--key", "x", value=["--value", "-"], stdin="not json")
    assert code == 2 and "standard input) is not valid JSON" in out


def test_validation_errors_in_the_projects_words(sqlite_url: str, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps("x" * 60_000))
    code, out = remember(sqlite_url, "--key", "huge", value=["--value-file", str(path)])
    assert code == 1
    assert "--value: value is 60002 bytes as JSON; at most 16384" in out
    assert "Value error" not in out and "validation error" not in out.lower()


def test_poisoned_write_exits_4_with_the_decision(sqlite_url: str) -> None:
    args = [
        "memory",
        "remember",
        "--tenant",
        "acme",
        "--user",
        "ben",
        "--type",
        "preference",
        "--key",
        "tone",
    ]
    args += ["--value", '"terse"', "--source", "kb_document", "--database-url", sqlite_url]
    result = runner.invoke(app, args)
    assert result.exit_code == 4
    assert result.output.split(":")[0] in ("rejected", "quarantined")


def test_tables_fit_80_columns_and_full_shows_the_rest(sqlite_url: str) -> None:
    words = "the quarterly reconciliation of intercompany balances requires countersignature " * 4
    code, _ = remember(sqlite_url, "--key", "procedure_note", value=["--value", json.dumps(words.strip())])
    assert code == 0
    base = ["memory", "list", "--tenant", "acme", "--user", "asha", "--database-url", sqlite_url]
    short = runner.invoke(app, base)
    lines = short.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    cells = " ".join(line.replace("│", " ") for line in lines).split()
    for word in ("quarterly", "reconciliation", "intercompany"):
        assert word in cells  # wrapped between words, never inside one
    assert "…" in short.output
    full = runner.invoke(app, [*base, "--full"])
    assert full.output.count("countersignature") == 4


def test_a_missing_extra_is_one_line_naming_it(tmp_path: Path) -> None:
    probe = "import sys; sys.modules['fastapi'] = None; from cli.main import main; main()"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-P", "-c", probe, "serve", "--port", "1"],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert 'pip install "kassist[serve]"' in done.stderr
