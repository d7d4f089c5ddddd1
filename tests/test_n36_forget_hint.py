"""`kassist memory forget --key` with a key the user has no memory under (session 36, n N9).

README's `kassist memory forget --tenant acme --user asha --key response_language`, typed
`response_languag`, answered `forgot 0 memory rows of asha in acme (key response_languag)`, exit 0,
and asha's preference stayed. Exit 0 is right (an erasure is idempotent); the line now says that the
user has no memory under that key and names the keys they have. --json is unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cli.memory import app

runner = CliRunner()


def test_forget_with_a_key_the_user_has_no_memory_under(tmp_path: Path) -> None:
    url = ["--database-url", f"sqlite:///{tmp_path / 'm.db'}"]
    who = ["--tenant", "acme", "--user", "asha"]
    said = runner.invoke(app, ["remember", *who, "I prefer answers in Bengali", *url])
    assert said.exit_code == 0, said.output
    typo = runner.invoke(app, ["forget", *who, "--key", "response_languag", *url])
    assert typo.exit_code == 0
    assert typo.output.strip() == (
        "forgot 0 memory rows of asha in acme (key response_languag); asha has no memory with that key "
        "(their keys: response_language)"
    ), typo.output
    as_json = runner.invoke(app, ["forget", *who, "--key", "response_languag", "--json", *url])
    assert json.loads(as_json.output) == {
        "tenant": "acme",
        "user": "asha",
        "key": "response_languag",
        "deleted": 0,
    }
    done = runner.invoke(app, ["forget", *who, "--key", "response_language", *url])
    assert done.output.strip() == "forgot 1 memory rows of asha in acme (key response_language)", done.output
