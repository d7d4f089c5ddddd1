"""A run's ``config`` on ``langgraph dev`` holds only what a client may send: a clear 422 naming the
key, never a failed run (session 20 probes, /tmp/kassist-docs/s20/h1-probes.md).

``config.callbacks: "x"`` reached LangChain's callback manager (200 with ``__error__``
AttributeError ``'str' object has no attribute 'parent_run_id'``); ``config.recursion_limit: -1``
likewise (``__error__`` ValueError); other keys (``max_concurrency``, ``run_id``, anything) went into
the run's config unchecked. Allowed: ``configurable``, ``tags``, ``metadata``, ``run_name`` and a
``recursion_limit`` from 1 to 1,000,000, for runs, assistants and crons alike."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
TURN = {"messages": [{"role": "user", "content": "hi"}]}


@pytest.fixture(scope="module")
def alice(shared_dev: SharedServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=shared_dev.base, headers={"x-api-key": ME.acme_key}, timeout=120) as client:
        yield client


@pytest.mark.parametrize(
    ("config", "named"),
    [
        ({"callbacks": "x"}, "callbacks"),
        ({"max_concurrency": 10**9}, "max_concurrency"),
        ({"run_id": "00000000-0000-0000-0000-000000000000"}, "run_id"),
        ({"recursion_limit": -1}, "recursion_limit"),
        ({"recursion_limit": 0}, "recursion_limit"),
        ({"recursion_limit": 10**12}, "recursion_limit"),
        ({"recursion_limit": True}, "recursion_limit"),
        ({"run_name": 5}, "run_name"),
    ],
)
def test_a_config_key_a_client_may_not_send_is_422(
    alice: httpx.Client, config: dict[str, Any], named: str
) -> None:
    thread = alice.post("/threads", json={}).json()["thread_id"]
    run = alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN, "config": config}
    )
    assert run.status_code == 422, run.text[:300]
    assert named in run.json()["detail"], run.text[:300]
    made = alice.post("/assistants", json={"graph_id": "assistant", "config": config})
    assert made.status_code == 422, made.text[:300]
    cron = alice.post(
        "/runs/crons",
        json={"assistant_id": "assistant", "schedule": "0 0 1 1 *", "input": TURN, "config": config},
    )
    assert cron.status_code == 422, cron.text[:300]


def test_the_config_a_client_may_send_runs(alice: httpx.Client) -> None:
    thread = alice.post("/threads", json={}).json()["thread_id"]
    config = {"tags": ["probe"], "recursion_limit": 50, "run_name": "probe", "metadata": {"ticket": "T-1"}}
    run = alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "assistant", "input": TURN, "config": config}
    )
    assert run.status_code == 200 and "__error__" not in run.text, run.text[:300]


@pytest.mark.parametrize("url", ["http://[::1/", "http://[zz]/", "http://a:99999999/"])
def test_a_malformed_notify_url_is_422_naming_it(alice: httpx.Client, url: str) -> None:
    # "http://[::1/" was a 400 "Invalid IPv6 URL", naming nothing.
    thread = alice.post("/threads", json={}).json()["thread_id"]
    settings = {"source": "/nowhere", "collection": "n", "embedder": "hashing", "notify_url": url}
    run = alice.post(
        f"/threads/{thread}/runs/wait", json={"assistant_id": "ingestion", "input": {"settings": settings}}
    )
    assert run.status_code == 422, run.text[:300]
    assert "settings.notify_url" in run.json()["detail"], run.text[:300]
