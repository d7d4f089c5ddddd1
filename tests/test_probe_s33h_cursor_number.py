"""A runs page cursor that is not one the server gave out is a 422, whatever number it holds (session
33 probes, h11: /tmp/h11/findings.md #3).

``GET /v1/runs?cursor=`` takes base64 of ``[created_at, run_id]`` (server/runs/names.decode_cursor):
a list, a string, ``1e999`` or a bad id are 422 "not a cursor this server gave out". An integer of
a few hundred digits is JSON Python reads whole, and ``float()`` of it raises OverflowError, which
the decoder does not catch: 500 Internal Server Error (a traceback in the server's log) for a member's
crafted query. kassist serve's app in process (TestClient), one SQLite file, no worker."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from runs_api_harness import MEMBER, env_for, serving


def test_a_cursor_of_a_huge_number_is_refused_in_one_line(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = "[1" + "0" * 400 + ', ""]'
    cursor = base64.urlsafe_b64encode(raw.encode()).decode()
    with serving(sqlite_url, monkeypatch, env_for(tmp_path, None, KASSIST_RUN_WORKERS="0")) as client:
        answer = client.get("/v1/runs", params={"cursor": cursor}, headers=MEMBER)
    assert answer.status_code == 422, f"{answer.status_code} {answer.text[:200]}"
    assert answer.json()["detail"][0]["loc"] == ["query", "cursor"]
