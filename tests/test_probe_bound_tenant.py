"""A ``langgraph dev`` deployed for one tenant (``KASSIST_TENANT``) refuses other tenants' keys (session 19
probes, /tmp/kassist-docs/s19/h1-probes.md).

``memory.store.factory`` binds the server's store to ``KASSIST_TENANT``. A key of another tenant in
the same key table (or the database's) was authenticated as usual: its store calls answered 500
(TenantMismatch inside the store) and its assistant turns failed inside the run. The tenant of a
request comes from its key, and a one-tenant server serves no other: 403, in one line, everywhere."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from server_harness import ACME_KEY, GLOBEX_KEY, langgraph_dev


@pytest.fixture(scope="module")
def lg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with langgraph_dev(tmp_path_factory.mktemp("probe-bound"), env={"KASSIST_TENANT": "acme"}) as (base, _):
        yield base


def test_another_tenants_key_is_refused_by_a_one_tenant_server(lg: str) -> None:
    globex = httpx.Client(base_url=lg, headers={"x-api-key": GLOBEX_KEY}, timeout=60)
    put = globex.put("/store/items", json={"namespace": ["notes"], "key": "k", "value": {"a": 1}})
    assert put.status_code == 403, put.text[:300]
    assert "serves one tenant" in put.json()["detail"] and "acme" not in put.text
    assert globex.post("/store/items/search", json={"namespace_prefix": []}).status_code == 403
    assert globex.post("/threads", json={}).status_code == 403
    turn = {"assistant_id": "assistant", "input": {"messages": [{"role": "user", "content": "hi"}]}}
    assert globex.post("/runs/wait", json=turn).status_code == 403


def test_the_servers_own_tenant_is_served(lg: str) -> None:
    acme = httpx.Client(base_url=lg, headers={"x-api-key": ACME_KEY}, timeout=120)
    put = acme.put("/store/items", json={"namespace": ["notes"], "key": "k", "value": {"a": 1}})
    assert put.status_code == 204, put.text[:300]
    found = acme.post("/store/items/search", json={"namespace_prefix": ["notes"]})
    assert found.status_code == 200 and [i["key"] for i in found.json()["items"]] == ["k"], found.text[:300]
