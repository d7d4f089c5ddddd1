"""``KASSIST_NOTIFY_HOSTS`` is read by one rule (graph.ingestion.served.notify_hosts) at both servers'
start: an entry that is not a host (a URL, a port, a path) can never match a notify URL's host, and
``kassist serve`` refused it at start (session 30, h6 #7) while ``langgraph dev`` started and
refused every run's notify_url and webhook, one 422 at a time (review s30's leftover). One subprocess
doing langgraph dev's start-up import of its auth module, not a server start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from graph.ingestion.served import notify_hosts
from server.runs.config import RunsConfig, RunsConfigError

ROOT = Path(__file__).resolve().parents[1]
BAD = "hooks.example.com, https://alerts.example.com/hook"
MESSAGE = "KASSIST_NOTIFY_HOSTS: 'https://alerts.example.com/hook' is not a host name; write hosts alone"


def test_langgraph_dev_refuses_a_notify_host_that_is_no_host_at_start(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "KASSIST_NOTIFY_HOSTS": BAD,
        "KASSIST_DATABASE_URL": f"sqlite:///{tmp_path / 'k.db'}",
    }
    env.pop("KASSIST_API_KEYS_FILE", None)
    env["KASSIST_API_KEYS"] = '{"acme-key-0123456789abcdef": {"identity": "a", "tenant_id": "acme"}}'
    started = subprocess.run(
        [sys.executable, "-c", "import server.auth"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode != 0, "langgraph dev's start-up import took a URL as a notify host"
    assert MESSAGE in started.stderr.splitlines()[-1], started.stderr[-500:]

    # kassist serve's start: the same rule, the same line.
    with pytest.raises(RunsConfigError) as refused:
        RunsConfig.from_env({"KASSIST_NOTIFY_HOSTS": BAD, "KASSIST_UPLOADS_DIR": str(tmp_path / "up")})
    assert str(refused.value).startswith(MESSAGE)
    # Hosts as each door compares them: lower-cased, an IPv6 address kept whole.
    assert notify_hosts({"KASSIST_NOTIFY_HOSTS": " Hooks.Example.com,,::1 "}) == {"hooks.example.com", "::1"}
