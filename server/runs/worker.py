"""Background execution of runs inside the server process.

Every server polls the requests table (``kassist_ingest_jobs``) for runs with a request no worker
has carried out (``seq > done_seq``), of every tenant, and executes up to ``workers`` of them at
once, each in a thread, through :func:`graph.ingestion.runner.execute`: the same function, and so
the same lease in the run registry, that ``kassist ingest`` and ``kassist runs resume`` use. Two
servers (or a server and a command line) never run one run at once because only one of them can
take its lease (a compare-and-set on the registry row); the checkpointer's version check stays
the last line of defence. While a run executes, the runner's heartbeat renews its lease every third
of the lease time (the one every caller gets: graph.ingestion.runner._lease_kept), so a short lease
moves a dead server's runs on quickly without ever expiring under a live one; a renewal that finds
another owner sets the run's ``stop``. Requests survive a restart: they are rows, picked up by
whichever server polls next.

A request is marked done while its lease is still held (``on_finish``), and a worker that wins the
lease re-reads the request before it starts (``on_start``): so a request is carried out once even
when two servers saw it at the same moment.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from graph.ingestion.errors import describe, for_client
from graph.ingestion.head import read_head
from graph.ingestion.jobs import JobRecord, JobStore
from graph.ingestion.resources import Resources
from graph.ingestion.runner import RunBusy, RunNotFound, RunOutcome, execute, lease_free, new_owner
from graph.ingestion.state import stored_settings
from server.keys import KeyResolver, Principal
from server.run_creator import creator, not_started, refusal
from server.runs import upload_ends, upload_placing
from server.runs.served_again import reads_or_sends

logger = logging.getLogger(__name__)
MAX_FAILURES = 5
"""Unexpected errors (the database away, a bug) before a request is given up and its error shown."""

Key = tuple[str, str]


class _AlreadyDone(Exception):
    """Another worker carried this request out between our poll and our lease."""


@dataclass
class _Failures:
    count: int = 0
    retry_at: float = 0.0


@dataclass
class RunWorker:
    res: Resources
    lease_s: float
    poll_s: float
    workers: int
    keys: KeyResolver | None = None
    """The server's keys: a run starts only while the key of whom it was requested by still holds
    rights (server/run_creator.py); None (a worker alone, in tests): not checked."""
    served: Callable[[JobRecord], str | None] | None = None
    """Why a run the runs API accepted may not start now (its settings checked again against the
    served-run rules: RunsService.served_refusal), or None; None (a worker alone): not checked."""
    folder: Callable[[JobRecord], Path | None] | None = None
    """The folder a run it accepted may read while it runs (RunsService.served_folder); None: any."""
    uploads: Path | None = None
    """The server's uploads folder: an ended run's upload is removed there (server/runs/upload_ends.py);
    None (a worker alone): none is."""
    jobs: JobStore = field(init=False)
    _active: dict[Key, threading.Thread] = field(default_factory=dict)
    _stops: dict[Key, threading.Event] = field(default_factory=dict)
    _failures: dict[Key, _Failures] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _wake: threading.Event = field(default_factory=threading.Event)
    _stopping: threading.Event = field(default_factory=threading.Event)
    _loop_thread: threading.Thread | None = None

    def __post_init__(self) -> None:
        self.jobs = JobStore(self.res.runs)

    # -- life cycle -------------------------------------------------------------------------------
    def start(self) -> None:
        if self.uploads is not None and self._loop_thread is None:
            # The uploads of runs that ended elsewhere (the command line, the console), or before a
            # kill removed theirs: swept once, beside the start (a server running no runs too).
            sweep = threading.Thread(target=self._sweep_uploads, args=(self.uploads,), daemon=True)
            sweep.start()
        if self.workers <= 0 or self._loop_thread is not None:
            return
        self._stopping.clear()
        self._loop_thread = threading.Thread(target=self._loop, name="kassist-runs", daemon=True)
        self._loop_thread.start()

    def _sweep_uploads(self, root: Path) -> None:
        # Uploads a killed server stored and never started first: the sweep keeps a waiting run's files.
        if upload_placing.place_orphans(self.res, root):
            self.wake()
        upload_ends.sweep(self.res, root)

    def wake(self) -> None:
        """Look for work now (a request was just queued on this server)."""
        self._wake.set()

    def stop(self, timeout: float = 30.0) -> None:
        """Stop taking runs; the running ones stop after their current node and keep their request,
        so the next server (or this one, restarted) continues them."""
        self._stopping.set()
        self._wake.set()
        with self._lock:
            for stop in self._stops.values():
                stop.set()
            threads = list(self._active.values())
        if self._loop_thread is not None:
            self._loop_thread.join(timeout)
            self._loop_thread = None
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def active(self) -> list[Key]:
        with self._lock:
            return list(self._active)

    # -- polling ----------------------------------------------------------------------------------
    def _loop(self) -> None:
        orphans_at = time.monotonic() + upload_placing.CHECK_S  # the start's sweep looked first
        while not self._stopping.is_set():
            try:
                self.poll_once()
            except Exception as exc:  # the database away: try again at the next poll
                logger.warning("runs worker: polling failed: %s", describe(exc))
            if self.uploads is not None and time.monotonic() >= orphans_at:
                # Another server of this database killed while it started an upload's run.
                orphans_at = time.monotonic() + upload_placing.CHECK_S
                if upload_placing.place_orphans(self.res, self.uploads):
                    continue  # poll again now
            self._wake.wait(self.poll_s)
            self._wake.clear()

    def poll_once(self) -> list[Key]:
        """Start the wanted runs this server has room for; returns those started."""
        with self._lock:
            room = self.workers - len(self._active)
        if room <= 0 or self._stopping.is_set():
            return []
        started: list[Key] = []
        for job in _in_turns(self.jobs.wanted_in_every_tenant(limit=100), self.active()):
            key = (job.tenant_id, job.run_id)
            with self._lock:
                failing = self._failures.get(key)
                if key in self._active or (failing is not None and failing.retry_at > time.monotonic()):
                    continue
            if not lease_free(job.lease):
                continue  # another live worker has it; its lease says so
            stop = threading.Event()
            thread = threading.Thread(
                target=self._run, args=(job, stop), name=f"kassist-run-{job.run_id}", daemon=True
            )
            with self._lock:
                self._active[key] = thread
                self._stops[key] = stop
            thread.start()
            started.append(key)
            if len(started) >= room:
                break
        return started

    # -- one run ------------------------------------------------------------------------------------
    def _run(self, job: JobRecord, stop: threading.Event) -> None:
        key = (job.tenant_id, job.run_id)
        jobs = self.jobs.for_tenant(job.tenant_id)  # every record of this run is its tenant's
        owner = new_owner()

        def on_start(_: RunOutcome) -> None:
            current = jobs.get(job.run_id)
            if current is None or current.done_seq >= job.seq:
                raise _AlreadyDone
            jobs.claimed(job.run_id, owner)

        def on_finish(outcome: RunOutcome) -> None:
            state = outcome.state
            if stop.is_set() and state.midway:
                # Stopped by a shutdown mid-way (between nodes, or a decision committed but not yet
                # in its report): the request stays for the next worker.
                return
            jobs.done(job.run_id, job.seq)
            if state.ended and self.uploads is not None:  # its upload is read no more
                upload_ends.remove(self.uploads, job.tenant_id, state.settings.source)

        try:
            why = self._requester_refusal(job)
            if why is not None:  # not started: the request is done, its error says why
                self._give_up(job, not_started(job.run_id, why))
                return
            # Its folder or notify host as they are now (h9 s32 #3) - for a start that reads or sends:
            # a cancel or a review's reject reads no file and notifies nobody (a rejected run ends at
            # record_decision), and refused it left the run waiting for good (h9 s32 #8).
            served = self.served(job) if self.served is not None and reads_or_sends(job) else None
            admin = self._creator_is_admin(job)  # its creator's rights now (None: no keys checked)
            if served is not None:
                self._give_up(job, f"run {job.run_id} was not started: {served}")
                return
            execute(
                self.res, job.tenant_id, job.run_id,
                settings=stored_settings(job.settings) if job.settings else None,
                goal=job.goal or "", max_steps=job.max_steps, resume=job.decision,
                lease_s=self.lease_s, owner=owner, stop=stop, on_start=on_start, on_finish=on_finish,
                within=self.folder(job) if self.folder is not None else None,
                rechunk=admin is True, creator_admin=admin,
            )  # fmt: skip
            with self._lock:
                self._failures.pop(key, None)
        except (RunBusy, _AlreadyDone):
            pass  # another worker has it, or had it: nothing of ours to do
        except RunNotFound as exc:
            self._give_up(job, describe(exc))
        except Exception as exc:
            self._failed(job, exc)
        finally:
            with self._lock:
                self._active.pop(key, None)
                self._stops.pop(key, None)
            self._wake.set()  # room for the next one

    def _requester_refusal(self, job: JobRecord) -> str | None:
        """Why the request a worker is about to carry out may not start (the managed key it was sent
        with was revoked; a request of an environment's key or from before session 30, by identity:
        its requester holds no key of its tenant any more), or None: langgraph dev's rule
        (:func:`server.run_creator.refusal`). A decision (its admin held the right when it was
        claimed) and a cancel (it stops work) are carried out."""
        if self.keys is None or not job.requested_by or job.decision is not None or job.cancel_requested:
            return None
        state = read_head(self.res.saver, job.tenant_id, job.run_id).state
        if state is not None and state.status == "running":
            return None  # taken over half-way (its carrier killed): decided when it started
        # A paused or failed run's resume is a new start: its requester's rights now, as langgraph
        # dev's resume (a revoked key's queued resume carried out the run: h11 s33 #6).
        # A member's rights are what a create or resume takes; the key, when one was recorded.
        requester = Principal.model_construct(
            identity=job.requested_by, tenant_id=job.tenant_id, role="member"
        )
        return refusal(creator(requester, job.requested_key), self.keys)  # KeysUnreadable: _failed, retried

    def _creator_is_admin(self, job: JobRecord) -> bool | None:
        """Whether whoever created the run holds an admin key now (that key, when one was kept): its
        run may give the collection other chunk settings and audit rules
        (knowledge/index/chunk_settings.py, collection_rules.py). The creator, not the request's
        requester: a member's resume of an admin's run whose first invocation was lost made it the
        member's, its re-chunk refused, and an admin's resume of a member's gave it the right (h19 s37
        H19-6; decided at the run's first discover, as before). A run created before the creator was
        kept: its requester. Its upload is held to the same rights (h20 s37 H20-3). A worker that checks
        no keys (in tests) cannot tell: None (no re-chunk; an upload is held to the role its create
        recorded)."""
        who, key = (
            (job.created_by, job.created_key) if job.created_by else (job.requested_by, job.requested_key)
        )
        if self.keys is None:
            return None
        if not who:
            return False
        now = self.keys.current(who, job.tenant_id, key)
        return now is not None and now.role == "admin"

    def _failed(self, job: JobRecord, exc: Exception) -> None:
        key = (job.tenant_id, job.run_id)
        with self._lock:
            failing = self._failures.setdefault(key, _Failures())
            failing.count += 1
            failing.retry_at = time.monotonic() + min(60.0, 2.0**failing.count)
            count = failing.count
        logger.warning("run %s/%s failed (%d of %d): %s", *key, count, MAX_FAILURES, describe(exc))
        if count >= MAX_FAILURES:
            with self._lock:
                self._failures.pop(key, None)
            self._give_up(job, describe(exc))

    def _give_up(self, job: JobRecord, error: str) -> None:
        # What the run's readers see (worker_error): no server path (the log above keeps it whole).
        shown = for_client(error, str((job.settings or {}).get("source") or ""))
        try:
            self.jobs.for_tenant(job.tenant_id).done(job.run_id, job.seq, shown)
        except Exception as exc:
            logger.warning(
                "run %s/%s: could not record its error: %s", job.tenant_id, job.run_id, describe(exc)
            )


def _in_turns(wanted: list[JobRecord], active: list[Key]) -> list[JobRecord]:
    """``wanted`` (each tenant's requests in turns: jobs_wanted) with the runs this server is running
    counted as turns their tenant has had: a free worker starts a run of a tenant with none running
    before a second run of one that has one (h16 s36 H16-3); a stable sort, oldest first otherwise."""
    turns = Counter(tenant for tenant, _ in active)
    ranked = []
    for job in wanted:
        ranked.append((turns[job.tenant_id], job))
        turns[job.tenant_id] += 1
    return [job for _, job in sorted(ranked, key=lambda pair: pair[0])]
