"""``kassist runs approve|reject|cancel``: the decisions on a run waiting for review, and stopping a run.

A decision is only ever carried to a run that waits for one (the review's interrupt): approving or
rejecting anything else says so in one line and changes nothing. Cancel sets the run's flag, which
its next node boundary honours; a run nobody runs is taken and stopped at once.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli import ingest, job_stop, kit
from cli.ingest_output import finish

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources


def _now() -> str:
    """When the decision was made, as the report shows it."""
    from datetime import UTC, datetime

    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _decide(run_id: str, tenant: str, decision: str, reports_dir: Path | None, opts: kit.Common) -> None:
    import getpass

    tenant = kit.check_tenant(tenant)
    run_id = ingest.check_run_id(run_id)
    if reports_dir is not None:
        kit.check_output_folder("--reports-dir", reports_dir)
    from graph.ingestion.head import read_head

    with ingest.run_resources(opts.database_url, read_only=True) as res:
        try:
            head = read_head(res.saver, tenant, run_id)
        except ingest.expected_errors() as exc:
            kit.fail(str(exc))
        if res.runs.for_tenant(tenant).get(run_id) is None:
            kit.fail(f"no ingestion run {run_id!r} for tenant {tenant!r}")
        state = head.state
        waiting = head.interrupted or (state is not None and state.status == "needs_review")
        if not waiting:  # a decision never starts or resumes a run that is not waiting
            status = state.status if state is not None else "registered but never started"
            kit.fail(f"run {run_id!r} is {status}, not waiting for a review; there is nothing to {decision}")
        decided, on_finish = _first_decision(res, tenant, run_id, decision)
        if decided is None:
            decided = {"decision": decision, "by": getpass.getuser(), "at": _now()}
        ingest.drive(res, tenant, run_id, opts.as_json, reports_dir, full=opts.full,
                      database_url=opts.database_url, resume=decided, on_finish=on_finish)  # fmt: skip


def _first_decision(
    res: Resources, tenant: str, run_id: str, decision: str
) -> tuple[dict[str, Any] | None, Callable[[Any], None] | None]:
    """The first decision on a review wins at every door. One the runs API or the console accepted
    first and that waits for a server's worker: the same verdict is carried out here, as that
    request (returned with the ``on_finish`` that marks the request done while the run's lease is
    held, so no worker carries it out again) - the way out when no server runs on the database any
    more; another verdict is refused, naming the command that carries the first one out. Unchecked,
    ``runs approve`` overtook a reject the API had accepted (queued behind busy workers), and the
    worker then marked that reject done without a word (session 30 probes, h5 #11). This look is
    the command's answer; the rule itself is held by the runner's start (``start_decision``: one
    atomic statement against the API's and console's claim), so a claim accepted between this look
    and the start is never overtaken: the command then says the decision came first, in one line.
    Killed before its decision committed, the command blocks nothing: the next decision at any door
    finds the run waiting again (``waiting_again``)."""
    from graph.ingestion.jobs import JobStore, decision_taken

    jobs = JobStore(res.runs).for_tenant(tenant)
    queued = jobs.get(run_id)
    if queued is None or not queued.wanted or not queued.decision:
        return None, None
    first = queued.decision
    verdict = str(first.get("decision", "another decision"))
    if verdict != decision:
        kit.fail(
            decision_taken(
                run_id, first, f": `kassist runs {verdict} {run_id} --tenant {tenant}` carries it out here"
            )
        )
    seq = queued.seq
    return first, lambda _outcome: jobs.done(run_id, seq)


def _decision(decision: str, doc: str) -> Callable[..., None]:
    """One review command (approve, reject): the same options, only the decision and its help differ."""

    @kit.common()
    def command(
        run_id: ingest.RunArg,
        tenant: kit.TenantOption,
        reports_dir: ingest.ReportsDirOption = None,
        opts: kit.Common = kit.COMMON,
    ) -> None:
        _decide(run_id, tenant, decision, reports_dir, opts)

    command.__name__ = command.__qualname__ = decision
    command.__doc__ = doc
    return command


approve = _decision("approve", "Approve a run waiting for review: it goes on (notify, remember).")
reject = _decision("reject", "Reject a run waiting for review: it stops as cancelled.")


def _after_recorded(run_id: str, tenant: str, database_url: str | None, exc: BaseException) -> str:
    """The line of a cancel that failed after its record committed: whatever failed, the cancel is
    recorded and the run stops at its next start (h22 s38 H22-11: told the driver's "nothing was
    written", the operator resumed the run, and it ended cancelled)."""
    from kassist.db.told import database, kind
    from kassist.dburl import DatabaseUnavailable

    said = f"the cancel of run {run_id!r} is recorded (the run stops at its next start), but stopping it now failed"
    if not isinstance(exc, DatabaseUnavailable):
        return f"{said}: {exc}"
    again = job_stop.run_command("cancel", run_id, tenant, database_url)
    return f"{said}: {database(kind(exc))}; `{again}` stops it now once it is back"


@kit.common()
def cancel(run_id: ingest.RunArg, tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """Ask a run to stop at its next node boundary (a run nobody is running is cancelled at once)."""
    from graph.ingestion.jobs import JobStore
    from graph.ingestion.registration import NoSettings, registered
    from graph.ingestion.runner import RunBusy, RunNotFound, execute

    tenant = kit.check_tenant(tenant)
    run_id = ingest.check_run_id(run_id)
    with ingest.run_resources(opts.database_url, read_only=True) as res:
        from graph.ingestion.head import read_head
        from graph.ingestion.notify import announced
        from graph.ingestion.state import TERMINAL, too_late_to_cancel

        if res.runs.for_tenant(tenant).get(run_id) is not None:
            try:
                seen = read_head(res.saver, tenant, run_id)
            except ingest.expected_errors() as exc:
                kit.fail(str(exc))
            head = seen.state
            if (
                head is not None
                and head.status not in TERMINAL
                and announced(res.runs.for_tenant(tenant), head)
            ):
                kit.fail(too_late_to_cancel(run_id))
            if seen.interrupted or (head is not None and head.status == "needs_review"):
                # The runs API's and the console's rule, before anything is written: a cancel flag
                # set here stopped the approve carried out later (h9 s32 #2).
                kit.fail(
                    f"run {run_id!r} is waiting for a review: nothing was cancelled; stop it with "
                    f"`kassist runs reject {shlex.quote(run_id)} --tenant {shlex.quote(tenant)}`",
                    kit.ExitCode.REFUSED,
                )
        if not res.runs.for_tenant(tenant).request_cancel(run_id):
            kit.fail(f"no ingestion run {run_id!r} for tenant {tenant!r}")
        try:
            registered(res, tenant, run_id)
        except NoSettings:  # queued, never started, nothing to start it from: cancelled as it is
            JobStore(res.runs).for_tenant(tenant).note_status(run_id, "cancelled")
            message = f"run {run_id} never started; it is cancelled"
            kit.out_console().print_json(
                json.dumps({"run_id": run_id, "status": "cancelled"})
            ) if opts.as_json else kit.out_console().print(message, highlight=False)
            raise typer.Exit(kit.ExitCode.STOPPED) from None
        except ingest.expected_errors() as exc:
            kit.fail(_after_recorded(run_id, tenant, opts.database_url, exc))
        try:  # nobody runs it: take it and let its next node stop it
            outcome = execute(res, tenant, run_id)
        except RunBusy:
            message = f"run {run_id} will stop at its next node boundary"
            kit.out_console().print_json(
                json.dumps({"run_id": run_id, "cancel_requested": True})
            ) if opts.as_json else kit.out_console().print(message, highlight=False)
            return
        except (RunNotFound, *ingest.expected_errors()) as exc:  # type: ignore[misc]
            kit.fail(_after_recorded(run_id, tenant, opts.database_url, exc))
        finish(
            outcome,
            opts.as_json,
            full=opts.full,
            stage=job_stop.JobStage(run_id, tenant, database_url=opts.database_url),
        )
