"""A ``KASSIST_UPLOADS_DIR`` on a read-only file system stops the runs API's start in one line, as one
naming a file does (h22 s38; of session 30's h6 #1: "an uploads folder that is a file made every
upload a 500").

The runs API's start refuses ``KASSIST_UPLOADS_DIR`` naming a file, or under one. A folder the server
cannot write - a container's read-only root file system (the default ``.kassist/uploads`` under a
read-only working directory), a volume mounted ``ro`` - passes the start: ``kassist serve`` says it is
ready and then answers every upload of every tenant 500 "the server could not keep this upload
(Read-only file system)"; its operator learns it from the users.

A real read-only file system: a tmpfs mounted ``ro`` in a mount namespace of the test's own (``unshare
-m``: nothing of this host is changed), the runs API's service started there (RunsService.open, what
kassist serve starts) and sent one upload. SQLite (writable, elsewhere): ~5 s."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER = """
import asyncio, io, subprocess, sys
from server.keys import Principal
from server.runs.models import RunOptions
from server.runs.service import RunsService

class File:
    filename = "leave.md"
    file = io.BytesIO(b"# Leave\\n\\nTwenty-five days.\\n")

try:
    service = RunsService.open(f"sqlite:///{sys.argv[2]}", env={"KASSIST_UPLOADS_DIR": sys.argv[1] + "/uploads"})
except Exception as exc:
    print("refused at start:", exc)
    sys.exit(0)
if sys.argv[3:] == ["remount"]:  # read-only after the start
    subprocess.run(["mount", "-o", "remount,ro", sys.argv[1]], check=True)
try:
    who = Principal(identity="ada", tenant_id="acme", role="admin")
    asyncio.run(service.create_upload(who, [File()], "c", None, RunOptions(embedder="hashing"), None))
    print("upload kept")
except Exception as exc:
    print("upload refused:", getattr(exc, "status", ""), exc)
finally:
    service.stop()
"""


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0, reason="needs unshare -m (root)")
def test_an_uploads_folder_on_a_read_only_file_system_stops_the_start(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    mounted = f"mount -t tmpfs -o ro none {ro} && exec {sys.executable} -P {script} {ro} {tmp_path / 'k.db'}"
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", mounted], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    said = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-400:]
    assert said.startswith("refused at start:") and "KASSIST_UPLOADS_DIR" in said, said


@pytest.mark.skipif(shutil.which("unshare") is None or os.geteuid() != 0, reason="needs unshare -m (root)")
def test_an_uploads_folder_read_only_after_the_start_answers_503_in_one_line(tmp_path: Path) -> None:
    """The start checked the folder; a volume remounted read-only later makes an upload the server's
    state, not a 500 of the upload's (x15 s38, H22-18's other half)."""
    ro = tmp_path / "ro"
    ro.mkdir()
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    mounted = (
        f"mount -t tmpfs none {ro} && exec {sys.executable} -P {script} {ro} {tmp_path / 'k.db'} remount"
    )
    done = subprocess.run(
        ["unshare", "-m", "sh", "-c", mounted], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    said = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-400:]
    assert said.startswith("upload refused: 503") and "try again later" in said, said
