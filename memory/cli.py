"""`kassist memory ...`: operate on typed long-term memories (tables by default, ``--json`` for JSON)."""

from __future__ import annotations

import getpass
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from pydantic import BaseModel, ValidationError
from rich.markup import escape

from kassist.clikit import (
    DatabaseUrlOption,
    ExitCode,
    FullOption,
    JsonOption,
    TenantOption,
    check_tenant,
    database_url,
    excerpt,
    fail,
    out_console,
    row,
    table,
)
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
from kassist.tenancy import TenantRequired
from memory.manager import Action, Decision, MemoryManager, MemoryRecord, MemoryType, Source
from memory.manager.models import parse_enum

app = typer.Typer(
    help="Long-term memory: remember, list, history, forget, review, audit.", no_args_is_help=True
)

DatabaseOpt = DatabaseUrlOption
JsonOpt = JsonOption
TenantOpt = TenantOption
UserOpt = Annotated[str, typer.Option("--user", help="User id; '*' means the tenant-level defaults.")]
ActorOpt = Annotated[
    str | None, typer.Option("--actor", help="Who is acting (audit log); default cli:<login>.")
]


_out = out_console


def _fail(message: str, code: ExitCode = ExitCode.FAILED) -> NoReturn:
    fail(message, code)


def _actor(actor: str | None) -> str:
    if actor:
        return actor
    try:
        return f"cli:{getpass.getuser()}"
    except Exception:  # no login name in some containers
        return "cli"


@contextmanager
def _manager(url: str | None, tenant: str, *, read_only: bool) -> Iterator[MemoryManager]:
    """The manager bound to ``tenant``; ``read_only`` commands never create the database file."""
    tenant = check_tenant(tenant)
    chosen = database_url(url, must_exist=read_only)
    try:
        manager = MemoryManager.from_url(chosen)
    except (UnsupportedDatabaseURL, DatabaseUnavailable, PermissionError) as exc:
        _fail(str(exc))
    try:
        yield manager.for_tenant(tenant)
    except DatabaseUnavailable as exc:  # met half-way: read-only, full, damaged, server gone
        _fail(str(exc))
    except (TenantRequired, ValueError) as exc:
        _fail(_explain(exc))
    except LookupError as exc:
        _fail(str(exc).strip("'\""))
    finally:
        manager.close()


# The fields' names as the command line spells them.
_OPTION_OF_FIELD = {"memory_type": "--type", "user_id": "--user", "source_ref": "--source-ref"}


def _explain(exc: Exception) -> str:
    """A validation error in the project's words: which option, what is wrong (no pydantic jargon)."""
    if isinstance(exc, ValidationError):
        parts = []
        for e in exc.errors():
            field = ".".join(map(str, e["loc"]))
            option = _OPTION_OF_FIELD.get(field, f"--{field.replace('_', '-')}" if field else "input")
            message = str(e.get("ctx", {}).get("error") or e["msg"]).removeprefix("Value error, ")
            parts.append(f"{option}: {message}")
        return "; ".join(parts)
    return str(exc)


def _dump(items: BaseModel | Sequence[BaseModel]) -> None:
    if isinstance(items, BaseModel):
        typer.echo(json.dumps(items.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        typer.echo(json.dumps([i.model_dump(mode="json") for i in items], ensure_ascii=False, indent=2))


def _time(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else "-"


def _date(value: Any) -> str:
    return value.date().isoformat() if value is not None else "-"


def _records_table(
    title: str,
    records: Sequence[MemoryRecord],
    extra: Callable[[MemoryRecord], str] | None = None,
    full: bool = False,
) -> None:
    """Fits 80 columns: two short facts per cell (user and key, type and source, status and date),
    the value shortened at a word boundary; ``full`` prints each record whole, one field a line."""
    if full:
        for r in records:
            t = table(f"{title}: {r.id}", ["field", "value"], no_wrap=("field",), wide=("value",))
            fields = {**r.model_dump(mode="json", exclude={"tenant_id"}), "value": r.value}
            if extra:
                fields["reason"] = extra(r)
            for name, value in fields.items():
                shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
                t.add_row(*row(name, shown))
            _out().print(t)
        return
    # A review queue's rows are all quarantined: its reason takes the status column's room.
    columns = ["id", "user / key", "value", "type / source", "reason" if extra else "status"]
    t = table(title, columns, no_wrap=("id", "type / source", "status"), wide=("value", "reason"))
    for r in records:
        value = excerpt(json.dumps(r.value, ensure_ascii=False), limit=60)
        last = excerpt(extra(r), limit=60) if extra else f"{r.status.value}\n{_date(r.valid_from)}"
        t.add_row(
            *row(r.id[:8], f"{r.user_id}\n{r.key}", value, f"{r.memory_type.value}\n{r.source.value}", last)
        )
    _out().print(t)


def _print_decision(decision: Decision, full: bool = False) -> None:
    _out().print(f"[bold]{decision.action.value}[/]: {escape(decision.reason)}", highlight=False)
    if decision.memory is not None:
        _records_table("memory", [decision.memory], full=full)
    if decision.superseded is not None:
        _records_table("superseded", [decision.superseded], full=full)


def _read_value(value: str | None, value_file: Path | None) -> Any:
    """The memory's JSON value from ``--value``, ``--value -`` (standard input) or ``--value-file``."""
    if (value is None) == (value_file is None):
        _fail("give the value with exactly one of --value JSON, --value - (standard input) or --value-file PATH",
              ExitCode.USAGE)  # fmt: skip
    where = "--value"
    if value_file is not None:
        where = f"--value-file {value_file}"
        try:
            value = value_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            _fail(f"--value-file {value_file} does not exist", ExitCode.USAGE)
        except (OSError, UnicodeDecodeError) as exc:
            _fail(f"cannot read --value-file {value_file}: {exc}", ExitCode.USAGE)
    elif value == "-":
        where = "--value - (standard input)"
        value = sys.stdin.read()
    assert value is not None
    try:
        return json.loads(value)
    except json.JSONDecodeError as exc:
        _fail(
            f"{where} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
            "quote text, e.g. --value '\"Bengali\"'",
            ExitCode.USAGE,
        )


@app.command()
def remember(
    tenant: TenantOpt,
    user: UserOpt,
    memory_type: Annotated[
        str, typer.Option("--type", help=f"One of: {', '.join(t.value for t in MemoryType)}")
    ],
    key: Annotated[str, typer.Option("--key", help="The slot, e.g. response_language.")],
    source: Annotated[str, typer.Option("--source", help=f"One of: {', '.join(s.value for s in Source)}")],
    value: Annotated[
        str | None,
        typer.Option(
            "--value", help='JSON value, e.g. \'"Bengali"\' or \'{"tz": "UTC"}\'; "-" reads standard input.'
        ),
    ] = None,
    value_file: Annotated[
        Path | None, typer.Option("--value-file", help="Read the JSON value from this file.")
    ] = None,
    confidence: Annotated[float, typer.Option("--confidence", help="0..1")] = 1.0,
    source_ref: Annotated[
        str | None, typer.Option("--source-ref", help="thread/message or doc/chunk id")
    ] = None,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
    full: FullOption = False,
) -> None:
    """Store a memory through the conflict policy and poisoning gates; prints the decision.

    Exits 4 when the poisoning rules reject or quarantine the write (the decision is printed)."""
    parsed = _read_value(value, value_file)
    try:
        kind = parse_enum(MemoryType, memory_type, "--type")
        origin = parse_enum(Source, source, "--source")
    except ValueError as exc:
        _fail(str(exc), ExitCode.USAGE)
    with _manager(database_url, tenant, read_only=False) as memory:
        decision = memory.remember(
            user, kind, key, parsed, origin, confidence=confidence, source_ref=source_ref, actor=_actor(actor)
        )
    if as_json:
        _dump(decision)
    else:
        _print_decision(decision, full)
    if decision.action in (Action.REJECTED, Action.QUARANTINED):
        raise typer.Exit(ExitCode.REFUSED)


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
    full: FullOption = False,
) -> None:
    """Active memories of a user (with tenant defaults they inherit); --all for every row."""
    if memory_type is not None:
        try:
            parse_enum(MemoryType, memory_type, "--type")
        except ValueError as exc:
            _fail(str(exc), ExitCode.USAGE)
    with _manager(database_url, tenant, read_only=True) as memory:
        if show_all:
            records = memory.list_all(user, memory_type=memory_type)
        else:
            records = memory.recall(user, memory_type=memory_type, k=1000)
    if as_json:
        _dump(records)
    else:
        _records_table(f"memories of {user} in {tenant}", records, full=full)


@app.command()
def history(
    tenant: TenantOpt,
    user: UserOpt,
    key: Annotated[str, typer.Option("--key")],
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
    full: FullOption = False,
) -> None:
    """Every version of one memory, oldest first, with times and sources."""
    with _manager(database_url, tenant, read_only=True) as memory:
        records = memory.history(user, key)
    if as_json:
        _dump(records)
    else:
        _records_table(f"history of {key} for {user}", records, full=full)


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
    with _manager(database_url, tenant, read_only=False) as memory:
        count = memory.forget(user, key=key, actor=_actor(actor))
    if as_json:
        typer.echo(json.dumps({"tenant": tenant, "user": user, "key": key, "deleted": count}))
    else:
        _out().print(f"forgot {count} memory rows of {user} in {tenant}" + (f" (key {key})" if key else ""))


@app.command()
def review(
    tenant: TenantOpt, database_url: DatabaseOpt = None, as_json: JsonOpt = False, full: FullOption = False
) -> None:
    """Quarantined memories waiting for an administrator (release or delete them)."""
    with _manager(database_url, tenant, read_only=True) as memory:
        records = memory.review()
    if as_json:
        _dump(records)
    else:
        _records_table(f"quarantined in {tenant}", records, extra=lambda r: r.reason or "", full=full)


@app.command()
def release(
    memory_id: Annotated[str, typer.Argument(help="Full id of a quarantined memory (see review --json).")],
    tenant: TenantOpt,
    actor: ActorOpt = None,
    database_url: DatabaseOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Admin: activate a quarantined memory (it still goes through the conflict policy)."""
    with _manager(database_url, tenant, read_only=False) as memory:
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
    with _manager(database_url, tenant, read_only=False) as memory:
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
    full: FullOption = False,
) -> None:
    """The newest audit log entries (values appear only as salted hashes)."""
    with _manager(database_url, tenant, read_only=True) as memory:
        entries = memory.audit_log(user_id=user, limit=limit)
    if as_json:
        _dump(entries)
        return
    if full:
        columns = ["seq", "at", "user", "action", "key", "type", "source", "actor", "old", "new", "reason"]
    else:
        columns = ["at", "user / key", "action", "actor", "reason"]
    t = table(f"audit log of {tenant}", columns, no_wrap=("at", "action"), wide=("reason",))
    for e in entries:
        if full:
            cells: list[Any] = [
                e.seq, _time(e.at), e.user_id, e.action, e.key, e.memory_type, e.source, e.actor,
                (e.old_hash or "-")[:8], (e.new_hash or "-")[:8], e.reason,
            ]  # fmt: skip
        else:
            cells = [
                _date(e.at),
                f"{e.user_id}\n{e.key or '-'}",
                e.action,
                e.actor,
                excerpt(e.reason, limit=60),
            ]
        t.add_row(*row(*cells))
    _out().print(t)


@app.command()
def expire(tenant: TenantOpt, database_url: DatabaseOpt = None, as_json: JsonOpt = False) -> None:
    """Tombstone the tenant's memories whose expires_at has passed."""
    with _manager(database_url, tenant, read_only=False) as memory:
        count = memory.expire()
    if as_json:
        typer.echo(json.dumps({"tenant": tenant, "expired": count}))
    else:
        _out().print(f"expired {count} memories in {tenant}")
