"""A decision the runs API or the console accepted first is carried out by the command line's same
verdict when no server's worker does it (session 30: h5 #11's caveat).

Since 5f94e7f ``kassist runs approve|reject`` refuses a decision that is not the first one. A
decision accepted by a server that is gone afterwards (decommissioned, its database kept) would
then block the run for good: nothing carries it out and the command line could not decide either.
The same verdict from the command line carries the queued request out, marked done under the run's
lease (no worker carries it out again); the other verdict is refused, naming that command.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist
from test_probe_s30e_two_decisions import TENANT, reject_queued

RUN = "queued-decision"


def test_a_queued_decision_is_carried_out_by_the_same_verdict_and_the_other_is_refused(
    tmp_path: Path,
) -> None:
    from graph.ingestion import resources
    from graph.ingestion.jobs import JobStore
    from graph.ingestion.runner import execute

    db_url, _ = reject_queued(tmp_path, RUN)

    common = ("--tenant", TENANT, "--database-url", db_url)
    approve = kassist("runs", "approve", RUN, *common, cwd=tmp_path)
    assert approve.returncode != 0
    refusal = approve.stderr.strip()
    assert "has a decision already (reject by alice" in refusal and len(refusal.splitlines()) == 1
    assert f"`kassist runs reject {RUN} --tenant {TENANT}` carries it out here" in refusal

    reject = kassist("runs", "reject", RUN, *common, "--json", cwd=tmp_path)
    assert reject.returncode == 6, reject.stderr  # STOPPED: the run was rejected, as alice decided

    with resources.installed(resources.Resources.open(db_url)) as res:
        final = execute(res, TENANT, RUN).state
        assert final.status == "cancelled"
        assert final.review is not None and "alice" in str(final.review)  # the first decision's author
        record = JobStore(res.runs).for_tenant(TENANT).get(RUN)
        assert record is not None and not record.wanted  # the request is done: no worker repeats it
