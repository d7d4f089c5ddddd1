"""``langgraph.json`` serves the document graph through ``langgraph dev`` (a real server process) with
kassist's checkpointer and API-key auth: runs land in our SQLite file under the caller's tenant,
anonymous callers get 401, another tenant gets 404."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from checkpointer import TenantCheckpointer
from graph.doc_steps import initial_state

ROOT = Path(__file__).resolve().parent.parent
ACME_KEY = "acme-key-0123456789abcdef"
GLOBEX_KEY = "globex-key-0123456789abcdef"
KEYS = {
    ACME_KEY: {"identity": "alice", "tenant_id": "acme"},
    GLOBEX_KEY: {"identity": "bob", "tenant_id": "globex"},
}


def test_langgraph_json_points_at_our_factory_and_an_uncompiled_graph() -> None:
    config = json.loads((ROOT / "langgraph.json").read_text())
    assert config["dependencies"] == ["."]
    assert config["checkpointer"]["path"] == "server.saver.langgraph_checkpointer"
    from graph.doc_steps import graph

    assert graph.checkpointer is None  # the server refuses graphs that bring their own


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _isolated_config(tmp_path: Path) -> Path:
    """The repo's langgraph.json with its relative paths made absolute, so the server's working files
    (.langgraph_api/) go to a temp dir instead of the shared source tree."""
    config = json.loads((ROOT / "langgraph.json").read_text())
    config["dependencies"] = [str(ROOT)]
    config["graphs"] = {k: str(ROOT / v.removeprefix("./")) for k, v in config["graphs"].items()}
    config["auth"]["path"] = str(ROOT / config["auth"]["path"].removeprefix("./"))
    path = tmp_path / "langgraph.json"
    path.write_text(json.dumps(config))
    return path


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    cli = shutil.which("langgraph", path=str(Path(sys.executable).parent))
    if cli is None or importlib.util.find_spec("langgraph_runtime_inmem") is None:
        pytest.skip("langgraph-cli[inmem] is not installed in this environment")
    db_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    env = {**os.environ, "KASSIST_DATABASE_URL": db_url, "KASSIST_API_KEYS": json.dumps(KEYS)}
    env.pop("KASSIST_API_KEYS_FILE", None)
    proc = subprocess.Popen(
        [
            cli,
            "dev",
            "--no-browser",
            "--no-reload",
            "--port",
            str(port),
            "--config",
            str(_isolated_config(tmp_path)),
        ],
        cwd=tmp_path,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 45
        while True:
            if proc.poll() is not None:
                text = (tmp_path / "server.log").read_text()
                if "address already in use" in text.lower():
                    pytest.skip(f"port {port} was taken by another process: {text[-300:]}")
                pytest.fail(f"langgraph dev exited with {proc.returncode}:\n{text[-3000:]}")
            try:
                if httpx.get(f"{base}/ok", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(
                    f"langgraph dev not ready in 45 s:\n{(tmp_path / 'server.log').read_text()[-3000:]}"
                )
            time.sleep(0.25)
        yield base, db_url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_server_run_lands_in_our_checkpointer_under_the_callers_tenant(server: tuple[str, str]) -> None:
    base, db_url = server
    acme = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=30)
    assert httpx.post(f"{base}/threads", json={}).status_code == 401
    assert (
        httpx.post(f"{base}/threads", json={}, headers={"x-api-key": "wrong-key-0123456789"}).status_code
        == 401
    )

    thread = acme.post("/threads", json={}).json()
    thread_id = thread["thread_id"]
    assert thread["metadata"]["tenant_id"] == "acme"
    run = acme.post(
        f"/threads/{thread_id}/runs/wait",
        json={"assistant_id": "documents", "input": initial_state(3)},
    )
    assert run.status_code == 200, run.text
    assert run.json()["processed"] == ["doc-000", "doc-001", "doc-002"]
    state = acme.get(f"/threads/{thread_id}/state").json()
    assert state["values"]["cursor"] == 3
    history = acme.post(f"/threads/{thread_id}/history", json={"limit": 20}).json()
    assert [h["values"].get("cursor") for h in history] == [3, 2, 1, 0, None]

    # A client cannot pick another tenant through configurable: the authenticated one wins or it fails.
    spoof = acme.post("/threads", json={}).json()["thread_id"]
    spoofed = acme.post(
        f"/threads/{spoof}/runs/wait",
        json={
            "assistant_id": "documents",
            "input": initial_state(1),
            "config": {"configurable": {"tenant_id": "globex"}},
        },
    )
    assert spoofed.json()["__error__"]["error"] == "TenantMismatch"

    globex = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {GLOBEX_KEY}"}, timeout=30)
    assert globex.get(f"/threads/{thread_id}").status_code == 404
    assert globex.post("/threads/search", json={}).json() == []

    with TenantCheckpointer.from_url(db_url) as saver:
        head = saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": thread_id}})
        assert head is not None
        assert head.checkpoint["channel_values"]["processed"] == ["doc-000", "doc-001", "doc-002"]
        history = list(saver.for_tenant("acme").list({"configurable": {"thread_id": thread_id}}))
        assert len(history) == 5  # input + one per document + the final step
        assert saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": thread_id}}) is None
        for tenant in ("acme", "globex"):  # the refused run stored nothing anywhere
            assert saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": spoof}}) is None
