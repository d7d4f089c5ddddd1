"""A served ingestion run's audit-rules file is a regular file of bounded size, read without
blocking (session 21 probes, /tmp/kassist-docs/s21/h1-probes.md).

A member of acme named a named pipe (FIFO) in acme's folder of the ingestion root as
``settings.audit_rules``: the run was accepted (the path is inside the folder) and its first batch
blocked forever reading the pipe. ``langgraph dev`` runs one job at a time, so every tenant's
runs after it stayed ``pending`` (globex's turn: still pending after 63 s). The same read happens
at each resume. A rules file of gigabytes would be read whole into memory."""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx
import pytest
from shared_servers import SharedServer, file_tenants

from graph.ingestion.audit_step import MAX_RULES_BYTES, rules_at
from graph.ingestion.served import ServedRunRefused, check_served
from graph.ingestion.state import Settings
from knowledge.audit import AuditConfigError

pytestmark = pytest.mark.timeout(900)
ME = file_tenants(__name__)  # this file's own tenants on the shared server (shared_servers)
ACME_KEY, GLOBEX_KEY = ME.acme_key, ME.globex_key


def test_reading_rules_from_a_pipe_fails_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "rules.toml"
    os.mkfifo(pipe)
    started = time.monotonic()
    with pytest.raises(AuditConfigError, match="not a regular file"):
        rules_at(str(pipe))
    assert time.monotonic() - started < 5


def test_a_rules_file_too_large_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "rules.toml"
    with big.open("wb") as f:
        f.truncate(MAX_RULES_BYTES + 1)  # sparse: no disk
    with pytest.raises(AuditConfigError, match="larger than"):
        rules_at(str(big))


def test_a_regular_rules_file_still_loads(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text("")
    assert rules_at(str(rules)) is not None


def test_the_served_check_names_a_pipe(tmp_path: Path) -> None:
    folder = tmp_path / "acme"
    (folder / "docs").mkdir(parents=True)
    os.mkfifo(folder / "rules.toml")
    settings = Settings(source=str(folder / "docs"), collection="c", audit_rules=str(folder / "rules.toml"))
    with pytest.raises(ServedRunRefused, match=r"settings\.audit_rules"):
        check_served(settings, {"KASSIST_INGEST_ROOT": str(tmp_path)}, "acme")


@pytest.fixture(scope="module")
def server(shared_dev_hashing: SharedServer) -> tuple[str, Path]:
    return shared_dev_hashing.base, shared_dev_hashing.corpus(ME.acme)


def test_a_pipe_as_audit_rules_is_422_and_blocks_no_one(server: tuple[str, Path]) -> None:
    base, acme = server
    pipe = acme.parent / "rules.toml"
    os.mkfifo(pipe)
    settings = {"source": str(acme), "collection": "piped", "embedder": "hashing", "audit_rules": str(pipe)}
    with httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=60) as alice:
        thread = alice.post("/threads", json={}).json()["thread_id"]
        run = alice.post(
            f"/threads/{thread}/runs", json={"assistant_id": "ingestion", "input": {"settings": settings}}
        )
        assert run.status_code == 422, run.text[:300]
        assert "settings.audit_rules" in run.json()["detail"], run.text[:300]
    with httpx.Client(base_url=base, headers={"x-api-key": GLOBEX_KEY}, timeout=120) as bob:
        turn = {"messages": [{"role": "user", "content": "How many days of annual leave do we get?"}]}
        answer = bob.post("/runs/wait", json={"assistant_id": "assistant", "input": turn})
        assert answer.status_code == 200 and answer.json()["messages"], answer.text[:300]
