"""The last net under every ``kassist`` command (cli/main.py): an exception no command turned
into its own ``error:`` line is worded here, by class name and module (so neither psycopg nor
sqlite3 is imported: ``kassist --help`` stays light); kassist's own warnings become ``warning:``
lines; a missing optional extra is named with the ``pip install`` that adds it."""

from __future__ import annotations

import logging
import sys

from cli.kit import ExitCode, fail

# Top-level modules of optional extras: a command that needs one says which extra to install.
EXTRA_OF_MODULE = {
    "fastapi": "serve",
    "langserve": "serve",
    "uvicorn": "serve",
    "sse_starlette": "serve",
    "langgraph_api": "serve",
    "langgraph_cli": "serve",
}


DEBUG_ENV = "KASSIST_DEBUG"  # set: an error escapes with its traceback (for a bug report)


def one_line(text: str) -> str:
    """``text`` on one line (a driver's message can span several: libpq adds a hint line)."""
    return " ".join(str(text).split())


_UNREACHABLE = frozenset(
    {
        "APIConnectionError",
        "APITimeoutError",
        "ConnectError",
        "ConnectTimeout",
        "ReadTimeout",
        "RemoteProtocolError",
    }
)


def explain_error(exc: BaseException) -> tuple[str, ExitCode]:
    """The ``error:`` line and exit code for an exception no command turned into one itself.

    Operational errors (a database unreachable, read-only, damaged or locked; a file that cannot
    be read) are the user's to fix and are named as such; anything else is a bug in kassist, said
    in one line with the way to get its traceback. Classes are told by name and module, so this
    module loads neither psycopg nor sqlite3 (``kassist --help`` stays light).
    """
    from kassist.db.migrate import SchemaTooNew
    from kassist.dburl import DatabaseUnavailable

    message = one_line(str(exc)) or type(exc).__name__
    module = type(exc).__module__.split(".")[0]
    names = {cls.__name__ for cls in type(exc).__mro__}
    # kassist's own errors already name the place and the fix. A database a newer kassist migrated
    # (kassist.db.migrate.SchemaTooNew: an older checkout, a downgrade) says "upgrade kassist"; it
    # was worded "unexpected SchemaTooNew ... (a bug in kassist ...)".
    if isinstance(exc, (DatabaseUnavailable, SchemaTooNew)):
        return message, ExitCode.FAILED
    if module == "sqlite3":
        if "locked" in message or "busy" in message:
            return (
                f"the SQLite database stayed locked by another process ({message}); wait for the "
                "other writer (another kassist command, a server or a worker on the same file) to "
                "finish and retry",
                ExitCode.FAILED,
            )
        return f"the SQLite database failed: {message}", ExitCode.FAILED
    if module in ("psycopg", "psycopg_pool") and names & {"OperationalError", "PoolTimeout"}:
        state = getattr(exc, "sqlstate", None)
        if state is None or str(state).startswith("08"):
            return (
                f"PostgreSQL did not answer: {message}; check that the server is running and "
                "reachable and that KASSIST_DATABASE_URL (or --database-url) is right",
                ExitCode.FAILED,
            )
        # The server stopped the statement itself: a statement_timeout, a lock timeout, an
        # administrator's cancel, a resource limit. Its own words say which.
        return (
            f"PostgreSQL stopped the operation (SQLSTATE {state}): {message}; nothing of it was "
            "kept. Check the server's limits for this database and role (statement_timeout, "
            "lock_timeout) and retry",
            ExitCode.FAILED,
        )
    if module in ("openai", "httpx", "httpcore") and names & _UNREACHABLE:
        # An embedding or language-model endpoint (KASSIST_*_BASE_URL) that does not answer.
        try:
            request = exc.request  # type: ignore[attr-defined]
            url = request.url  # host and port only: never credentials the URL may carry
            port = f":{url.port}" if url.port else ""
            where = f" at {url.scheme}://{url.host}{port}{url.path}"
        except Exception:  # (httpx raises when the error carries no request)
            where = ""
        return (
            f"a remote service{where} did not answer ({type(exc).__name__}: {message}); check its URL and "
            "key in the environment (docs/assistant.md, docs/knowledge-base.md) and that it is running",
            ExitCode.FAILED,
        )
    if isinstance(exc, OSError) and exc.strerror:
        where = f": {exc.filename}" if exc.filename else ""
        return f"{exc.strerror}{where}", ExitCode.FAILED
    return (
        f"unexpected {type(exc).__name__}: {message} (a bug in kassist; run again with "
        f"{DEBUG_ENV}=1 to see the traceback, and report it)",
        ExitCode.FAILED,
    )


class _WarningLine(logging.Handler):
    """``warning: ...`` on whatever stderr is at the time (a test runner swaps it per call)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(f"warning: {one_line(record.getMessage())}\n")
        except Exception:
            self.handleError(record)


def warnings_as_lines() -> None:
    """kassist's own warnings (a PostgreSQL outage: kassist.db.pool_logging) as ``warning:`` lines
    on stderr, once per command run; the libraries' per-attempt chatter stays at DEBUG."""
    root = logging.getLogger("kassist")
    if not any(isinstance(h, _WarningLine) for h in root.handlers):
        root.addHandler(_WarningLine(logging.WARNING))


def missing_extra_message(exc: ModuleNotFoundError, command: str) -> str | None:
    """The one-line advice for a command whose optional extra is not installed, or None."""
    top = (exc.name or "").split(".")[0]
    extra = EXTRA_OF_MODULE.get(top)
    if extra is None:
        return None
    return (
        f"`kassist {command}` needs the {extra!r} extra ({top} is not installed): "
        f'pip install "kassist[{extra}]"'
    )


def usage_error_line(exc: Exception) -> str:
    """A command line click refused (an unknown option or command, a missing argument, a bad
    value), as one line saying what to do: typer drew it as a usage line, a hint line and a
    boxed message, five lines or more that a newcomer's terminal wraps."""
    message = one_line(getattr(exc, "message", "") or str(exc))
    possibilities = sorted(getattr(exc, "possibilities", None) or [])
    if possibilities:  # an unknown option with close ones: "did you mean", as for commands
        message = f"{message.rstrip('.')}; did you mean {' or '.join(possibilities)}?"
    elif hasattr(exc, "format_message"):
        message = one_line(exc.format_message())
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "kassist"
    return f"{message.rstrip('.')} ('{where} --help' lists what it takes)"


def fail_if_missing_extra(exc: ModuleNotFoundError, command: str) -> None:
    """One ``error:`` line naming the extra to install when ``exc`` is an optional extra's module
    missing; otherwise returns (the caller re-raises)."""
    message = missing_extra_message(exc, command)
    if message is not None:
        fail(message)
