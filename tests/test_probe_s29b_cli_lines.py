"""Session 29 probes (h2): a file name that prints lines of its own in ``kassist ingest``'s output.

docs/cli.md: paths a user copies (the source folder, report files, files not indexed) are printed
whole on their own line. The command line spells control characters out (cli/output.shown) but
keeps newlines and tabs, so a document author's file name holding line breaks printed lines the
run never wrote under "Files not indexed": here a forged ``report (html):`` line and a path (with
U+2215, a slash look-alike, since a name cannot hold ``/``). One real ``kassist ingest`` process.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import zygote
from ingest_harness import ROOT, child_env

FORGED = "x.md\n  unreadable: skipped\nreport (html):\n\u2215tmp\u2215attacker\u2215audit.html"


def test_a_file_name_with_line_breaks_is_printed_as_one_line(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n")
    os.mkfifo(corpus / FORGED)  # not indexed: listed by its name
    done = zygote.run(  # forked: tests/zygote.py
        [sys.executable, "-P", "-m", "cli.main", "ingest", str(corpus), "--tenant", "acme", "--run-id", "r1",
         "--collection", "lines", "--embedder", "hashing", "--database-url", f"sqlite:///{tmp_path}/k.db"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, timeout=300,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert "Files not indexed (1):" in lines, done.stdout + done.stderr
    assert not any(line.startswith("\u2215tmp") for line in lines), "a forged line was printed"
    assert FORGED.replace("\n", "\\n") in lines
