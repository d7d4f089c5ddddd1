"""Probe (session 29, h3): a body that is not JSON, sent to the assistant's LangServe routes.

LangServe reads the body itself and raises ``RequestValidationError(errors=["Invalid JSON body"])``:
its errors are strings, not FastAPI's dicts. kassist serve's handler for request-validation errors
(server/error_handlers.py, which clips the ``input`` each error says back) made a ``dict`` of every
error, so a typo in a hand-written body, or any client's truncated request, was answered 500
Internal Server Error with two tracebacks in the server's log - on every route the playground and
``RemoteRunnable`` use. Seen live on `kassist serve` (``{bad json`` to ``/assistant/invoke``).

In process (LangServe's ASGI app on one SQLite file); nothing runs but the request's checks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_harness import ACME_KEY, KEYS

from server.keys import KeyTable
from server.langserve_app import create_app

ROUTES = ("invoke", "batch", "stream", "stream_log", "stream_events")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('bad-json') / 'kassist.db'}"
    app = create_app(url, KeyTable.model_validate({"keys": KEYS}))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def test_a_body_that_is_not_json_is_a_422_naming_it(client: TestClient) -> None:
    headers = {"x-api-key": ACME_KEY, "content-type": "application/json"}
    for route in ROUTES:
        answer = client.post(f"/assistant/{route}", content=b'{"input": {"messages": [', headers=headers)
        assert answer.status_code == 422, (route, answer.status_code, answer.text)
        assert "JSON" in answer.text, (route, answer.text)
