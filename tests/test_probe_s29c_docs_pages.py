"""Probe (session 29, h3): the pages FastAPI adds to `kassist serve` on its own (`/docs`, `/redoc`,
`/openapi.json`).

docs/serving.md: the console runs "nothing from a CDN", and its pages allow scripts from the
console only, no framing. FastAPI's default `/docs` and `/redoc` (public: the banner prints
`/docs`, tests/test_cli_serve.py reads it without a key) load
`swagger-ui-dist@5` and `redoc@2` (floating versions, no integrity hash) from cdn.jsdelivr.net, with
no Content-Security-Policy and no framing rule, in the same origin as the console and the
playground. A signed-in admin who opens `/docs` runs that third-party script with the session
cookie: it can read `/ui/keys` (the CSRF token is in the page) and post the form that creates an
admin key; and the page can be framed by any site.

In process (LangServe's ASGI app on one SQLite file); nothing runs but the routes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_ADMIN_KEY, KEYS

from server.keys import KeyTable
from server.langserve_app import create_app

PAGES = ("/docs", "/redoc")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('docs-pages') / 'kassist.db'}"
    with TestClient(create_app(url, KeyTable.model_validate({"keys": KEYS}))) as client:
        yield client


def test_no_page_of_the_console_origin_runs_a_script_from_another_origin(client: TestClient) -> None:
    for path in PAGES:
        page = client.get(path, headers={"x-api-key": ACME_ADMIN_KEY})
        if page.status_code == 404:
            continue
        foreign = re.findall(r'<script[^>]+src="(https?://[^"]+)"', page.text)
        assert not foreign, (path, foreign)
        assert "frame-ancestors 'none'" in page.headers.get("content-security-policy", ""), path
