"""A notify URL is an http:// or https:// URL (session 22 probes, /tmp/kassist-docs/s22/g5-probes.md).

``settings.notify_url`` was checked for its host only: on a served run a ``file://``, ``ftp://`` or
``gopher://`` URL naming a listed host passed, and every interface then tried to POST to it, which
httpx cannot do ("answered HTTP 0; will retry": a transient failure, retried on every resume, for a
URL that can never work). Now a served run (langgraph dev, the runs API) refuses it before the run
(422 naming the setting), and the notify step fails it as permanent, naming what to send, for the
command line too (its up-front check: /tmp/kassist-docs/s22/g5-cli.patch)."""

from __future__ import annotations

from pathlib import Path

import pytest
from ingest_harness import opened, write_corpus

from graph.ingestion.runner import execute
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


def test_the_notify_step_fails_such_a_url_as_permanent(tmp_path: Path) -> None:
    """Whatever started the run (the command line passes the URL as given): the run fails at its
    notify step naming what to send, never "will retry"."""
    docs = write_corpus(tmp_path / "docs", extra=0)
    settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url="file:///etc/passwd")
    with opened(f"sqlite:///{tmp_path / 'k.db'}", tmp_path / "reports") as res:
        out = execute(res, "acme", "fileurl", settings=settings).state
    assert out.status == "failed", out.status
    assert out.last_error and "http:// or https://" in out.last_error and "will retry" not in out.last_error
    assert out.retry_counts.get("notify", 0) == 0, out.retry_counts
