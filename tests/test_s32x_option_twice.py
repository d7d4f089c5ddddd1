"""A single-valued option given twice with different values is a usage error in every spelling click
reads (h10 s32 #5; review s32 r1 #3: a hand-written scan missed ``-tglobex`` after ``--tenant acme``,
and click kept globex). cli.main.given_twice lets click's own parser read the arguments. In process
(typer's runner), nothing opened: the refusal comes before the command parses."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app


@pytest.mark.parametrize(
    "twice",
    [
        ["--tenant", "acme", "--tenant", "globex"],
        ["--tenant", "acme", "-tglobex"],
        ["-t", "acme", "--tenant=globex"],
    ],
    ids=["long", "short-attached", "equals"],
)
def test_two_values_of_one_option_are_refused_in_one_line(twice: list[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    done = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["memory", "remember", *twice, "--user", "u1", "--database-url", url, "I prefer short answers"]
    )
    assert done.exit_code == 2, done.output
    line = done.output.strip().splitlines()[-1]
    assert line == "error: --tenant (-t) is given twice, as 'acme' and 'globex': give it once", done.output
    assert not (tmp_path / "k.db").exists()  # refused before anything was opened


def test_the_same_value_twice_is_the_same_command(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    done = CliRunner(env={"COLUMNS": "200"}).invoke(
        app, ["memory", "list", "--tenant=acme", "-t", "acme", "--user", "u1", "--database-url", url]
    )
    assert done.exit_code == 1 and "is given twice" not in done.output, done.output  # past the check
    assert "does not exist" in done.output.strip().splitlines()[-1]  # the command's own answer
