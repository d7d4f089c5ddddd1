"""h12 s34 #4: a member's run of the same folder, paused (or cancelled) while an admin's run waits
for its review, takes the waiting run's held documents over; the admin's approval then lets none of
them in.

An unchanged document another run holds is written held by the new run (knowledge/index/holds.py,
HELD_ON_UPDATE), and an approval releases only the rows its own run holds. The member needs nothing
but a run of the folder (the runs API, same settings, ``max_steps``); the admin sees "completed" and
the approved policy never reaches search (and never will, if the member cancels).

The ingestion graph in process on one SQLite file (decisions as ``kassist runs approve``)."""

from __future__ import annotations

from pathlib import Path

from review_support import found, held_change

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute


def test_an_approval_lets_in_its_runs_documents_after_a_members_run_of_the_folder(
    res: Resources, tmp_path: Path
) -> None:
    folder = held_change(res, tmp_path)

    # A member's run of the same folder meanwhile, paused after its audit (options.max_steps).
    assert execute(res, "acme", "m1", settings=folder, max_steps=3).state.status == "paused"

    approved = execute(res, "acme", "r2", resume={"decision": "approve", "by": "olga"})
    assert approved.state.status == "completed"
    assert found(res, "quokkafish") == ["policy.md"], "the approved run's document stayed out of search"
