"""Bad input on a real ``kassist serve`` (``python -m server.langserve_app``, SQLite and PostgreSQL):
a 4xx with one line naming what is wrong, never a 500 (issue 26), and a request body limit
(``KASSIST_MAX_BODY_BYTES``, default 1 MiB) that refuses a 10 MB message before reading it."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_harness import (
    ACME_ADMIN_KEY,
    ACME_KEY,
    ROOT,
    backend_database,
    free_port,
    kassist_serve,
    server_env,
)

from server.http_limits import DEFAULT_MAX_BODY, MAX_BODY_ENV, max_body_bytes

Server = tuple[str, str]
ROLES = {"member": ACME_KEY, "admin": ACME_ADMIN_KEY}
JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("langserve-limits")
    with (
        backend_database(request, tmp, "kassist_limits") as db_url,
        kassist_serve(tmp, db_url, env={MAX_BODY_ENV: None}) as base,  # the default limit
    ):
        yield base, db_url


def _body(thread: Any, text: str = "hi", **configurable: Any) -> dict[str, Any]:
    return {
        "input": {"messages": [["user", text]]},
        "config": {"configurable": {"thread_id": thread, **configurable}},
    }


def _one_line(answer: httpx.Response, status: int, says: str) -> None:
    assert answer.status_code == status, answer.text[:500]
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and says in detail and "\n" not in detail, detail


@pytest.mark.parametrize("role", ["member", "admin"])
@pytest.mark.parametrize("endpoint", ["invoke", "stream"])
def test_ids_no_database_can_store_are_422(server: Server, role: str, endpoint: str) -> None:
    base, _ = server
    client = httpx.Client(base_url=base, headers={"x-api-key": ROLES[role]}, timeout=60)
    for key in ("thread_id", "checkpoint_id", "checkpoint_ns"):
        for value, says in (("a\x00b", "NUL character"), ("t" * 513, "at most 512 bytes")):
            body = _body(value) if key == "thread_id" else _body("ok", **{key: value})
            _one_line(client.post(f"/assistant/{endpoint}", json=body), 422, says)
        lone = (
            b'{"input": {"messages": [["user", "hi"]]}, "config": {"configurable": {"%s": "a\\ud800"}}}'
            % key.encode()
        )
        _one_line(client.post(f"/assistant/{endpoint}", content=lone, headers=JSON), 422, "lone surrogate")
    for thread, says in (("a%00b", "NUL character"), ("t" * 600, "at most 512 bytes")):
        _one_line(client.get(f"/assistant/threads/{thread}/state"), 422, says)


@pytest.mark.parametrize("role", ["member", "admin"])
def test_bad_messages_and_options_are_4xx_before_anything_runs(server: Server, role: str) -> None:
    base, _ = server
    client = httpx.Client(base_url=base, headers={"x-api-key": ROLES[role]}, timeout=60)
    thread = f"limits-{role}"
    lone = b'{"input": {"messages": [["user", "hi \\ud83d there"]]}, "config": {"configurable": {"thread_id": "%s"}}}'
    _one_line(
        client.post("/assistant/invoke", content=lone % thread.encode(), headers=JSON), 422, "lone surrogate"
    )
    deep = b'{"input": {"messages": [["user", "hi"]]}, "config": {"configurable": {"thread_id": "x"}}, "kwargs": '
    deep += b"[" * 1000 + b"]" * 1000 + b"}"
    _one_line(
        client.post("/assistant/invoke", content=deep, headers=JSON), 400, "nested more than 100 levels"
    )
    for endpoint in ("invoke", "stream"):
        long_question = client.post(f"/assistant/{endpoint}", json=_body(thread, "word " * 5000))
        _one_line(long_question, 422, "over the context budget of 3000 tokens")
        small_budget = client.post(
            f"/assistant/{endpoint}", json=_body(thread, "word " * 400, context_budget=300)
        )
        _one_line(small_budget, 422, "over the context budget of 300 tokens")
    for budget in (10**12, 2**63):
        _one_line(
            client.post("/assistant/invoke", json=_body(thread, context_budget=budget)),
            422,
            "whole number of tokens >= 200 and <= 200000",
        )
    batch = {
        "inputs": [{"messages": [["user", "hi"]]}, {"messages": [["user", "word " * 5000]]}],
        "config": [
            {"configurable": {"thread_id": f"{thread}-a"}},
            {"configurable": {"thread_id": f"{thread}-b"}},
        ],
    }
    _one_line(client.post("/assistant/batch", json=batch), 422, "over the context budget")
    assert client.get(f"/assistant/threads/{thread}/state").status_code == 404  # none of them ran
    # A question the budget can hold still gets its answer.
    answered = client.post("/assistant/invoke", json=_body(thread, "How many days of leave do I get?"))
    assert answered.status_code == 200, answered.text[:500]


def test_a_body_over_the_limit_is_refused_before_it_is_read(server: Server) -> None:
    base, _ = server
    client = httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=60)
    started = time.monotonic()
    big = client.post("/assistant/invoke", json=_body("big", "x " * 5_000_000))
    _one_line(big, 413, f"at most {DEFAULT_MAX_BODY} bytes per request ({MAX_BODY_ENV})")
    assert time.monotonic() - started < 5  # refused on its Content-Length: not parsed, tokenized or run

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"input": {"messages": [["user", "'
        for _ in range(17):
            yield b"x" * 65536
        yield b'"]]}, "config": {"configurable": {"thread_id": "big"}}}'

    _one_line(
        client.post("/assistant/invoke", content=chunks(), headers=JSON), 413, "this server accepts at most"
    )
    assert client.get("/assistant/threads/big/state").status_code == 404
    # The runs API and the console sit behind the same limit.
    _one_line(
        client.post("/v1/runs", content=b"{" + b" " * (2 << 20) + b"}", headers=JSON), 413, MAX_BODY_ENV
    )


def test_the_limit_is_configurable_and_a_bad_value_stops_the_server(tmp_path: Path) -> None:
    assert max_body_bytes({}) == DEFAULT_MAX_BODY == 1 << 20
    assert max_body_bytes({MAX_BODY_ENV: "4096"}) == 4096
    for bad in ("12", "lots", "-1"):
        with pytest.raises(ValueError, match=f"{MAX_BODY_ENV} must be a whole number of bytes"):
            max_body_bytes({MAX_BODY_ENV: bad})
    env = server_env(f"sqlite:///{tmp_path / 'kassist.db'}") | {MAX_BODY_ENV: "lots"}
    argv = [sys.executable, "-m", "server.langserve_app", "--port", str(free_port())]
    started = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert started.returncode == 1
    assert started.stderr.strip().splitlines() == [
        f"error: {MAX_BODY_ENV} must be a whole number of bytes, at least 1024 (default {DEFAULT_MAX_BODY}), got 'lots'"
    ]
