"""What a run's readers are told of its notify URL (h14 s35 H8, x9): a notify target is named by
scheme, host and port only - a webhook's path and query are its secret
(graph/ingestion/notify_urls.shown_target). No I/O."""

from __future__ import annotations

import pytest

from graph.ingestion.notify_urls import shown_target


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://hooks.slack.com/services/T000/B000/XoXsEcReT", "https://hooks.slack.com/..."),
        ("http://127.0.0.1:8080/hook?token=tok-1", "http://127.0.0.1:8080/..."),
        ("https://alice:pw@hooks.example.com", "https://hooks.example.com"),
        ("HTTPS://[::1]:9/", "https://[::1]:9"),
        ("http://[::1/", "(the run's notify URL)"),
        ("hooks.example.com/secret", "(the run's notify URL)"),
    ],
)
def test_a_notify_target_is_shown_without_its_path_or_query(url: str, shown: str) -> None:
    assert shown_target(url) == shown
