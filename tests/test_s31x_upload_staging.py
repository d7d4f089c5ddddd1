"""An upload's staging folder is named after its upload, so a kill mid-copy leaves nothing the next
upload of that run id does not sweep (review s30 "effects" B6, h5 #12's second half): it was
``.staging-<random>``, which ``remove_others`` never matched, and the tenant's files stayed on the
server's disk for good. An upload whose staging folder is swept mid-copy (the same run id's other
upload was registered meanwhile) is refused as taken, not a 500."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import BinaryIO

import pytest

from server.runs import uploads

KILLED_MID_COPY = """
import sys
from pathlib import Path
from server.runs import uploads

class Slow:  # an upload whose body arrives slowly: its first bytes, then nothing more
    filename = "memo.md"
    file = sys.stdin.buffer

uploads.save([Slow()], uploads.run_folder(Path(sys.argv[1]), "acme", "u1"), 1 << 30)
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

    # The client sends it again; registered, the upload sweeps every other folder of its run id.
    target = uploads.run_folder(root, "acme", "u1")
    assert uploads.save([_File("memo.md", io.BytesIO(b"# Memo\n"))], target, 1 << 20) == 7
    assert uploads.remove_others(target, "u1") == left
    assert [p.name for p in tenant.iterdir()] == [target.name]
    # Another run id's staging folder is not this run's to sweep.
    other = tenant / f".staging-{uploads.run_folder(root, 'acme', 'u10').name}"
    other.mkdir()
    assert uploads.remove_others(target, "u1") == [] and other.is_dir()


def test_an_upload_swept_mid_copy_is_refused_as_taken(tmp_path: Path) -> None:
    root = tmp_path / "uploads"
    registered = uploads.run_folder(root, "acme", "u1")
    registered.mkdir(parents=True)

    class Swept(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:  # the other upload's clean-up, mid-copy
            uploads.remove_others(registered, "u1")
            return super().read(size)

    late = uploads.run_folder(root, "acme", "u1")
    with pytest.raises(uploads.UploadSuperseded):
        uploads.save([_File("a.md", io.BytesIO(b"a")), _File("b.md", Swept(b"b"))], late, 1 << 20)
    assert [p.name for p in uploads.tenant_folder(root, "acme").iterdir()] == [registered.name]
