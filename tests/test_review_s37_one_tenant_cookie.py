"""Review s37 r2 (of 94e969a, H16-13's fix; strict xfail): a browser session of another tenant's key is
served by a one-tenant server.

94e969a binds kassist serve to ``KASSIST_INGEST_ROOT_SHARED``'s tenant in the key resolver (``lookup``,
``alookup``, ``current``): a key of another tenant created after the start is refused "on every door,
like an unknown key". A browser's session cookie is resolved without that binding
(server/browser_login.Sessions._principal reads the session row and the key store directly), so a
session of a globex key - opened on another server of the same database (one without the setting: a
second kassist serve, or this one's previous start) - is globex's principal on the acme-only server:
its console and API reads are served as before.

kassist serve's app in process twice on one SQLite file (TestClient): the acme-only server, then an
unbound one where globex's user signs in; the cookie is sent to the first (~2 s)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from runs_api_harness import ADMIN, env_for

from server.browser_login import COOKIE
from server.key_store import KeyStore
from server.keys import KeyTable

ACME_ONLY = KeyTable.model_validate(
    {"keys": {ADMIN["x-api-key"]: {"identity": "olga", "tenant_id": "acme", "role": "admin"}}}
)


def _set_env(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name in (
        "KASSIST_INGEST_ROOT",
        "KASSIST_INGEST_ROOT_SHARED",
        "KASSIST_RUN_WORKERS",
        "KASSIST_TENANT",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASSIST_EMBEDDER", "hashing")


def test_a_session_of_another_tenants_key_is_refused_by_a_one_tenant_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    from server.langserve_app import create_app

    root = tmp_path / "root"
    root.mkdir()
    bound_env = env_for(tmp_path, root, KASSIST_INGEST_ROOT_SHARED="acme", KASSIST_RUN_WORKERS="0")
    _set_env(monkeypatch, bound_env)
    with TestClient(create_app(sqlite_url, ACME_ONLY), base_url="http://127.0.0.1") as bound:
        store = KeyStore.from_url(sqlite_url)
        try:
            token, _ = store.for_tenant("globex").create(
                "bob", "admin"
            )  # kassist keys create, while it serves
        finally:
            store.close()
        assert bound.get("/v1/runs", headers={"x-api-key": token}).status_code == 401  # 94e969a's rule
        # bob signs in on another server of the same database (no single-tenant setting there).
        _set_env(monkeypatch, {k: v for k, v in bound_env.items() if k != "KASSIST_INGEST_ROOT_SHARED"})
        with TestClient(create_app(sqlite_url, ACME_ONLY), base_url="http://127.0.0.1") as other:
            signed = other.post("/login", data={"api_key": token, "next": "/"}, follow_redirects=False)
            assert signed.status_code == 303, signed.text
            session = signed.cookies[COOKIE]
        bound.cookies.set(COOKIE, session)
        answer = bound.get("/v1/runs")
        assert answer.status_code == 401, (
            f"globex's session on the acme-only server: {answer.status_code} {answer.text[:200]}"
        )
