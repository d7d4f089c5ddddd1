"""Two newcomer lows of session 34 (n1's N10, N13; x9 s35): ``kassist --version`` answers, and a
command's lines are not wrapped when its output is piped (rich wrapped them at 80 columns, mid-sentence,
under ``make demo | tee``); a terminal keeps its width. In process (~1 s of CPU)."""

from __future__ import annotations

import io
from importlib.metadata import version

from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from cli import kit
from cli.main import app


def test_kassist_says_its_version() -> None:
    said = CliRunner().invoke(app, ["--version"])
    assert said.exit_code == 0 and said.output == f"kassist {version('kassist')}\n", said.output


def test_a_piped_line_is_printed_whole_and_a_table_keeps_its_width() -> None:
    line = "resuming run demo from batch 4 of 21 (document 31, after hr/leave.md): " + "word " * 30
    piped = io.StringIO()
    console = kit.console(file=piped)  # not a terminal: a pipe, a file
    console.print(line.strip())
    table = Table("a", "b")
    table.add_row("x" * 60, "y" * 60)
    console.print(table)
    first, *rest = piped.getvalue().splitlines()
    assert first == line.strip()
    assert rest and max(len(row) for row in rest) <= 80  # tables still fit the default width
    terminal = io.StringIO()
    Console(file=terminal, force_terminal=True, width=40).print(line.strip())
    assert len(terminal.getvalue().splitlines()) > 1  # a terminal of 40 columns wraps, as before
    assert kit.console(file=io.StringIO(), soft_wrap=False).soft_wrap is False  # asked for: kept
