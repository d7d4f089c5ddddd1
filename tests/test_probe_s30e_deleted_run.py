"""A thread deleted while its ingestion run is in flight stays deleted (session 30 probes, h5:
/tmp/h5s30/findings.md #2).

The run's thread was deleted (``DELETE /threads/{id}``, the saver's ``delete_thread``) while
``kassist ingest`` (graph.ingestion.runner.execute) waited in its notify step. The step's checkpoint
then conflicted (its parent was gone), and the runner took "the head moved on" for "nothing is
committed": it started the run again from nothing, re-created the deleted thread and ended it
``completed`` with the re-run's counts, "0 documents indexed, 2 unchanged", in the thread, the
stored report and the tenant's memory, while the notification had said 2 indexed. The deletion was
undone and the run's own record rewritten by a run nobody asked for.
"""

from __future__ import annotations

import threading
from pathlib import Path

from test_probe_s30e_notify import slow_receiver

TENANT, RUN = "acme", "deleted-run"


def test_a_thread_deleted_while_its_run_is_in_flight_is_not_run_again(db_url: str, tmp_path: Path) -> None:
    from graph.ingestion import resources
    from graph.ingestion.head import read_head
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nEmployees get 25 days of leave a year.\n")
    (docs / "travel.md").write_text("# Travel\n\nBook trains for trips under four hours.\n")
    with slow_receiver() as (url, keys, first), resources.installed(resources.Resources.open(db_url)) as res:
        settings = Settings(source=str(docs), collection="c", embedder="hashing", notify_url=url)
        ended: list[object] = []

        def ingest() -> None:  # `kassist ingest`
            try:
                ended.append(execute(res, TENANT, RUN, settings=settings).state)
            except Exception as exc:  # stopping with an error naming the deletion is an answer
                ended.append(exc)

        worker = threading.Thread(target=ingest)
        worker.start()
        assert first.wait(60), "the run never reached its notify step"
        res.saver.for_tenant(TENANT).delete_thread(RUN)  # while the notification is in flight
        worker.join(60)
        assert not worker.is_alive() and ended and len(keys) == 1
        head = read_head(res.saver, TENANT, RUN).state
        # Either the deletion stands, or (a delete refused while the run works) the run's own
        # record does: never a re-run from nothing that counts the run's documents as "unchanged".
        assert head is None or head.counters.documents_indexed == 2, (
            f"the deleted thread is back, re-run: {head.status} with {head.counters}"
        )
