"""`kassist memory ...`: operate on typed long-term memories (tables by default, ``--json`` for JSON)."""

from __future__ import annotations

import getpass
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from kassist.dburl import ENV_VAR, DatabaseUnavailable, UnsupportedDatabaseURL, database_url_from_env
from kassist.tenancy import TenantRequired
from memory.manager import Decision, MemoryManager, MemoryRecord, MemoryType, Source
from memory.manager.models import parse_enum

app = typer.Typer(help="Long-term memory: remember, list, history, forget, review.", no_args_is_help=True)

DatabaseOpt = Annotated[
    str | None,
    typer.Option(
        "--database-url", envvar=ENV_VAR, help="sqlite:///path.db or postgresql://...", show_envvar=True
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
TenantOpt = Annotated[str, typer.Option("--tenant", help="Tenant id (required: there is no default tenant).")]
UserOpt = Annotated[str, typer.Option("--user", help="User id; '*' means the tenant-level defaults.")]
ActorOpt = Annotated[
    str | None, typer.Option("--actor", help="Who is acting (audit log); default cli:<login>.")
]


def _out() -> Console:
    # Created per call so that COLUMNS and redirected streams at call time are honoured.
    return Console()


def _err() -> Console:
    return Console(stderr=True)


def _fail(message: str, code: int = 2) -> NoReturn:
    _err().print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(code)


def _actor(actor: str | None) -> str:
    if actor:
        return actor
    try:
        return f"cli:{getpass.getuser()}"
    except Exception:  # no login name in some containers
        return "cli"


@contextmanager
def _manager(database_url: str | None, tenant: str) -> Iterator[MemoryManager]:
    try:
        manager = MemoryManager.from_url(database_url or database_url_from_env())
    except (UnsupportedDatabaseURL, DatabaseUnavailable, PermissionError) as exc:
        _fail(str(exc), code=1)
    try:
        yield manager.for_tenant(tenant)
    except (TenantRequired, ValueError) as exc:
        _fail(_explain(exc))
    except LookupError as exc:
        _fail(str(exc).strip("'\""), code=1)
    finally:
        manager.close()


def _explain(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'input'}: {e['msg']}" for e in exc.errors())
    return str(exc)


def _dump(items: BaseModel | Sequence[BaseModel]) -> None:
    if isinstance(items, BaseModel):
        typer.echo(json.dumps(items.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        typer.echo(json.dumps([i.model_dump(mode="json") for i in items], ensure_ascii=False, indent=2))


def _time(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else "-"


def _records_table(
    title: str, records: Sequence[MemoryRecord], extra: Callable[[MemoryRecord], str] | None = None
) -> None:
    table = Table(title=title)
    for column in (
        "id",
        "user",
        "type",
        "key",
        "value",
        "source",
        "conf",
        "status",
        "valid_from",
        "valid_to",
    ):
        table.add_column(column, overflow="fold")
    if extra:
        table.add_column("reason", overflow="fold")
    for r in records:
        row = [
            r.id[:12], r.user_id, r.memory_type.value, r.key, json.dumps(r.value, ensure_ascii=False),
            r.source.value, f"{r.confidence:.2f}", r.status.value, _time(r.valid_from), _time(r.valid_to),
        ]  # fmt: skip
        if extra:
            row.append(extra(r))
        table.add_row(*(Text(cell) for cell in row))  # stored text is data, never rich markup
    _out().print(table)


def _print_decision(decision: Decision) -> None:
    _out().print(f"[bold]{decision.action.value}[/]: {escape(decision.reason)}", highlight=False)
    if decision.memory is not None:
        _records_table("memory", [decision.memory])
    if decision.superseded is not None:
        _records_table("superseded", [decision.superseded])


@app.command()
def remember(
    tenant: TenantOpt,
    user: UserOpt,
    memory_type: Annotated[
        str, typer.Option("--type", help=f"One of: {', '.join(t.value for t in MemoryType)}")
    ],
    key: Annotated[str, typer.Option("--key", help="The slot, e.g. response_language.")],
    value: Annotated[
        str, typer.Option("--value", help='JSON value, e.g. \'"Bengali"\' or \'{"tz": "UTC"}\'.')
    ],
    source: Annotated[str, typer.Option("--source", help=f"One of: {', '.join(s.value for s in Source)}")],
    confidence: Annotated[float, typer.Option("--confidence", help="0..1")] = 1.0,
    source_ref: Annotated[
        str | None, typer.Option("--source-ref", help="thread/message or doc/chunk id")
    ] = None,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store a memory through the conflict policy and poisoning gates; prints the decision."""
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        _fail(
            f"--value is not valid JSON ({exc.msg} at column {exc.colno}); quote text, e.g. --value '\"Bengali\"'"
        )
    try:
        kind = parse_enum(MemoryType, memory_type, "--type")
        origin = parse_enum(Source, source, "--source")
    except ValueError as exc:
        _fail(str(exc))
    with _manager(database_url, tenant) as memory:
        decision = memory.remember(
            user, kind, key, parsed, origin, confidence=confidence, source_ref=source_ref, actor=_actor(actor)
        )
    if as_json:
        _dump(decision)
    else:
        _print_decision(decision)


@app.command("list")
def list_(
    tenant: TenantOpt,
    user: UserOpt,
    memory_type: Annotated[str | None, typer.Option("--type", help="Only this memory type.")] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Every version and status, not only active.")
    ] = False,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Active memories of a user (with tenant defaults they inherit); --all for every row."""
    if memory_type is not None:
        try:
            parse_enum(MemoryType, memory_type, "--type")
        except ValueError as exc:
            _fail(str(exc))
    with _manager(database_url, tenant) as memory:
        if show_all:
            records = memory.list_all(user, memory_type=memory_type)
        else:
            records = memory.recall(user, memory_type=memory_type, k=1000)
    if as_json:
        _dump(records)
    else:
        _records_table(f"memories of {user} in {tenant}", records)


@app.command()
def history(
    tenant: TenantOpt,
    user: UserOpt,
    key: Annotated[str, typer.Option("--key")],
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Every version of one memory, oldest first, with times and sources."""
    with _manager(database_url, tenant) as memory:
        records = memory.history(user, key)
    if as_json:
        _dump(records)
    else:
        _records_table(f"history of {key} for {user}", records)


@app.command()
def forget(
    tenant: TenantOpt,
    user: UserOpt,
    key: Annotated[str | None, typer.Option("--key", help="Only this memory (all versions).")] = None,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Erase a user's memories (right to erasure), or every version of one key."""
    with _manager(database_url, tenant) as memory:
        count = memory.forget(user, key=key, actor=_actor(actor))
    if as_json:
        typer.echo(json.dumps({"tenant": tenant, "user": user, "key": key, "deleted": count}))
    else:
        _out().print(f"forgot {count} memory rows of {user} in {tenant}" + (f" (key {key})" if key else ""))


@app.command()
def review(tenant: TenantOpt, database_url: DatabaseOpt = None, as_json: JsonOpt = False) -> None:
    """Quarantined memories waiting for an administrator (release or delete them)."""
    with _manager(database_url, tenant) as memory:
        records = memory.review()
    if as_json:
        _dump(records)
    else:
        _records_table(f"quarantined in {tenant}", records, extra=lambda r: r.reason or "")


@app.command()
def release(
    memory_id: Annotated[str, typer.Argument(help="Full id of a quarantined memory (see review --json).")],
    tenant: TenantOpt,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Admin: activate a quarantined memory (it still goes through the conflict policy)."""
    with _manager(database_url, tenant) as memory:
        decision = memory.release(memory_id, actor=_actor(actor))
    if as_json:
        _dump(decision)
    else:
        _print_decision(decision)


@app.command()
def delete(
    memory_id: Annotated[str, typer.Argument(help="Full id of a quarantined memory.")],
    tenant: TenantOpt,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Admin: delete a quarantined memory and its text."""
    with _manager(database_url, tenant) as memory:
        memory.delete_quarantined(memory_id, actor=_actor(actor))
    if as_json:
        typer.echo(json.dumps({"deleted": memory_id}))
    else:
        _out().print(f"deleted quarantined memory {memory_id}")


@app.command()
def audit(
    tenant: TenantOpt,
    user: Annotated[str | None, typer.Option("--user")] = None,
    limit: Annotated[int, typer.Option("--limit")] = 50,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The newest audit log entries (values appear only as salted hashes)."""
    with _manager(database_url, tenant) as memory:
        entries = memory.audit_log(user_id=user, limit=limit)
    if as_json:
        _dump(entries)
        return
    table = Table(title=f"audit log of {tenant}")
    for column in ("seq", "at", "user", "action", "type", "key", "source", "actor", "old", "new", "reason"):
        table.add_column(column, overflow="fold")
    for e in entries:
        cells = (
            str(e.seq), _time(e.at), e.user_id, e.action, e.memory_type or "-", e.key or "-", e.source or "-",
            e.actor, (e.old_hash or "-")[:8], (e.new_hash or "-")[:8], e.reason,
        )  # fmt: skip
        table.add_row(*(Text(cell) for cell in cells))
    _out().print(table)


@app.command()
def expire(tenant: TenantOpt, database_url: DatabaseOpt = None, as_json: JsonOpt = False) -> None:
    """Tombstone the tenant's memories whose expires_at has passed."""
    with _manager(database_url, tenant) as memory:
        count = memory.expire()
    if as_json:
        typer.echo(json.dumps({"tenant": tenant, "expired": count}))
    else:
        _out().print(f"expired {count} memories in {tenant}")
