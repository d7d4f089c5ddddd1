"""The console calls a run busy by the lease's one rule (h17 s36 H17-5, its console half; x11): a run
whose holder was a process of this host that is gone is not busy, whatever time its lease had left -
the page said "busy" for up to LEASE_S after a kill - while a live holder's is. The registry on one
SQLite file, a real child process that has exited as the dead holder (~1 s of CPU)."""

from __future__ import annotations

import os
import subprocess
import sys

from graph.ingestion.resources import Resources
from graph.ingestion.state import Settings
from graph.ingestion.store_ops import new_holder, process_holder
from server.console.runs import _view


def test_a_killed_runs_page_does_not_say_busy(res: Resources) -> None:
    runs = res.runs.for_tenant("acme")
    runs.register("r1", Settings(source="/srv/docs", collection="c"))
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead = new_holder().replace(f":{os.getpid()}:", f":{int(child.stdout)}:", 1)  # its process is gone
    assert runs.take_lease("r1", dead, 120, lambda r: True) is None
    record = runs.get("r1")
    assert record is not None and record.owner == dead
    assert _view(record, None, None, "docs")["busy"] is False
    runs.release_lease("r1", dead)
    assert runs.take_lease("r1", process_holder(), 120, lambda r: True) is None  # a live holder's
    assert _view(runs.get("r1"), None, None, "docs")["busy"] is True
