"""h8, session 31 #17: `kassist memory remember --value` with JSON Python's parser cannot take - a number of
5,000 digits (int()'s 4,300-digit limit), 3,000 levels of nesting (its recursion limit) - was "unexpected
ValueError / RecursionError ... (a bug in kassist; ...)"; a JSON that is not valid gets one usage line naming
--value, and so must these. Nothing is written either way."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.kit import ExitCode
from cli.main import app


@pytest.mark.parametrize("value", ["9" * 5000, "[" * 3000 + "]" * 3000], ids=["5000-digits", "3000-levels"])
def test_a_value_past_the_json_parsers_limits_is_one_line_naming_value(value: str, tmp_path: Path) -> None:
    done = CliRunner(env={"COLUMNS": "400"}).invoke(
        app,
        ["memory", "remember", "--tenant", "acme", "--user", "alice", "--type", "preference", "--key", "k1",
         "--source", "user_explicit", "--value", value, "--database-url", f"sqlite:///{tmp_path / 'k.db'}"],
    )  # fmt: skip
    lines = done.output.strip().splitlines()
    assert done.exit_code in (ExitCode.USAGE, ExitCode.FAILED), done.output
    assert len(lines) == 1 and lines[0].startswith("error: --value"), done.output[-500:]
    assert "a bug in kassist" not in lines[0], lines[0]
