"""A run's webhook is an http(s) URL of a host the operator lists (session 24 probes,
/tmp/kassist-docs/s24/h1-probes.md; fails on 587b98d).

``//hooks.example.com/x`` named a listed host to the run rules' host check, while langgraph-api
reads a URL starting with ``/`` as a relative one, dispatched in-process past authentication on a
server that allows loopback webhooks (``webhooks.url.disable_loopback: false``; its default refuses
them). The webhook now meets the one notify-URL rule first (graph/ingestion/notify_urls.py)."""

from __future__ import annotations

import pytest
from langgraph_sdk import Auth

from server.run_checks import check_schedule


@pytest.mark.parametrize(
    "webhook",
    ["//hooks.example.com/x", "/threads", "hooks.example.com/x", "ftp://hooks.example.com/x", "http://h\x00"],
)
def test_a_webhook_that_is_not_an_http_url_is_refused(monkeypatch: pytest.MonkeyPatch, webhook: str) -> None:
    monkeypatch.setenv("KASSIST_NOTIFY_HOSTS", "hooks.example.com")
    with pytest.raises(Auth.exceptions.HTTPException) as refused:
        check_schedule(None, webhook)
    assert refused.value.status_code == 422
    assert "webhook" in str(refused.value.detail), refused.value.detail


def test_a_listed_hosts_http_url_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KASSIST_NOTIFY_HOSTS", "hooks.example.com")
    check_schedule(None, "https://hooks.example.com/kassist")
    with pytest.raises(Auth.exceptions.HTTPException, match=""):
        check_schedule(None, "https://other.example.com/kassist")
