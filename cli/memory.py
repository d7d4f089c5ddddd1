"""`kassist memory ...`: operate on typed long-term memories (tables by default, ``--json`` for JSON)."""

from __future__ import annotations

import getpass
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.markup import escape

from cli import kit
from cli import memory_tables as tables
from kassist.dburl import DatabaseUnavailable, UnsupportedDatabaseURL
from memory.manager import Action, MemoryManager, MemoryType, Source
from memory.manager.models import parse_enum

app = typer.Typer(
    help="Long-term memory: remember, list, history, forget, review, audit.", no_args_is_help=True
)

UserOpt = Annotated[
    str, typer.Option("--user", help="User id; '*' means the tenant-level defaults.", callback=kit.check_user)
]
ToReleaseArg = Annotated[str, typer.Argument(help="Full id of a quarantined memory (see review --full).")]
ToDeleteArg = Annotated[str, typer.Argument(help="Full id of a quarantined memory.")]
ActorOpt = Annotated[
    str | None, typer.Option("--actor", help="Who is acting (audit log); default cli:<login>.")
]


_out = kit.out_console


def _actor(actor: str | None) -> str:
    if actor:
        return actor
    try:
        return f"cli:{getpass.getuser()}"
    except Exception:  # no login name in some containers
        return "cli"


# Met opening the database or half-way (read-only, full, damaged, server gone), a refused value
# (ValueError, pydantic's included), a memory id that is not there (LookupError).
EXPECTED = (UnsupportedDatabaseURL, DatabaseUnavailable, PermissionError, ValueError, LookupError)


@contextmanager
def _manager(
    url: str | None, tenant: str, *, read_only: bool, must_exist: bool | None = None
) -> Iterator[MemoryManager]:
    """The manager bound to ``tenant``; ``read_only`` commands never create the database file, nor
    do those that only remove or change what is there (``must_exist``)."""
    with kit.open_for_tenant(
        MemoryManager.from_url, url, tenant, read_only=read_only, errors=EXPECTED, explain=_explain,
        must_exist=must_exist,
    ) as (manager, checked):  # fmt: skip
        yield manager.for_tenant(checked)


# The fields' names as the command line spells them.
_OPTION_OF_FIELD = {"memory_type": "--type", "user_id": "--user", "source_ref": "--source-ref"}


def _explain(exc: BaseException) -> str:
    """A validation error in the project's words: which option, what is wrong (no pydantic jargon)."""
    if isinstance(exc, ValidationError):
        parts = []
        for e in exc.errors():
            field = ".".join(map(str, e["loc"]))
            option = _OPTION_OF_FIELD.get(field, f"--{field.replace('_', '-')}" if field else "input")
            message = str(e.get("ctx", {}).get("error") or e["msg"]).removeprefix("Value error, ")
            parts.append(f"{option}: {message}")
        return "; ".join(parts)
    if isinstance(exc, KeyError):  # str() of a KeyError is its quoted argument
        return str(exc.args[0]) if exc.args else "not found"
    return str(exc)


SentenceArg = Annotated[
    str | None,
    typer.Argument(
        help='What the user said, e.g. "I prefer answers in Bengali": the preferences and facts the '
        "assistant finds in a user's turn are stored (instead of --type --key --value).",
        show_default=False,
    ),
]


@app.command()
@kit.common()
def remember(
    tenant: kit.TenantOption,
    user: UserOpt,
    sentence: SentenceArg = None,
    memory_type: Annotated[
        str | None, typer.Option("--type", help=f"One of: {', '.join(t.value for t in MemoryType)}")
    ] = None,
    key: Annotated[str | None, typer.Option("--key", help="The slot, e.g. response_language.")] = None,
    source: Annotated[
        str | None,
        typer.Option(
            "--source",
            help=f"One of: {', '.join(s.value for s in Source)}; with a sentence default user_explicit.",
        ),
    ] = None,
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
    opts: kit.Common = kit.COMMON,
) -> None:
    """Store a memory through the conflict policy and poisoning gates; prints the decision.

    Either a sentence the user said (the assistant's extraction finds what to store) or the
    structured form --type --key --value --source. Exits 4 when the poisoning rules reject or
    quarantine the write (the decision is printed), 2 when a sentence holds nothing to remember."""
    from cli.memory_input import from_sentence, structured  # here: the other commands need neither

    if sentence is not None:
        origin, wanted = from_sentence(sentence, source, memory_type, key, value, value_file)
    else:
        origin, wanted = structured(memory_type, key, source, value, value_file)
    with _manager(opts.database_url, tenant, read_only=False) as memory:
        decisions = [
            (evidence, memory.remember(
                user, kind, slot, stored, origin, confidence=confidence, source_ref=source_ref,
                actor=_actor(actor),
            ))
            for evidence, kind, slot, stored in wanted
        ]  # fmt: skip
    if opts.as_json and sentence is None:
        tables.dump(decisions[0][1])
    elif opts.as_json:
        dumped = [{"evidence": e, **d.model_dump(mode="json")} for e, d in decisions]
        typer.echo(json.dumps(dumped, ensure_ascii=False, indent=2))
    else:
        for evidence, decision in decisions:
            if evidence is not None:
                _out().print(f"from {escape(repr(evidence))}:", highlight=False)
            tables.print_decision(decision, opts.full)
            tables.held_line(decision, tenant)
    if any(d.action in (Action.REJECTED, Action.QUARANTINED) for _, d in decisions):
        raise typer.Exit(kit.ExitCode.REFUSED)


@app.command("list")
@kit.common()
def list_(
    tenant: kit.TenantOption,
    user: UserOpt,
    memory_type: Annotated[str | None, typer.Option("--type", help="Only this memory type.")] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Every version and status, not only active.")
    ] = False,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Active memories of a user (with tenant defaults they inherit); --all for every row."""
    if memory_type is not None:
        try:
            parse_enum(MemoryType, memory_type, "--type")
        except ValueError as exc:
            kit.fail(str(exc), kit.ExitCode.USAGE)
    with _manager(opts.database_url, tenant, read_only=True) as memory:
        if show_all:
            records = memory.list_all(user, memory_type=memory_type)
        else:
            records = memory.recall(user, memory_type=memory_type, k=1000)
    tables.show(f"memories of {user} in {tenant}", records, as_json=opts.as_json, full=opts.full)


@app.command()
@kit.common()
def history(
    tenant: kit.TenantOption,
    user: UserOpt,
    key: Annotated[str, typer.Option("--key")],
    opts: kit.Common = kit.COMMON,
) -> None:
    """Every version of one memory, oldest first, with times and sources."""
    with _manager(opts.database_url, tenant, read_only=True) as memory:
        records = memory.history(user, key)
    tables.show(f"history of {key} for {user}", records, as_json=opts.as_json, full=opts.full)


@app.command()
@kit.common(full=False)
def forget(
    tenant: kit.TenantOption,
    user: UserOpt,
    key: Annotated[str | None, typer.Option("--key", help="Only this memory (all versions).")] = None,
    actor: ActorOpt = None,
    opts: kit.Common = kit.COMMON,
) -> None:
    """Erase a user's memories (right to erasure), or every version of one key."""
    with _manager(opts.database_url, tenant, read_only=False, must_exist=True) as memory:
        count = memory.forget(user, key=key, actor=_actor(actor))
        # Nothing under that key: a mistyped one ("response_languag") said only "forgot 0" (n36 N9).
        keys = (
            sorted({r.key for r in memory.list_all(user) if r.user_id == user}) if key and not count else []
        )
    if opts.as_json:
        typer.echo(json.dumps({"tenant": tenant, "user": user, "key": key, "deleted": count}))
    else:
        line = f"forgot {count} memory rows of {user} in {tenant}" + (f" (key {key})" if key else "")
        if key and not count:
            line += f"; {user} has no memory with that key" + (
                f" (their keys: {', '.join(keys)})" if keys else ""
            )
        kit.whole_line(_out(), line)


@app.command()
@kit.common()
def review(tenant: kit.TenantOption, opts: kit.Common = kit.COMMON) -> None:
    """Quarantined memories waiting for an administrator (release or delete them)."""
    with _manager(opts.database_url, tenant, read_only=True) as memory:
        records = memory.review()
    tables.show(
        f"quarantined in {tenant}",
        records,
        extra=lambda r: r.reason or "",
        as_json=opts.as_json,
        full=opts.full,
    )


@app.command()
@kit.common()
def release(
    memory_id: ToReleaseArg, tenant: kit.TenantOption, actor: ActorOpt = None, opts: kit.Common = kit.COMMON
) -> None:
    """Admin: activate a quarantined memory (it still goes through the conflict policy)."""
    with _manager(opts.database_url, tenant, read_only=False, must_exist=True) as memory:
        decision = memory.release(memory_id, actor=_actor(actor))
    if opts.as_json:
        tables.dump(decision)
    else:
        tables.print_decision(decision, opts.full)


@app.command()
@kit.common(full=False)
def delete(
    memory_id: ToDeleteArg, tenant: kit.TenantOption, actor: ActorOpt = None, opts: kit.Common = kit.COMMON
) -> None:
    """Admin: delete a quarantined memory and its text."""
    with _manager(opts.database_url, tenant, read_only=False, must_exist=True) as memory:
        memory.delete_quarantined(memory_id, actor=_actor(actor))
    if opts.as_json:
        typer.echo(json.dumps({"deleted": memory_id}))
    else:
        _out().print(f"deleted quarantined memory {memory_id}")


@app.command()
@kit.common()
def audit(
    tenant: kit.TenantOption,
    user: Annotated[str | None, typer.Option("--user")] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=kit.ROWS_MAX)] = 50,
    opts: kit.Common = kit.COMMON,
) -> None:
    """The newest audit log entries (values appear only as salted hashes)."""
    with _manager(opts.database_url, tenant, read_only=True) as memory:
        entries = memory.audit_log(user_id=user, limit=limit)
    if opts.as_json:
        tables.dump(entries)
        return
    if opts.full:  # every field whole, the value hashes too
        kit.print_records(_out(), f"audit log of {tenant}", [e.model_dump(mode="json") for e in entries])
        return
    columns = ["at", "user / key", "action", "actor", "reason"]
    t = kit.table(f"audit log of {tenant}", columns, no_wrap=("at", "action"), wide=("reason",))
    for e in entries:
        t.add_row(
            *kit.row(
                tables.date(e.at),
                f"{e.user_id}\n{e.key or '-'}",
                e.action,
                e.actor,
                kit.excerpt(e.reason, limit=60),
            )
        )
    kit.print_table(_out(), t)


@app.command()
def expire(
    tenant: kit.TenantOption, database_url: kit.DatabaseUrlOption = None, as_json: kit.JsonOption = False
) -> None:
    """Tombstone the tenant's memories whose expires_at has passed."""
    with _manager(database_url, tenant, read_only=False, must_exist=True) as memory:
        count = memory.expire()
    if as_json:
        typer.echo(json.dumps({"tenant": tenant, "expired": count}))
    else:
        _out().print(f"expired {count} memories in {tenant}")
