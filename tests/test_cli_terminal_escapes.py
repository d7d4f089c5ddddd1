"""Stored names reach the operator's terminal as text, never as terminal commands.

A file synced into an ingestion folder may be named with escape sequences (clear the screen, set
the window title, hide text), bidirectional overrides or zero-width characters. `kassist kb`
prints such names with the control characters spelt out (``\\x1b``, ``\\u202e``), in tables and in
``--full`` records alike (h8's probe, session 18: they were printed raw)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.kb import app

runner = CliRunner()
EVIL = "pay\x1b]0;owned\x07\x1b[2Jroll\u202egpj.md"


@pytest.fixture(autouse=True)
def reports_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KASSIST_REPORTS_DIR", str(tmp_path / "reports"))


def kb(*args: str, url: str) -> str:
    result = runner.invoke(app, [*args, "--tenant", "acme", "--database-url", url])
    assert result.exit_code in (0, 3), result.output
    return result.output


def test_document_names_with_control_characters_are_printed_spelt_out(
    sqlite_url: str, tmp_path: Path
) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / EVIL).write_text("# Payroll\n\nSalaries are paid on the 25th of each month.\n")
    kb("ingest", str(root), "--collection", "hr", "--embedder", "hashing", url=sqlite_url)
    outputs = [
        kb("documents", "list", url=sqlite_url),
        kb("documents", "list", "--full", url=sqlite_url),
        kb("search", "when are salaries paid", "--embedder", "hashing", url=sqlite_url),
        kb("search", "when are salaries paid", "--embedder", "hashing", "--full", url=sqlite_url),
    ]
    for out in outputs:
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, repr(out)
    assert "\\x1b" in outputs[1] and "\\u202e" in outputs[1]  # spelt out, so the operator sees them
