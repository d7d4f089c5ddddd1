"""Output a user copies from is never cut (issue 28 item 4): real ``kassist`` processes writing into a
pipe at ``COLUMNS=40``. Paths (source folder, report files, files not indexed) are printed whole on
their own lines; ``--full`` (one option, one shape for every command whose table shortens a value)
prints every field whole, one a line."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import zygote

ROOT = Path(__file__).resolve().parents[1]
RUN = "quarterly-handbook-refresh-2026-finance-and-legal-teams"  # longer than a 40-column line
IDENTITY = "operations-on-call-engineer-for-the-emea-region"


def kassist(url: str, *args: str, code: int = 0) -> list[str]:
    """stdout lines of ``kassist ARGS`` writing into a pipe, 40 columns wide."""
    env = dict(os.environ, COLUMNS="40", PYTHONPATH=str(ROOT), KASSIST_DATABASE_URL=url)
    env.pop("KASSIST_PROGRESS", None)
    done = zygote.run(
        [sys.executable, "-P", "-m", "cli.main", *args], env=env, timeout=300
    )  # forked, tests/zygote.py
    assert done.returncode == code, done.stdout + done.stderr
    return done.stdout.splitlines()


@pytest.fixture
def ingested(tmp_path: Path, sqlite_url: str) -> tuple[str, Path, Path]:
    """A finished run over a folder whose path is longer than the terminal, one file not indexed."""
    source = tmp_path / "shared-drive" / "human-resources" / "policies-and-handbooks-2026"
    source.mkdir(parents=True)
    for i in range(10):  # ten good files: one failure stays under the audit's 10%, no review
        (source / f"policy-{i}.md").write_text(f"# Policy {i}\n\nNew joiners accrue {i} days of leave.\n")
    (source / "an-empty-document-with-a-long-name.md").write_text("")
    reports = tmp_path / "exported-audit-reports" / "for-the-quarterly-compliance-review"
    return sqlite_url, source, reports


def test_ingest_prints_every_path_whole_on_its_own_line(ingested: tuple[str, Path, Path]) -> None:
    url, source, reports = ingested
    args = ["ingest", str(source), "--tenant", "acme", "--run-id", RUN, "--embedder", "hashing"]
    lines = kassist(url, *args, "--reports-dir", str(reports), code=3)  # completed, one file failed
    assert str(source) in lines  # the source folder, alone on its line
    assert "an-empty-document-with-a-long-name.md" in lines  # the file not indexed
    for fmt, suffix in (("html", "html"), ("json", "json"), ("markdown", "md")):
        at = lines.index(f"report ({fmt}):")
        assert lines[at + 1] == str(reports / f"audit-{RUN}@acme.{suffix}")
        assert Path(lines[at + 1]).is_file()
    assert not any("…" in line for line in lines)
    # Resumed when finished: the same whole paths, no table cell holds one.
    again = kassist(url, "runs", "resume", RUN, "--tenant", "acme", code=3)
    assert str(source) in again and "an-empty-document-with-a-long-name.md" in again


def test_runs_show_and_list_full_print_every_value_whole(ingested: tuple[str, Path, Path]) -> None:
    url, source, _ = ingested
    kassist(url, "ingest", str(source), "--tenant", "acme", "--run-id", RUN, "--embedder", "hashing", code=3)
    shown = kassist(url, "runs", "show", RUN, "--tenant", "acme")
    assert shown[shown.index("source folder:") + 1] == str(source)
    assert "(cut to fit: --full prints every value whole)" in shown  # the run id is wider than 40

    full = kassist(url, "runs", "show", RUN, "--tenant", "acme", "--full")
    assert f"run {RUN} (acme)" in full
    for expected in ("status: completed", "documents failed: 1", f"source: {source}"):
        assert expected in full, full
    assert any(line.startswith("version: ") for line in full)
    assert not any("│" in line for line in full)  # no table

    listed = kassist(url, "runs", "list", "--tenant", "acme")
    assert not any(str(source) in line for line in listed)  # never a path in a cell rich would cut
    assert "source folders: --full, or kassist runs show RUN" in listed
    listed_full = kassist(url, "runs", "list", "--tenant", "acme", "--full")
    assert f"run_id: {RUN}" in listed_full and f"source: {source}" in listed_full

    out_dir = ingested[2]
    exported = kassist(url, "runs", "report", RUN, "--tenant", "acme", "--out", str(out_dir))
    assert exported[exported.index("html:") + 1] == str(out_dir / f"audit-{RUN}@acme.html")


def test_checkpoints_and_keys_full_print_every_value_whole(ingested: tuple[str, Path, Path]) -> None:
    url, source, _ = ingested
    kassist(url, "ingest", str(source), "--tenant", "acme", "--run-id", RUN, "--embedder", "hashing", code=3)
    threads = kassist(url, "checkpoints", "list", "--tenant", "acme", "--full")
    assert f"thread: {RUN}" in threads
    head = kassist(url, "checkpoints", "show", "--tenant", "acme", "--thread", RUN, "--full")
    assert f"thread: {RUN}" in head
    assert any(line.startswith("value: ") and str(source) in line for line in head)  # the settings, whole
    short = kassist(url, "checkpoints", "show", "--tenant", "acme", "--thread", RUN)
    assert f"thread: {RUN}" not in short and "--full shows them whole" in " ".join(short)

    kassist(url, "keys", "create", "--tenant", "acme", "--identity", IDENTITY)
    keys = kassist(url, "keys", "list", "--full")
    assert f"identity: {IDENTITY}" in keys and "state: active" in keys
