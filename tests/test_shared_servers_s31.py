"""shared_servers' liveness judgement (review r2 s31 #4): a shared server found dead fails the file
that takes it - naming the file that took it before, with the server's log tail - and the next file
gets a new server; a server of another process that took the dead one's port does not pass for it.

What is under test is the harness (SharedServer.take), not the product: the server here is a real
HTTP server process (Python's http.server answering ``/ok``, ~0.1 s of CPU to start, where a
langgraph dev costs ~2 s), of this file's own, so no other file's shared server is touched. The kills
are real SIGKILLs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import httpx
import pytest
from server_harness import Served, free_port, log_of, running
from shared_servers import Flavour, SharedServer

BEFORE, TAKER, LATER = "tests.test_before_s31", "tests.test_taker_s31", "tests.test_later_s31"


def _http_server(www: Path, port: int, log_dir: Path) -> AbstractContextManager[subprocess.Popen[bytes]]:
    (www / "ok").parent.mkdir(parents=True, exist_ok=True)
    (www / "ok").write_text("ok")
    argv = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(www)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    ready = f"http://127.0.0.1:{port}/ok"
    return running(argv, cwd=www, log_dir=log_dir, env=env, ready=lambda: ready, what="http server")


@contextmanager
def _static(tmp: Path, env: dict[str, str]) -> Iterator[Served]:
    """A flavour's start: an HTTP server answering /ok in ``tmp``."""
    port = free_port()
    with _http_server(tmp / "www", port, tmp) as proc:
        yield Served(
            f"http://127.0.0.1:{port}", f"sqlite:///{tmp / 'unused.db'}", proc, log_of(tmp, "http server")
        )


@pytest.fixture
def shared(tmp_path: Path) -> Iterator[SharedServer]:
    server = SharedServer(
        tmp_path / "shared", [BEFORE, TAKER, LATER], "static", Flavour(_static, ingest_root=False)
    )
    try:
        yield server
    finally:
        server.close()


def _killed(server: SharedServer) -> int:
    proc = server.proc
    assert proc is not None and proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    return proc.pid


def test_a_dead_shared_server_fails_the_file_taking_it_then_the_next_file_gets_a_new_one(
    shared: SharedServer,
) -> None:
    assert shared.take(BEFORE) is shared
    assert httpx.get(f"{shared.base}/ok", timeout=10).status_code == 200  # in the log: "GET /ok"
    dead = _killed(shared)
    with pytest.raises(pytest.fail.Exception) as failed:
        shared.take(TAKER)
    said = str(failed.value)
    assert f"the shared server static died after {BEFORE} took it" in said, said
    assert f"exited with {-signal.SIGKILL}" in said and f"{TAKER} was not run" in said, said
    assert '"GET /ok HTTP/1.1" 200' in said, said  # the dead server's log tail
    assert shared.take(LATER) is shared
    assert shared.proc is not None and shared.proc.pid != dead and shared.proc.poll() is None
    assert httpx.get(f"{shared.base}/ok", timeout=10).status_code == 200


def test_another_server_on_a_dead_shared_servers_port_does_not_pass_for_it(
    shared: SharedServer, tmp_path: Path
) -> None:
    shared.take(BEFORE)
    port = int(shared.base.rsplit(":", 1)[1])
    _killed(shared)
    with _http_server(tmp_path / "other", port, tmp_path):  # another process binds the port
        assert httpx.get(f"{shared.base}/ok", timeout=10).status_code == 200  # /ok alone would pass
        with pytest.raises(pytest.fail.Exception) as failed:
            shared.take(TAKER)
    assert f"died after {BEFORE} took it" in str(failed.value), str(failed.value)
