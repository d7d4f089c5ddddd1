"""What a run on a named thread was accepted with, kept in the server's database at acceptance.

``langgraph dev`` keeps its run queue and thread registry in memory (threads are flushed to disk
every ~10 s): a run accepted and then killed (SIGKILL, power loss) before its first checkpoint left
nothing anywhere, and its resume forgot its settings (no settings: a 422; other settings: those ran).
``kassist serve``'s runs API records a run before it answers (server/runs). Here the create_run
handler (server/auth.py) records, before the run is queued, the caller's validated input and the
configurable keys a client may set (server/configurable.CLIENT_KEYS), one row per (tenant, thread).

While the thread holds no checkpoint (the recorded run never began), a later run there by the same
caller (or an admin of its tenant) of the same graph is the accepted run:

- an ingestion run with other settings: 409 naming what differs (graph.ingestion.registration's
  rule, the words ``begin`` and the runs API use), also while the accepted run still waits;
- once no run of the thread waits (the accepted one was lost), a run with no input (an ingestion
  input without ``settings``) runs the recorded input (``goal`` as sent if sent) and the recorded
  configurable keys it does not send (as :func:`server.run_checks.keep_first_settings` does from a
  checkpoint once there is one); a run with its own input (a new question) is its own, settings too;
- a thread langgraph dev lost with its registry: 404 telling the caller to send the run again with
  ``if_not_exists: "create"``;
- a member claiming the thread id (server/run_checks.check_thread_claim): the recorded owner's.

A thread made with no run (``POST /threads``) has a row too, its graph ``''`` (:data:`MADE`): its owner,
which langgraph dev stamps only in its registry. Without it the other doors of the database (kassist
serve's LangServe turns, a second langgraph dev's claim, ``kassist ask --thread``) found neither a
checkpoint nor an accepted run and took another member's new thread as a new one: that member's turn
wrote a conversation into it, which the maker's next turn continued (h14 s35 H1). The thread's first
accepted run replaces the row, keeping its owner; a made row is not "the accepted first run" of any
rule above, only its owner is read; it goes with the thread (its delete or prune) or once older than
retention's cutoff (``kassist checkpoints prune``: a thread that held nothing that long is forgotten;
a deleted thread's row no handler saw go was kept for good), and retention that deletes a thread's
checkpoints writes one with the owner they recorded (langgraph dev's thread outlives its checkpoints).

Once the thread holds a checkpoint, the checkpoint decides and the row is not read. The first
accepted run keeps the row (a second run on the same new thread does not replace it, unless the row
is an earlier server process's); the row goes when its run can no longer begin: a cancel or delete of
that run, the thread's DELETE or prune, ``kassist checkpoints prune`` (the threads it deletes, and
rows older than its cutoff). The thread's DELETE or prune also deletes its session note
(:func:`server.thread_owner.forget_session_notes`, as the prune command does)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from langgraph_sdk import Auth
from pydantic import ValidationError

from graph.ingestion.registration import mismatch
from graph.ingestion.state import Settings, stored_settings
from kassist.db.handle import already_open, kept_open
from kassist.db.statements import Stmt, Text, stmts
from kassist.dburl import database_url_from_env
from kassist.tenancy import OWNER_KEY
from memory import MemoryStore
from server.auth_rules import client_configurable, is_admin, reaches_thread
from server.configurable import CLIENT_KEYS
from server.holds import runtime_present
from server.job_threads import reached_or_made, registry_has
from server.run_checks import fill_configurable, refuse, run_waiting, tenant_of
from server.run_creator import admins_of
from server.saver import serving, thread_has_checkpoint
from server.server_table import ServerTable
from server.sql_sqlite import AcceptedSql

MADE = ""
"""The graph of a thread's row while it was only made (``POST /threads``): it records the owner alone."""

RUNS_API_CLAIM = "kassist_runs_api_claim"
"""The mark (in ``configurable``) of a row a runs API create claimed its run id with
(:meth:`AcceptedRuns.claim_blocking`): a job's thread to every door, and no run langgraph dev accepted
- nothing :func:`resume_accepted` resumes or calls lost."""


@dataclass(frozen=True)
class Accepted:
    """One thread's accepted run: who sent it, its graph, its input and client configurable keys
    (graph :data:`MADE`: no run yet, only the owner of the thread it was made as)."""

    owner: str
    graph: str
    input: Any
    configurable: dict[str, Any]
    run_id: str | None = None  # None: a row written before the table kept it

    @property
    def run(self) -> Accepted | None:
        """This record if it is an accepted run's, None for a made thread's."""
        return None if self.graph == MADE else self


class AcceptedRuns(ServerTable[AcceptedSql]):
    """The accepted-runs table of one database (its migration is the server table set's)."""

    STATEMENTS = "ACCEPTED_SQL"
    WHAT = "accepted-runs table"

    async def _one(self, text: Text, params: dict[str, Any], *, fetch: bool) -> list[Any]:
        def steps() -> Generator[tuple[Stmt, ...], Any, list[Any]]:
            rows = yield stmts(text, params, fetch=fetch)
            return rows  # type: ignore[no-any-return]

        return await self._handle.arun(steps(), write=not fetch, single=True)

    async def put(
        self, tenant: str, thread_id: str, record: Accepted, *, since: float = 0.0, admin: bool = False
    ) -> None:
        """Record ``record`` unless the thread has a row accepted at or after ``since`` (the
        default: any row), which stays: the first accepted run is the one a resume continues. A made
        row (no run yet) is replaced by its maker's run, or an admin's (``admin``), keeping its owner."""
        params = {
            "tenant_id": tenant, "thread_id": thread_id, "owner": record.owner, "graph": record.graph,
            "input": json.dumps(record.input), "configurable": json.dumps(record.configurable),
            "now": time.time(), "run_id": record.run_id, "since": since, "admin": admin,
        }  # fmt: skip
        await self._one(self._q.put, params, fetch=False)

    async def claims(self, thread_id: str) -> list[tuple[str, str]]:
        """The (tenant, owner) of each row of ``thread_id``, in every tenant."""
        rows = await self._one(self._q.claims, {"thread_id": thread_id}, fetch=True)
        return [(str(tenant), str(owner)) for tenant, owner in rows]

    async def made(self, tenant: str, thread_id: str, owner: str) -> None:
        """Record that ``owner`` made the thread (no run yet), unless the thread has a row."""
        params = {"tenant_id": tenant, "thread_id": thread_id, "owner": owner, "now": time.time()}
        await self._one(self._q.made, params, fetch=False)

    def claim_blocking(self, tenant: str, thread_id: str, owner: str, graph: str, run_id: str) -> bool:
        """Claim ``thread_id`` for the run ``run_id`` of ``graph`` that ``owner`` sends on kassist
        serve's runs API, in the record LangServe turns claim new threads in (:meth:`made`): True
        when the thread's row is this run's (written now, or by an earlier attempt of the same
        request that a kill cut short), False when it is another's - a conversation's, a first run's,
        its maker's own conversation included. One write transaction, blocking."""
        params = {
            "tenant_id": tenant, "thread_id": thread_id, "owner": owner, "graph": graph, "run_id": run_id,
            "now": time.time(), "configurable": json.dumps({RUNS_API_CLAIM: True}),
        }  # fmt: skip

        def steps() -> Generator[tuple[Stmt, ...], Any, bool]:
            yield stmts(self._q.claim, params)
            row = yield from self._read(tenant, thread_id)
            return row is not None and (row.owner, row.graph, row.run_id) == (owner, graph, run_id)

        return self._handle.run(steps(), write=True)

    def unclaim_blocking(self, tenant: str, thread_id: str, owner: str, run_id: str) -> None:
        """Drop the claim :meth:`claim_blocking` took for a run that was then not created (blocking)."""
        params = {"tenant_id": tenant, "thread_id": thread_id, "owner": owner, "run_id": run_id}

        def steps() -> Generator[tuple[Stmt, ...], Any, None]:
            yield stmts(self._q.forget, params)

        self._handle.run(steps(), write=True)

    def _read(self, tenant: str, thread_id: str) -> Generator[tuple[Stmt, ...], Any, Accepted | None]:
        rows = yield stmts(self._q.get, {"tenant_id": tenant, "thread_id": thread_id}, fetch=True)
        if not rows:
            return None
        owner, graph, sent, configurable, run_id = rows[0]
        return Accepted(
            str(owner), str(graph), json.loads(sent), dict(json.loads(configurable)),
            None if run_id is None else str(run_id),
        )  # fmt: skip

    async def get(self, tenant: str, thread_id: str) -> Accepted | None:
        return await self._handle.arun(self._read(tenant, thread_id), single=True)

    def get_blocking(self, tenant: str, thread_id: str) -> Accepted | None:
        """:meth:`get` for a caller off the event loop (kassist serve's thread checks)."""
        return self._handle.run(self._read(tenant, thread_id), single=True)

    async def forget(self, tenant: str, thread_id: str, owner: str | None, run_id: str | None = None) -> None:
        """Delete the thread's row if ``owner`` recorded it (None: whoever did) for run ``run_id``
        (None: whichever run)."""
        params = {"tenant_id": tenant, "thread_id": thread_id, "owner": owner, "run_id": run_id}
        await self._one(self._q.forget, params, fetch=False)

    def runless_before(self, tenants: list[str] | None, cutoff: float) -> dict[tuple[str, str], str]:
        """The owners of the threads whose accepted first run, accepted before ``cutoff``, never began
        (no checkpoint: a run delayed with ``after_seconds``, or lost with langgraph dev's queue), of
        ``tenants`` (None: every tenant's): what retention keeps of them as made rows (h15 s35 H15-4:
        the cutoff dropped the row, and the thread, still its owner's in langgraph dev's registry, was
        nobody's to every other door). Blocking; a read."""

        def steps() -> Generator[tuple[Stmt, ...], Any, dict[tuple[str, str], str]]:
            found: dict[tuple[str, str], str] = {}
            for tenant in [None] if tenants is None else tenants:
                rows = yield stmts(self._q.runless_older, {"tenant_id": tenant, "cutoff": cutoff}, fetch=True)
                found |= {(str(t), str(thread)): str(owner) for t, thread, owner in rows}
            return found

        return self._handle.run(steps())

    def retain(
        self,
        tenants: list[str] | None,
        cutoff: float,
        threads_deleted: frozenset[tuple[str, str]],
        owners: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        """Retention (``kassist checkpoints prune``): drop the rows of ``tenants`` (None: every
        tenant's) accepted before ``cutoff`` (a run accepted then has begun, its thread's checkpoints
        decide, or it never did and is as old as what retention removes) and those of the (tenant,
        thread) pairs whose checkpoints it deleted (the id is free again: a row left there would be
        resumed on it). ``owners``: the owner each deleted thread's checkpoints recorded, kept as its
        made row (:data:`MADE`): retention deletes a thread's checkpoints, not langgraph dev's thread,
        which stays its owner's there and must stay so on every other door (h14 s35 H5: another
        member's turn on kassist serve wrote into it). One write transaction."""

        def steps() -> Generator[tuple[Stmt, ...], Any, None]:
            for tenant in [None] if tenants is None else tenants:
                yield stmts(self._q.forget_older, {"tenant_id": tenant, "cutoff": cutoff})
            now = time.time()
            for tenant, thread in sorted(threads_deleted):
                key = {"tenant_id": tenant, "thread_id": thread}
                yield stmts(self._q.forget, {**key, "owner": None, "run_id": None})
                owner = (owners or {}).get((tenant, thread))
                if owner:
                    yield stmts(self._q.made, {**key, "owner": owner, "now": now})

        self._handle.run(steps(), write=True)


_CLAIMING = asyncio.Lock()
"""Held while a first run records its claim and reads every claim of its thread id (:func:`remember`)."""

_STARTED = time.time()
"""When this server process started (imported with server/auth.py): a row accepted before is of a run
that went with an earlier process (langgraph dev's queue is in memory), one accepted since may be
of a run still queued here."""


async def table() -> AcceptedRuns:
    """The table on ``KASSIST_DATABASE_URL`` (the checkpointer's database), opened on first use and
    kept open for the server's lifetime (kassist.db.handle.kept_open)."""
    url = database_url_from_env()
    found = already_open(url, AcceptedRuns)
    if found is not None:
        return found
    opened = await asyncio.to_thread(kept_open, url, AcceptedRuns)
    from server.made_threads import record_once

    record_once(url, opened)  # threads made before session 35: their owners' rows (server/made_threads.py)
    return opened


def _thread_key(thread_id: object) -> str | None:
    return None if thread_id is None else str(thread_id)


async def _no_checkpoint(tenant: str, thread_id: str) -> bool:
    """Whether the run in question is a thread's first instant: a LangGraph server's thread with no
    checkpoint (False in a process serving no saver: nothing to resume there)."""
    return await thread_has_checkpoint(tenant, thread_id) is False


def client_settings(graph: str, kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The configurable keys of ``graph`` a client sent (config.configurable and context)."""
    keys = CLIENT_KEYS.get(graph, frozenset())
    sent = client_configurable(kwargs.get("config"), kwargs.get("context"))
    return {k: v for k, v in sent.items() if k in keys}


async def remember(ctx: Auth.types.AuthContext, graph: str | None, value: Mapping[str, Any]) -> None:
    """Record what a run on a named thread with no checkpoint yet is accepted with. Called last by
    the create_run handler (every check passed); only for a thread the caller reaches or the run
    makes (a row for a thread langgraph-api then refuses would claim another's thread id)."""
    thread_id = _thread_key(value.get("thread_id"))
    kwargs = value.get("kwargs") or {}
    if thread_id is None or graph is None or graph not in CLIENT_KEYS or kwargs.get("command") is not None:
        return
    if not reached_or_made(ctx, thread_id, value.get("if_not_exists") == "create"):
        return
    tenant, me, accepted = tenant_of(ctx), str(ctx.user.identity), await table()
    run_id = _thread_key(value.get("run_id"))
    # The thread's first run queued (it is the one a resume continues: a run enqueued behind it, or
    # one langgraph-api then refuses with multitask_strategy reject, does not replace it), or begun.
    recorded = not run_waiting(thread_id) and await _no_checkpoint(tenant, thread_id)
    # The record is the claim (h16 s36 H16-8, H16-9): two first runs on one new thread id at the same
    # moment both passed server/run_checks.check_thread_claim, which ran before either was recorded
    # (and reads one tenant, where langgraph dev's thread registry is one namespace for all), and
    # langgraph-api ran both on one thread: one member's - or one tenant's - question and answer in
    # the other's conversation. Recorded and read back last in the handler, every tenant's rows, one
    # handler at a time: a run finding another tenant's row, or another member's in its tenant (an
    # admin may run on a member's thread, as there), takes its own row back and, if it makes the
    # thread, is refused - of two runs racing on this server the second (a run that does not make it
    # is langgraph-api's 404, another's thread being "not found"). A claim already there - a first
    # run's, a kassist serve turn's made row (H16-12) - refuses before anything is written. Two
    # servers' handlers on one database: both refused, at worst; a client sends again.
    mine, admin = (tenant, me), is_admin(ctx)

    async def others() -> list[tuple[str, str]]:
        claims = await accepted.claims(thread_id)
        return [(t, who) for t, who in claims if (t, who) != mine and (t != tenant or not admin)]

    async with _CLAIMING:
        taken = await others()  # a claim already there (a kassist serve turn's made row too)
        if recorded and not taken:
            record = Accepted(me, graph, kwargs.get("input"), client_settings(graph, kwargs), run_id)
            await accepted.put(tenant, thread_id, record, since=_STARTED, admin=admin)
            taken = await others()
            if taken:  # a row of ours another's claim beats (in its tenant the first row stays)
                await accepted.forget(tenant, thread_id, me, run_id)
    if taken and value.get("if_not_exists") == "create":  # a run that does not make the thread: 404
        refuse(409, f"Thread with ID {thread_id} already exists")  # as check_thread_claim words it


async def remember_made(ctx: Auth.types.AuthContext, thread_id: object, owner: str | None) -> None:
    """Record the owner of a thread ``POST /threads`` makes (``owner``: a remade thread's recorded one;
    None: the caller). Called last by the threads create handler (every check passed), for a thread
    id langgraph dev's registry does not hold: one it holds is the caller's own (kept as it is) or
    another's (langgraph-api's 409 follows, and a row written here would claim it)."""
    key = _thread_key(thread_id)
    if key is None or not serving() or registry_has(key):
        return
    tenant, maker, accepted = tenant_of(ctx), owner or str(ctx.user.identity), await table()
    await accepted.made(tenant, key, maker)
    # A row already there is another door's claim of the same new id (a kassist serve turn's, a
    # first run's): the thread is theirs, and made here it went on from their conversation (h16 s36
    # H16-12). Refused as check_thread_claim refuses another member's thread id.
    row = await accepted.get(tenant, key)
    if row is not None and row.owner != maker and not is_admin(ctx):
        refuse(409, f"Thread with ID {key} already exists")


OTHER_SETTINGS_TAIL = (
    " (or send the run with no settings: it runs as it was accepted; or DELETE /threads/{thread} to "
    "start this thread id again)"
)

LOST_THREAD = (
    "thread {thread} is not on this server any more: it stopped before the thread's first run "
    "began (langgraph dev keeps new threads in memory for a few seconds). Send the run again with "
    '"if_not_exists": "create": it resumes with the input and settings it was accepted with'
)


@dataclass(frozen=True)
class Resume:
    """The run to queue instead: the accepted input, and configurable keys it does not send."""

    input: Any
    configurable: dict[str, Any]


@dataclass(frozen=True)
class Refusal:
    status: int
    detail: str


def resumed(
    record: Accepted, graph: str, thread_id: str, sent: object, *, mine: bool, lost: bool, waiting: bool
) -> Resume | Refusal | None:
    """The rule of a run on a thread with no checkpoint whose accepted run of the same ``graph`` is
    ``record`` (module docstring), without I/O: ``mine`` (the caller recorded it or is an admin),
    ``lost`` (langgraph dev's registry no longer holds the thread and the run does not make it
    again), ``waiting`` (a run of the thread is still queued). None: the run is its own."""
    if not mine:
        return None  # another member's: langgraph-api answers as for a thread the caller does not reach
    if lost:
        return Refusal(404, LOST_THREAD.format(thread=thread_id))
    if graph == "ingestion":  # also while the accepted run waits: two runs, two settings, one thread
        other = _other_settings(thread_id, record.input, sent)
        if other is not None:
            return Refusal(409, other)
    if waiting:
        return None  # it has not begun yet, it was not lost: server/run_checks.check_start_input says so
    if sent is not None and not isinstance(sent, Mapping):
        return None  # not an input at all: server/run_checks.refused_input says what it must be
    if graph == "ingestion" and (sent is None or sent.get("settings") is None):
        given = {k: v for k, v in sent.items() if v is not None} if sent is not None else {}
        return Resume({**(record.input or {}), **given}, record.configurable)
    if graph != "ingestion" and sent in (None, {}):
        return Resume(record.input, record.configurable)
    return None  # a run with its own input (a new question, settings): its own configurable too


async def resume_accepted(
    ctx: Auth.types.AuthContext, graph: str | None, thread_id: object, kwargs: dict[str, Any], makes: bool
) -> None:
    """Complete a run on a thread whose accepted first run never began from what it was accepted
    with (:func:`resumed`); refuse other ingestion settings (409) and a lost thread (404)."""
    key = _thread_key(thread_id)
    if key is None or graph is None or kwargs.get("command") is not None:
        return
    tenant = tenant_of(ctx)
    if not await _no_checkpoint(tenant, key):
        return
    record = await (await table()).get(tenant, key)
    if record is None or record.graph != graph:  # a made thread's row is no run's (MADE)
        return
    if record.configurable.get(RUNS_API_CLAIM):  # a runs API run's: no run langgraph dev accepted
        return
    decision = resumed(
        record, graph, key, kwargs.get("input"),
        mine=record.owner == str(ctx.user.identity) or is_admin(ctx),
        lost=runtime_present() and not makes and not registry_has(key),
        waiting=run_waiting(key),
    )  # fmt: skip
    if isinstance(decision, Refusal):
        refuse(decision.status, decision.detail)
    elif isinstance(decision, Resume):
        kwargs["input"] = decision.input
        fill_configurable(graph, kwargs, decision.configurable)


def _other_settings(thread_id: str, recorded: object, sent: object) -> str | None:
    """Why ``sent`` settings may not resume a run accepted with ``recorded`` (the one rule of
    graph.ingestion.registration.mismatch), or None (no settings sent, or the same)."""
    first = recorded.get("settings") if isinstance(recorded, Mapping) else None
    given = sent.get("settings") if isinstance(sent, Mapping) else None
    if first is None or given is None:
        return None
    try:
        refused = mismatch(thread_id, stored_settings(first), Settings.model_validate(given))
    except ValidationError:
        return None  # input_refusal says what is wrong
    if refused is None:
        return None
    # registration's words up to its tail; that tail names `kassist runs resume`, which has nothing
    # to resume here: the run was accepted, never registered (its first node never ran).
    said = str(refused)
    return said[: said.rfind(" (or resume it")] + OTHER_SETTINGS_TAIL.format(thread=thread_id)


async def accepted_first(tenant: str, thread_id: str) -> Accepted | None:
    """The accepted first run of a thread with no checkpoint yet, or None (once there is one, the
    checkpoints decide; a thread only made has none). Its ``graph`` says what the thread is for, a
    job's or a conversation's (server/job_threads)."""
    record = await first_record(tenant, thread_id)
    return None if record is None else record.run


async def first_record(tenant: str, thread_id: str) -> Accepted | None:
    """The row of a thread with no checkpoint yet: its accepted first run, or (graph :data:`MADE`) the
    owner it was made as; None once it has a checkpoint (they decide) or when it has no row. Its
    ``owner`` is the thread's (server/run_checks.check_thread_claim)."""
    if not await _no_checkpoint(tenant, thread_id):
        return None
    return await (await table()).get(tenant, thread_id)


async def forget(ctx: Auth.types.AuthContext, thread_id: object, run_id: object = None) -> None:
    """Drop the row of a thread whose data goes, or whose accepted run ``run_id`` is cancelled or
    deleted (None: whichever run), if the caller recorded it or is an admin; one statement, no read
    first."""
    key = _thread_key(thread_id)
    if key is None or not serving():
        return
    owner = None if is_admin(ctx) else str(ctx.user.identity)
    await (await table()).forget(tenant_of(ctx), key, owner, _thread_key(run_id))


async def forget_deleted(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """The ``threads:delete`` event, raised before langgraph-api decides anything:

    - ``DELETE /threads/{id}``: the thread goes, and its row (a lost thread's too, then 404);
    - ``DELETE /threads/{id}/runs/{run_id}`` (``run_id`` set): only the row of that run, which then
      never runs; the thread and another run's row stay;
    - a prune (``thread_ids``): the rows of its threads only when the caller reaches every one
      (otherwise langgraph-api refuses the whole prune, 404, and the threads stay). The event does
      not carry the strategy: a ``keep_latest`` prune, which the in-memory runtime refuses only
      after this event, is refused before any handler (server/body_keys.py), so a prune here is a
      delete."""
    if value.get("run_id") is not None:
        await forget(ctx, value.get("thread_id"), value.get("run_id"))
        return
    await forget(ctx, value.get("thread_id"))
    gone = [value.get("thread_id")]
    pruned = list(value.get("thread_ids") or ())
    if all(reached_or_made(ctx, thread_id, False) for thread_id in pruned):
        for thread_id in pruned:
            await forget(ctx, thread_id)
        gone += pruned
    await _forget_notes(ctx, {str(thread_id) for thread_id in gone if thread_id is not None})


async def _forget_notes(ctx: Auth.types.AuthContext, thread_ids: set[str]) -> None:
    """The session notes of the deleted threads the caller reaches (a member its own, an admin any
    of its tenant's), in the caller's tenant, of every user who could have had a turn there: the
    thread's owner and the tenant's admins (an admin's turn on a member's thread writes the admin's
    own note; a member reaches no other member's thread), each deleted by key - not one delete per
    user of the tenant (server.thread_owner.forget_session_notes). A thread the caller does not
    reach is langgraph-api's 404, and every note of it stays."""
    from server.holds import stored
    from server.thread_owner import forget_session_notes

    reached = [
        thread
        for thread in (stored("threads") if thread_ids else ())
        if str(thread.get("thread_id")) in thread_ids and reaches_thread(ctx, thread.get("metadata") or {})
    ]
    if not reached:
        return
    tenant = tenant_of(ctx)
    owners = {str((t.get("metadata") or {}).get(OWNER_KEY) or "") for t in reached} - {""}

    def forget() -> None:
        users = owners | admins_of(tenant) | {str(ctx.user.identity)}
        ids = [str(t.get("thread_id")) for t in reached]
        forget_session_notes(_notes_store(), tenant, ids, users)

    await asyncio.to_thread(forget)


_NOTES: dict[str, MemoryStore] = {}
_NOTES_LOCK = threading.Lock()


def _notes_store() -> MemoryStore:
    """An admin view of the server's store (the database langgraph.json's store opens), kept open
    for the server's lifetime; bound to a tenant per call."""
    url = database_url_from_env()
    with _NOTES_LOCK:
        if url not in _NOTES:
            _NOTES[url] = MemoryStore.from_url(url, tenant_from_namespace=True)
        return _NOTES[url]


async def forget_cancelled(ctx: Auth.types.AuthContext, value: Mapping[str, Any]) -> None:
    """A cancel of named runs (``threads:update`` with ``action`` and ``metadata.run_ids``; raised
    before the cancel) drops the row of the thread's accepted run if it is one of them: a run
    cancelled before it began is not the run a later one resumes (else its settings pinned the
    thread, 409, and its input ran again)."""
    metadata = value.get("metadata")
    if value.get("action") not in ("interrupt", "rollback") or not isinstance(metadata, Mapping):
        return
    for run_id in metadata.get("run_ids") or ():
        await forget(ctx, value.get("thread_id"), run_id)
