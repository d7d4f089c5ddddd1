"""README's `langgraph dev --port 2024` on a machine where the port is taken (session 22's walk:
something held 2024, langgraph dev moved to another port with one log line, and README's client
reached what held 2024 and died with an httpx traceback). README now says what happens and where
the new port is printed; this holds langgraph dev to those words, on a port this test holds."""

from __future__ import annotations

import re
import socket
import subprocess
from pathlib import Path

import httpx
import pytest
from server_harness import langgraph_dev_argv, server_env, wait_ready

pytestmark = pytest.mark.timeout(900)

ROOT = Path(__file__).resolve().parents[1]


def test_langgraph_dev_on_a_taken_port_says_where_it_serves_as_readme_says(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        log = tmp_path / "langgraph_dev.log"
        with log.open("w") as out:
            proc = subprocess.Popen(
                langgraph_dev_argv(tmp_path, taken), cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT,
                env=server_env(f"sqlite:///{tmp_path / 'kassist.db'}"),
            )  # fmt: skip
            try:

                def moved() -> str:
                    found = re.search(
                        rf"Port {taken} is already in use, using port (\d+) instead\.", log.read_text()
                    )
                    return f"http://127.0.0.1:{found[1] if found else taken}/ok"

                wait_ready(proc, moved, log, "langgraph dev", timeout=300)
                text = log.read_text()
                port = re.search(rf"Port {taken} is already in use, using port (\d+) instead\.", text)
                assert port and int(port[1]) != taken, text[-2000:]
                assert f"http://127.0.0.1:{port[1]}" in text  # its API: line names the new address
                assert httpx.get(f"http://127.0.0.1:{port[1]}/ok", timeout=10).status_code == 200
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "its first line says `Port 2024 is already in use, using port NNNNN instead.`" in readme
