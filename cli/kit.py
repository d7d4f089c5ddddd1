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
143   TERMINATED   SIGTERM (128 + 15: ``kill``, ``timeout``, ``docker stop``); the same line
====  ===========  ==========================================================================
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.markup import escape

from cli.output import (
    EXCERPT_CHARS,
    console,
    err_console,
    excerpt,
    one_line,
    out_console,
    path_line,
    print_path,
    print_records,
    print_table,
    progress,
    row,
    shown,
    table,
    whole_line,
)
from kassist.dburl import ENV_VAR, UnsupportedDatabaseURL, database_url_from_env, parse_database_url

# The printing half of the kit (cli/output.py), re-exported: every command calls it kit.X.
__all__ = [
    "EXCERPT_CHARS",
    "console",
    "err_console",
    "excerpt",
    "one_line",
    "out_console",
    "path_line",
    "print_path",
    "print_records",
    "print_table",
    "progress",
    "row",
    "shown",
    "table",
    "whole_line",
]

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
    TERMINATED = 143  # SIGTERM (128 + 15): the same line as Ctrl-C's


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
ROWS_MAX = 2**63 - 1
"""The top of every count of rows an option passes to a statement (--offset, --limit): a 64-bit
integer, what SQLite and PostgreSQL count in; past it the driver's OverflowError was "a bug in
kassist" (h24 s39 H24-3): click's range check names the option and the range, exit 2."""
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


def fail(message: str, code: ExitCode | int = ExitCode.FAILED) -> NoReturn:
    """One line on stderr (``error: ...``), then exit with ``code``; never a traceback."""
    err_console().print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(int(code))


def check_output_folder(option: str, folder: Path) -> None:
    """Refuse, before any work, a folder of files to write that cannot be one - it, or a folder above
    it, is a file - in one usage line naming the option; a missing folder is made when written. Else
    the command ran (a whole ingest) and then failed on the OS's bare ``File exists`` / ``Not a
    directory``."""
    taken = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
    if taken is not None:
        fail(
            f"{option} {folder}: {taken} is a file; give a folder (it is created if missing)", ExitCode.USAGE
        )


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
    must_exist: bool | None = None,
) -> Iterator[tuple[R, str]]:
    """What a command on a tenant's data does first: ``--tenant`` checked (exit 2), the database
    URL chosen (``read_only`` commands never create a SQLite file, nor do those ``must_exist``
    names: a command that only removes or changes what is there), ``opener(url)`` entered and left;
    ``errors`` met opening it or inside the block are one ``error:`` line (exit 1). Yields the
    opened resource and the checked tenant."""
    tenant = check_tenant(tenant)
    with opened(
        opener, url, read_only=read_only, errors=errors, explain=explain, must_exist=must_exist
    ) as resource:
        yield resource, tenant


@contextmanager
def opened(
    opener: Callable[[str], AbstractContextManager[R]],
    url: str | None,
    *,
    read_only: bool,
    errors: tuple[type[BaseException], ...],
    explain: Callable[[BaseException], str] = str,
    must_exist: bool | None = None,
) -> Iterator[R]:
    """The one way a command opens what it works on (an index, a manager, a saver, a key store):
    the database URL chosen (``read_only`` commands never create a SQLite file; ``must_exist``,
    default ``read_only``: nor a command that only removes or changes - memory forget on a missing
    database made one and said "forgot 0", h24 s39 H24-13), ``opener(url)`` entered and left;
    ``errors`` met opening it or inside the block are one ``error:`` line (exit 1)."""
    chosen = database_url(url, must_exist=read_only if must_exist is None else must_exist)
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
    try:
        # The default's folder is checked here too (a link, another user's): its refusal is one
        # line, not "unexpected UnsafeDefaultDatabase ... a bug in kassist" (session 29).
        url = given or database_url_from_env()
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
    if must_exist and parsed.sqlite_path is not None:
        _check_kassists(parsed.sqlite_path)
    return url


def _check_kassists(path: Path) -> None:
    """Refuse a SQLite file that holds tables and none of kassist's (all named ``kassist_...``):
    another application's database, named by a mistyped URL. A command that only reads set its
    schema up there (78 tables and indexes added to it by ``memory list``, session 29). A file this
    look cannot read (its folder read-only in WAL mode, damage) is left to the command's own open,
    which words those errors."""
    import sqlite3

    from kassist.db.connect_sqlite import read_only, table_names

    try:
        conn = read_only(path)
        try:
            tables = table_names(conn)
        finally:
            conn.close()
    except sqlite3.Error:
        return
    if tables and not any(name.startswith("kassist_") for name in tables):
        held = ", ".join(sorted(tables)[:3]) + (", ..." if len(tables) > 3 else "")
        fail(
            f"{path} is a SQLite database without kassist's tables (it holds {held}); a command that "
            f"only reads changes nothing there: check the path in the URL or {ENV_VAR}"
        )


def _checked_id(
    value: str | None, field: str, option: str, what: str, *, empty_ok: bool = False
) -> str | None:
    """An id option (a typer callback: checked before the command runs): one every backend stores,
    else exit 2 naming the option - an empty one dropped a filter or reached LangGraph's "thread_id
    is missing ... (a bug in kassist)" (h22 s38 H22-4, H22-8), a long one the saver's InvalidId as
    "a bug in kassist" (h24 s39 H24-4)."""
    from checkpointer.errors import InvalidId
    from checkpointer.tenant import check_id

    if value is None or (value == "" and empty_ok):
        return value
    if not value.strip():
        fail(f"{option} is empty: give {what}, or leave {option} out", ExitCode.USAGE)
    try:
        check_id(field, value, label=option)
    except InvalidId as exc:
        fail(str(exc), ExitCode.USAGE)
    return value


def utf8_text(text: str, what: str) -> str:
    """``text`` as given, or exit 2 when it holds bytes that were not UTF-8 (a Latin-1 terminal or
    file: Python reads them as lone surrogates, which no database or file takes): one line naming
    ``what`` and the fix, for an argument, a chat line or a value piped in (h24 s39 H24-15: the
    codec's or the tokenizer's own words, "a bug in kassist")."""
    from kassist.text import has_lone_surrogate

    if not has_lone_surrogate(text):
        return text
    try:  # the bytes that were not UTF-8, as \xff
        shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # half of a UTF-16 pair (a library caller's args), as \ud800
        shown = text.encode("utf-8", "backslashreplace").decode("utf-8")
    fail(
        f"{what} {excerpt(shown, limit=60)!r} is not UTF-8 text; give it in UTF-8 (check the terminal's "
        "encoding: LANG / LC_ALL, e.g. C.UTF-8)",
        ExitCode.USAGE,
    )


def check_thread(value: str | None) -> str | None:
    """``--thread``: a thread id (:func:`_checked_id`)."""
    return _checked_id(value, "thread_id", "--thread", "a thread's id")


def check_checkpoint(value: str | None) -> str | None:
    """``--checkpoint``: a checkpoint id (:func:`_checked_id`)."""
    return _checked_id(value, "checkpoint_id", "--checkpoint", "a checkpoint's id")


def check_namespace(value: str | None) -> str | None:
    """``--ns``: a checkpoint namespace, '' the root graph's (:func:`_checked_id`; review s39 R4-15)."""
    return _checked_id(
        value, "checkpoint_ns", "--ns", "a subgraph's namespace", empty_ok=True
    )  # '' the root's


def check_user(value: str) -> str:
    """``--user`` (a typer callback): a user id the memory stores (``*``: the tenant's defaults,
    where a command takes it), else exit 2 naming the option (h22 s38 H22-4, H22-8)."""
    from kassist.names import check_identifier
    from memory.manager.models import MAX_USER_ID_LENGTH

    if not value.strip():
        fail("--user is empty: give the user to act for (e.g. --user alice)", ExitCode.USAGE)
    try:
        check_identifier(value, "--user", MAX_USER_ID_LENGTH)
    except ValueError as exc:
        fail(str(exc), ExitCode.USAGE)
    return value


def check_tenant(value: str) -> str:
    """``--tenant`` validated before anything is opened (exit 2 with the rule it breaks)."""
    from kassist.tenancy import TenantRequired, validate_tenant_id

    try:
        return validate_tenant_id(value)
    except (ValueError, TenantRequired) as exc:
        fail(f"--tenant: {exc}", ExitCode.USAGE)
