"""`kassist keys create`'s help names its options, not positional-looking words (n1, session 34).

Its line read "Create a key for IDENTITY in TENANT": capitals as click shows positional arguments,
so a newcomer typed `kassist keys create acme olga --role admin` and met "Missing option
'--tenant'". Both are options (--tenant, --identity). In-process, no database."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.main import app


def test_keys_create_help_names_its_options() -> None:
    for argv in (["keys", "create", "--help"], ["keys", "--help"]):
        shown = CliRunner().invoke(app, argv, env={"COLUMNS": "200"})
        assert shown.exit_code == 0, shown.output
        line = next(row for row in shown.output.splitlines() if "Create a key for" in row)
        assert "IDENTITY" not in line and "TENANT" not in line, line
        assert "--identity" in line and "--tenant" in line, line
