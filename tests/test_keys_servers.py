"""Managed keys on the real servers, both on one SQLite file: `langgraph dev` (server/auth.py) and
`kassist serve` (LangServe) accept a key made with `kassist keys create`, refuse it within a second
of `kassist keys revoke` (another process), and only an admin key writes tenant-level memory
defaults or approves a run waiting for review through the LangGraph server."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import httpx
import pytest
from server_harness import ROOT, free_port, langgraph_dev, running, server_env

from server.key_store import open_key_store

Servers = tuple[str, str, str]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    tmp = tmp_path_factory.mktemp("keys-servers")
    with langgraph_dev(tmp) as (graph_base, db_url):
        port = free_port()
        serve_base = f"http://127.0.0.1:{port}"
        argv = [sys.executable, "-m", "server.langserve_app", "--port", str(port), "--database-url", db_url]
        with running(argv, cwd=ROOT, log_dir=tmp, env=server_env(db_url), ready=lambda: f"{serve_base}/ok",
                     what="kassist serve"):  # fmt: skip
            yield graph_base, serve_base, db_url


def create(db_url: str, tenant: str, identity: str, role: str = "member") -> str:
    store = open_key_store(db_url)
    try:
        token, _ = store.for_tenant(tenant).create(identity, "admin" if role == "admin" else "member")
    finally:
        store.close()
    return token


def on_graph_server(base: str, key: str) -> Callable[[], int]:
    return lambda: (
        httpx.post(f"{base}/threads/search", json={}, headers={"x-api-key": key}, timeout=30).status_code
    )


def on_langserve(base: str, key: str) -> Callable[[], int]:
    return lambda: (
        httpx.get(f"{base}/assistant/input_schema", headers={"x-api-key": key}, timeout=30).status_code
    )


def test_a_revoked_key_is_refused_within_a_second_on_both_servers(servers: Servers) -> None:
    graph_base, serve_base, db_url = servers
    key = create(db_url, "acme", "dora")
    probes = {
        "langgraph dev": on_graph_server(graph_base, key),
        "kassist serve": on_langserve(serve_base, key),
    }
    assert {name: probe() for name, probe in probes.items()} == {"langgraph dev": 200, "kassist serve": 200}
    cmd = [
        sys.executable,
        "-P",
        "-m",
        "cli.main",
        "keys",
        "revoke",
        key.split("_")[1],
        "--database-url",
        db_url,
    ]
    done = subprocess.run(
        cmd, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    revoked = time.monotonic()
    refused_after: dict[str, float] = {}
    while len(refused_after) < len(probes):
        for name, probe in probes.items():
            if name not in refused_after and probe() == 401:
                refused_after[name] = time.monotonic() - revoked
        assert time.monotonic() - revoked < 5, f"still accepted after 5 s: {set(probes) - set(refused_after)}"
        time.sleep(0.02)
    print(f"revoked key refused after: {refused_after}")
    assert all(t < 1.0 for t in refused_after.values()), refused_after


def test_only_an_admin_key_writes_tenant_level_memory_defaults(servers: Servers) -> None:
    graph_base, _, db_url = servers
    admin = httpx.Client(
        base_url=graph_base, headers={"x-api-key": create(db_url, "acme", "olga", "admin")}, timeout=30
    )
    member = httpx.Client(
        base_url=graph_base, headers={"x-api-key": create(db_url, "acme", "ben")}, timeout=30
    )
    value = {"text": "answer formally"}
    for namespace in (["defaults", "tone"], ["users", "*"]):
        body = {"namespace": namespace, "key": "tone", "value": value}
        refused = member.put("/store/items", json=body)
        assert refused.status_code == 403, refused.text
        assert "only an admin key may write tenant-level memory defaults" in refused.text
        assert admin.put("/store/items", json=body).status_code in (200, 204)
        gone = member.request("DELETE", "/store/items", json={"namespace": namespace, "key": "tone"})
        assert gone.status_code == 403
    # The member reads the defaults and writes its own namespace.
    got = member.get("/store/items", params={"namespace": "defaults.tone", "key": "tone"})
    assert got.status_code == 200 and got.json()["value"] == value
    assert member.put(
        "/store/items", json={"namespace": ["users", "ben"], "key": "k", "value": value}
    ).status_code in (200, 204)


def test_only_an_admin_key_approves_a_review_through_the_langgraph_server(servers: Servers) -> None:
    graph_base, _, db_url = servers
    member = httpx.Client(
        base_url=graph_base, headers={"x-api-key": create(db_url, "acme", "ben2")}, timeout=30
    )
    admin = httpx.Client(
        base_url=graph_base, headers={"x-api-key": create(db_url, "acme", "olga2", "admin")}, timeout=30
    )
    thread = member.post("/threads", json={}).json()["thread_id"]
    approve = {"assistant_id": "ingestion", "command": {"resume": {"decision": "approve"}}}
    refused = member.post(f"/threads/{thread}/runs", json=approve)
    assert refused.status_code == 403 and "only an admin key may approve a run" in refused.text
    reject = {"assistant_id": "ingestion", "command": {"resume": {"decision": "reject"}}}
    # A decision either way is an admin's.
    assert member.post(f"/threads/{thread}/runs", json=reject).status_code == 403
    assert admin.post(f"/threads/{thread}/runs", json=approve).status_code != 403


def test_no_key_and_a_wrong_key_get_401(servers: Servers) -> None:
    graph_base, serve_base, _ = servers
    for key in ("", "kassist_0123456789_" + "A" * 43):
        headers = {"x-api-key": key} if key else {}
        assert httpx.post(f"{graph_base}/threads/search", json={}, headers=headers).status_code == 401
        assert httpx.get(f"{serve_base}/assistant/input_schema", headers=headers).status_code == 401
