"""One request, one API key, on both servers (session 18 probes, /tmp/kassist-docs/s18/h8-probes.md).

Both servers read the headers as a dict, which keeps the last of a repeated header: a request with
``x-api-key: <globex's>`` then ``x-api-key: <acme's>`` (or two ``Authorization`` headers) was served
as acme, while a proxy or gateway in front reading the first header (its access rules, quotas,
logs) saw globex. A request naming two different keys is refused with 401; the same key twice
(``x-api-key`` and ``Authorization: Bearer``) is one key."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key
Headers = list[tuple[str, str]]
TWO_KEYS: dict[str, Headers] = {
    "two x-api-key": [("x-api-key", GLOBEX_KEY), ("x-api-key", ACME_KEY)],
    "two x-api-key, unknown first": [("x-api-key", "not-a-key-0123456789abcdef"), ("x-api-key", ACME_KEY)],
    "two bearer": [("authorization", f"Bearer {GLOBEX_KEY}"), ("authorization", f"Bearer {ACME_KEY}")],
    "x-api-key and another bearer": [("x-api-key", ACME_KEY), ("authorization", f"Bearer {GLOBEX_KEY}")],
}
ONE_KEY: dict[str, Headers] = {
    "x-api-key": [("x-api-key", ACME_KEY)],
    "bearer, any casing": [("authorization", f"bEaReR {ACME_KEY}")],
    "the same key twice": [("x-api-key", ACME_KEY), ("authorization", f"Bearer {ACME_KEY}")],
    "an empty x-api-key beside a bearer": [("x-api-key", ""), ("authorization", f"Bearer {ACME_KEY}")],
}


@pytest.fixture(scope="module")
def lg(shared_dev: SharedServer) -> str:
    return shared_dev.base


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


def _answers(base: str, headers: Headers, *, langgraph: bool) -> list[int]:
    """The status of one read and one change on the server at ``base``."""
    with httpx.Client(base_url=base, timeout=60) as client:
        if langgraph:
            read = client.post("/threads/search", json={}, headers=headers)
            change = client.post("/threads", json={}, headers=headers)
        else:
            read = client.get("/v1/runs", headers=headers)
            change = client.post("/v1/runs/nope/cancel", headers=headers)  # 404 once authenticated
        return [read.status_code, change.status_code]


@pytest.mark.parametrize("case", list(TWO_KEYS))
def test_two_different_keys_are_refused_on_langgraph_dev(lg: str, case: str) -> None:
    assert _answers(lg, TWO_KEYS[case], langgraph=True) == [401, 401]


@pytest.mark.parametrize("case", list(TWO_KEYS))
def test_two_different_keys_are_refused_on_kassist_serve(serve: str, case: str) -> None:
    assert _answers(serve, TWO_KEYS[case], langgraph=False) == [401, 401]


@pytest.mark.parametrize("case", list(ONE_KEY))
def test_one_key_however_sent_is_served(lg: str, serve: str, case: str) -> None:
    assert _answers(lg, ONE_KEY[case], langgraph=True) == [200, 200]
    assert _answers(serve, ONE_KEY[case], langgraph=False) == [200, 404]
