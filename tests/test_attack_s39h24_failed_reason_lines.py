"""h24 s39: a file name's line breaks still print lines of their own under "Files not indexed", through
the failure's reason.

Session 29 (tests/test_probe_s29b_cli_lines.py) spelt out the newlines of a failed file's *name* under
"Files not indexed" (cli/output.path_line), so a document author cannot print lines the run never wrote
(a forged ``report (html):`` line and path). The reason printed under the name is written with
``whole_line``, which keeps newlines, and some reasons quote the name: an unsupported file type quotes
the name's suffix, everything after its last dot. A regular file named ``x.md<LF>...<LF>report (html):
<LF>∕tmp∕attacker∕audit`` (U+2215, a slash look-alike) is not indexed (its "extension" is not one the
loaders know) and its reason prints the forged lines whole. One real ``kassist ingest`` process.
"""

from __future__ import annotations

import sys
from pathlib import Path

import zygote
from ingest_harness import ROOT, child_env

FORGED = "x.md\n  unreadable: skipped\nreport (html):\n\u2215tmp\u2215attacker\u2215audit"


def test_a_failed_files_reason_holding_line_breaks_prints_no_line_of_its_own(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n")
    (corpus / FORGED).write_text("Salaries are paid on the 25th of each month.\n")  # a regular file
    done = zygote.run(  # forked: tests/zygote.py
        [sys.executable, "-P", "-m", "cli.main", "ingest", str(corpus), "--tenant", "acme", "--run-id", "r1",
         "--collection", "lines", "--embedder", "hashing", "--database-url", f"sqlite:///{tmp_path}/k.db"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, timeout=300,
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert "Files not indexed (1):" in lines, done.stdout + done.stderr
    assert FORGED.replace("\n", "\\n") in lines  # the name itself: spelt out since session 29
    forged = [line for line in lines if line.startswith(("\u2215tmp", "report (html):"))]
    assert not forged, f"lines the run never wrote were printed: {forged}\n{done.stdout}"
