"""A notify URL is an http:// or https:// URL (session 22 probes, /tmp/kassist-docs/s22/g5-probes.md).

``settings.notify_url`` was checked for its host only: on a served run a ``file://``, ``ftp://`` or
``gopher://`` URL naming a listed host passed, and every interface then tried to POST to it, which
httpx cannot do ("answered HTTP 0; will retry": a transient failure, retried on every resume, for a
URL that can never work). Now a served run (langgraph dev, the runs API) refuses it before the run
(422 naming the setting), and the notify step fails it as permanent, naming what to send, for the
command line too."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import kassist, show, write_corpus

from graph.ingestion.served import ServedRunRefused, check_served
from graph.ingestion.state import Settings

ENV = {"KASSIST_NOTIFY_HOSTS": "hooks.example.com"}


@pytest.mark.parametrize(
    "url",
    [
        "file://hooks.example.com/etc/passwd",
        "ftp://hooks.example.com/x",
        "gopher://hooks.example.com/",
        "//hooks.example.com/x",
    ],
)
def test_a_served_run_refuses_a_notify_url_that_is_not_http(tmp_path: Path, url: str) -> None:
    with pytest.raises(ServedRunRefused, match=r"settings\.notify_url") as refused:
        check_served(
            Settings(source=str(tmp_path), notify_url=url), {**ENV, "KASSIST_INGEST_ROOT": str(tmp_path)}
        )
    assert "http:// or https://" in str(refused.value)
    for fine in ("https://hooks.example.com/kassist", "HTTP://hooks.example.com/x"):
        check_served(
            Settings(source=str(tmp_path), notify_url=fine), {**ENV, "KASSIST_INGEST_ROOT": str(tmp_path)}
        )


def test_the_command_line_fails_such_a_notify_step_as_permanent(tmp_path: Path) -> None:
    docs = write_corpus(tmp_path / "docs", extra=0)
    db_url = f"sqlite:///{tmp_path / 'k.db'}"
    args = ("--tenant", "acme", "--embedder", "hashing", "--database-url", db_url, "--run-id", "fileurl")
    done = kassist("ingest", str(docs), "--notify-url", "file:///etc/passwd", *args, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "http:// or https://" in said and "will retry" not in said, said
    record = show(db_url, "acme", "fileurl", tmp_path)
    assert "http:// or https://" in str(record.get("last_error")), record
