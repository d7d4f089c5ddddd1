"""What every ``kassist`` sub-command shares: options, exit codes, error lines, tables, progress.

Kept light on purpose (typer, rich and the URL rules only): ``kassist --help`` imports this module
and nothing of langgraph. One convention for all commands (docs/cli.md has the table):

====  ===========  ==========================================================================
code  name         meaning
====  ===========  ==========================================================================
0     OK           done
1     FAILED       the command ran and could not do its job (database missing or unreachable,
                   not found, a refused import, data the component rejects)
2     USAGE        the command line is wrong (unknown or missing option, a value that cannot
                   be read: a duration, JSON, a date, an enum); click's own convention
3     PARTIAL      finished, but some items failed (e.g. files that could not be indexed)
4     REFUSED      a write the poisoning rules rejected or quarantined (the decision is printed)
130   INTERRUPTED  Ctrl-C (128 + SIGINT); ``kassist ingest`` and ``kassist demo`` say in one line
                   what the run kept and how to finish it
====  ===========  ==========================================================================
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from kassist.dburl import ENV_VAR, UnsupportedDatabaseURL, database_url_from_env, parse_database_url
from kassist.text import hidden

R = TypeVar("R")
P = ParamSpec("P")


class ExitCode(IntEnum):
    OK = 0
    FAILED = 1
    USAGE = 2
    PARTIAL = 3
    REFUSED = 4
    # The states a long-running job can stop in (kassist ingest, kassist runs ...):
    NEEDS_REVIEW = 5
    STOPPED = 6  # cancelled or rejected
    BUSY = 7  # another worker runs it
    PAUSED = 8  # its step budget (--max-steps) is used; resume continues it
    INTERRUPTED = 130  # Ctrl-C (128 + SIGINT, what a shell reports); a job says how to finish its run


# ---- the shared options ---------------------------------------------------------------------------

TenantOption = Annotated[
    str, typer.Option("--tenant", "-t", help="Tenant id (required: there is no default tenant).")
]
DatabaseUrlOption = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        envvar=ENV_VAR,
        show_envvar=True,
        show_default=False,
        help="sqlite:///relative.db, sqlite:////absolute.db or postgresql://...; "
        "default: sqlite:///.kassist/kassist.db",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
FullOption = Annotated[
    bool,
    typer.Option(
        "--full",
        help="Print every value whole, one field a line, instead of a table that shortens values "
        "to fit the terminal.",
    ),
]


@dataclass(frozen=True)
class Common:
    """``--database-url``, ``--json`` and ``--full`` as one value: a command declares ``opts: Common``
    once (see :func:`common`) instead of the same three options in every signature."""

    database_url: str | None = None
    as_json: bool = False
    full: bool = False


COMMON = Common()
_COMMON_OPTIONS = {"database_url": DatabaseUrlOption, "as_json": JsonOption, "full": FullOption}


def common(*, json: bool = True, full: bool = True) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A command whose last parameter is ``opts: Common = COMMON``: typer sees ``--database-url``,
    ``--json`` and ``--full`` in its place (the last options, as in every command's help), and the
    command gets their values as one :class:`Common`. ``json``/``full`` false: a command without
    that option (or with its own wording of it, declared in its signature)."""
    names = ["database_url", *(["as_json"] if json else []), *(["full"] if full else [])]

    def decorate(func: Callable[P, R]) -> Callable[P, R]:
        # Annotations evaluated now (typer would read the strings without their Annotated options).
        signature = inspect.signature(func, eval_str=True)
        kept = [p for p in signature.parameters.values() if p.name != "opts"]
        added = [
            inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=_COMMON_OPTIONS[n],
                              default=getattr(COMMON, n))
            for n in names
        ]  # fmt: skip

        @functools.wraps(func)
        def command(*args: P.args, **kwargs: P.kwargs) -> R:
            if "opts" not in kwargs:  # called by typer: the three options by name
                values: dict[str, Any] = {n: kwargs.pop(n) for n in names}
                kwargs["opts"] = Common(**values)
            return func(*args, **kwargs)

        command.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in (*kept, *added)}
        return command

    return decorate


# ---- errors ---------------------------------------------------------------------------------------


def err_console() -> Console:
    return Console(stderr=True)


def out_console() -> Console:
    # Created per call so that COLUMNS and a redirected stdout at call time are honoured.
    return Console()


def fail(message: str, code: ExitCode | int = ExitCode.FAILED) -> NoReturn:
    """One line on stderr (``error: ...``), then exit with ``code``; never a traceback."""
    err_console().print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(int(code))


@contextmanager
def errors_as_lines(
    errors: tuple[type[BaseException], ...],
    explain: Callable[[BaseException], str] = str,
    code: ExitCode = ExitCode.FAILED,
) -> Iterator[None]:
    """The one shape for "these errors are the user's to fix": any of ``errors`` raised in the
    block becomes one ``error:`` line (``explain`` words it) and exit ``code``; anything else
    (and a command's own ``typer.Exit``) passes on."""
    try:
        yield
    except errors as exc:
        fail(explain(exc), code)


@contextmanager
def open_for_tenant(
    opener: Callable[[str], AbstractContextManager[R]],
    url: str | None,
    tenant: str,
    *,
    read_only: bool,
    errors: tuple[type[BaseException], ...],
    explain: Callable[[BaseException], str] = str,
) -> Iterator[tuple[R, str]]:
    """What a command on a tenant's data does first: ``--tenant`` checked (exit 2), the database
    URL chosen (``read_only`` commands never create a SQLite file), ``opener(url)`` entered and
    left; ``errors`` met opening it or inside the block are one ``error:`` line (exit 1).
    Yields the opened resource and the checked tenant."""
    tenant = check_tenant(tenant)
    with opened(opener, url, read_only=read_only, errors=errors, explain=explain) as resource:
        yield resource, tenant


@contextmanager
def opened(
    opener: Callable[[str], AbstractContextManager[R]],
    url: str | None,
    *,
    read_only: bool,
    errors: tuple[type[BaseException], ...],
    explain: Callable[[BaseException], str] = str,
) -> Iterator[R]:
    """The one way a command opens what it works on (an index, a manager, a saver, a key store):
    the database URL chosen (``read_only`` commands never create a SQLite file), ``opener(url)``
    entered and left; ``errors`` met opening it or inside the block are one ``error:`` line (exit 1)."""
    chosen = database_url(url, must_exist=read_only)
    with errors_as_lines(errors, explain), opener(chosen) as resource:
        yield resource


def confirm_deletion(what: str, *, yes: bool, type_to_confirm: str | None = None) -> None:
    """Ask on the terminal before deleting ``what``, as ``gh`` does (``type_to_confirm``: the name
    to type back); without a terminal ``--yes`` is needed. Refusing exits without deleting."""
    if yes:
        return
    if not sys.stdin.isatty():
        fail(
            f"refusing to delete {what} without --yes: there is no terminal to confirm on "
            "(--dry-run shows what would go)",
            ExitCode.USAGE,
        )
    if type_to_confirm is not None:
        typed = typer.prompt(f"This deletes {what}. Type {type_to_confirm} to confirm", default="")
        agreed = typed.strip() == type_to_confirm
    else:
        agreed = typer.confirm(f"Delete {what}?", default=False)
    if not agreed:
        fail("not confirmed; nothing was deleted")


# ---- database URLs --------------------------------------------------------------------------------


def database_url(given: str | None, *, must_exist: bool) -> str:
    """The URL a command works on (``given``, else ``$KASSIST_DATABASE_URL``, else the default).

    ``must_exist`` is for commands that only read: a SQLite file that is not there is an error
    naming the path (a mistyped path must not answer "no results" from a new empty database), and
    nothing is created. A bad URL fails with the accepted forms named.
    """
    url = given or database_url_from_env()
    try:
        parsed = parse_database_url(url)
    except UnsupportedDatabaseURL as exc:
        fail(str(exc))
    if parsed.sqlite_path is not None and parsed.sqlite_path.is_dir():
        fail(
            f"the SQLite path {parsed.sqlite_path} is a directory; name a file in it, e.g. "
            f"sqlite:///{parsed.sqlite_path / 'kassist.db'}"
        )
    if must_exist and parsed.sqlite_path is not None and not parsed.sqlite_path.is_file():
        path = parsed.sqlite_path
        where = "" if path.is_absolute() else f" (relative to {Path.cwd()})"
        fail(
            f"the SQLite database {path}{where} does not exist; check the path in the URL "
            f"(three slashes for a relative path, four for an absolute one) or {ENV_VAR}. "
            "Read-only commands never create a database"
        )
    return url


# ---- readable output ------------------------------------------------------------------------------

EXCERPT_CHARS = 120


def excerpt(text: str, full: bool = False, limit: int = EXCERPT_CHARS) -> str:
    """``text`` on one line, shortened at a word boundary to about ``limit`` characters (with an
    ellipsis) unless ``full``."""
    flat = " ".join(text.split())
    if full or len(flat) <= limit:
        return flat
    return textwrap.shorten(flat, width=limit, placeholder=" …")


def table(
    title: str | None, columns: Sequence[str], *, no_wrap: Iterable[str] = (), wide: Iterable[str] = ()
) -> Table:
    """A table that fits the terminal (80 columns when output is not a terminal).

    ``no_wrap`` columns (short values: ids, dates, enums) keep their width; ``wide`` columns (long
    text) take the room that is left. Text wraps between words; only a word longer than its whole
    column (an id, a URL) is folded.
    """
    keep, flex = set(no_wrap), set(wide)
    t = Table(title=title, title_justify="left", expand=False)
    for name in columns:
        if name in flex:
            t.add_column(name, overflow="fold", ratio=1, min_width=14)
        else:
            t.add_column(name, overflow="fold", no_wrap=name in keep)
    return t


def shown(text: str) -> str:
    """``text`` with every control or format character but newline and tab spelt out (``\\x1b``,
    ``\\u202e``): stored names (a synced file's, a document's title) reach the terminal as text,
    never as escape sequences that clear it, retitle it or reorder what it shows."""
    if text.isprintable():
        return text
    return "".join(
        ch
        if ch in "\n\t" or not hidden(ch)
        else (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        for ch in text
    )


def _shown_cell(cell: Text) -> Text:
    if shown(cell.plain) == cell.plain:  # printable text returns at once
        return cell
    return Text(shown(cell.plain))  # a hostile value: its text matters, not its styling


def row(*cells: Any) -> list[Text]:
    """Cells as plain text: stored data is never read as rich markup, nor as terminal control."""
    return [
        _shown_cell(c) if isinstance(c, Text) else Text(shown("-" if c is None else str(c))) for c in cells
    ]


@dataclass
class JobStage:
    """How far a job's run had got when Ctrl-C came: what the one line after it may promise.
    ``kassist runs resume`` answers "no ingestion run" for a run not yet registered, and a run that
    had stopped (completed, paused, waiting for review) has nothing left to finish."""

    run_id: str
    tenant: str
    stored: bool = False  # registered: kassist runs resume finds it
    stopped: bool = False  # its graph run returned: nothing is left to finish

    @property
    def resume(self) -> str:
        return f"kassist runs resume {self.run_id} --tenant {self.tenant}"

    def after_ctrl_c(self) -> str:
        if self.stopped:
            return f"the run had stopped; kassist runs show {self.run_id} --tenant {self.tenant} says how"
        if self.stored:
            return f"the run keeps every batch it committed; finish it with: {self.resume}"
        return "the run had not started (not registered yet); run the command again"


def interrupted(console: Console, hint: str) -> NoReturn:
    """After Ctrl-C: ``interrupted (Ctrl-C): <hint>`` as one whole line, then exit 130 (click's
    own answer was "Aborted!" and exit 1, or the prompt back without a word)."""
    whole_line(console, f"interrupted (Ctrl-C): {hint}")
    raise typer.Exit(int(ExitCode.INTERRUPTED))


@contextmanager
def ctrl_c(stage: JobStage) -> Iterator[None]:
    """Ctrl-C inside: the line :meth:`JobStage.after_ctrl_c` words, on stderr, and exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        interrupted(err_console(), stage.after_ctrl_c())


def whole_line(console: Console, text: str) -> None:
    """``text`` printed as it is: never wrapped, folded or cut by rich, whatever the width (a
    terminal of 40 columns or a pipe); the terminal may wrap it on screen, a copy gets it whole."""
    console.print(Text(shown(text)), soft_wrap=True, crop=False, overflow="ignore", highlight=False)


def print_path(console: Console, label: str, path: str | Path) -> None:
    """A path a user may copy: ``label:`` on one line, the whole path alone on the next."""
    whole_line(console, f"{label}:")
    whole_line(console, str(path))


def print_table(console: Console, t: Table) -> None:
    """``t``, and when the terminal is narrower than its values, a line saying ``--full`` shows
    them whole (rich wraps, folds or shortens cells to fit)."""
    console.print(t)
    if console.measure(t, options=console.options.update_width(1 << 16)).maximum > console.width:
        console.print(
            "[dim](cut to fit: --full prints every value whole)[/]", highlight=False, soft_wrap=True
        )


def print_records(console: Console, title: str | None, records: Iterable[Mapping[str, Any]]) -> None:
    """``--full``'s shape for every command: each record as ``field: value`` lines, every value
    whole (nothing shortened, folded or cut), records apart by a blank line."""
    if title:
        whole_line(console, title)
    for i, record in enumerate(records):
        if i or title:
            console.print()
        for name, value in record.items():
            whole_line(console, f"{name}: {'-' if value is None else value}")


@contextmanager
def progress(description: str, total: int | None, *, enabled: bool = True) -> Iterator[Any]:
    """A rich progress bar on stderr (stdout stays clean for --json); ``advance()`` per item.

    Disabled (a no-op) when ``enabled`` is false or stderr is not a terminal and
    ``KASSIST_PROGRESS`` is not set: logs and pipes get no control codes.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    show = enabled and (sys.stderr.isatty() or bool(os.environ.get("KASSIST_PROGRESS")))
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        disable=not show,
        transient=False,
    )
    with bar:
        task = bar.add_task(description, total=total)

        class _Advance:
            def advance(self, n: int = 1) -> None:
                bar.advance(task, n)

            def total(self, value: int) -> None:
                bar.update(task, total=value)

            def describe(self, text: str) -> None:
                bar.update(task, description=text)

        yield _Advance()


def check_tenant(value: str) -> str:
    """``--tenant`` validated before anything is opened (exit 2 with the rule it breaks)."""
    from kassist.tenancy import TenantRequired, validate_tenant_id

    try:
        return validate_tenant_id(value)
    except (ValueError, TenantRequired) as exc:
        fail(f"--tenant: {exc}", ExitCode.USAGE)
