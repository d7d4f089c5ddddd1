"""The document graph over LangServe (``python -m server.langserve_app``, a real uvicorn process):
runs are authenticated by API key, checkpointed in our database under the key's tenant, continue on
the same thread, and are invisible to another tenant."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import fresh_database
from langserve import RemoteRunnable
from server_harness import ACME_KEY, GLOBEX_KEY, ROOT, free_port, running, server_env

from checkpointer import TenantCheckpointer
from graph.doc_steps import initial_state

Server = tuple[str, str]


@contextmanager
def _database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One database per backend for the module's server (the conftest ones are per test)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('langserve-db') / 'kassist.db'}"
        return
    with fresh_database(str(request.getfixturevalue("pg_server_url")), "kassist_ls") as url:
        yield url


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("langserve")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # --database-url must win over the environment, which names a server that is never there.
    env = server_env("postgresql://kassist@127.0.0.1:1/unreachable")
    with _database(request, tmp_path_factory) as db_url:
        argv = [sys.executable, "-m", "server.langserve_app", "--port", str(port), "--database-url", db_url]
        ready = f"{base}/documents/input_schema"
        with running(argv, cwd=ROOT, log_dir=tmp, env=env, ready=lambda: ready, what="langserve"):
            yield base, db_url


def _config(thread_id: str, **extra: Any) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread_id, **extra}}


def _invoke(base: str, key: str | None, body: dict[str, Any]) -> httpx.Response:
    headers = {"x-api-key": key} if key else {}
    return httpx.post(f"{base}/documents/invoke", json=body, headers=headers, timeout=30)


def test_runs_are_checkpointed_under_the_keys_tenant_and_continue(server: Server) -> None:
    base, db_url = server
    acme: RemoteRunnable[Any, Any] = RemoteRunnable(f"{base}/documents", headers={"x-api-key": ACME_KEY})
    out = acme.invoke(initial_state(2), config=_config("t-1"))  # type: ignore[arg-type]
    assert out["processed"] == ["doc-000", "doc-001"]
    # Same thread, more documents: it continues from cursor 2 instead of starting again.
    out = acme.invoke({"docs": initial_state(4)["docs"]}, config=_config("t-1"))  # type: ignore[arg-type]
    assert out["processed"] == ["doc-000", "doc-001", "doc-002", "doc-003"]
    chunks = list(acme.stream({"docs": initial_state(5)["docs"]}, config=_config("t-1")))  # type: ignore[arg-type]
    assert chunks and chunks[-1]["process"]["processed"] == ["doc-004"]

    state = httpx.get(f"{base}/documents/threads/t-1/state", headers={"x-api-key": ACME_KEY}).json()
    assert state["values"]["cursor"] == 5

    with TenantCheckpointer.from_url(db_url) as saver:
        head = saver.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t-1"}})
        assert head is not None and head.checkpoint["channel_values"]["cursor"] == 5
        assert head.config["configurable"]["checkpoint_id"] == state["checkpoint_id"]
        assert saver.for_tenant("globex").get_tuple({"configurable": {"thread_id": "t-1"}}) is None


def test_another_tenant_cannot_read_or_continue_the_thread(server: Server) -> None:
    base, _ = server
    assert _invoke(base, ACME_KEY, {"input": initial_state(1), "config": _config("t-2")}).status_code == 200

    bearer = {"Authorization": f"Bearer {GLOBEX_KEY}"}
    assert httpx.get(f"{base}/documents/threads/t-2/state", headers=bearer).status_code == 404
    # The same thread id under globex is globex's own, empty thread: nothing of acme's comes back.
    out = _invoke(base, GLOBEX_KEY, {"input": {}, "config": _config("t-2")})
    assert out.status_code == 200 and out.json()["output"] is None
    state = httpx.get(f"{base}/documents/threads/t-2/state", headers={"x-api-key": ACME_KEY}).json()
    assert state["values"]["processed"] == ["doc-000"]


@pytest.mark.parametrize(
    ("key", "config", "status", "says"),
    [
        (None, _config("t-3"), 401, "missing or unknown API key"),
        ("wrong-key-0123456789abcdef", _config("t-3"), 401, "missing or unknown API key"),
        (ACME_KEY, _config("t-3", tenant_id="globex"), 403, "not the tenant of your API key"),
        (ACME_KEY, {}, 422, "configurable.thread_id is required"),
    ],
)
def test_refused_requests_run_nothing(
    server: Server, key: str | None, config: dict[str, Any], status: int, says: str
) -> None:
    base, db_url = server
    response = _invoke(base, key, {"input": initial_state(1), "config": config})
    assert response.status_code == status, response.text
    assert says in json.dumps(response.json())
    with TenantCheckpointer.from_url(db_url) as saver:
        for tenant in ("acme", "globex"):
            assert saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": "t-3"}}) is None


def test_server_side_knobs_are_not_client_settable(server: Server, tmp_path: Path) -> None:
    """``ledger_path`` would make the server write a file of the client's choosing: it is dropped."""
    base, _ = server
    ledger = tmp_path / "ledger.db"
    body = {"input": initial_state(1), "config": _config("t-4", ledger_path=str(ledger))}
    assert _invoke(base, ACME_KEY, body).status_code == 200
    assert not ledger.exists()
    # An acme key may repeat its own tenant.
    assert (
        _invoke(base, ACME_KEY, {"input": {}, "config": _config("t-4", tenant_id="acme")}).status_code == 200
    )
