"""The examples in docs/checkpointer.md run as written (in order, one namespace, a temp directory)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "checkpointer.md"


def test_doc_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 5
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "docs_example"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, str(DOC), "exec", dont_inherit=True), namespace)
    printed = out.getvalue()
    assert "['hello', 'reply to hello', 'and again', 'reply to and again']" in printed
    # No lost update: at least one racer is refused and the count ends at 3. How many conflicts there
    # are depends on thread timing (a retry can land before the winner's last async put, which is then
    # refused and retried in turn); every interleaving must still end at 3.
    conflicts = re.search(r"^(\d+) conflict$", printed, flags=re.M)
    assert conflicts is not None and int(conflicts.group(1)) in (1, 2), printed
    assert "count 3" in printed
    assert "\n100\n" in printed
    assert "2 threads deleted" not in printed and "1 threads deleted" in printed
