"""What ``kassist checkpoints list / show / prune --dry-run`` print, built from the saver's public
reads (rows are plain dicts: the same data feeds the 80-column tables and ``--json``)."""

from __future__ import annotations

from collections.abc import Generator, Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from langgraph.checkpoint.base import CheckpointTuple

from cli.kit import excerpt, out_console, print_records, print_table, row, table

if TYPE_CHECKING:
    from checkpointer.query import Request, Row
    from checkpointer.retention import RetentionReport, Strategy
    from checkpointer.saver import TenantCheckpointer


def _version(t: CheckpointTuple) -> Any:
    return t.config["configurable"].get("checkpoint_version")


def _when(t: CheckpointTuple) -> str:
    return str(t.checkpoint.get("ts", ""))[:19].replace("T", " ")


def thread_rows(tuples: Iterable[CheckpointTuple]) -> list[dict[str, Any]]:
    """One row per (thread, namespace): checkpoints, the head's version and step, last update."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for t in tuples:  # newest first: the first tuple seen of a thread is its head
        conf = t.config["configurable"]
        key = (str(conf["thread_id"]), str(conf.get("checkpoint_ns") or ""))
        if key not in rows:
            rows[key] = {
                "thread": key[0],
                "ns": key[1] or "-",
                "checkpoints": 0,
                "version": _version(t),
                "step": (t.metadata or {}).get("step"),
                "updated": _when(t),
            }
        rows[key]["checkpoints"] += 1
    return sorted(rows.values(), key=lambda r: r["updated"], reverse=True)


def checkpoint_rows(tuples: Iterable[CheckpointTuple]) -> list[dict[str, Any]]:
    """One row per checkpoint of a thread, newest first."""
    return [
        {
            "checkpoint": t.config["configurable"]["checkpoint_id"],
            "ns": t.config["configurable"].get("checkpoint_ns") or "-",
            "version": _version(t),
            "step": (t.metadata or {}).get("step"),
            "source": (t.metadata or {}).get("source"),
            "created": _when(t),
        }
        for t in tuples
    ]


def describe_checkpoint(tenant: str, t: CheckpointTuple) -> dict[str, Any]:
    conf = t.config["configurable"]
    parent = (t.parent_config or {}).get("configurable", {}).get("checkpoint_id")
    return {
        "tenant": tenant,
        "thread": conf["thread_id"],
        "ns": conf.get("checkpoint_ns") or "",
        "checkpoint": conf["checkpoint_id"],
        "version": _version(t),
        "parent": parent,
        "step": (t.metadata or {}).get("step"),
        "source": (t.metadata or {}).get("source"),
        "created": t.checkpoint.get("ts"),
        "channels": {
            name: {"version": t.checkpoint["channel_versions"].get(name), "value": value}
            for name, value in sorted(t.checkpoint["channel_values"].items())
        },
        "pending_writes": [
            {"task": task, "channel": channel, "value": value}
            for task, channel, value in t.pending_writes or []
        ],
    }


def print_checkpoint(d: dict[str, Any], full: bool) -> None:
    """The checkpoint as tables with values shortened; ``full``: every field whole, one a line."""
    console = out_console()
    fields = ("tenant", "thread", "ns", "checkpoint", "version", "parent", "step", "source", "created")
    head = {key: d[key] if d[key] not in (None, "") else "-" for key in fields}
    if full:
        print_records(console, None, [head])
        channels = [
            {"channel": n, "version": c["version"], "value": repr(c["value"])}
            for n, c in d["channels"].items()
        ]
        console.print()
        print_records(console, "channel values", channels)
        if d["pending_writes"]:
            writes = [{**w, "value": repr(w["value"])} for w in d["pending_writes"]]
            console.print()
            print_records(console, "pending writes", writes)
        return
    listing = table(None, ["field", "value"])
    for key, value in head.items():
        listing.add_row(*row(key, value))
    print_table(console, listing)
    channels_table = table("channel values", ["channel", "version", "value"])
    for name, c in d["channels"].items():
        version = str(c["version"])
        if version.split(".")[0].isdigit():  # LangGraph's "000…0004.0.123": the counter
            version = str(int(version.split(".")[0]))
        channels_table.add_row(*row(name, version, excerpt(repr(c["value"]), limit=160)))
    print_table(console, channels_table)
    if d["pending_writes"]:
        writes_table = table("pending writes", ["task", "channel", "value"])
        for w in d["pending_writes"]:
            writes_table.add_row(*row(w["task"][:8], w["channel"], excerpt(repr(w["value"]), limit=100)))
        print_table(console, writes_table)
    console.print("[dim]values shortened; --full shows them whole, --json as JSON[/]", soft_wrap=True)


# ---- prune --dry-run --------------------------------------------------------------------------------


def _reads_only(steps: Generator[Request, list[Row], Any]) -> Generator[Request, list[Row], Any]:
    """Run retention's own plan, but only its reads: every statement that would change a row
    (those that fetch nothing) is answered with no rows instead of being sent."""
    try:
        query = next(steps)
        while True:
            answer = (yield query) if query.fetch else []
            query = steps.send(answer)
    except StopIteration as stop:
        return stop.value


def retain_plan(
    saver: TenantCheckpointer,
    older_than: timedelta,
    tenant: str | None,
    strategy: Strategy,
    now: datetime | None = None,
) -> RetentionReport:
    """What ``retain`` would remove (its reads only, nothing removed); ``now``: the cutoff's clock
    (the one the retain that follows uses)."""
    steps = saver._retain(older_than, tenant, strategy, now)
    report: RetentionReport = saver._run(_reads_only(steps))
    return report


def dry_retain(
    saver: TenantCheckpointer, older_than: timedelta, tenant: str | None, strategy: Strategy
) -> tuple[RetentionReport, dict[str, int]]:
    """What ``retain`` would remove, and about how many bytes per tenant (the serialized size of
    the removed checkpoints' state and metadata), without removing anything."""
    report = retain_plan(saver, older_than, tenant, strategy)
    sizes: dict[str, int] = {}
    for name, threads in report.by_tenant().items():
        view = saver.for_tenant(name)
        total = 0
        for th in threads:
            tuples = list(view.list({"configurable": {"thread_id": th.thread_id}}))
            if not th.thread_deleted:  # keep_latest: the oldest ones go, each namespace's head stays
                tuples = sorted(tuples, key=lambda t: str(t.checkpoint.get("ts")))[: th.checkpoints_removed]
            for t in tuples:
                total += len(saver.serde.dumps_typed(t.checkpoint)[1])
                total += len(saver.serde.dumps_typed(t.metadata)[1])
        sizes[name] = total
    return report, sizes
