"""One document loaded, chunked and audited (:func:`load`): a small or plain one on the caller's thread,
any other in one of a few worker processes, each document with a CPU-time bound.

Why processes: a parser can take n squared (or worse) on crafted markup - docutils on dozens of reST
constructs (h21 s38 H21-1, H21-6, review R3-11, R3-13, R3-17), each bounded by a count in
knowledge/loaders/rst.py, a list that is never complete - and a legit 8 MB page takes ~40 s of parse,
chunk and audit. On a thread of the server that time holds the GIL, so every other tenant's run in the
process slowed with it (H21-5: 27 s for a 2 s run). In a worker the page costs its own core, and past
its CPU bound the kernel stops it (RLIMIT_CPU's SIGXCPU, whatever C or Python code runs): the page is
loaded as plain text (reST: the words are all there) or refused with a per-document reason
(``too_costly``); the run goes on. Loading is pure (files in, values out), so a document loaded twice
(a worker lost, a batch redone) has no side effect.

Which documents go to a worker, with the numbers (bench/x16_load.py, 2 cores): a worker is a fresh
interpreter started lazily, at the first document that needs one, and kept for the process's life:
its imports (loaders, chunker, audit) cost ~0.6 s CPU, once per worker; a document then costs the
pickling of its text and chunks (~0.07 s per MB) more than a load here. Text and Markdown are linear,
~2.3 s per MB here (mostly chunk and audit), so below :data:`IN_PROCESS_BYTES` (~0.15 s at most) they
stay on the caller's thread: every document of ``make demo`` and nearly every test's is under 8 KB,
and an ingest of them starts no process. HTML's loader is linear since H21-4 and goes by size as text
does; DOCX and PDF are compressed, so they go to a worker from a quarter of that size
(:data:`IN_PROCESS_PACKED_BYTES`). reST always goes to a worker: docutils' superlinear constructs are
an open list (a 60 KB page took minutes before rst.py bounded the construct it used).

Fairness: a caller sends one document at a time and waits for it, and waiting callers get a worker in
the order they came, so a run waits for at most one document of each other run loading, never for
another run's whole look-ahead. ``KASSIST_LOAD_PROCESSES``: the workers at most (default the cores,
up to 4; 0: every document on the caller's thread, unbounded). A worker whose parent ends exits
within a second, mid-document too. What a load decides from the environment or a rules file is read
by the caller and sent with the document (the run's audit rules): a worker reads neither. A document's CPU bound: ``KASSIST_LOAD_CPU_SECONDS`` (default 30), a third
more per MB of the file (30 s + 10 s per MB): a 20 MB page of prose (~46 s) loads, a 60 KB page of
crafted markup is stopped at ~31 s where docutils would take minutes to hours.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import pickle
import resource
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, Any

from knowledge.documents import DocumentError

if TYPE_CHECKING:
    from graph.ingestion.batch_load import Job, Loaded

log = logging.getLogger(__name__)

PROCESSES_ENV = "KASSIST_LOAD_PROCESSES"
CPU_ENV = "KASSIST_LOAD_CPU_SECONDS"
DEFAULT_CPU_SECONDS = 30.0
MB_PER_BOUND = 3.0
"""A document's CPU bound grows by its base for every this many MB of the file: 30 s + 10 s per MB."""
IN_PROCESS_BYTES = 64 * 1024
"""Text, Markdown and HTML files under this size load on the caller's thread (see the docstring)."""
IN_PROCESS_PACKED_BYTES = 16 * 1024
"""DOCX and PDF files under this size too: their deflate holds at most ~1,000 times its size, and the
loaders are linear in it (``kassist demo-corpus``'s are 3 KB: a worker each process cost ~1 s of CPU)."""
PACKED = frozenset({".docx", ".pdf"})
ALWAYS_IN_WORKER = frozenset({".rst"})
PLAIN_TEXT_FALLBACK = frozenset({".rst"})
"""Formats whose page, past its bound, is loaded again as the plain text it is (reST is readable as
written); others are refused with the reason."""


def load(job: Job, here: Callable[[Job], Loaded]) -> Loaded | DocumentError:
    """``job``'s document, loaded by ``here`` (graph/ingestion/batch_load.load_here: a module-level
    function, which a worker finds by its name) on this thread or in a worker (see the docstring);
    a ``too_costly`` error if a worker was stopped loading it (and, reST, loading its plain text)."""
    size = _size(job.path)
    if size is None or _processes() == 0:  # gone or unreadable: load_file words it, cheaply
        return here(job)
    suffix = job.path.suffix.lower()
    if suffix not in ALWAYS_IN_WORKER and size < (
        IN_PROCESS_PACKED_BYTES if suffix in PACKED else IN_PROCESS_BYTES
    ):
        return here(job)
    limit = _cpu_seconds() * (1 + size / 2**20 / MB_PER_BOUND)
    try:
        done = _in_worker(here, job, limit)
    except OSError as exc:  # no worker could start (no interpreter at sys.executable, no processes left)
        log.warning("%s: no loading worker could start (%s); loading it here, unbounded", job.path, exc)
        return here(job)
    if not isinstance(done, int):
        return done
    over = done == -signal.SIGXCPU
    if over and suffix in PLAIN_TEXT_FALLBACK and not job.plain:
        log.warning("%s: over %.0f CPU seconds to load; loading it as plain text", job.path, limit)
        try:
            again = _in_worker(here, replace(job, plain=True), limit)
        except OSError:  # no worker could start now: the page is not loaded here, unbounded
            again = done
        if not isinstance(again, int):
            note = f"loaded as plain text: parsing its markup took over {limit:.0f} CPU seconds"
            return replace(again, note=note)
        over = again == -signal.SIGXCPU
    reason = (
        f"loading it (parse, chunk, audit) took over {limit:.0f} CPU seconds, far more than its size "
        "warrants (crafted or pathological markup?); split it, or convert it to plain text or Markdown"
        if over
        else f"the process loading it ended (exit status {done}: out of memory?); split it, or "
        "convert it to plain text or Markdown"
    )
    source = Path(os.path.relpath(os.path.abspath(job.path), os.path.abspath(job.root))).as_posix()
    return DocumentError(source_path=source, kind="too_costly", reason=reason)


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except (OSError, ValueError):
        return None


def _processes() -> int:
    text = os.environ.get(PROCESSES_ENV, "").strip()
    try:
        return max(0, int(text)) if text else max(1, min(4, os.cpu_count() or 1))
    except ValueError:
        log.warning("%s=%r is not a number of processes; using the default", PROCESSES_ENV, text)
        return max(1, min(4, os.cpu_count() or 1))


def _cpu_seconds() -> float:
    text = os.environ.get(CPU_ENV, "").strip()
    try:
        return max(1.0, float(text)) if text else DEFAULT_CPU_SECONDS
    except ValueError:
        log.warning("%s=%r is not a number of seconds; using %s", CPU_ENV, text, DEFAULT_CPU_SECONDS)
        return DEFAULT_CPU_SECONDS


# --- the workers ------------------------------------------------------------------------------------


class _Worker:
    """A worker process: a fresh interpreter running :func:`serve`, a pipe each way.

    Not multiprocessing's: its forkserver and spawn children run the caller's ``__main__`` again
    (a user's script that ingests, unguarded, would ingest again in every worker, and fails there),
    and fork would copy the server's threads' locks. A fresh ``python -c`` imports only this module."""

    def __init__(self) -> None:
        theirs_in, ours_out = os.pipe()
        ours_in, theirs_out = os.pipe()
        boot = (
            f"import sys; sys.path[:] = {sys.path!r}; "
            f"from graph.ingestion.load_processes import serve; serve({theirs_in}, {theirs_out})"
        )
        try:
            # Its own session: a terminal's Ctrl-C is the parent's to handle; the worker ends when
            # the parent's end of its pipe closes, however the parent ended.
            self.process = subprocess.Popen(
                [sys.executable, "-c", boot],
                pass_fds=(theirs_in, theirs_out),
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        except BaseException:
            for fd in (ours_in, ours_out):
                os.close(fd)
            raise
        finally:
            os.close(theirs_in)
            os.close(theirs_out)
        self.to = Connection(ours_out, readable=False)
        self.back = Connection(ours_in, writable=False)

    def close(self) -> None:
        self.to.close()
        self.back.close()
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


_workers = threading.Condition()
_idle: list[_Worker] = []
_started = 0  # workers alive (idle or busy)
_waiting: deque[object] = deque()  # callers waiting for a worker, in the order they came
_at_exit: list[bool] = []


def _take() -> _Worker:
    """A worker: an idle one, a new one while fewer than the bound run, else the next to be given back
    (waiting callers are served in the order they came)."""
    global _started
    me = object()
    with _workers:
        _waiting.append(me)
        try:
            _workers.wait_for(lambda: _waiting[0] is me and (bool(_idle) or _started < _processes()))
        finally:  # served, or interrupted while waiting: either way no longer in the line
            _waiting.remove(me)
            _workers.notify_all()
        if _idle:
            return _idle.pop()
        if not _at_exit:
            _at_exit.append(True)
            atexit.register(shutdown)  # idle workers are ended and waited for, not left to exit alone
        _started += 1
    try:
        return _Worker()
    except BaseException:
        _give_back(None)
        raise


def _give_back(worker: _Worker | None) -> None:
    """Return ``worker`` to the idle ones (None: it died or was dropped, its place is free)."""
    global _started
    with _workers:
        if worker is None:
            _started -= 1
        else:
            _idle.append(worker)
        _workers.notify_all()


def _in_worker(here: Callable[[Job], Loaded], job: Job, limit: float) -> Loaded | int:
    """``job`` loaded by a worker within ``limit`` CPU seconds, or the worker's exit status if it was
    stopped (-SIGXCPU: its CPU bound; -SIGKILL: say the kernel's out-of-memory killer)."""
    worker = _take()
    answer: tuple[str, Any] | None = None
    try:
        worker.to.send((here, job, limit, os.getcwd()))  # a relative path is the caller's
        answer = worker.back.recv()  # end-of-file: the worker ended
    except (EOFError, OSError):
        pass
    finally:
        if answer is None:
            worker.close()
            log.warning("%s: the loading worker stopped (exit %s)", job.path, worker.process.returncode)
            _give_back(None)
        else:
            _give_back(worker)
    if answer is None:
        return worker.process.returncode
    kind, value = answer
    if kind == "raised":  # the same exception a load here would have raised: the batch's node meets it
        raise value
    return value  # type: ignore[no-any-return]


def serve(fd_in: int, fd_out: int) -> None:
    """A worker's loop: a document at a time, each within its CPU bound; end-of-file: its parent is gone."""
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)  # past the bound the kernel ends the worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # ... without a core file
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    threading.Thread(target=_orphaned, args=(os.getppid(),), name="parent-watch", daemon=True).start()
    jobs, answers = Connection(fd_in, writable=False), Connection(fd_out, readable=False)
    while True:
        try:
            here, job, limit, cwd = jobs.recv()
        except (EOFError, OSError):
            return
        with contextlib.suppress(OSError):  # the caller's now, not the one the worker started in
            os.chdir(cwd)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        # RLIMIT_CPU counts the process's whole CPU time in seconds: this document's bound is set
        # from what the worker has used so far (the soft limit may go up again; the hard one stays).
        soft = int(usage.ru_utime + usage.ru_stime + limit) + 1
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
        answer: tuple[str, Any]
        try:
            answer = ("loaded", here(job))
        except Exception as exc:  # handed to the caller, who raises it
            answer = ("raised", _picklable(exc))
        try:
            answers.send(answer)
        except OSError:
            return


def _orphaned(parent: int) -> None:
    """End the worker within a second of its parent's end, even mid-document: the pipe's end-of-file
    is read only between documents, and a page may take its whole CPU bound (review s39 r4 R4-16).
    Not PR_SET_PDEATHSIG: that follows the parent's thread that started the worker, and a run's thread
    ends while the process, and its workers, live on."""
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _picklable(exc: Exception) -> Exception:
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # any failure to round-trip
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc


def _forget() -> None:
    """In a forked child: the parent's workers are the parent's (their pipes shared), never used here."""
    global _workers, _idle, _started, _waiting
    _workers, _idle, _started, _waiting = threading.Condition(), [], 0, deque()


os.register_at_fork(after_in_child=_forget)


def shutdown() -> None:
    """Stop the idle workers (tests, and a process that will not load again)."""
    global _started
    with _workers:
        idle = list(_idle)
        _idle.clear()
        _started -= len(idle)
        _workers.notify_all()
    for worker in idle:
        worker.close()
