"""A writer killed with SIGKILL mid-stream leaves memories and audit log consistent (both backends)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from memory.manager import MemoryManager, Status

WRITER = textwrap.dedent(
    """
    import sys
    from memory.manager import MemoryManager, PolicyConfig
    config = PolicyConfig(rate_limit_per_minute=1_000_000)
    memory = MemoryManager.from_url(sys.argv[1], config=config).for_tenant("acme")
    i = 0
    while True:
        a = memory.remember("kai", "preference", "theme", f"theme-{i}", "user_explicit")
        b = memory.remember("kai", "fact", f"note-{i}", f"note {i}", "user_explicit")
        assert a.action.value in ("added", "superseded_previous") and b.action.value == "added", (a, b)
        print(i, flush=True)
        i += 1
    """
)


def test_sigkilled_writer_keeps_every_acknowledged_memory_and_one_active_value(db_url: str) -> None:
    MemoryManager.from_url(db_url).close()  # schema exists before the writer starts
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, db_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    acknowledged = -1
    deadline = time.monotonic() + 60
    while acknowledged < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert acknowledged >= 40, proc.stderr.read() if proc.stderr else ""

    with MemoryManager.from_url(db_url) as manager:
        memory = manager.for_tenant("acme")
        themes = memory.history("kai", "theme")
        assert sum(r.status is Status.ACTIVE for r in themes) == 1
        values = {r.value for r in themes}
        assert {f"theme-{i}" for i in range(acknowledged + 1)} <= values
        [active] = memory.recall("kai", key="theme")
        assert active.value == max(values, key=lambda v: int(str(v).split("-")[1]))
        notes = [r for r in memory.list_all("kai") if r.key.startswith("note-")]
        assert {f"note-{i}" for i in range(acknowledged + 1)} <= {r.key for r in notes}
        stored = len(themes) + len(notes)
        audited = [e for e in memory.audit_log(user_id="kai", limit=10_000) if e.action != "unchanged"]
        assert len(audited) == stored  # every stored row has its audit entry, and no entry without a row
