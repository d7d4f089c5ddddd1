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
(:func:`server.thread_owner.forget_session_notes`, as the prune command does).

The create_run and threads handlers' parts: server/accepted_claims.py records a run as it is accepted
(the row is the thread id's claim), server/accepted_resume.py decides a run on a thread whose accepted
run never began, server/thread_forget.py drops rows (and session notes) with their thread or run."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from kassist.db.handle import already_open, kept_open
from kassist.db.statements import Stmt, Text, stmts
from kassist.dburl import database_url_from_env
from server.saver import thread_has_checkpoint
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


def thread_key(thread_id: object) -> str | None:
    return None if thread_id is None else str(thread_id)


async def no_checkpoint(tenant: str, thread_id: str) -> bool:
    """Whether the run in question is a thread's first instant: a LangGraph server's thread with no
    checkpoint (False in a process serving no saver: nothing to resume there)."""
    return await thread_has_checkpoint(tenant, thread_id) is False


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
    if not await no_checkpoint(tenant, thread_id):
        return None
    return await (await table()).get(tenant, thread_id)
