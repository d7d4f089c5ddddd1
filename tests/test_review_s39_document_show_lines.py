"""r4 s39 (review of f56cb6f, H24-1): ``kassist kb documents show`` prints a document's path as stored -
its line breaks as lines of their own, its escape sequences raw to the terminal.

H24-1's fix made ``cli/output.whole_line`` one line, and ``documents list`` passes every cell through
``kit.row`` (escapes spelt out). ``documents show`` prints ``field: value`` lines with ``rich.Text``
of the value itself (cli/kb.documents_show), past both: a document author who names a file
``a.md<LF>chunks:     0<LF>size:       12 bytes.md`` makes the command print a ``chunks: 0`` line
the command never wrote above the real one, and a name holding ``ESC [31m`` reaches the terminal as
an escape sequence (cli/output.py's module promise: "never as escape sequences"). Real ``kassist``
processes (ingest, then show), SQLite."""

from __future__ import annotations

import sys
from pathlib import Path

import zygote
from ingest_harness import ROOT, child_env

FORGED = "a.md\nchunks:     0\nsize:       12 bytes.md"
ESCAPED = "b\x1b[31mred.md"


def _kassist(tmp_path: Path, *args: str) -> str:
    done = zygote.run(  # forked: tests/zygote.py
        [sys.executable, "-P", "-m", "cli.main", *args, "--tenant", "acme",
         "--database-url", f"sqlite:///{tmp_path}/k.db"],
        cwd=tmp_path, env={**child_env(), "PYTHONPATH": str(ROOT)}, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return str(done.stdout)


def test_a_documents_path_prints_on_one_line_as_text(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / FORGED).write_text("# Pay\n\nSalaries are paid on the 25th of each month.\n")
    (corpus / ESCAPED).write_text("# Red\n\nRed pens are in the second drawer.\n")
    _kassist(tmp_path, "ingest", str(corpus), "--run-id", "r1", "--collection", "c", "--embedder", "hashing")
    pay = _kassist(tmp_path, "kb", "documents", "show", FORGED, "--collection", "c")
    red = _kassist(tmp_path, "kb", "documents", "show", ESCAPED, "--collection", "c")
    assert [line for line in pay.splitlines() if line.startswith("chunks:")] == ["chunks:     1"], pay
    assert len([line for line in pay.splitlines() if line.startswith("size:")]) == 1, pay
    assert "\x1b" not in red, red.splitlines()
