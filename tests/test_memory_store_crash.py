"""A writer killed with SIGKILL mid-stream loses no acknowledged batch and leaves no partial one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from memory import MemoryStore

BATCH = 20

WRITER = textwrap.dedent(
    """
    import sys
    from langgraph.store.base import PutOp
    from memory import MemoryStore

    store = MemoryStore.from_url(sys.argv[1], index_fields=("text",))
    store.setup()
    view = store.for_tenant("acme")
    i = 0
    while True:
        view.batch([
            PutOp(("crash", f"b{i}"), f"k{j}", {"text": f"batch {i} item {j} glacier", "i": i})
            for j in range(int(sys.argv[2]))
        ])
        print(i, flush=True)  # acknowledged only after the commit returned
        i += 1
    """
)


def test_sigkill_during_writes_keeps_batches_atomic(db_url: str, tmp_path: Path) -> None:
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen(
        [sys.executable, str(script), db_url, str(BATCH)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    acknowledged = -1
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while acknowledged < 15 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert acknowledged >= 15, proc.stderr.read() if proc.stderr else "writer produced nothing"

    with MemoryStore.from_url(db_url, index_fields=("text",)) as root:
        root.setup()
        view = root.for_tenant("acme")
        batches = view.list_namespaces(prefix=("crash",), limit=10_000)
        numbers = sorted(int(ns[1][1:]) for ns in batches)
        assert numbers == list(range(len(numbers)))  # no gaps
        assert len(numbers) - 1 >= acknowledged  # every acknowledged batch survived
        for n in numbers:
            items = view.search(("crash", f"b{n}"), limit=BATCH + 1)
            assert len(items) == BATCH, f"batch {n} is partial: {len(items)} items"
        # Vectors are consistent with items: every item of the last batch is found by a query.
        last = numbers[-1]
        hits = view.search(("crash", f"b{last}"), query=f"batch {last} glacier", limit=BATCH)
        assert len(hits) == BATCH
