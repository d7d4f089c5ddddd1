"""How a job stops on the command line, and the one line that says what it kept: Ctrl-C or SIGTERM
inside ``kassist ingest``, ``kassist runs resume`` and ``kassist demo`` stops the run where its
committed batches stay (:func:`ctrl_c`, :func:`sigterm_as_interrupt`), then names the command that
finishes it (:class:`JobStage`, in the shell's words: :func:`run_command`), exit 130 (143)."""

from __future__ import annotations

import os
import shlex
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NoReturn

import typer
from rich.console import Console

from cli.kit import ExitCode
from cli.output import err_console, whole_line
from kassist.dburl import ENV_VAR, redact


def run_command(verb: str, run_id: str, tenant: str, database_url: str | None, *more: str) -> str:
    """``kassist runs VERB RUN --tenant T [MORE] [--database-url U]`` as a shell reads it, for a line
    that tells the user what to run next. The database is named when it was named on the command line
    (``database_url``): without it the printed command opened the default database and answered
    "does not exist" or "no ingestion run" (n2 s37). The environment's URL is left to the
    environment (the same shell has it); a password is never printed (``***``: put yours back)."""
    words = ["kassist", "runs", verb, shlex.quote(run_id), "--tenant", shlex.quote(tenant), *more]
    if database_url is not None and database_url != os.environ.get(ENV_VAR):
        words += ["--database-url", shlex.quote(redact(database_url))]
    return " ".join(words)


@dataclass
class JobStage:
    """How far a job's run had got when Ctrl-C came: what the one line after it may promise.
    ``kassist runs resume`` answers "no ingestion run" for a run not yet registered, and a run that
    had stopped (completed, paused, waiting for review) has nothing left to finish."""

    run_id: str
    tenant: str
    stored: bool = False  # registered: kassist runs resume finds it
    stopped: bool = False  # its graph run returned: nothing is left to finish
    database_url: str | None = None  # --database-url as given (None: the environment's or the default)
    resume_words: tuple[str, ...] = ()  # the job's own options the resume must repeat (--reports-dir)
    exporting: str | None = None  # the folder the job is writing the report's files into right now

    def command(self, verb: str, *more: str) -> str:
        """``kassist runs <verb>`` of this run, where it is (``database_url``); those that carry the
        run on repeat the job's own options (``resume_words``: its ``--reports-dir``, or the report
        files it was asked for are never written: h22 s38 H22-15, H22-16)."""
        if verb in ("resume", "approve", "reject"):
            more = (*more, *(shlex.quote(word) for word in self.resume_words))
        return run_command(verb, self.run_id, self.tenant, self.database_url, *more)

    @property
    def resume(self) -> str:
        return self.command("resume")

    def after_ctrl_c(self) -> str:
        if self.stopped and self.exporting is not None:
            # Stopped while the files were written: some may be missing (h27 s40 H27-3).
            write = self.command("report", "--out", shlex.quote(self.exporting))
            return (
                f"the run had stopped, but its report's files in {self.exporting} may be incomplete: write "
                f"them with {write}; {self.command('show')} says how the run ended"
            )
        if self.stopped:
            return f"the run had stopped; {self.command('show')} says how"
        if self.stored:
            return f"the run keeps every batch it committed; finish it with: {self.resume}"
        return "the run had not started (not registered yet); run the command again"


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``, ``docker stop``) inside :func:`ctrl_c`, raised where Ctrl-C's
    KeyboardInterrupt is: the job stops the same way (the batches it committed stay, its lease is
    let go) and says the same line. Python's default for SIGTERM ended the process without a word
    (exit 143): the user was not told how to finish the run (n s36 N3)."""


def interrupted(console: Console, hint: str, *, terminated: bool = False) -> NoReturn:
    """After Ctrl-C: ``interrupted (Ctrl-C): <hint>`` as one whole line, then exit 130 (click's
    own answer was "Aborted!" and exit 1, or the prompt back without a word); after SIGTERM
    (``terminated``): ``interrupted (SIGTERM): <hint>``, exit 143."""
    if terminated:
        whole_line(console, f"interrupted (SIGTERM): {hint}")
        raise typer.Exit(int(ExitCode.TERMINATED))
    whole_line(console, f"interrupted (Ctrl-C): {hint}")
    raise typer.Exit(int(ExitCode.INTERRUPTED))


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` inside the block (in the main thread, where Python runs
    signal handlers; a SIGTERM the process was started ignoring stays ignored). A second SIGTERM
    ends the process at once, as ``kill`` twice expects: the committed batches are safe either way."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    if previous is None:  # a handler set outside Python: none here sets one; restored as the default
        previous = signal.SIG_DFL
    if previous == signal.SIG_IGN:
        yield
        return
    fired = False

    def stop(signum: int, frame: object) -> None:
        nonlocal fired
        fired = True
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise Terminated

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        if not fired:  # fired: the default stays, for the second SIGTERM
            signal.signal(signal.SIGTERM, previous)


@contextmanager
def ctrl_c(stage: JobStage) -> Iterator[None]:
    """Ctrl-C (or SIGTERM) inside: the line :meth:`JobStage.after_ctrl_c` words, on stderr, and exit
    130 (143)."""
    try:
        with sigterm_as_interrupt():
            yield
    except KeyboardInterrupt as exc:
        interrupted(err_console(), stage.after_ctrl_c(), terminated=isinstance(exc, Terminated))
