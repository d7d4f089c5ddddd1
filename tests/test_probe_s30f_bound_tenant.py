"""h6 (session 30): ``KASSIST_TENANT`` deploys ``langgraph dev`` for one tenant - a key of another
tenant is refused 403 on every route (tests/test_probe_bound_tenant.py). kassist serve never read the
variable: the same environment moved to kassist serve served every tenant of its key table, and
nothing said the binding was gone. Either the binding holds there too, or the server refuses to
start naming the variable - never a silent fallback to every tenant."""

from __future__ import annotations

from pathlib import Path

import pytest
from runs_api_harness import GLOBEX, env_for, serving


def test_kassist_serve_bound_to_one_tenant_serves_no_other(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = env_for(tmp_path, None, KASSIST_TENANT="acme")
    try:
        with serving(sqlite_url, monkeypatch, env) as client:
            status = client.get("/v1/runs", headers=GLOBEX).status_code
    except ValueError as refused:  # the other accepted answer: no start, the variable named
        assert "KASSIST_TENANT" in str(refused)
        return
    assert status == 403
