"""A notification the receiver refused is sent when the run is resumed (session 30 probes, h5:
/tmp/h5s30/findings.md #9).

The receiver answered 404 (its route not deployed yet): the run stopped ``failed`` with "...refused
the notification with HTTP 404; fix the URL and resume". The URL is one of the run's registered
settings (another is refused), so the operator fixed the receiver and resumed, as told. The resume
found the refusal in the ledger and replayed it as the step's outcome: the run ended ``completed``
("failed earlier (replayed from the ledger)"), and the notification was never sent.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import receiver


def test_a_refused_notification_is_sent_on_resume(sqlite_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with receiver() as hook, resources.installed(resources.Resources.open(sqlite_url)) as res:
        hook.fail_next = [404]  # the receiver's route is not there yet
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=hook.url)
        refused = execute(res, "acme", "hook-404", settings=settings).state
        assert refused.status == "failed" and "HTTP 404" in (refused.last_error or "")
        resumed = execute(res, "acme", "hook-404").state  # the receiver fixed: `kassist runs resume`
        assert resumed.status == "completed"
        assert len(hook.received) == 1, (
            f"never sent; the notify step said: {resumed.step_outputs.get('notify')}"
        )
