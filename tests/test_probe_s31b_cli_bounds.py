"""h8, session 31 #15: `kassist ingest` options past the run settings' bounds (graph/ingestion/state.py:
batch_size at most 10,000, max_bytes at most 1 GiB) were the settings model's four-line pydantic error
("1 validation error for Settings / batch_size / Input should be ... / For further information visit
https://errors.pydantic.dev/..."), while `--batch-size 0` is click's one usage line. A number past 2**63
is the same case. Nothing is registered either way; the line must name the option and its bound."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.kit import ExitCode
from cli.main import app


@pytest.mark.parametrize(
    ("option", "value", "bound"),
    [
        ("--batch-size", str(2**63), "10000"),
        ("--batch-size", "10001", "10000"),
        ("--max-bytes", str(10**30), "1073741824"),
    ],
    ids=["batch-2^63", "batch-10001", "max-bytes-10^30"],
)
def test_an_ingest_option_past_its_bound_is_one_usage_line(
    option: str, value: str, bound: str, tmp_path: Path
) -> None:
    corpus = tmp_path / "docs"
    corpus.mkdir()
    (corpus / "a.md").write_text("# A\n\nText.\n", encoding="utf-8")
    done = CliRunner(env={"COLUMNS": "400"}).invoke(
        app,
        ["ingest", str(corpus), "--tenant", "acme", "--embedder", "hashing", "--run-id", "r1", option, value,
         "--database-url", f"sqlite:///{tmp_path / 'k.db'}"],
    )  # fmt: skip
    lines = done.output.strip().splitlines()
    assert done.exit_code == ExitCode.USAGE, done.output
    assert len(lines) == 1 and lines[0].startswith("error: "), done.output
    assert option in lines[0] and bound in lines[0] and "pydantic" not in lines[0], lines[0]
