"""What the runs API tests share: keys of two tenants (an admin and a member of acme, a member of
globex), a small corpus under an ingestion root, the app in-process (FastAPI's TestClient runs its
lifespan, so the background workers run too), and waiting for a run to settle."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from server.keys import KeyTable

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "knowledge" / "corpus" / "files"
ADMIN = {"x-api-key": "acme-admin-key-0123456789"}
MEMBER = {"x-api-key": "acme-member-key-0123456789"}
GLOBEX = {"x-api-key": "globex-key-0123456789abcdef"}
KEYS = KeyTable.model_validate(
    {
        "keys": {
            ADMIN["x-api-key"]: {"identity": "alice", "tenant_id": "acme", "role": "admin"},
            MEMBER["x-api-key"]: {"identity": "maria", "tenant_id": "acme"},
            GLOBEX["x-api-key"]: {"identity": "bob", "tenant_id": "globex", "role": "admin"},
        }
    }
)
SETTLE_S = 90.0


def small_corpus(folder: Path, extra: int = 0) -> Path:
    """The shipped handbook's HR folder (mixed formats) plus ``extra`` short policies."""
    shutil.copytree(SHIPPED / "hr", folder)
    for i in range(extra):
        (folder / f"policy-{i:03d}.md").write_text(
            f"# Policy {i}\n\n## Rules\n\nEmployees must file form {i} within {i % 7 + 2} days.\n"
        )
    return folder


def env_for(tmp: Path, root: Path | None, **extra: str) -> dict[str, str]:
    env = {
        "KASSIST_REPORTS_DIR": str(tmp / "reports"),
        "KASSIST_UPLOADS_DIR": str(tmp / "uploads"),
        "KASSIST_RUN_POLL_SECONDS": "0.1",
        "KASSIST_RUN_LEASE_SECONDS": "5",
        **extra,
    }
    if root is not None:
        env["KASSIST_INGEST_ROOT"] = str(root)
    return env


@contextmanager
def serving(db_url: str, monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> Iterator[TestClient]:
    """``create_app`` on ``db_url`` with ``env``, its lifespan running (workers started)."""
    from server.langserve_app import create_app

    for name in (
        "KASSIST_INGEST_ROOT",
        "KASSIST_NOTIFY_HOSTS",
        "KASSIST_UPLOAD_MAX_BYTES",
        "KASSIST_RUN_WORKERS",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app(db_url, KEYS)
    with TestClient(app) as client:
        yield client


def settle(
    client: TestClient | httpx.Client, run_id: str, headers: dict[str, str], timeout: float = SETTLE_S
) -> dict[str, Any]:
    """The run's view once no request waits and no worker holds it."""
    deadline = time.monotonic() + timeout
    while True:
        answer = client.get(f"/v1/runs/{run_id}", headers=headers)
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()
        if not view["queued"] and not view["active"]:
            return view
        assert time.monotonic() < deadline, f"run {run_id} did not settle: {view}"
        time.sleep(0.1)


def locs(answer: httpx.Response) -> list[list[Any]]:
    """The fields a 422 names."""
    assert answer.status_code == 422, answer.text
    return [list(e["loc"]) for e in answer.json()["detail"]]
