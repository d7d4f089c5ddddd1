"""An upload's staging folder left by a server killed mid-copy goes at the next upload after that
server is started again in a container (h22 s38; of sweep_staging, H17-7's "files no run names").

``POST /v1/runs/uploads`` copies the files into ``.staging-<token>@<writer>`` (``writer``: the process
as a lease names it, ``host~pidns:pid:start.token``) and the next upload into the tenant's folder
removes the staging folders whose writer is gone (server/runs/uploads.sweep_staging) - judged by
``holder_gone(writer, math.inf)``: a writer of this host name in another PID namespace "is judged by
its time only", and with no time limit it is never gone. A container started again (``docker
restart``, a crash loop, an OOM kill: the host name kept, a new PID namespace) is such a server: the
staging folder its killed predecessor left - a tenant's documents, up to KASSIST_UPLOAD_MAX_BYTES
each - stays on the uploads volume for good, never listed, never removed by any run, cancel or
retention (the loss H17-7 closed for a server on a host).

Real processes: the first writer runs in a new PID namespace of this host (``unshare --pid``, the
host name kept: a container), copies the first part of a file and is killed (SIGKILL, its namespace
with it); then an upload's write in this process, into the same tenant's folder. ~3 s."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from io import BytesIO
from pathlib import Path

import pytest

from server.runs import uploads

ROOT = Path(__file__).resolve().parents[1]
WRITER = """
import sys, time
from dataclasses import dataclass
from pathlib import Path
from server.runs import uploads

class Slow:
    def __init__(self): self.sent = False
    def read(self, n=-1):
        if not self.sent:
            self.sent = True
            return b"# Payroll\\n\\nSalary bands of every employee.\\n" * 100
        time.sleep(3600)  # the rest of the upload never arrives: the server is killed meanwhile
        return b""

@dataclass
class File:
    filename: str
    file: Slow

uploads.write([File("payroll.md", Slow())], uploads.run_folder(Path(sys.argv[1]), "acme", "u1"), 10**8)
"""


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0, reason="needs unshare --pid (root)")
def test_a_killed_uploads_staging_folder_goes_after_its_container_restarts(tmp_path: Path) -> None:
    up = tmp_path / "uploads"
    child = subprocess.Popen(
        ["unshare", "--pid", "--fork", "--kill-child", sys.executable, "-P", "-c", WRITER, str(up)],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
    )  # fmt: skip
    tenant = up / "t-acme"
    deadline = time.monotonic() + 60
    staged: list[Path] = []
    while not staged and time.monotonic() < deadline and child.poll() is None:
        staged = (
            [p for p in tenant.glob(f"{uploads.STAGING}*") if any(p.iterdir())] if tenant.is_dir() else []
        )
        time.sleep(0.05)
    assert staged, "the writer never started copying"
    os.killpg(child.pid, signal.SIGKILL)  # the container dies mid-copy, its PID namespace with it
    child.wait(30)

    # A writer of another PID namespace cannot be judged by its pid (a live one looked dead: review s31
    # r1 #3): its folder goes once idle for STAGING_IDLE_S. Fresh, it stays; aged past the limit, it goes.
    class Early:
        filename = "early.md"
        file = BytesIO(b"# Early\n\nAn upload while the other copy may still be going.\n")

    _, early = uploads.write([Early()], uploads.run_folder(up, "acme", "u0"), 10**8)
    shutil.rmtree(early)
    assert any(p.name.startswith(uploads.STAGING) for p in tenant.iterdir())  # fresh: kept
    old = time.time() - uploads.STAGING_IDLE_S - 60
    for where, _, files in os.walk(staged[0]):
        for name in [*files, "."]:
            os.utime(os.path.join(where, name), (old, old))

    # The server runs again (this process: the host name kept, another PID namespace) and takes an upload.
    class File:
        filename = "leave.md"
        file = BytesIO(b"# Leave\n\nTwenty-five days.\n")

    _, staging = uploads.write([File()], uploads.run_folder(up, "acme", "u2"), 10**8)
    shutil.rmtree(staging)
    left = sorted(p.name for p in tenant.iterdir())
    assert not any(name.startswith(uploads.STAGING) for name in left), left
