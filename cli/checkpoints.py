"""`kassist checkpoints ...`: inspect threads (list, show), retention (prune, with --dry-run), and
adoption of stock savers' threads (import)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from cli import kit
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL, redact
from kassist.tenancy import TenantMismatch, TenantRequired

if TYPE_CHECKING:
    from checkpointer.retention import RetentionReport
    from checkpointer.saver import TenantCheckpointer

app = typer.Typer(
    help="Checkpoints: list threads, show a checkpoint's state, prune old ones (retention), "
    "import threads from stock LangGraph savers.",
    no_args_is_help=True,
)

_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_MAX_AGE = timedelta(days=36500)


class Strategy(StrEnum):
    keep_latest = "keep_latest"
    delete = "delete"


def parse_duration(text: str) -> timedelta:
    """``30d``, ``12h``, ``90m``, ``45s``, ``2w`` -> timedelta; anything else -> ValueError saying what works."""
    match = _DURATION.match(text or "")
    if not match or float(match.group(1)) <= 0:
        raise ValueError(
            f"cannot read {text!r} as an age; write a positive number followed by one unit: "
            "s (seconds), m (minutes), h (hours), d (days) or w (weeks), e.g. 30d, 12h, 90m"
        )
    try:
        age = timedelta(**{_UNITS[match.group(2)]: float(match.group(1))})
    except OverflowError:  # past what a timedelta holds (~2.7 million years): no cutoff date exists
        age = _MAX_AGE + timedelta(days=1)
    if age > _MAX_AGE:
        # The cutoff is now minus the age: an age a date cannot subtract was "a bug in kassist" (h24 s39
        # H24-2); no checkpoint is a century old, so "keep nearly everything" loses nothing at the bound.
        raise ValueError(f"{text!r} is longer than kassist can count back; write at most 36500d (100 years)")
    return age


def _duration(text: str) -> timedelta:
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--older-than") from exc


def _expected() -> tuple[type[BaseException], ...]:
    """Expected failures: one clear line on stderr and exit code 1, never a traceback."""
    from checkpointer.importer import ImportRefused

    return (UnsupportedDatabaseURL, DatabaseUnavailable, FileNotFoundError, ImportRefused, TenantRequired,
            TenantMismatch)  # fmt: skip


@contextmanager
def _unreadable_source(source: str) -> Iterator[None]:
    """A --from file that is not a SQLite database (or is damaged) said as such, in one line."""
    import sqlite3

    try:
        yield
    except sqlite3.DatabaseError as exc:
        kit.fail(
            f"cannot read --from {redact(source)}: {exc}; give the database file a stock "
            "langgraph SqliteSaver wrote"
        )


@contextmanager
def _migrated(url: str) -> Iterator[TenantCheckpointer]:
    from checkpointer import TenantCheckpointer

    with closing(TenantCheckpointer.from_url(url)) as saver:
        saver.setup()
        yield saver


def _saver(url: str | None, *, read_only: bool) -> AbstractContextManager[TenantCheckpointer]:
    """kassist's saver on ``url``, closed after the block; ``read_only`` commands (and prune) never
    create the database; expected failures in the block are one line (exit 1)."""
    return kit.opened(_migrated, url, read_only=read_only, errors=_expected())


TenantOpt = Annotated[
    str | None, typer.Option("--tenant", "-t", help="Only this tenant.", show_default=False)
]
ThreadOpt = Annotated[
    str | None,
    typer.Option("--thread", help="Only this thread.", show_default=False, callback=kit.check_thread),
]
NamespaceOpt = Annotated[
    str,
    typer.Option(
        "--ns",
        help="Checkpoint namespace ('' is the root graph; subgraphs have their own).",
        callback=kit.check_namespace,
    ),
]


@app.command("list")
@kit.common()
def list_(
    tenant: kit.TenantOption,
    thread: ThreadOpt = None,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=kit.ROWS_MAX, help="At most this many rows.")
    ] = 50,
    opts: kit.Common = kit.COMMON,
) -> None:
    """A tenant's threads (checkpoints, head version, last update); with --thread, its checkpoints."""
    from cli.checkpoint_views import checkpoint_rows, thread_rows

    tenant = kit.check_tenant(tenant)
    with _saver(opts.database_url, read_only=True) as saver:
        config = {"configurable": {"thread_id": thread}} if thread else None
        tuples = list(saver.for_tenant(tenant).list(config))  # type: ignore[arg-type]
    rows = checkpoint_rows(tuples)[:limit] if thread else thread_rows(tuples)[:limit]
    if opts.as_json:
        typer.echo(json.dumps(rows, indent=2, default=str))
        return
    if not rows:
        what = f"thread {thread!r}" if thread else "any thread"
        kit.out_console().print(f"no checkpoints for {what} of tenant {tenant!r}", highlight=False)
        return
    title = f"checkpoints of {thread!r} ({tenant})" if thread else f"threads of {tenant}"
    if opts.full:
        kit.print_records(kit.out_console(), title, rows)
        return
    t = kit.table(title, list(rows[0]))
    for r in rows:
        t.add_row(*kit.row(*r.values()))
    kit.print_table(kit.out_console(), t)


@app.command("show")
@kit.common()
def show(
    tenant: kit.TenantOption,
    thread: Annotated[str, typer.Option("--thread", help="The thread to show.", callback=kit.check_thread)],
    checkpoint_id: Annotated[
        str | None,
        typer.Option(
            "--checkpoint",
            help="This checkpoint (default: the thread's head).",
            callback=kit.check_checkpoint,
        ),
    ] = None,
    ns: NamespaceOpt = "",
    opts: kit.Common = kit.COMMON,
) -> None:
    """One checkpoint of a thread (default: its head): version, step, channel values, pending writes."""
    from cli.checkpoint_views import describe_checkpoint, print_checkpoint

    tenant = kit.check_tenant(tenant)
    conf: dict[str, Any] = {"thread_id": thread, "checkpoint_ns": ns}
    if checkpoint_id:
        conf["checkpoint_id"] = checkpoint_id
    with _saver(opts.database_url, read_only=True) as saver:
        found = saver.for_tenant(tenant).get_tuple({"configurable": conf})
    if found is None:
        which = f"checkpoint {checkpoint_id!r} of thread" if checkpoint_id else "thread"
        kit.fail(f"{which} {thread!r} not found for tenant {tenant!r} (namespace {ns!r})")
    described = describe_checkpoint(tenant, found)
    if opts.as_json:
        typer.echo(json.dumps(described, indent=2, default=str))
        return
    print_checkpoint(described, opts.full)


@app.command("prune")
@kit.common()
def prune(
    older_than: Annotated[
        str, typer.Option("--older-than", help="age of checkpoints to remove: 30d, 12h, 90m, 2w, 45s")
    ],
    tenant: TenantOpt = None,
    all_tenants: Annotated[
        bool, typer.Option("--all-tenants", help="prune every tenant (instead of --tenant T)")
    ] = False,
    strategy: Annotated[
        Strategy,
        typer.Option(
            "--strategy",
            help="keep_latest: keep each thread's newest checkpoint; delete: remove whole idle threads",
        ),
    ] = Strategy.keep_latest,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="only report what would go (per tenant, counts and bytes)")
    ] = False,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Remove checkpoints older than an age, for --tenant T or --all-tenants; memory is never touched,
    but for the session note of each thread deleted (the assistant's summary of that conversation).

    Ingestion runs whose checkpoints are all gone lose their manifest, idempotency ledger and
    registry row in the same call (retention prunes both together)."""
    from cli.checkpoint_retention import forget_notes, keep_owners, planned_deletes, retain_accepted
    from cli.checkpoint_views import dry_retain
    from graph.ingestion.retention import sweep

    age = _duration(older_than)
    if (tenant is None) == (not all_tenants):
        kit.fail(
            "say whose checkpoints to prune: --tenant T for one tenant, or --all-tenants for every "
            "tenant (not both)",
            kit.ExitCode.USAGE,
        )
    scope = None if all_tenants else kit.check_tenant(str(tenant))
    # Nothing to prune in a database not there.
    chosen = kit.database_url(opts.database_url, must_exist=True)
    with (
        _saver(chosen, read_only=True) as saver,
        kit.progress("pruning", None, enabled=not opts.as_json) as bar,
    ):
        owners: dict[tuple[str, str], str] = {}
        if dry_run:
            report, sizes = dry_retain(saver, age, scope, strategy.value)
        else:
            # One cutoff for the owners' read and the delete: each computing its own from the clock,
            # a thread turning old while the plan ran was deleted unread (h15 s35 H15-3).
            now = datetime.now(UTC)
            planned: frozenset[tuple[str, str]] = frozenset()
            if strategy == Strategy.delete:  # read before the checkpoints that record them go
                planned, owners = planned_deletes(saver, age, scope, now)
                # Kept before the checkpoints that record them go (a prune killed between the two
                # writes lost them: h15 s35 H15-2); a thread written to meanwhile keeps it harmlessly.
                # Their accepted runs go now too: a prune killed after the delete left them, and a run
                # with no input there ran the thread's months-old first question again (h19 s37 H19-4).
                keep_owners(chosen, planned, owners)
                # The session notes go before the checkpoints too: a prune killed after the delete
                # left them for good, no later plan holding a thread with no checkpoint (h17 s36
                # H17-3). A thread a turn revives meanwhile is not deleted; that turn writes its note
                # again (every turn does).
                forget_notes(chosen, planned)
            report = saver.retain(older_than=age, tenant_id=scope, strategy=strategy.value, now=now)
            sizes = None
        bar.advance(len(report.threads))
        deleted = frozenset((t.tenant_id, t.thread_id) for t in report.threads if t.thread_deleted)
        scopes = None if scope is None else [scope]
        runs = sweep(saver, scopes, age, dry_run=dry_run, threads_deleted=deleted, database_url=chosen)
        if not dry_run:
            retain_accepted(chosen, scopes, age, deleted, owners)
            forget_notes(chosen, deleted - planned)  # none but a delete the plan did not foresee
    if opts.as_json:
        data = report.model_dump(mode="json")
        data |= {"checkpoints_removed": report.checkpoints_removed, "threads_deleted": report.threads_deleted}
        data |= {"ingestion_runs_removed": [r.model_dump() for r in runs]}
        if sizes is not None:
            data |= {"dry_run": True, "bytes_by_tenant": sizes}
        typer.echo(json.dumps(data, indent=2))
        return
    _print_retention(report, older_than, sizes, [(r.tenant_id, r.run_id) for r in runs], opts.full)


def _print_retention(
    report: RetentionReport,
    older_than: str,
    sizes: dict[str, int] | None,
    runs: list[tuple[str, str]],
    full: bool,
) -> None:
    console = kit.out_console()
    scope = f"tenant {report.tenant_id!r}" if report.tenant_id else "every tenant"
    verb = "would remove" if sizes is not None else "removed"
    console.print(
        f"checkpoints older than {older_than} (before {report.cutoff:%Y-%m-%d %H:%M:%S %Z}), "
        f"{scope}, strategy {report.strategy}" + (" [bold](dry run: nothing removed)[/]" if sizes else ""),
        highlight=False,
    )
    threads = [
        {"tenant": th.tenant_id, "thread": th.thread_id, "checkpoints": th.checkpoints_removed,
         "blobs": th.blobs_removed, "thread deleted": "yes" if th.thread_deleted else "no"}
        for th in report.threads
    ]  # fmt: skip
    per_tenant = [
        {"tenant": name, "threads": len(group), "checkpoints": sum(th.checkpoints_removed for th in group),
         "bytes": f"{(sizes or {}).get(name, 0):,}"}
        for name, group in report.by_tenant().items()
    ]  # fmt: skip
    if report.threads:
        _print_rows(console, None, threads, full)
        if sizes is not None:
            _print_rows(console, "per tenant", per_tenant, full)
    console.print(
        f"{verb} {report.checkpoints_removed} checkpoints from {len(report.threads)} threads "
        f"({report.threads_deleted} threads deleted); long-term memory untouched",
        highlight=False,
    )
    if runs:
        console.print(
            f"{verb} the manifest, idempotency ledger and registry row of {len(runs)} ingestion "
            "runs whose checkpoints are gone: " + ", ".join(f"{t}/{r}" for t, r in runs),
            highlight=False,
            soft_wrap=True,
        )


@app.command("import")
@kit.common()
def import_(
    source: Annotated[
        str,
        typer.Option(
            "--from", help="the stock saver's database: sqlite:///path.db (SqliteSaver) or postgresql://..."
        ),
    ],
    tenant: Annotated[
        str, typer.Option("--tenant", "-t", help="the tenant the imported threads will belong to")
    ],
    threads: Annotated[
        list[str] | None, typer.Option("--thread", help="a thread id to import (repeatable; default: all)")
    ] = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Copy threads from a stock PostgresSaver/SqliteSaver database into kassist under a tenant."""
    from checkpointer.importer import ImportReport, import_threads, open_stock_source

    tenant = kit.check_tenant(tenant)
    with kit.errors_as_lines(_expected()), _unreadable_source(source), open_stock_source(source) as src:
        known = src.thread_ids()  # (a bad source creates nothing)
        wanted = list(threads) if threads else known
        report = ImportReport(source=redact(source), tenant_id=tenant)
        with _saver(opts.database_url, read_only=False) as saver:
            view = saver.for_tenant(tenant)
            missing = [t for t in wanted if t not in set(known)]
            if missing:  # import_threads refuses unknown ids before writing anything: a typo imports nothing
                import_threads(src, view, tenant, missing)
            # One thread per call, so the progress bar moves per thread.
            with kit.progress("importing threads", len(wanted), enabled=not opts.as_json) as bar:
                for thread_id in wanted:
                    one = import_threads(src, view, tenant, [thread_id])
                    report.threads.extend(one.threads)
                    bar.advance()
    if opts.as_json:
        data = report.model_dump(mode="json") | {"imported": report.imported, "skipped": report.skipped}
        typer.echo(json.dumps(data, indent=2))
        return
    console = kit.out_console()
    kit.print_path(console, f"imported into tenant {report.tenant_id!r} from", report.source)
    rows = [
        {"thread": th.thread_id, "namespaces": len(th.namespaces), "checkpoints": th.checkpoints,
         "imported": th.imported, "already there": th.skipped, "writes": th.writes}
        for th in report.threads
    ]  # fmt: skip
    _print_rows(console, None, rows, opts.full)
    console.print(f"{report.imported} checkpoints imported, {report.skipped} already there", highlight=False)


def _print_rows(console: Console, title: str | None, rows: list[dict[str, Any]], full: bool) -> None:
    """``rows`` as a table, or with ``--full`` each whole, one field a line."""
    if full:
        kit.print_records(console, title, rows)
        return
    t = kit.table(title, list(rows[0]) if rows else [])
    for r in rows:
        t.add_row(*kit.row(*r.values()))
    kit.print_table(console, t)
