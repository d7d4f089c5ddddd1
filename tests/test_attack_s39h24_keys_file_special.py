"""h24 s39: ``KASSIST_API_KEYS_FILE`` naming a named pipe (or a device) hangs ``kassist serve``'s start.

docs/serving.md: "a malformed or unreadable table stops it" - ``kassist serve`` prints one line,
``error: ... $KASSIST_API_KEYS_FILE ...``, and exits 1 (a missing file, a folder, bad JSON: so it does).
``server/keys.load_key_table`` reads the path with ``Path.read_text`` whatever it is: a FIFO nobody writes
blocks the start forever (the server never listens and says nothing), and ``/dev/zero`` is read until
memory runs out (measured: 5.4 GB resident after 10 s). The audit rules file, the other configuration
file kassist reads, is refused in one line when it is "not a regular file" or too large
(``knowledge/audit/rules.py``). ``langgraph dev`` reads the same table through the same function.

A real ``kassist serve`` process with a real FIFO (no memory at risk), given 45 s to stop."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from server_harness import free_port, server_env

ROOT = Path(__file__).resolve().parents[1]


def test_a_keys_file_that_is_no_regular_file_stops_the_start_in_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "keys.json"
    os.mkfifo(fifo)  # an operator's typo'd path to a pipe or device; nobody writes it
    db_url = f"sqlite:///{tmp_path / 'k.db'}"
    env = {k: v for k, v in server_env(db_url).items() if k != "KASSIST_API_KEYS"}
    env |= {
        "KASSIST_API_KEYS_FILE": str(fifo),
        "PYTHONPATH": str(ROOT),
        "KASSIST_UPLOADS_DIR": str(tmp_path / "up"),
    }
    argv = [
        sys.executable,
        "-P",
        "-m",
        "cli.main",
        "serve",
        "--port",
        str(free_port()),
        "--database-url",
        db_url,
    ]
    try:
        done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=45)
    except subprocess.TimeoutExpired:
        pytest.fail("kassist serve neither started nor stopped in 45 s: it waits on the pipe")
    err = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1, (done.returncode, err)
    assert len(err) == 1 and err[0].startswith("error: ") and "KASSIST_API_KEYS_FILE" in err[0], err
