"""A notify URL with a non-ASCII path is notified (session 30 probes, h5: /tmp/h5s30/findings.md #8).

``https://hooks.example.com/équipe`` is a URL every door accepts (``--notify-url``, the runs API, a
served run's settings: an http(s) URL with a host) and httpx sends (it percent-encodes the path).
The notification's ``Idempotency-Key`` header carried the URL as it was given, and an HTTP header
is ASCII: every attempt failed before anything was sent with ``notify: UnicodeEncodeError: 'ascii'
codec can't encode character '\\xe9' ...``, after the whole run had gone by; the run ended
``failed`` and every resume failed the same way. The side effect was lost, with a raw error.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import receiver


def test_a_notify_url_with_a_non_ascii_path_is_notified(sqlite_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with receiver() as hook, resources.installed(resources.Resources.open(sqlite_url)) as res:
        url = hook.url.removesuffix("/hook") + "/équipe"
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=url)
        state = execute(res, "acme", "accents", settings=settings).state
        assert (state.status, state.last_error) == ("completed", None)
        assert len(hook.received) == 1 and hook.received[0][1]["run_id"] == "accents"
