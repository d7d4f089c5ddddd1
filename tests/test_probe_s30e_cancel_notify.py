"""A cancel that arrives while the run's notification is in flight leaves one story (session 30 probes,
h5: /tmp/h5s30/findings.md #5).

``kassist runs cancel`` (the run's flag, honoured at the next node boundary) while the notify step
waited for the receiver: the receiver was told ``"status": "completed"``, and the run then stopped
before its remember step as ``cancelled`` ("cancelled before the remember step"), for good (a
cancelled run is not resumed), without the run's summary in the tenant's memory. The receiver's
record and the run's own contradict each other forever.
"""

from __future__ import annotations

import threading
from pathlib import Path

from test_probe_s30e_notify import slow_receiver

TENANT, RUN = "acme", "cancel-run"


def test_a_cancel_during_the_notification_leaves_the_run_as_the_receiver_was_told(
    sqlite_url: str, tmp_path: Path
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.head import read_head
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    with (
        slow_receiver() as (url, keys, first),
        resources.installed(resources.Resources.open(sqlite_url)) as res,
    ):
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=url)
        worker = threading.Thread(target=execute, args=(res, TENANT, RUN), kwargs={"settings": settings})
        worker.start()
        assert first.wait(60), "the run never reached its notify step"
        assert res.runs.for_tenant(TENANT).request_cancel(RUN)  # `kassist runs cancel`
        worker.join(60)
        assert not worker.is_alive() and len(keys) == 1  # the receiver was told "completed"
        head = read_head(res.saver, TENANT, RUN).state
        assert head is not None
        assert head.status == "completed", (
            f"told the receiver completed, ended {head.status}: {head.last_error}"
        )
