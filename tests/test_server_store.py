"""langgraph.json's ``store`` is kassist's MemoryStore: through a real ``langgraph dev`` an
authenticated tenant puts, gets, searches and lists its items; another tenant sees none of them; the
items are stored in our SQLite file under the caller's tenant, whatever namespace the client sent."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from langgraph_sdk import get_sync_client
from shared_servers import SharedServer, file_tenants

from memory import MemoryStore

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key
Server = tuple[str, str]


@pytest.fixture(scope="module")
def server(shared_dev: SharedServer) -> Server:
    return shared_dev.base, shared_dev.db_url


def _client(base: str, key: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"x-api-key": key}, timeout=30)


def _search(client: httpx.Client, prefix: list[str], **body: Any) -> list[dict[str, Any]]:
    response = client.post("/store/items/search", json={"namespace_prefix": prefix, **body})
    assert response.status_code == 200, response.text
    items: list[dict[str, Any]] = response.json()["items"]
    return items


def _namespaces(client: httpx.Client, **body: Any) -> list[list[str]]:
    response = client.post("/store/namespaces", json=body)
    assert response.status_code == 200, response.text
    namespaces: list[list[str]] = response.json()["namespaces"]
    return namespaces


def test_a_tenant_uses_its_store_and_another_tenant_sees_nothing(server: Server) -> None:
    base, db_url = server
    sdk = get_sync_client(url=base, api_key=ACME_KEY)
    sdk.store.put_item(("prefs", "asha"), "lang", {"text": "answer in Bengali", "language": "bn"})

    item = sdk.store.get_item(("prefs", "asha"), "lang")
    # The server's store is the admin view: the tenant is the first label, added by the auth handler.
    assert item["namespace"] == [ME.acme, "prefs", "asha"]
    assert item["value"] == {"text": "answer in Bengali", "language": "bn"}
    acme = _client(base, ACME_KEY)
    found = _search(acme, ["prefs"], query="which language should answers use", limit=5)
    assert [(i["namespace"], i["key"]) for i in found] == [([ME.acme, "prefs", "asha"], "lang")]
    assert found[0]["score"] is not None  # a semantic search, not a plain listing
    assert _search(acme, ["prefs"], filter={"language": "bn"})[0]["key"] == "lang"
    assert _namespaces(acme) == [[ME.acme, "prefs", "asha"]]

    globex = _client(base, GLOBEX_KEY)
    got = globex.get("/store/items", params={"namespace": "prefs.asha", "key": "lang"})
    assert got.status_code == 200 and got.json() is None
    got = globex.get("/store/items", params={"namespace": f"{ME.acme}.prefs.asha", "key": "lang"})
    assert got.status_code == 200 and got.json() is None
    assert _search(globex, ["prefs"], query="language") == []
    assert _search(globex, [ME.acme], query="language") == []
    assert _search(globex, []) == []
    assert _namespaces(globex) == []
    assert _namespaces(globex, prefix=[ME.acme]) == []
    # Deleting "acme's" item as globex deletes (nothing) under globex.
    assert (
        globex.request(
            "DELETE", "/store/items", json={"namespace": [ME.acme, "prefs", "asha"], "key": "lang"}
        ).status_code
        == 204
    )

    anonymous = httpx.Client(base_url=base, timeout=30)
    assert (
        anonymous.put("/store/items", json={"namespace": ["x"], "key": "k", "value": {}}).status_code == 401
    )
    assert anonymous.post("/store/namespaces", json={}).status_code == 401

    with MemoryStore.from_url(db_url) as store:
        stored = store.for_tenant(ME.acme).get(("prefs", "asha"), "lang")
        assert stored is not None and stored.value["language"] == "bn"
        assert store.for_tenant(ME.globex).list_namespaces() == []


def test_the_namespace_a_client_sends_cannot_leave_its_tenant(server: Server) -> None:
    base, db_url = server
    acme = _client(base, ACME_KEY)
    for namespace, key in (
        ([ME.acme, "settings"], "tz"),  # already starts with the caller's tenant: not doubled
        ([ME.globex, "settings"], "tz"),  # names another tenant: nested under the caller's instead
    ):
        put = acme.put(
            "/store/items", json={"namespace": namespace, "key": key, "value": {"tz": "Asia/Dhaka"}}
        )
        assert put.status_code == 204, put.text

    globex = _client(base, GLOBEX_KEY)
    assert globex.get("/store/items", params={"namespace": "settings", "key": "tz"}).json() is None
    assert _namespaces(globex) == []

    with MemoryStore.from_url(db_url) as store:
        mine = store.for_tenant(ME.acme)
        assert mine.get(("settings",), "tz") is not None
        assert mine.get((ME.acme, "settings"), "tz") is None  # no doubled tenant label
        assert mine.get((ME.globex, "settings"), "tz") is not None
        assert store.for_tenant(ME.globex).get(("settings",), "tz") is None
        assert store.for_tenant(ME.globex).list_namespaces() == []
