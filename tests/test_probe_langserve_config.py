"""``kassist serve`` names a config key no run config has instead of dropping it (session 20 probes,
/tmp/kassist-docs/s20/h1-probes.md).

LangServe keeps only ``config.configurable`` and silently dropped everything else: ``{"config":
{"configurable": {...}, "zzz": 1}}`` or a misspelt ``"configurabel"`` ran the turn as if they were
not there (200). A key that is not a ``RunnableConfig`` field is now 422 naming it; the fields
LangServe's own ``RemoteRunnable`` sends (``tags``, ``metadata``, ``recursion_limit``, ``run_name``,
...) are still accepted (and, as before, not used)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY = ME.acme_key
TURN = {"messages": [["user", "hi"]]}


@pytest.fixture(scope="module")
def serve(shared_serve: SharedServer) -> str:
    return shared_serve.base


def _post(serve: str, path: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(serve + path, json=body, headers={"x-api-key": ACME_KEY}, timeout=120)


@pytest.mark.parametrize("key", ["zzz", "configurabel", "thread_id"])
def test_a_key_no_run_config_has_is_422_naming_it(serve: str, key: str) -> None:
    config = {"configurable": {"thread_id": "cfg-1"}, key: 1}
    for path in ("/assistant/invoke", "/assistant/stream"):
        answer = _post(serve, path, {"input": TURN, "config": config})
        assert answer.status_code == 422, (path, answer.text[:300])
        assert key in answer.json()["detail"], answer.text[:300]
    batch = _post(serve, "/assistant/batch", {"inputs": [TURN], "config": [config]})
    assert batch.status_code == 422 and key in batch.json()["detail"], batch.text[:300]


def test_the_run_config_fields_a_client_sends_still_run(serve: str) -> None:
    config = {
        "configurable": {"thread_id": "cfg-2"},
        "tags": ["t"],
        "metadata": {"m": 1},
        "recursion_limit": 30,
        "run_name": "probe",
    }
    answer = _post(serve, "/assistant/invoke", {"input": TURN, "config": config})
    assert answer.status_code == 200, answer.text[:300]
