"""What ``kassist ingest`` and ``kassist runs ...`` print about a run.

``--json`` prints :func:`summary`. Otherwise a table of the run's short values, or with ``--full``
every field whole, one a line (cli.kit's one shape for every command). Paths a user may
copy (the source folder, the report's files, the files not indexed) and long text (the last
error) are never in a table cell: each is printed whole on its own line, whatever the terminal's
width, in a pipe too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from cli.job_stop import JobStage, run_command
from cli.kit import (
    ExitCode,
    out_console,
    path_line,
    print_path,
    print_records,
    print_table,
    row,
    table,
    whole_line,
)

if TYPE_CHECKING:
    from rich.console import Console

    from graph.ingestion.runner import RunOutcome
    from graph.ingestion.state import AgentRunState

EXIT = {
    "completed": ExitCode.OK,
    "paused": ExitCode.PAUSED,
    "needs_review": ExitCode.NEEDS_REVIEW,
    "cancelled": ExitCode.STOPPED,
    "failed": ExitCode.FAILED,
    "running": ExitCode.FAILED,
    "pending": ExitCode.FAILED,
}


def summary(state: AgentRunState, version: Any = None) -> dict[str, Any]:
    """What ``runs show --json`` prints (and ``ingest --json``)."""
    return {
        "run_id": state.run_id,
        "tenant_id": state.tenant_id,
        "status": state.status,
        "version": version,
        "collection": state.settings.collection,
        "source": state.settings.source,
        "embedder": state.embedder_name,
        "step": state.step.kind if state.step else None,
        "batch": state.batch_cursor,
        "batches": state.batches_total,
        "last_document": state.last_document,
        "counters": state.counters.model_dump(),
        "retry_counts": state.retry_counts,
        "last_error": state.last_error,
        "review": state.review,
        "findings": state.findings,
        "reports": state.reports,
        "report_export": export_command(state) if state.reports else None,
        "step_outputs": state.step_outputs,
    }


def export_command(state: AgentRunState) -> str:
    """The command that writes the run's stored audit report to files (``--json``'s: without the
    ``--database-url`` the printed lines add, :func:`finish`)."""
    return run_command("report", state.run_id, state.tenant_id, None, "--out", "DIR")


def counts_line(state: AgentRunState) -> str:
    c = state.counters
    return (
        f"{c.documents_indexed} documents indexed, {c.documents_unchanged} unchanged, {c.documents_failed} "
        f"failed, {c.documents_removed} removed; chunks: {c.chunks_added} added, {c.chunks_unchanged} "
        f"unchanged, {c.chunks_removed} removed; {c.embedded} embedded, {c.cache_hits} from cache"
    )


def _short_fields(state: AgentRunState, status: str) -> dict[str, str]:
    """The run's values that fit a table cell (no paths, no long text)."""
    fields = {
        "status": status,
        "collection": state.settings.collection,
        "embedder": state.embedder_name or "-",
    }
    fields |= {key.replace("_", " "): str(value) for key, value in state.counters.model_dump().items()}
    if state.retry_counts:
        fields["retries"] = ", ".join(f"{k}: {v}" for k, v in state.retry_counts.items())
    if state.findings:
        fields["findings"] = ", ".join(f"{n} {s}" for s, n in state.findings.items())
    if state.reports:
        fields["report"] = f"{', '.join(state.reports)} (stored with the run)"
    if state.review:
        fields["review"] = state.review
    return fields


def print_run(
    console: Console, state: AgentRunState, status: str, full: bool, extra: dict[str, Any] | None = None
) -> None:
    """The run's fields (and ``extra``): a table of the short ones (``full``: all of them, one a
    line), then its source folder and last error whole on their own lines."""
    title = f"run {state.run_id} ({state.tenant_id})"
    fields: dict[str, Any] = {**_short_fields(state, status), **(extra or {})}
    if full:
        fields |= {"source": state.settings.source, "last error": state.last_error}
        print_records(console, title, [fields])
        return
    listing = table(title, ["field", "value"], no_wrap=("field",), wide=("value",))
    listing.show_header = False
    for name, value in fields.items():
        listing.add_row(*row(name, value))  # (row: None shows as -)
    print_table(console, listing)
    print_path(console, "source folder", state.settings.source)
    if state.last_error:
        whole_line(console, f"last error: {state.last_error}")


def print_failed(console: Console, failed: list[dict[str, str]]) -> None:
    """The files not indexed: each path whole on its own line, what went wrong under it."""
    whole_line(console, f"Files not indexed ({len(failed)}):")
    for f in failed:
        path_line(console, f["path"])
        whole_line(console, f"  {f['problem']}: {f['reason']}" if f["reason"] else f"  {f['problem']}")


def finish(
    outcome: RunOutcome,
    as_json: bool,
    failed: list[dict[str, str]] | None = None,
    exported: dict[str, Path] | None = None,
    full: bool = False,
    *,
    stage: JobStage,
) -> NoReturn:
    """Print how the run stopped and exit with the code its status maps to. The commands it names
    are ``stage``'s (:meth:`cli.job_stop.JobStage.command`: where the run is, with the job's own options)."""
    state = outcome.state
    then = stage.command
    status = "needs_review" if outcome.started == "needs_review" else state.status
    failed = failed or []
    out = out_console()
    if as_json:
        data = {**summary(state), "status": status, "started": outcome.started, "failed_documents": failed}
        if exported:
            data["report_files"] = {fmt: str(path) for fmt, path in exported.items()}
        out.print_json(json.dumps(data))
    else:
        if outcome.started == "finished":
            whole_line(out, f"run {state.run_id} already {state.status}; not executed again")
        if "discover" in state.step_outputs:
            whole_line(out, f"source: {state.step_outputs['discover']}")
        whole_line(out, counts_line(state))
        print_run(out, state, status, full)
        if failed:
            print_failed(out, failed)
        for fmt, path in (exported or {}).items():
            print_path(out, f"report ({fmt})", path)
        if state.reports and not exported:
            whole_line(out, f"audit report: {then('report', '--out', 'DIR')}")
        if status == "needs_review":
            whole_line(out, f"waiting for a review: {state.review}")
            whole_line(out, f"  {then('approve')}")
            whole_line(out, f"  {then('reject')}")
        elif status in ("paused", "failed"):
            whole_line(out, f"resume with: {then('resume')}")
    code = EXIT.get(status, ExitCode.FAILED)
    if status == "completed" and state.counters.documents_failed:
        code = ExitCode.PARTIAL
    raise typer.Exit(code)


def print_runs(tenant: str, rows: list[dict[str, Any]], full: bool) -> None:
    """``runs list``: a table of the short values (``full``: every field whole, with the source)."""
    out = out_console()
    title = f"ingestion runs of {tenant}"
    if full:
        print_records(out, title, rows)
        return
    listing = table(title, ["run", "status", "collection", "documents"], no_wrap=("status", "documents"))
    for r in rows:
        listing.add_row(*row(r["run_id"], r["status"] + (" (busy)" if r["busy"] else ""), r["collection"],
                             r["documents"]))  # fmt: skip
    print_table(out, listing)
    if rows:
        whole_line(out, "source folders: --full, or kassist runs show RUN")
