"""docs/cli.md lists every ``kassist`` command and subcommand, and nothing that does not exist
(issue 28: it omitted ``ask``, ``chat``, ``context`` and ``demo-corpus``)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import typer.main

from cli.main import app

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"^kassist (?P<name>[\w-]+)\s+(?P<rest>.*)$")
SUBCOMMANDS = re.compile(r"^[\w-]+(?: \| [\w-]+)*(?=:|$)")


def documented() -> dict[str, set[str]]:
    """The first block of docs/cli.md: command -> its subcommands ("a | b | c", alone or before ':')."""
    text = (ROOT / "docs" / "cli.md").read_text()
    block = text.split("```\n", 2)[1]
    found: dict[str, set[str]] = {}
    for line in block.splitlines():
        m = LINE.match(line)
        assert m, f"docs/cli.md: not a command line: {line!r}"
        subs = SUBCOMMANDS.match(m["rest"])
        found[m["name"]] = set(subs[0].split(" | ")) if subs and " | " in subs[0] else set()
    return found


def actual() -> dict[str, set[str]]:
    root = typer.main.get_command(app)
    ctx = click.Context(root)
    found: dict[str, set[str]] = {}
    for name in root.list_commands(ctx):  # type: ignore[attr-defined]
        command = root.get_command(ctx, name)  # type: ignore[attr-defined]
        # A group lists its subcommands (typer brings its own click: no isinstance check).
        subs = getattr(command, "list_commands", None)
        found[name] = set(subs(click.Context(command, parent=ctx))) if subs else set()
    return found


def test_docs_cli_lists_every_command_and_subcommand() -> None:
    assert documented() == actual()
