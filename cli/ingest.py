"""``kassist ingest`` and ``kassist runs ...``: start, watch, resume and steer ingestion runs.

Exit codes (cli.kit.ExitCode, docs/cli.md): 0 completed, 3 completed with failed documents,
5 waiting for a review, 6 cancelled or rejected, 7 busy (another worker runs it), 8 paused
(``--max-steps``), 1 failed, 2 a wrong command line (unknown ``--embedder``, a path that is not a
directory, an unreadable ``--audit-rules`` file, a bad tenant or run id, a run id already
registered with other settings), 130 interrupted (Ctrl-C: one line says what the run kept and the
command that finishes it), 143 the same after SIGTERM (``kill``).
Heavy modules are imported inside the commands: ``kassist --help`` stays fast.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli import job_stop, kit
from cli.ingest_output import finish

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources
    from graph.ingestion.runner import RunOutcome
    from graph.ingestion.state import AgentRunState, Settings


def unavailable_errors() -> tuple[type[BaseException], ...]:
    from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL

    return DatabaseUnavailable, UnsupportedDatabaseURL


@contextmanager
def run_resources(url: str | None, *, read_only: bool = False) -> Iterator[Resources]:
    """The run's database handles; ``read_only``: the database must exist (only ``ingest`` creates it;
    ``runs ...`` on a mistyped path says so instead of answering from a new empty file)."""
    from graph.ingestion import resources

    def opener(chosen: str) -> AbstractContextManager[Resources]:
        return resources.installed(resources.Resources.open(chosen))

    with kit.opened(opener, url, read_only=read_only, errors=unavailable_errors()) as res:
        yield res


def expected_errors() -> tuple[type[BaseException], ...]:
    from checkpointer import CheckpointConflict
    from graph.ingestion.registration import NoSettings
    from graph.ingestion.runner import RunBusy, RunNotFound
    from kassist.dburl import DatabaseUnavailable
    from kassist.tenancy import TenantMismatch, TenantRequired
    from knowledge.embedders import EmbedderUnavailable
    from knowledge.index import KnowledgeIndexError

    return (
        RunBusy, RunNotFound, DatabaseUnavailable, TenantRequired, TenantMismatch, EmbedderUnavailable,
        KnowledgeIndexError, CheckpointConflict, ValueError, NotADirectoryError, FileNotFoundError, NoSettings,
    )  # fmt: skip


# One --reports-dir for ``kassist ingest`` and ``kassist runs resume``: the line a stopped job prints
# names the resume with the same folder, or the report's files it was asked for were never written
# (h22 s38 H22-3).
ReportsDirOption = Annotated[
    Path | None,
    typer.Option("--reports-dir", help="Also write the audit report's files here when the run stops."),
]


def _reports_words(reports_dir: Path | None) -> tuple[str, ...]:
    return ("--reports-dir", str(reports_dir)) if reports_dir is not None else ()


def drive(
    res: Resources,
    tenant: str,
    run_id: str,
    as_json: bool,
    reports_dir: Path | None = None,
    full: bool = False,
    stage: job_stop.JobStage | None = None,
    database_url: str | None = None,
    **kwargs: Any,
) -> None:
    if reports_dir is None:
        # The folder its ``kassist ingest --reports-dir`` asked, kept with the run: a run SIGKILLed and
        # continued by ``runs resume`` (or the command again without it) wrote no report files, and
        # said nothing (h24 s39 H24-5). Read only by the command line, the operator's own folder.
        kept = res.runs.for_tenant(tenant).reports_dir(run_id)
        reports_dir = Path(kept) if kept else None
    # Without a stage the run is one that exists (runs resume, approve): Ctrl-C names the resume
    # (on the database named on the command line: ``database_url``).
    stage = stage or job_stop.JobStage(run_id, tenant, stored=True, database_url=database_url,
                                  resume_words=_reports_words(reports_dir))  # fmt: skip
    with job_stop.ctrl_c(stage):
        _drive_run(res, tenant, run_id, as_json, reports_dir, full, stage, **kwargs)


def _drive_run(
    res: Resources,
    tenant: str,
    run_id: str,
    as_json: bool,
    reports_dir: Path | None,
    full: bool,
    stage: job_stop.JobStage,
    **kwargs: Any,
) -> None:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from graph.ingestion.registration import RESUME_AS_IT_IS, SettingsMismatch, registered
    from graph.ingestion.runner import RunBusy, execute

    # Progress only on a terminal (or with KASSIST_PROGRESS set): pipes and logs get no bar.
    shown = sys.stderr.isatty() or bool(os.environ.get("KASSIST_PROGRESS"))
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("docs"),
        TextColumn("{task.fields[chunks]} chunks"), TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
        TimeRemainingColumn(), console=kit.err_console(), disable=as_json or not shown, transient=False,
    )  # fmt: skip
    task = progress.add_task("ingesting", total=None, chunks=0, rate="")
    started = time.monotonic()
    first_seen: list[int] = []
    out = kit.out_console()

    def on_start(outcome: RunOutcome) -> None:
        stage.stored = True
        if as_json:
            return
        if outcome.started == "fresh":
            out.print(
                f"run [bold]{run_id}[/] for tenant [bold]{tenant}[/]: new", highlight=False, soft_wrap=True
            )
        else:
            out.print(
                f"resuming run [bold]{run_id}[/] from {outcome.resumed_from}", highlight=False, soft_wrap=True
            )

    def on_event(node: str, state: AgentRunState) -> None:
        c = state.counters
        done = c.documents_seen + c.documents_removed
        if not first_seen:
            first_seen.append(done)
        rate = (done - first_seen[0]) / max(time.monotonic() - started, 1e-6)
        progress.update(
            task, total=state.documents_total or None, completed=done, chunks=c.chunks_added + c.chunks_unchanged,
            rate=f"{rate:.1f} docs/s", description=node,
        )  # fmt: skip

    try:
        if kwargs.get("settings") is not None:  # a usage error is told before any progress is shown
            folder = str(reports_dir.resolve()) if reports_dir is not None else None
            registered(res, tenant, run_id, kwargs["settings"], reports_dir=folder)  # one transaction
            stage.stored = True
        if reports_dir is not None:  # a run registered before (a resume): its folder kept now (H24-5)
            res.runs.for_tenant(tenant).keep_reports_dir(run_id, str(reports_dir.resolve()))
        with progress:
            outcome = execute(res, tenant, run_id, on_event=on_event, on_start=on_start, **kwargs)
        stage.stopped = True
        failed = failed_documents(res, tenant, run_id)
        stage.exporting = str(reports_dir) if reports_dir else None
        exported = _export_files(res, tenant, outcome, reports_dir) if reports_dir else {}
        stage.exporting = None
    except RunBusy as exc:
        kit.fail(str(exc), kit.ExitCode.BUSY)
    except SettingsMismatch as exc:
        said = str(exc)  # "... (or resume it as it is)": the command that does, pasted as printed
        tail = f"({RESUME_AS_IT_IS})"
        said = said[: -len(tail)] + f"({RESUME_AS_IT_IS}: {stage.resume})" if said.endswith(tail) else said
        kit.fail(said, kit.ExitCode.USAGE)
    except expected_errors() as exc:
        kit.fail(str(exc))
    finish(outcome, as_json, failed, exported, full, stage=stage)


def _export_files(res: Resources, tenant: str, outcome: RunOutcome, out_dir: Path) -> dict[str, Path]:
    """:func:`export` after a run stopped: a folder that cannot take the files (full, read-only) is
    one line saying the run is stored and how to write them later, not a bare ``No space left on
    device`` after the whole run (h7 s31 #5)."""
    run_id = outcome.state.run_id
    try:
        return export(res, tenant, run_id, out_dir)
    except OSError as exc:
        kit.fail(
            f"run {run_id!r} stopped {outcome.state.status}, but its report's files could not be written "
            f"into {out_dir} ({exc.strerror or exc}); write them with `kassist runs report {run_id} "
            f"--tenant {tenant} --out DIR`"
        )


def export(res: Resources, tenant: str, run_id: str, out_dir: Path) -> dict[str, Path]:
    """Write the run's stored report into ``out_dir`` (nothing when it has none yet)."""
    from graph.ingestion.reports import export_reports

    return export_reports(res.runs, tenant, run_id, out_dir)


def failed_documents(res: Resources, tenant: str, run_id: str) -> list[dict[str, str]]:
    """The run's documents that could not be indexed, with why (from its manifest)."""
    failed = []
    for r in res.runs.for_tenant(tenant).manifest(run_id):
        if r["outcome"] == "failed":
            problem, _, reason = str(r["reason"] or "").partition(": ")
            failed.append({"path": r["source_path"], "problem": problem, "reason": reason})
    return failed


@kit.common()
def ingest(
    path: Annotated[Path, typer.Argument(help="Directory of .md/.txt/.html/.pdf/.docx files.")],
    tenant: kit.TenantOption,
    run_id: Annotated[
        str | None, typer.Option("--run-id", help="Name the run (rerun it to resume it).")
    ] = None,
    collection: Annotated[str, typer.Option("--collection", "-c", help="Target collection.")] = "default",
    embedder: Annotated[str, typer.Option(help="auto | local | hashing | openai")] = "auto",
    batch_size: Annotated[
        int, typer.Option("--batch-size", min=1, help="Documents per batch (one checkpoint each).")
    ] = 25,
    max_steps: Annotated[
        int | None, typer.Option("--max-steps", min=1, help="Pause after this many steps.")
    ] = None,
    notify_url: Annotated[
        str | None, typer.Option("--notify-url", help="POST the summary here when done.")
    ] = None,
    audit_rules: Annotated[
        Path | None, typer.Option("--audit-rules", help="TOML file of audit rules (default: built-in).")
    ] = None,
    max_bytes: Annotated[
        int, typer.Option("--max-bytes", min=1, help="Files larger than this are reported, not read.")
    ] = 20 * 2**20,
    reports_dir: ReportsDirOption = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Ingest a directory as a durable graph run: killed, it resumes where it stopped."""
    from pydantic import ValidationError

    from graph.ingestion.state import Settings
    from kassist.names import validate_collection

    # A wrong command line exits 2 (usage), like click's own errors; a name the index refuses, 1.
    tenant = kit.check_tenant(tenant)
    run_id = check_new_run_id(run_id) if run_id is not None else None
    if embedder not in ("auto", "local", "hashing", "openai"):
        kit.fail(f"unknown --embedder {embedder!r}; use auto, local, hashing or openai", kit.ExitCode.USAGE)
    if not path.exists():
        kit.fail(f"{path} does not exist; give the folder of documents to ingest", kit.ExitCode.USAGE)
    if not path.is_dir():
        kit.fail(f"{path} is not a directory; give the folder of documents to ingest", kit.ExitCode.USAGE)
    if reports_dir is not None:  # else the whole run goes by before its report's files fail
        kit.check_output_folder("--reports-dir", reports_dir)
    try:
        validate_collection(collection)
    except ValueError as exc:
        kit.fail(str(exc))
    if notify_url is not None:
        from graph.ingestion.notify_urls import NOT_HTTP, is_http_url

        if not is_http_url(notify_url):  # else the whole run goes by before its notify step fails
            kit.fail(f"--notify-url {notify_url[:200]!r} {NOT_HTTP}", kit.ExitCode.USAGE)
    try:
        settings = Settings(
            source=str(path.resolve()), collection=collection, embedder=embedder, batch_size=batch_size,
            notify_url=notify_url, audit_rules=str(audit_rules.resolve()) if audit_rules else None,
            max_bytes=max_bytes,
        )  # fmt: skip
        if audit_rules is not None:
            from knowledge.audit import AuditRules  # (the audit's modules load only when needed)

            AuditRules.load(audit_rules)  # a bad file fails now, not at the end of the run
    except ValidationError as exc:  # an option past the settings' bound (--batch-size 10001)
        # pydantic's text is four lines and a link; the option, the value and the bound are one.
        kit.fail(
            "; ".join(
                f"--{str(e['loc'][0]).replace('_', '-')} {e.get('input')!s:.40}: {e['msg']}"
                for e in exc.errors()
            ),
            kit.ExitCode.USAGE,
        )
    except ValueError as exc:  # AuditConfigError included: a file that cannot be read
        kit.fail(str(exc), kit.ExitCode.USAGE)
    run = run_id or f"ingest-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"
    # Ctrl-C stopped the bar and gave the prompt back without a word (exit 130), or said click's
    # "Aborted!" (exit 1) while the database opened: one line now says what the run kept.
    stage = job_stop.JobStage(
        run, tenant, database_url=opts.database_url, resume_words=_reports_words(reports_dir)
    )
    with job_stop.ctrl_c(stage), run_resources(opts.database_url) as res:
        if res.runs.for_tenant(tenant).registration(run) is None:  # a run again: its own start checks
            _check_source(res, tenant, settings)
        drive(res, tenant, run, opts.as_json, reports_dir, opts.full, stage, settings=settings,
               max_steps=max_steps)  # fmt: skip


def _check_source(res: Resources, tenant: str, settings: Settings) -> None:
    """Refuse, before the run is registered, a folder whose collection mirrors another source
    (knowledge/index/sources.py); the run's start checks again. The operator is told the folder."""
    from graph.ingestion.adoption import adopt
    from graph.ingestion.folders import source_record
    from knowledge.index.sources import UPLOADS, CollectionMirrorsAnother

    try:
        index = res.index("hashing")
        adopt(index, tenant, settings.collection, res.env)  # the documents a previous release indexed
        record = source_record(settings.source, uploaded=settings.uploaded, env=res.env)
        index.for_tenant(tenant).check_source(settings.collection, record)
    except CollectionMirrorsAnother as exc:
        said = str(exc)
        if exc.mirrored not in (None, UPLOADS):  # the whole path beside the folder's name, not the advice's
            named = f"mirrors folder {PurePath(exc.mirrored).name!r}"
            said = said.replace(named, f"{named} ({exc.mirrored})", 1)
        kit.fail(
            f"{said}; or empty it first: kassist kb collections delete {shlex.quote(settings.collection)} "
            f"--tenant {shlex.quote(tenant)}"
        )


def check_run_id(run_id: str) -> str:
    """``run_id`` if it is a plain name; else a one-line usage error (exit 2)."""
    from graph.ingestion.state import validate_run_id

    try:
        return validate_run_id(run_id)
    except ValueError as exc:
        kit.fail(str(exc), kit.ExitCode.USAGE)


def check_new_run_id(run_id: str) -> str:
    """``run_id`` for ``ingest`` (which may start the run): a plain name that is not a UUID, as the
    runs API requires. A run id names its checkpoint thread and the LangGraph server's thread ids are
    UUIDs its clients may choose: on a shared database, a thread made there first under this id
    would let its owner read this run's state. An existing run keeps ``kassist runs resume``."""
    run_id = check_run_id(run_id)
    try:
        uuid.UUID(run_id)
    except ValueError:
        return run_id
    kit.fail(
        f"run id {run_id!r} is a UUID, which names a thread of the LangGraph server; name the run "
        f"(e.g. hr-2026) or leave --run-id out (an existing run: kassist runs resume {run_id})",
        kit.ExitCode.USAGE,
    )


RunArg = Annotated[str, typer.Argument(help="The run id.")]


@kit.common()
def resume(
    run_id: RunArg,
    tenant: kit.TenantOption,
    max_steps: Annotated[int | None, typer.Option("--max-steps", min=1)] = None,
    reports_dir: ReportsDirOption = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Continue a paused, failed or killed run from its last committed step."""
    tenant = kit.check_tenant(tenant)
    run_id = check_run_id(run_id)
    if reports_dir is not None:
        kit.check_output_folder("--reports-dir", reports_dir)
    with run_resources(opts.database_url, read_only=True) as res:
        drive(res, tenant, run_id, opts.as_json, reports_dir, full=opts.full, database_url=opts.database_url,
               max_steps=max_steps)  # fmt: skip
