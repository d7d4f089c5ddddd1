"""A store search or namespace list takes what its route documents, with a page in range (session 25
probes, /tmp/kassist-docs/s25/h1.md), on a real ``langgraph dev``.

- ``POST /store/items/search`` without ``namespace_prefix`` (or with null) was a 500 "Internal Server
  Error": langgraph-api's schema makes it optional, its code reads ``payload["namespace_prefix"]``.
  Now 422 naming it (server/body_keys.py, with the route's keys, like every other body it checks).
- A negative ``limit`` or ``offset`` reached the store: a search with ``limit: -1`` answered with
  all items but the last (29 of 30), however many, past the 1,000 a positive limit may ask; with
  ``offset: -1``, with none. Now 422 (``server.configurable.refused_store_page``)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ITEMS = 12


@pytest.fixture(scope="module")
def alice(shared_dev: SharedServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ME.acme_key}, timeout=60) as client:
        for i in range(ITEMS):
            put = client.put("/store/items", json={"namespace": ["notes"], "key": f"k{i}", "value": {"i": i}})
            assert put.status_code == 204, put.text[:300]
        yield client


def _one_line_422(answer: httpx.Response, *words: str) -> str:
    assert answer.status_code == 422, answer.text[:300]
    detail = str(answer.json()["detail"])
    assert all(w in detail for w in words) and "\n" not in detail, detail
    return detail


def test_a_search_without_a_namespace_prefix_is_422_not_500(alice: httpx.Client) -> None:
    for body in ({}, {"namespace_prefix": None}, {"limit": 5}):
        _one_line_422(alice.post("/store/items/search", json=body), "namespace_prefix", "[]")
    _one_line_422(alice.post("/store/items/search", json={"namespace_prefix": [], "zzz": 1}), "zzz")
    _one_line_422(alice.post("/store/namespaces", json={"prefixes": ["notes"]}), "prefixes")
    found = alice.post("/store/items/search", json={"namespace_prefix": ["notes"], "limit": 5})
    assert found.status_code == 200 and len(found.json()["items"]) == 5, found.text[:300]


def test_a_negative_page_is_422(alice: httpx.Client) -> None:
    for route, prefix in (("/store/items/search", "namespace_prefix"), ("/store/namespaces", "prefix")):
        for name in ("limit", "offset"):
            body = {prefix: ["notes"], name: -1}
            _one_line_422(alice.post(route, json=body), f"{name} must be a whole number, 0 or more, got -1")
    over = alice.post("/store/items/search", json={"namespace_prefix": [], "limit": 1001})
    _one_line_422(over, "over 1000")
    # Pages in range still page.
    pages = [
        alice.post(
            "/store/items/search", json={"namespace_prefix": ["notes"], "limit": 5, "offset": o}
        ).json()
        for o in (0, 5, 10)
    ]
    assert [len(p["items"]) for p in pages] == [5, 5, ITEMS - 10]
    assert len({item["key"] for p in pages for item in p["items"]}) == ITEMS
