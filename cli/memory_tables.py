"""How ``kassist memory`` prints records and decisions: tables that fit 80 columns, or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import typer
from pydantic import BaseModel
from rich.markup import escape

from cli.kit import excerpt, out_console, print_records, print_table, row, table
from memory.manager import Action, Decision, MemoryRecord

_out = out_console


def dump(items: BaseModel | Sequence[BaseModel]) -> None:
    if isinstance(items, BaseModel):
        typer.echo(json.dumps(items.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        typer.echo(json.dumps([i.model_dump(mode="json") for i in items], ensure_ascii=False, indent=2))


def time(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else "-"


def date(value: Any) -> str:
    return value.date().isoformat() if value is not None else "-"


def show(
    title: str,
    records: Sequence[MemoryRecord],
    *,
    as_json: bool,
    full: bool,
    extra: Callable[[MemoryRecord], str] | None = None,
) -> None:
    """Records as ``--json``, ``--full`` or the table, as the command line asked."""
    if as_json:
        dump(records)
    else:
        records_table(title, records, extra=extra, full=full)


def records_table(
    title: str,
    records: Sequence[MemoryRecord],
    extra: Callable[[MemoryRecord], str] | None = None,
    full: bool = False,
) -> None:
    """Fits 80 columns: two short facts per cell (user and key, type and source, status and date),
    the value shortened at a word boundary; ``full`` prints each record whole, one field a line."""
    if full:
        print_records(_out(), title, [_fields(r, extra) for r in records])
        return
    # A review queue's rows are all quarantined: its reason takes the status column's room.
    columns = ["id", "user / key", "value", "type / source", "reason" if extra else "status"]
    t = table(title, columns, no_wrap=("id", "type / source", "status"), wide=("value", "reason"))
    for r in records:
        value = excerpt(json.dumps(r.value, ensure_ascii=False), limit=60)
        # str() of these StrEnums is their value (not "Source.USER_EXPLICIT").
        last = excerpt(extra(r), limit=60) if extra else f"{r.status!s}\n{date(r.valid_from)}"
        t.add_row(*row(r.id[:8], f"{r.user_id}\n{r.key}", value, f"{r.memory_type!s}\n{r.source!s}", last))
    print_table(_out(), t)


def _fields(r: MemoryRecord, extra: Callable[[MemoryRecord], str] | None) -> dict[str, Any]:
    """A record's fields for ``--full``: JSON values as JSON (a text value as itself)."""
    fields = {**r.model_dump(mode="json", exclude={"tenant_id"})}
    if extra:
        fields["reason"] = extra(r)
    return {
        k: v if isinstance(v, str) or v is None else json.dumps(v, ensure_ascii=False)
        for k, v in fields.items()
    }


def print_decision(decision: Decision, full: bool = False) -> None:
    _out().print(f"[bold]{decision.action.value}[/]: {escape(decision.reason)}", highlight=False)
    if decision.memory is not None:
        records_table("memory", [decision.memory], full=full)
    if decision.superseded is not None:
        records_table("superseded", [decision.superseded], full=full)


def held_line(decision: Decision, tenant: str) -> None:
    if decision.action is Action.QUARANTINED and decision.memory is not None:
        _out().print(
            f"held for review: an administrator releases it with `kassist memory release "
            f"{decision.memory.id} --tenant {tenant}` or deletes it (`kassist memory review` lists them)",
            highlight=False,
            soft_wrap=True,
        )
