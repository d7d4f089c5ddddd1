"""h6 (session 30): ``langgraph dev`` with ``KASSIST_EMBEDDER`` set to no embedder started, and every
assistant run answered 200 ``{"__error__": {"error": "ValueError", "message": "unknown embedder
'bogus'; ..."}}`` - the operator's typo told to each client, at each turn (kassist serve refuses to
start on it). langgraph dev imports langgraph.json's auth and graphs when it starts (its request
limits are refused there, tests/test_probe_object_counts.py): the embedder's name must be too.
One subprocess doing those imports, not a server start (a server that starts would hang the test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_langgraph_dev_start_refuses_an_unknown_embedder(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "KASSIST_EMBEDDER": "bogus",
        "KASSIST_DATABASE_URL": f"sqlite:///{tmp_path / 'k.db'}",
    }
    env.pop("KASSIST_API_KEYS_FILE", None)
    env["KASSIST_API_KEYS"] = '{"acme-key-0123456789abcdef": {"identity": "a", "tenant_id": "acme"}}'
    started = subprocess.run(
        [sys.executable, "-c", "import server.auth, graph.assistant.graph"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert started.returncode != 0, "the server's start-up imports took KASSIST_EMBEDDER=bogus"
    assert "KASSIST_EMBEDDER" in started.stderr.splitlines()[-1], started.stderr[-500:]
