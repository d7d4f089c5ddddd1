"""Review s34 r1 F6 (of ef0d1d3 and 8743da4): an approval the command line carries without the server's
folder sends the run's notification unchecked. A served run's notify URL is checked against
KASSIST_NOTIFY_HOSTS when the run is accepted, before every start that reads or sends (the runs API's
worker and the console: served_again.served_refusal) and at every node (work_node's check_served,
when the runner names the run's folder). ``kassist runs approve`` of such a run from a shell without
KASSIST_INGEST_ROOT (allowed since ef0d1d3: a decision reads no file) names no folder, so no node
checks anything, and the notify step after the approval POSTs the summary to a host the server no
longer lists - from the same shell with the root set the step is refused ("host ... is not one this
server notifies"). 8743da4 marks such a run served for the audit's rules only.

acme's member's runs API run (a private key in its folder: it waits for review) notifying
hooks.acme.example, carried out as the server's worker does; the operator then takes the host out
of KASSIST_NOTIFY_HOSTS and approves from a shell without the root (typer's runner, in process);
httpx.post is recorded, never sent. One SQLite file, ~5 s."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from review_support import held_served_run
from typer.testing import CliRunner

from cli.main import app
from server.runs.models import RunOptions

HOOK = "https://hooks.acme.example/kassist"


def test_a_rootless_approval_notifies_only_hosts_the_server_lists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KASSIST_NOTIFY_HOSTS", "hooks.acme.example")
    url = held_served_run(tmp_path, monkeypatch, RunOptions(embedder="hashing", notify_url=HOOK))

    posted: list[str] = []

    def post(target: str, **_: Any) -> httpx.Response:
        posted.append(target)
        return httpx.Response(200, request=httpx.Request("POST", target))

    monkeypatch.setattr(httpx, "post", post)
    monkeypatch.delenv("KASSIST_NOTIFY_HOSTS")  # the operator took the host out of the list
    monkeypatch.delenv("KASSIST_INGEST_ROOT")  # and approves from a shell without the root
    done = CliRunner().invoke(app, ["runs", "approve", "r", "--tenant", "acme", "--database-url", url])
    assert posted == [], f"notified {posted} (exit {done.exit_code}): {done.output[-300:]}"
