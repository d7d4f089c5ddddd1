"""The ingestion tables' records and their operations, sans I/O: generators of
:class:`kassist.db.Stmt` built from the typed statements of ``sql_sqlite.SQL`` / ``sql_postgres.SQL``
(:class:`graph.ingestion.sql_sqlite.IngestSql`), which :mod:`graph.ingestion.store`'s run store runs
on its database handle, each in one transaction."""

from __future__ import annotations

import json
import os
import socket
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from graph.ingestion.sql_sqlite import IngestSql
from graph.ingestion.state import Settings, stored_settings
from kassist.db import migrate as runner
from kassist.db import tables
from kassist.db.statements import Op
from kassist.db.statements import stmts as stmt

T = TypeVar("T")
DocumentOutcome = Literal["indexed", "unchanged", "failed", "removed"]


Steps = Op[T]


class RunRecord(BaseModel):
    run_id: str
    source: str
    collection: str
    created_at: float
    owner: str | None
    lease_until: float | None
    cancel_requested: bool
    started_by: str | None = None
    """The langgraph dev user who started the run (None: the runs API's or the command line's)."""


class Registration(BaseModel):
    """What a run was registered to do: its settings, goal and conversation, fixed at its start."""

    settings: Settings | None  # None: registered without them (an older kassist, a queued request)
    goal: str = ""
    conversation_id: str | None = None


class ManifestRow(BaseModel):
    seq: int
    kind: Literal["file", "delete", "error"]
    source_path: str
    doc_id: str | None
    outcome: DocumentOutcome | None


class Planned(BaseModel):
    """What processing one document did (or will do), recorded before the index is written."""

    seq: int
    outcome: DocumentOutcome
    reason: str | None = None
    added: int = 0
    unchanged: int = 0
    removed: int = 0
    hits: int = 0
    embedded: int = 0


ClaimOutcome = Literal["claimed", "replay", "busy"]
"""What :func:`ledger_begin` found for an attempt: the intent claimed for it, a done answer to
replay, or another live worker's claim."""


class LedgerEntry(BaseModel):
    key: str
    run_id: str
    state: Literal["intent", "done", "failed"]
    request: dict[str, Any]
    result: dict[str, Any] | None
    attempts: int


# Rows come back as tuples (one row shape in kassist). A statement that reads a record selects the
# record's fields in their declared order, so the model is the row's one declaration; the other
# rows' columns are listed here. graph.ingestion.columns.READS names each statement's, and
# tests/test_row_shape_runs_keys.py checks every dialect's SQL against it.
RUN_COLUMNS = tuple(RunRecord.model_fields)  # run_get, run_list
REGISTRATION_COLUMNS = tuple(Registration.model_fields)  # run_registration
BATCH_COLUMNS = tuple(ManifestRow.model_fields)  # manifest_batch
PAGE_COLUMNS = (*BATCH_COLUMNS, "reason", "chunks_added", "chunks_unchanged", "audit")  # manifest_page
SUMS_COLUMNS = ("outcome", "docs", "added", "unchanged", "removed", "hits", "embedded")  # manifest_sums
LEDGER_COLUMNS = tuple(LedgerEntry.model_fields)  # ledger_get, ledger_list
CLAIM_COLUMNS = (
    "holder",
    "run_id",
    "held_until",
    "contended_until",
    "next_holder",
    "next_until",
)  # claim_get
LEASE_S = 120.0
"""How long a run's lease lasts unless renewed (graph/ingestion/runner.execute's default; the review
node's own lease for a decision langgraph dev carries out)."""
NEXT_S = 3.0
"""How long a waiting batch's turn is kept for it without its looking again (it looks every second
at most); a waiter of this host whose process is gone loses its turn at once."""


def _pid_namespace() -> str:
    """This process's PID namespace (its inode, /proc/self/ns/pid), "" where the system says none."""
    try:
        return "".join(ch for ch in os.readlink("/proc/self/ns/pid") if ch.isdigit())
    except OSError:
        return ""


PID_NAMESPACE = _pid_namespace()


def new_holder() -> str:
    """A fresh worker name ``host~pidns:pid:start.token`` (pidns: the PID namespace its pid is one of;
    start: when the process started, where the system says): what :func:`holder_gone` reads to spot a
    dead one."""
    host = f"{socket.gethostname()}~{PID_NAMESPACE}" if PID_NAMESPACE else socket.gethostname()
    return f"{host}:{os.getpid()}:{_started(os.getpid()) or 0}.{uuid.uuid4().hex[:8]}"


_PROCESS_HOLDERS: dict[int, str] = {}


def process_holder() -> str:
    """This process's one holder name (:func:`new_holder`, made once per pid: a forked child names
    itself): what a node that holds a run's lease between two nodes (the review's decision carried
    out by a server that runs the graph itself) releases in the next one."""
    pid = os.getpid()
    if pid not in _PROCESS_HOLDERS:
        _PROCESS_HOLDERS[pid] = new_holder()
    return _PROCESS_HOLDERS[pid]


def held_here(holder: str | None) -> bool:
    """Whether ``holder`` names a holder of this very process (this host and PID namespace, this pid)."""
    if holder is None:
        return False
    host, _, rest = holder.partition(":")
    return host == process_holder().partition(":")[0] and rest.partition(":")[0] == str(os.getpid())


def _started(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks since boot, /proc/<pid>/stat's 22nd field); None
    where there is no /proc or no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()  # after the command's name, which may hold spaces
    return fields[19] if len(fields) > 19 else None


def seen_here(holder: str) -> bool:
    """Whether ``holder`` (``host~pidns:pid:start``, :func:`new_holder`) is a process this one can
    see by its pid: of this host, and of its PID namespace or named before namespaces were (no
    ``~``). Same host name, another PID namespace (containers sharing the host's network, not its
    pids): its pid says nothing here - a live command line looked dead (review s31 r1 #3)."""
    name, _, namespace = holder.partition(":")[0].partition("~")
    return name == socket.gethostname() and (not namespace or namespace == PID_NAMESPACE)


def holder_gone(holder: str | None, until: float | None) -> bool:
    """Whether what ``holder`` holds until ``until`` (a run's lease, a side effect's claim) may be
    taken: nobody holds it, its time ran out, or its holder is a process of this host that is gone:
    no process has its pid, or the one that has it started at another time (a container restarted
    under the same host name runs its server as pid 1 again: the dead one's lease and claims held
    until their time ran out, review s30 B0). A holder of another PID namespace of this host is
    judged by its time only; one named before namespaces were (no ``~``), by its pid as before."""
    if holder is None or (until or 0) < time.time():
        return True
    if not seen_here(holder):
        return False
    pid, _, token = holder.partition(":")[2].partition(":")
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, ValueError):
        return False
    started, dot, _ = token.partition(".")
    now = _started(int(pid)) if dot and started != "0" else None
    return now is not None and now != started


def named(columns: tuple[str, ...], row: Sequence[Any]) -> dict[str, Any]:
    """A tuple row of ``columns``, by name."""
    return dict(zip(columns, row, strict=True))


def migrate(q: IngestSql, backend: str) -> Steps[list[int]]:
    """The tables' pending migrations on a database of ``backend`` (``db.backend``)."""
    return tables.migrate(runner.INGESTION, q, backend)


def _run_record(row: Sequence[Any]) -> RunRecord:
    return RunRecord.model_validate(named(RUN_COLUMNS, row))


def _registration(row: Sequence[Any]) -> Registration:
    r = named(REGISTRATION_COLUMNS, row)
    settings = None if r["settings"] is None else stored_settings(r["settings"])
    return Registration(settings=settings, goal=r["goal"] or "", conversation_id=r["conversation_id"])


def register(
    q: IngestSql,
    tenant: str,
    run: str,
    settings: Settings,
    goal: str,
    conversation_id: str | None,
    now: float,
    started_by: str | None = None,
    reports_dir: str | None = None,
) -> Steps[Registration]:
    """Register the run with its settings (one transaction: the row and its settings together, and
    the command line's reports folder: a kill between two writes lost it, h25 s39 H25-1); returns
    what is registered, which is the first registration's settings when there was one."""
    params = {
        "tenant_id": tenant, "run": run, "source": settings.source, "collection": settings.collection,
        "now": now, "settings": settings.model_dump_json(), "goal": goal, "conversation_id": conversation_id,
        "started_by": started_by,
    }  # fmt: skip
    yield stmt(q.run_register, params)
    if reports_dir is not None:
        yield stmt(q.reports_dir_set, {"tenant_id": tenant, "run": run, "folder": reports_dir})
    rows = yield stmt(q.run_registration, {"tenant_id": tenant, "run": run}, fetch=True)
    return _registration(rows[0])


def take_lease(
    q: IngestSql, tenant: str, run: str, owner: str, until: float, free: Callable[[RunRecord], bool]
) -> Steps[RunRecord | None]:
    """Make ``owner`` the run's worker if the lease is free (``free`` decides); None when busy."""
    rows = yield stmt(q.run_get, {"tenant_id": tenant, "run": run}, fetch=True)
    if not rows:
        raise KeyError(run)
    record = _run_record(rows[0])
    if record.owner not in (None, owner) and not free(record):
        return record
    params = {"tenant_id": tenant, "run": run, "owner": owner, "until": until, "seen": record.owner}
    taken = yield stmt(q.lease_take, params, fetch=True)
    return None if taken else record


def take_claim(
    q: IngestSql, tenant: str, collection: str, run: str, holder: str, now: float, seconds: float
) -> Steps[tuple[str | None, bool]]:
    """Make ``holder`` (a batch of run ``run``) the one writer of the tenant's ``collection`` for
    ``seconds`` if nobody holds it (or its holder is gone, :func:`holder_gone`) and no other live
    batch waits for it first. Returns the run id of the batch that holds it (None: taken) and
    whether the collection is contended: another run waits or waited for it within ``seconds``. A
    refused batch marks it so and, if no other live batch is next, is next: batches of two runs
    take turns (the holder's next batch waits for the waiter's)."""
    key = {"tenant_id": tenant, "collection": collection}
    rows = yield stmt(q.claim_get, key, fetch=True)
    held = named(CLAIM_COLUMNS, rows[0]) if rows else None
    queued = False  # another live batch's turn is next
    if held is not None and held["next_holder"] not in (None, holder):
        queued = not holder_gone(held["next_holder"], held["next_until"])
    if not queued and (held is None or holder_gone(held["holder"], held["held_until"])):
        params = {
            **key,
            "holder": holder,
            "run": run,
            "until": now + seconds,
            "seen": held and held["holder"],
        }
        if (yield stmt(q.claim_take, params, fetch=True)):
            return None, held is not None and float(held["contended_until"]) > now
    turn = {"queue": not queued, "holder": holder, "next_until": now + NEXT_S}
    yield stmt(q.claim_contended, {**key, "until": now + seconds, **turn})
    return str(held["run_id"]) if held else "another run", True


def discover(q: IngestSql, tenant: str, run: str, rows: Sequence[dict[str, Any]]) -> Steps[int]:
    """Fix the run's document list (all of it or nothing: one transaction)."""
    yield stmt(q.manifest_clear, {"tenant_id": tenant, "run": run})
    many = [{"tenant_id": tenant, "run": run, **r} for r in rows]
    if many:
        yield stmt(q.manifest_add, many=many)
    return len(many)


def record_plans(
    q: IngestSql, tenant: str, run: str, plans: Sequence[Planned], audits: dict[int, str], now: float
) -> Steps[None]:
    """What each document of a batch does (first write wins, recorded at ``now``) and its audit, in
    one transaction."""
    key = {"tenant_id": tenant, "run": run, "now": now}
    if plans:
        yield stmt(q.manifest_plan, many=[{**key, **p.model_dump()} for p in plans])
    if audits:
        yield stmt(
            q.manifest_audit,
            many=[{"tenant_id": tenant, "run": run, "seq": s, "audit": a} for s, a in audits.items()],
        )


def record_written(q: IngestSql, tenant: str, run: str, seqs: Sequence[int], now: float) -> Steps[None]:
    """The batch's documents ``seqs`` were written at ``now`` (its 'indexed' rows), in one transaction."""
    yield stmt(
        q.manifest_written, many=[{"tenant_id": tenant, "run": run, "seq": s, "now": now} for s in seqs]
    )


def ledger_begin(
    q: IngestSql,
    tenant: str,
    run: str,
    key: str,
    request: dict[str, Any],
    now: float,
    claim: dict[str, Any],
) -> Steps[tuple[ClaimOutcome, LedgerEntry]]:
    """Record the intent of a side effect (once) and claim this attempt (``claim``: ``{"sending":
    worker, "until": t}``); returns what the attempt does and the entry (:data:`ClaimOutcome`):
    ``replay`` a done entry's answer, ``claimed`` the intent for this attempt (counted; its result is
    ``claim``), or ``busy`` while another live worker's claim holds (a worker killed mid-way holds
    nothing: its process is gone, or its time ran out). A ``failed`` entry (the
    receiver refused) is claimed again: a refusal is an answer, not the effect, and the resume the
    refusal asked for (the receiver fixed) sends; replayed, the run completed without it."""
    params = {"tenant_id": tenant, "run": run, "key": key, "request": json.dumps(request), "now": now}
    yield stmt(q.ledger_intent, params)
    rows = yield stmt(q.ledger_get, {"tenant_id": tenant, "key": key}, fetch=True)
    entry = _ledger_entry(rows[0])
    if entry.state == "done":
        return "replay", entry
    if claim_live(entry):
        return "busy", entry
    params = {"tenant_id": tenant, "key": key, "now": now, "claim": json.dumps(claim), "seen": entry.attempts}
    if not (yield stmt(q.ledger_attempt, params, fetch=True)):  # another worker claimed it first
        return "busy", entry
    return "claimed", entry.model_copy(
        update={"state": "intent", "attempts": entry.attempts + 1, "result": claim}
    )


def claim_live(entry: LedgerEntry) -> bool:
    """Whether a live worker's claim holds the entry (an ``intent`` whose sender is alive and whose
    time, renewed while its call runs, has not run out); a failed entry's result is the refusal."""
    held = (entry.result or {}) if entry.state == "intent" else {}
    return not holder_gone(held.get("sending"), held.get("until"))


def _ledger_entry(row: Sequence[Any]) -> LedgerEntry:
    e = named(LEDGER_COLUMNS, row)
    result = None if e["result"] is None else json.loads(e["result"])
    return LedgerEntry.model_validate({**e, "request": json.loads(e["request"]), "result": result})
