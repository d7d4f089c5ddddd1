"""`kassist demo-corpus` run again on README's folder says what to remove in one go (n1, session 34).

README: "`kassist demo-corpus` will not overwrite an earlier `corpus.manifest.json`: remove it and
`corpus/` to start again". The refusal said only "remove it or choose another folder"; removing the
ground truth alone led to a second refusal ("corpus exists and is not an empty directory").
In-process (CliRunner), a five-document corpus in the test's own working directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app


def test_a_second_demo_corpus_names_both_things_to_remove(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    first = runner.invoke(app, ["demo-corpus", "./corpus", "--docs", "5", "--seed", "7"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["demo-corpus", "./corpus", "--docs", "5", "--seed", "7"])
    assert again.exit_code == 2
    lines = again.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert "corpus.manifest.json exists (the ground truth of an earlier corpus)" in lines[0]
    assert "remove it and corpus/" in lines[0], lines[0]
