"""A JSON body with ``NaN``, ``Infinity`` or a number too large for a float is a clear 4xx on
``kassist serve``, never a 500 (session 20 probes, /tmp/kassist-docs/s20/h1-probes.md).

Python's JSON parser reads ``NaN``, ``Infinity`` and ``1e400`` (as inf) although they are not JSON;
the runs API's validation error then echoed the value and could not be written as JSON (``Out of
range float values are not JSON compliant``: 500), and so did LangServe's. The LangGraph server
(orjson) already answered 422."""

from __future__ import annotations

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

from server.http_limits import BadJson, check_json

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY = ME.acme_key


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


BODIES = [
    ("/v1/runs", '{"path": "files", "options": {"batch_size": NaN}}'),
    ("/v1/runs", '{"path": "files", "options": {"batch_size": Infinity}}'),
    ("/v1/runs", '{"path": "files", "options": {"batch_size": -Infinity}}'),
    ("/v1/runs", '{"path": "files", "options": {"batch_size": 1e400}}'),
    ("/v1/runs/r-1/resume", '{"max_steps": NaN}'),
    (
        "/assistant/invoke",
        '{"input": {"messages": [["user", NaN]]}, "config": {"configurable": {"thread_id": "t"}}}',
    ),
    (
        "/assistant/invoke",
        '{"input": {"messages": [["user", "hi"]]}, "config": {"configurable": {"thread_id": "t", "context_budget": Infinity}}}',
    ),
]


@pytest.mark.parametrize(("path", "body"), BODIES)
def test_non_finite_numbers_are_a_clear_4xx(serve: str, path: str, body: str) -> None:
    answer = httpx.post(
        serve + path,
        content=body,
        headers={"x-api-key": ACME_KEY, "content-type": "application/json"},
        timeout=60,
    )
    assert answer.status_code == 422, answer.text[:300]
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "finite" in detail, detail


def test_the_words_inside_a_string_are_text() -> None:
    check_json(b'{"goal": "NaN Infinity 1e400 -Infinity", "n": 1e300, "m": -2.5e-400}')
    with pytest.raises(BadJson):
        check_json(b'{"n": [1, 2, NaN]}')
    with pytest.raises(BadJson):
        check_json(b'{"n": -1E+999}')
