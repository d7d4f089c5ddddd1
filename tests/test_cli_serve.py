"""`kassist serve` starts the LangServe app: a real process on 127.0.0.1 that refuses anonymous callers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
from server_harness import free_port

KEY = "serve-test-key-0123456789"


def test_kassist_serve_answers_and_requires_an_api_key(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "KASSIST_API_KEYS": json.dumps({KEY: {"identity": "asha", "tenant_id": "acme"}}),
    }
    cmd = [sys.executable, "-m", "kassist.cli", "serve", "--port", str(port)]
    cmd += ["--database-url", f"sqlite:///{tmp_path / 'serve.db'}"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            try:
                anonymous = httpx.post(f"{base}/documents/invoke", json={"input": {}}, timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "kassist serve did not start listening"
                time.sleep(0.2)
        assert anonymous.status_code == 401
        body = {"input": {"docs": ["a"]}, "config": {"configurable": {"thread_id": "t-serve"}}}
        ok = httpx.post(f"{base}/documents/invoke", json=body, headers={"x-api-key": KEY}, timeout=60)
        assert ok.status_code == 200, ok.text
    finally:
        proc.terminate()
        proc.wait(timeout=30)
