"""``KASSIST_INGEST_ROOT_SHARED=<tenant>`` makes a one-tenant server (h16 s36 H16-13, the lead's
decision of session 37): that tenant's runs read the whole ingestion root, so no other tenant is
served at all - its folder ``root/<tenant>`` would be the shared tenant's to read.

kassist serve refuses to start while keys of another tenant are configured (the key table's or the
database's), naming the setting; a key of another tenant created after the start is refused on every
door, like an unknown key. langgraph dev binds its auth to the tenant as ``KASSIST_TENANT`` does
(403 for other tenants' keys), and refuses to start when the two settings name different tenants.
kassist serve's app in process (TestClient), one SQLite file; langgraph dev's start-up module in a
child interpreter (it reads its settings once, on import)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from runs_api_harness import ADMIN, env_for

from server.key_store import KeyStore
from server.keys import KeyTable

ACME_ONLY = KeyTable.model_validate(
    {"keys": {ADMIN["x-api-key"]: {"identity": "olga", "tenant_id": "acme", "role": "admin"}}}
)
TURN = {
    "input": {"messages": [{"type": "human", "content": "How many leave days?"}]},
    "config": {"configurable": {"thread_id": "t-1"}},
}


def _managed_key(db_url: str, tenant: str) -> str:
    store = KeyStore.from_url(db_url)
    try:
        token, _ = store.for_tenant(tenant).create("bob", "admin")
    finally:
        store.close()
    return token


def _set_env(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name in ("KASSIST_INGEST_ROOT", "KASSIST_NOTIFY_HOSTS", "KASSIST_RUN_WORKERS", "KASSIST_TENANT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):  # the offline extractive responder
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_EMBEDDER", "hashing")


def test_a_managed_key_of_another_tenant_refuses_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    from server.langserve_app import create_app
    from server.startup import ConfigError

    _managed_key(sqlite_url, "globex")
    _set_env(monkeypatch, env_for(tmp_path, tmp_path / "root", KASSIST_INGEST_ROOT_SHARED="acme"))
    with pytest.raises(ConfigError) as refused:
        create_app(sqlite_url, ACME_ONLY)
    message = str(refused.value)
    assert message.startswith("KASSIST_INGEST_ROOT_SHARED=acme makes this a single-tenant server"), message
    assert "'globex'" in message and "kassist keys revoke" in message, message


def test_a_key_of_another_tenant_added_after_the_start_is_refused_on_every_door(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    from server.langserve_app import create_app

    root = tmp_path / "root"
    (root / "globex" / "hr").mkdir(parents=True)
    (root / "globex" / "hr" / "payroll.md").write_text("# Payroll\n\nBob earns 140,000 USD.\n")
    _set_env(monkeypatch, env_for(tmp_path, root, KASSIST_INGEST_ROOT_SHARED="acme", KASSIST_RUN_WORKERS="0"))
    with TestClient(create_app(sqlite_url, ACME_ONLY)) as client:
        globex = {"x-api-key": _managed_key(sqlite_url, "globex")}  # kassist keys create, while it serves
        body = {"path": "globex/hr", "collection": "c", "options": {"embedder": "hashing"}}
        assert client.post("/v1/runs", json=body, headers=globex).status_code == 401
        assert client.get("/v1/runs", headers=globex).status_code == 401
        assert client.post("/assistant/invoke", json=TURN, headers=globex).status_code == 401
        # The shared tenant is served as before.
        assert client.get("/v1/runs", headers=ADMIN).status_code == 200
        assert client.post("/assistant/invoke", json=TURN, headers=ADMIN).status_code == 200


def _langgraph_start(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import langgraph dev's start-up module (server/auth_start.py) with ``env``; print its binding."""
    code = "from server import auth_start as a; print(a.BOUND_TENANT, a.BOUND_BY)"
    base = {k: v for k, v in os.environ.items() if k not in ("KASSIST_TENANT", "KASSIST_INGEST_ROOT_SHARED")}
    return subprocess.run(
        [sys.executable, "-c", code], env={**base, **env}, capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parent.parent,
    )  # fmt: skip


def test_langgraph_dev_serves_only_the_shared_roots_tenant(tmp_path: Path) -> None:
    db = {"KASSIST_DATABASE_URL": f"sqlite:///{tmp_path / 'k.db'}"}
    bound = _langgraph_start({**db, "KASSIST_INGEST_ROOT_SHARED": "acme"})
    assert bound.returncode == 0, bound.stderr
    assert bound.stdout.split() == ["acme", "KASSIST_INGEST_ROOT_SHARED"]
    both = _langgraph_start({**db, "KASSIST_INGEST_ROOT_SHARED": "acme", "KASSIST_TENANT": "globex"})
    assert both.returncode != 0
    assert "KASSIST_TENANT=globex and KASSIST_INGEST_ROOT_SHARED=acme name two tenants" in both.stderr, (
        both.stderr
    )
    same = _langgraph_start({**db, "KASSIST_INGEST_ROOT_SHARED": "acme", "KASSIST_TENANT": "acme"})
    assert same.returncode == 0 and same.stdout.split() == ["acme", "KASSIST_TENANT"], same.stderr


def test_a_run_another_tenant_stored_starts_with_no_rights_on_a_one_tenant_server(sqlite_url: str) -> None:
    """langgraph dev checks a cron's or queued run's creator when it starts (server/run_creator.py),
    through the resolution bound as the requests are: another tenant's creator holds nothing there."""
    from server.keys import KeyResolver

    _managed_key(sqlite_url, "globex")  # bob, who stored a cron before the server was bound
    store = KeyStore.from_url(sqlite_url)
    try:
        resolver = KeyResolver(ACME_ONLY, store)
        assert resolver.current("bob", "globex", None) is not None  # unbound: his rights hold
        assert resolver.bound("acme", "KASSIST_INGEST_ROOT_SHARED").current("bob", "globex", None) is None
        assert resolver.bound("acme", "KASSIST_INGEST_ROOT_SHARED").current("olga", "acme", None) is not None
    finally:
        store.close()
