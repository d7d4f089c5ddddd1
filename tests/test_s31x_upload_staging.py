"""An upload's staging folder names its writer, so the staging folder a kill mid-copy leaves is swept
by the next upload into the tenant's folder once that writer is gone, whatever the run id (review s30
"effects" B6, h5 #12's second half; review s31 r1 #2: an upload sent without a run id gets an id no
later upload uses). It was ``.staging-<random>``, never removed: the tenant's files stayed on the
server's disk for good. A live writer's staging folder is left alone."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import BinaryIO

from graph.ingestion.store_ops import new_holder
from server.runs import uploads

KILLED_MID_COPY = """
import sys
from pathlib import Path
from server.runs import uploads

class Slow:  # an upload whose body arrives slowly: its first bytes, then nothing more
    filename = "memo.md"
    file = sys.stdin.buffer

# What a request without a run_id gets: an id of the server's, which no later upload uses.
uploads.save([Slow()], uploads.run_folder(Path(sys.argv[1]), "acme", "run-20261206-auto"), 1 << 30)
"""


class _File:
    def __init__(self, name: str, file: BinaryIO) -> None:
        self.filename, self.file = name, file


def test_a_staging_folder_left_by_a_kill_mid_copy_is_swept(tmp_path: Path) -> None:
    root = tmp_path / "uploads"
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_MID_COPY, str(root)],
        stdin=subprocess.PIPE,
        cwd=Path(__file__).parent.parent,
    )
    assert child.stdin is not None
    child.stdin.write(b"# Memo\n\nsalaries 2026\n")  # read(CHUNK) waits for the rest: held mid-copy
    child.stdin.flush()
    tenant = uploads.tenant_folder(root, "acme")
    deadline = time.monotonic() + 60
    while not any(tenant.glob(".staging-*/memo.md")):
        assert child.poll() is None and time.monotonic() < deadline, "the upload never started copying"
        time.sleep(0.02)
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdin.close()
    left = [p.name for p in tenant.iterdir()]
    assert len(left) == 1 and left[0].startswith(".staging-"), left  # what the kill left
    live = tenant / f".staging-{'0' * 16}@{new_holder()}"  # another upload of this process, mid-copy
    live.mkdir()

    # The next upload into the tenant's folder, of another run id: the dead writer's folder goes.
    target = uploads.run_folder(root, "acme", "u2")
    assert uploads.save([_File("memo.md", io.BytesIO(b"# Memo\n"))], target, 1 << 20) == 7
    assert sorted(p.name for p in tenant.iterdir()) == sorted([target.name, live.name])
