"""An empty listing is one line that says so, not an empty grid of headers (n1, session 34).

`kassist memory list` of a user without memories, `memory review` with nothing quarantined,
`keys list` and `runs list` of a tenant with none (a mistyped tenant among them) printed a table of
headers and borders around nothing; `kb search` and `checkpoints list` already say "no results" /
"no checkpoints ...". In-process (CliRunner), on the test's own database."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.main import app


def test_empty_listings_say_none_in_one_line() -> None:
    runner = CliRunner()
    made = runner.invoke(app, ["memory", "remember", "--tenant", "acme", "--user", "asha", "call me Asha"])
    assert made.exit_code == 0, made.output  # the database and its tables exist: only the lists are empty
    expected = {
        ("memory", "list", "--tenant", "acme", "--user", "nobody"): "memories of nobody in acme: none",
        ("memory", "review", "--tenant", "acme"): "quarantined in acme: none",
        ("keys", "list", "--tenant", "zzz"): "API keys of zzz: none",
        ("runs", "list", "--tenant", "zzz"): "ingestion runs of zzz: none",
    }
    for argv, line in expected.items():
        result = runner.invoke(app, list(argv))
        assert result.exit_code == 0, (argv, result.output)
        shown = [row.rstrip() for row in result.output.splitlines() if row.strip()]
        assert shown[:1] == [line] and not any("┏" in row or "└" in row for row in shown), (argv, shown)
