"""`kassist checkpoints ...`: retention (prune) and adoption of stock savers' threads (import)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from kassist.dburl import (
    DatabaseUnavailable,
    UnsupportedDatabaseURL,
    database_url_from_env,
    parse_database_url,
    redact,
)
from kassist.tenancy import TenantMismatch, TenantRequired, validate_tenant_id

if TYPE_CHECKING:
    from checkpointer.retention import RetentionReport

app = typer.Typer(
    help="Checkpoint operations: prune, retention, import from stock savers.", no_args_is_help=True
)

_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")


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
    return timedelta(**{_UNITS[match.group(2)]: float(match.group(1))})


def _duration(text: str) -> timedelta:
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--older-than") from exc


DatabaseUrlOption = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        help="kassist's database (sqlite:///path.db or postgresql://...); default: $KASSIST_DATABASE_URL "
        "or sqlite:///.kassist/kassist.db",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="print JSON instead of a table")]


@contextmanager
def _errors_to_exit() -> Iterator[None]:
    """Expected failures become one clear line on stderr and exit code 1, never a traceback."""
    from checkpointer.importer import ImportRefused

    try:
        yield
    except (
        UnsupportedDatabaseURL,
        DatabaseUnavailable,
        FileNotFoundError,
        ImportRefused,
        TenantRequired,
        TenantMismatch,
    ) as exc:
        Console(stderr=True).print(f"[bold red]error:[/] {exc}", highlight=False)
        raise typer.Exit(1) from exc


def _tenant(value: str | None) -> str | None:
    try:
        return None if value is None else validate_tenant_id(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--tenant") from exc


def _open_saver(database_url: str | None) -> Any:
    from checkpointer import TenantCheckpointer

    url = database_url or database_url_from_env()
    parse_database_url(url)  # a bad scheme fails here with the accepted ones named
    saver = TenantCheckpointer.from_url(url)
    saver.setup()
    return saver


@app.command("prune")
def prune(
    older_than: Annotated[
        str, typer.Option("--older-than", help="age of checkpoints to remove: 30d, 12h, 90m, 2w, 45s")
    ],
    tenant: Annotated[
        str | None, typer.Option("--tenant", help="only this tenant (default: every tenant)")
    ] = None,
    strategy: Annotated[
        Strategy,
        typer.Option(
            "--strategy",
            help="keep_latest: keep each thread's newest checkpoint; delete: remove whole idle threads",
        ),
    ] = Strategy.keep_latest,
    database_url: DatabaseUrlOption = None,
    as_json: JsonOption = False,
) -> None:
    """Remove checkpoints older than an age; long-term memory is never touched."""
    age = _duration(older_than)
    tenant = _tenant(tenant)
    with _errors_to_exit():
        saver = _open_saver(database_url)
        try:
            report = saver.retain(older_than=age, tenant_id=tenant, strategy=strategy.value)
        finally:
            saver.close()
    if as_json:
        data = report.model_dump(mode="json")
        data |= {"checkpoints_removed": report.checkpoints_removed, "threads_deleted": report.threads_deleted}
        typer.echo(json.dumps(data, indent=2))
        return
    _print_retention(report, older_than)


def _print_retention(report: RetentionReport, older_than: str) -> None:
    console = Console()
    scope = f"tenant {report.tenant_id!r}" if report.tenant_id else "every tenant"
    title = (
        f"checkpoints older than {older_than} (before {report.cutoff:%Y-%m-%d %H:%M:%S %Z}), "
        f"{scope}, strategy {report.strategy}"
    )
    table = Table(title=title)
    for column in ("tenant", "thread", "checkpoints removed", "blobs removed", "thread deleted"):
        table.add_column(column)
    for t in report.threads:
        table.add_row(
            t.tenant_id,
            t.thread_id,
            str(t.checkpoints_removed),
            str(t.blobs_removed),
            "yes" if t.thread_deleted else "no",
        )
    console.print(table)
    console.print(
        f"removed {report.checkpoints_removed} checkpoints from {len(report.threads)} threads "
        f"({report.threads_deleted} threads deleted); long-term memory untouched"
    )


@app.command("import")
def import_(
    source: Annotated[
        str,
        typer.Option(
            "--from", help="the stock saver's database: sqlite:///path.db (SqliteSaver) or postgresql://..."
        ),
    ],
    tenant: Annotated[str, typer.Option("--tenant", help="the tenant the imported threads will belong to")],
    threads: Annotated[
        list[str] | None, typer.Option("--thread", help="a thread id to import (repeatable; default: all)")
    ] = None,
    database_url: DatabaseUrlOption = None,
    as_json: JsonOption = False,
) -> None:
    """Copy threads from a stock PostgresSaver/SqliteSaver database into kassist under a tenant."""
    from checkpointer.importer import import_threads, open_stock_source

    tenant = str(_tenant(tenant))
    with _errors_to_exit(), open_stock_source(source) as src:  # a bad source creates nothing
        saver = _open_saver(database_url)
        try:
            report = import_threads(
                src, saver.for_tenant(tenant), tenant, threads, source_label=redact(source)
            )
        finally:
            saver.close()
    if as_json:
        data = report.model_dump(mode="json") | {"imported": report.imported, "skipped": report.skipped}
        typer.echo(json.dumps(data, indent=2))
        return
    console = Console()
    table = Table(title=f"import from {report.source} into tenant {report.tenant_id!r}")
    for column in ("thread", "namespaces", "checkpoints", "imported", "already there", "writes"):
        table.add_column(column)
    for t in report.threads:
        table.add_row(
            t.thread_id,
            str(len(t.namespaces)),
            str(t.checkpoints),
            str(t.imported),
            str(t.skipped),
            str(t.writes),
        )
    console.print(table)
    console.print(f"{report.imported} checkpoints imported, {report.skipped} already there")
