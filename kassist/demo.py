"""``kassist demo``: a graph run killed with SIGKILL midway and resumed, on the embedded default.

Until the ingestion pipeline exists, the demo shows the checkpointer's promise end to end: a child
process runs the document graph (one document per super-step, each with a ledgered side effect) on a
tenant-bound saver, the demo kills it with SIGKILL after a few documents, reads the committed head
(tenant, thread, version, step) from the database, and resumes in a new child, which continues from
that step, not from zero. The ledger then proves no side effect was applied twice.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from graph.ledger import Ledger
from kassist.dburl import database_url_from_env, parse_database_url

KILL_AFTER_EFFECTS = 3


class HeadInfo(BaseModel):
    """What the database holds for the thread's head checkpoint."""

    checkpoint_id: str
    version: Any
    step: int
    processed: int


def _worker(args: list[str]) -> subprocess.Popen[str]:
    # -P (safe path): a graph.py in the user's working directory must not shadow our graph package.
    return subprocess.Popen(
        [sys.executable, "-P", "-m", "graph.worker", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _kill_after(
    proc: subprocess.Popen[str], ledger: Ledger, thread: str, effects: int, timeout: float
) -> None:
    """SIGKILL the child once ``effects`` side effects of ``thread`` landed (the ledger file keeps
    earlier demos' effects): it is then inside a step whose effect is done but whose checkpoint is
    not, the worst moment for duplicates."""
    deadline = time.monotonic() + timeout
    while len(ledger.effects(thread)) < effects:
        if proc.poll() is not None:
            raise RuntimeError(f"the demo worker exited early:\n{proc.stderr.read() if proc.stderr else ''}")
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the demo worker made no progress in time")
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def read_head(database_url: str, tenant: str, thread: str) -> HeadInfo | None:
    """The committed head of ``thread`` for ``tenant``, as a fresh process would see it."""
    from checkpointer import TenantCheckpointer

    with TenantCheckpointer.from_url(database_url) as saver:
        saver.setup()
        head = saver.for_tenant(tenant).get_tuple({"configurable": {"thread_id": thread}})
    if head is None:
        return None
    values = head.checkpoint["channel_values"]
    return HeadInfo(
        checkpoint_id=head.config["configurable"]["checkpoint_id"],
        version=head.config["configurable"].get("checkpoint_version"),
        step=int(values.get("cursor", 0)),
        processed=len(values.get("processed", [])),
    )


def _events(output: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def demo(
    tenant: Annotated[str, typer.Option("--tenant", help="the tenant the demo thread belongs to")] = "acme",
    docs: Annotated[int, typer.Option("--docs", min=KILL_AFTER_EFFECTS + 2, help="documents to process")] = 8,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url", help="default: $KASSIST_DATABASE_URL or sqlite:///.kassist/kassist.db"
        ),
    ] = None,
) -> None:
    """Run a graph in a child process, SIGKILL it midway, resume it, and show nothing ran twice."""
    console = Console()
    url = database_url or database_url_from_env()
    where = parse_database_url(url).describe()
    workdir = Path(".kassist")
    workdir.mkdir(exist_ok=True)
    thread = f"demo-{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"
    ledger = Ledger(workdir / "demo-ledger.db")
    args = ["--database-url", url, "--tenant", tenant, "--thread", thread, "--docs", str(docs)]
    args += ["--ledger", str(ledger.path)]
    console.rule("[bold]kassist demo: a run killed with SIGKILL, then resumed")
    console.print(
        f"database: {where}\ntenant: [bold]{tenant}[/]   thread: [bold]{thread}[/]   documents: {docs}"
    )

    started = time.monotonic()
    first = _worker([*args, "--delay", "0.3"])
    _kill_after(first, ledger, thread, KILL_AFTER_EFFECTS, timeout=60)
    console.print(f"[red]SIGKILL[/] child pid {first.pid} after {KILL_AFTER_EFFECTS} side effects")
    head = read_head(url, tenant, thread)
    if head is None:
        raise RuntimeError("no checkpoint was committed before the kill")
    console.print(
        f"committed head: version [bold]{head.version}[/], checkpoint {head.checkpoint_id}, "
        f"{head.processed} of {docs} documents done"
    )

    second = _worker(args)
    out, err = second.communicate(timeout=120)
    if second.returncode != 0:
        raise RuntimeError(f"the resumed run failed:\n{err}")
    start = next(e for e in _events(out) if e["event"] == "start")
    final = read_head(url, tenant, thread)
    assert final is not None

    mine = [a for a in ledger.attempts() if a.key.startswith(f"{thread}:")]
    applied = [a.key for a in mine if a.applied]
    absorbed = [a.key for a in mine if not a.applied]
    table = Table(title="outcome", show_header=False)
    table.add_row("tenant", tenant)
    table.add_row("thread", thread)
    table.add_row("version at the kill", str(head.version))
    table.add_row("resumed at step", f"{start['resumed_at']} (not 0)")
    table.add_row("final version", str(final.version))
    table.add_row("documents processed", f"{final.processed} of {docs}")
    table.add_row("side effects applied", f"{len(applied)} ({len(set(applied))} distinct keys)")
    table.add_row("re-runs absorbed by the ledger", ", ".join(absorbed) or "none (killed between steps)")
    console.print(table)
    ok = start["resumed_at"] > 0 and final.processed == docs and sorted(applied) == sorted(set(applied))
    ok = ok and len(applied) == docs
    console.print(
        f"{'[green]OK' if ok else '[red]FAILED'}[/]: finished in {time.monotonic() - started:.1f} s"
    )
    if not ok:
        raise typer.Exit(1)
