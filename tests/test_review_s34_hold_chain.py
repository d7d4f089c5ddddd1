"""Review s34 r1 F1 (of 262ea64, h12 s34 #4's fix): ``held_from`` keeps only the FIRST run a hold was
taken from, so a take-over chain loses every run in the middle. An admin rejects r2 (its changed
policy is held by r2), runs the folder again as r3 (nothing changed: r3 takes the hold over, held_from
r2) and, before deciding r3, a member's run of the same folder pauses (m1 takes the hold, held_from
stays r2). The admin's approval of r3 then lets nothing in - the harm of #4 (the approval a silent
no-op, the approved policy out of every answer) through one more step.

The ingestion graph in process on one SQLite file (decisions as ``kassist runs approve|reject``); ~3 s."""

from __future__ import annotations

from pathlib import Path

from review_support import found, held_change

from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute


def test_an_approval_lets_in_its_documents_after_a_chain_of_take_overs(
    res: Resources, tmp_path: Path
) -> None:
    folder = held_change(res, tmp_path)
    rejected = execute(res, "acme", "r2", resume={"decision": "reject", "by": "olga"})
    assert rejected.state.status == "cancelled"

    # The admin runs the folder again (nothing changed) to decide it anew: r3 takes the hold from r2.
    assert execute(res, "acme", "r3", settings=folder).state.status == "needs_review"
    # A member's run of the same folder meanwhile, paused after its audit (options.max_steps).
    assert execute(res, "acme", "m1", settings=folder, max_steps=3).state.status == "paused"

    approved = execute(res, "acme", "r3", resume={"decision": "approve", "by": "olga"})
    assert approved.state.status == "completed"
    assert found(res, "quokkafish") == ["policy.md"], "the approved run's document stayed out of search"
