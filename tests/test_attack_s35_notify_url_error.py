"""A run's notification URL is not shown to the other members of its tenant (h14 s35 H8).

A run's ``notify_url`` is often a credential: an incoming-webhook URL (Slack's
``https://hooks.slack.com/services/T.../B.../<secret>``, Teams', Discord's) lets whoever holds it post
into that channel, and receivers put tokens in the query. The runs API never shows a run's settings,
but when the receiver refuses or fails, the notify step's error quotes the whole URL
(``PermanentHTTPError: <url> refused the notification with HTTP 404; ...``, ``TransientHTTPError:
<url> answered HTTP 503; will retry`` once the retries are spent) into the run's ``last_error``, which
``GET /v1/runs/{id}`` and the console show to every member of the tenant (a runs API run is the
tenant's: every key sees it). ``for_client`` hides absolute paths, not a URL's path or query. Another
member (erin) read alice's webhook secret and token there.

A real receiver on 127.0.0.1 (a thread) that answers 404, alice's run accepted by the runs API and
carried out as its worker does (review_support.served_run), erin's view through the service; one
SQLite file, in process: 4.9 s user + 0.9 s sys of CPU for the file alone, pytest's start included."""

from __future__ import annotations

import os
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from review_support import served_run, serving

from graph.ingestion.resources import Resources
from server.keys import Principal
from server.runs.config import RunsConfig
from server.runs.models import CreateRun, RunOptions
from server.runs.service import RunsService

SECRET, TOKEN = "XoXsEcReT0123456789", "tok-9f8e7d6c"


class Gone(BaseHTTPRequestHandler):
    """A webhook receiver whose hook was removed: every POST is a 404."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(404)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


def test_another_member_does_not_read_a_runs_webhook_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "root" / "acme" / "hr"
    docs.mkdir(parents=True)
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 28 days of leave.\n")
    monkeypatch.setenv("KASSIST_INGEST_ROOT", str(tmp_path / "root"))
    monkeypatch.setenv("KASSIST_UPLOADS_DIR", str(tmp_path / "uploads"))
    monkeypatch.setenv("KASSIST_NOTIFY_HOSTS", "127.0.0.1")
    with serving(Gone) as base:
        hook = f"{base}/services/T000/B000/{SECRET}?token={TOKEN}"
        options = RunOptions(embedder="hashing", notify_url=hook)
        url, outcome = served_run(tmp_path, CreateRun(path="hr", collection="c", run_id="r", options=options))
    assert outcome.state.status == "failed" and "404" in str(outcome.state.last_error), outcome.state

    res = Resources.open(url, reports_dir=tmp_path / "reports")
    try:
        erin = Principal(identity="erin", tenant_id="acme", role="member")
        shown = RunsService(res, RunsConfig.from_env(os.environ)).view(erin, "r").model_dump_json()
    finally:
        res.close()
    assert "404" in shown  # the failure is told
    assert SECRET not in shown and TOKEN not in shown, shown
