"""The ``kassist`` command line: one root group whose sub-commands load only when they run.

Adding a command (the whole pattern)
------------------------------------
Put the command in its own module of this package, ``cli/`` (a ``typer.Typer()`` sub-app, or a
plain function with typer annotations; components never import ``cli/``), and add ONE line to
:data:`COMMANDS` below::

    "threads": ("cli.threads:app", "Threads of the assistant graph: list, show, replay."),

The key is the command name, then ``"module:attribute"``, then the one-line help that
``kassist --help`` shows. ``kassist --help`` lists every entry from this table without importing
any of the modules (so it answers in a fraction of a second); ``kassist <name> ...`` imports only
``module``. Keep module-level imports of your command module light too (import langgraph, the
checkpointer or an index inside the command function that needs it): ``kassist <name> --help``
imports your module.

Shared options (``--tenant``, ``--database-url``, ``--json``, ``--full``), the exit codes and the
error line live in :mod:`cli.kit`; docs/cli.md documents them in one table. A command takes
``--database-url``, ``--json`` and ``--full`` as one value, ``opts: kit.Common = kit.COMMON`` under
``@kit.common()``, and opens what it works on with ``kit.opened`` (or ``kit.open_for_tenant``).
The last net under every command (an error no command worded) is :mod:`cli.errors`.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

import typer
from typer import _click as click  # typer vendors its click (0.29+): subclass that one
from typer.core import TyperCommand, TyperGroup, TyperOption

from kassist.text import has_lone_surrogate

# name: ("module:attribute", "one-line help")
COMMANDS: dict[str, tuple[str, str]] = {
    "kb": ("cli.kb:app", "Knowledge base: ingest, search, stats, collections, documents."),
    "memory": ("cli.memory:app", "Long-term memory: remember, list, history, forget, review, audit."),
    "checkpoints": ("cli.checkpoints:app", "Checkpoints: list, show, prune (retention), import."),
    "demo": ("cli.demo:demo", "Run a graph, SIGKILL it midway, resume it; nothing runs twice."),
    "demo-corpus": (
        "cli.corpus:demo_corpus",
        "Write a deterministic demo corpus with its ground truth.",
    ),
    "ingest": ("cli.ingest:ingest", "Ingest a folder: load, chunk, embed, index, audit; resumable."),
    "runs": ("cli.runs:app", "Ingestion runs: list, show, resume, approve, reject, cancel."),
    "ask": ("cli.chat:ask", "Ask the knowledge assistant one question on a thread."),
    "chat": ("cli.chat:chat", "Talk with the knowledge assistant on one thread."),
    "context": ("cli.chat:context", "Show the context the assistant would assemble, per tier."),
    "keys": ("cli.keys:app", "API keys: create (shown once), list, revoke."),
}


class _Listed(TyperCommand):
    """What ``kassist --help`` shows for a command it has not loaded: name and one-line help."""


def load_command(name: str, target: str) -> click.Command:
    """Import ``module:attribute`` and turn it into the click command named ``name``."""
    module_name, _, attribute = target.partition(":")
    obj: Any = getattr(importlib.import_module(module_name), attribute)
    if isinstance(obj, typer.Typer):
        command: click.Command = typer.main.get_group(obj)
    elif isinstance(obj, click.Command):
        command = obj
    else:
        holder = typer.Typer(pretty_exceptions_enable=False, add_completion=False)
        holder.command(name)(obj)
        command = typer.main.get_command(holder)
    command.name = name
    _one_value_each(command)
    return command


def given_twice(command: click.Command, ctx: click.Context, args: list[str]) -> str | None:
    """Why ``args`` give one of ``command``'s single-valued options twice with different values, or
    None. click keeps the last one silently: ``memory remember --tenant acme --tenant globex`` wrote
    globex's memory, and a ``checkpoints prune`` would delete another tenant's than the operator read
    first (h10 s32 #5) - where every other door refuses two sources of a tenant that disagree. The
    same value twice is the same command. click's own parser reads ``args`` (every spelling it takes:
    ``--tenant=x``, ``-t x``, ``-tx``), each single-valued option collecting its values in a list."""
    parser = command.make_parser(ctx)  # fresh option objects: changing them changes nothing else
    single: dict[str, TyperOption] = {}
    for option in {*parser._long_opt.values(), *parser._short_opt.values()}:
        param = option.obj
        if (
            isinstance(param, TyperOption)
            and option.action == "store"
            and not (param.multiple or param.count)
            and option.dest is not None
        ):
            option.action = "append"
            single[option.dest] = param
    try:
        values, _, _ = parser.parse_args(list(args))
    except Exception:  # a command line click refuses: its own parse says why
        return None
    for dest, param in single.items():
        given = values.get(dest) or []
        differing = [v for v in given if v != given[0]]
        if differing:
            name = max(param.opts, key=len)
            shown = (
                f"{name} ({', '.join(o for o in param.opts if o != name)})" if len(param.opts) > 1 else name
            )
            return f"{shown} is given twice, as {given[0]!r} and {differing[0]!r}: give it once"
    return None


def _one_value_each(command: click.Command) -> None:
    """Every leaf command of ``command`` refuses :func:`given_twice` before it parses (exit 2)."""
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _one_value_each(sub)
        return
    parse = command.parse_args

    def parse_args(ctx: click.Context, args: list[str]) -> list[str]:
        refused = given_twice(command, ctx, args)
        if refused is not None:
            from cli.kit import ExitCode, fail

            fail(refused, ExitCode.USAGE)
        return parse(ctx, args)

    command.parse_args = parse_args  # type: ignore[method-assign]


class LazyGroup(TyperGroup):
    """A typer group whose commands come from a ``{name: (module:attribute, help)}`` table."""

    lazy_commands: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._listing = False
        self._loaded: dict[str, click.Command] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.lazy_commands, *(n for n in super().list_commands(ctx) if n not in self.lazy_commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = self.lazy_commands.get(cmd_name)
        if entry is None:
            return super().get_command(ctx, cmd_name)
        if self._listing:
            return _Listed(cmd_name, short_help=entry[1], help=entry[1])
        if cmd_name not in self._loaded:
            try:
                self._loaded[cmd_name] = load_command(cmd_name, entry[0])
            except ModuleNotFoundError as exc:
                from cli.errors import fail_if_missing_extra

                fail_if_missing_extra(exc, cmd_name)
                raise
        return self._loaded[cmd_name]

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except (
            click.exceptions.UsageError
        ) as exc:  # typer suggests from loaded commands only: add the table's
            from difflib import get_close_matches

            close = get_close_matches(args[0], self.lazy_commands) if args else []
            if close and "Did you mean" not in exc.message:
                exc.message = f"{exc.message.rstrip('.')}. Did you mean {', '.join(map(repr, close))}?"
            raise

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # The whole command line passes here once (the root group's parse): an argument that was not
        # UTF-8 (a Latin-1 terminal) reaches Python with lone surrogates, which no database or file
        # takes; each command then failed on the codec's own words, naming neither the argument nor
        # the fix. Said once, for every command, before anything runs.
        for arg in args:
            if has_lone_surrogate(arg):
                from cli.kit import utf8_text

                utf8_text(arg, "the argument")
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.exceptions.UsageError as exc:  # the root's own options (`kassist --verbose`)
            from cli.errors import usage_error_line
            from cli.kit import ExitCode, fail

            fail(usage_error_line(exc), ExitCode.USAGE)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._listing = True  # list names and one-line help from the table, import nothing
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `kassist kb` alone: its help, as asked
        except click.exceptions.UsageError as exc:  # a sub-command's options, arguments, values
            from cli.errors import usage_error_line
            from cli.kit import ExitCode, fail

            fail(usage_error_line(exc), ExitCode.USAGE)
        except (typer.Exit, typer.Abort, click.exceptions.ClickException):
            raise  # exits and Ctrl-C: click handles those itself
        except ModuleNotFoundError as exc:  # an extra a command imports only when it runs
            from cli.errors import fail_if_missing_extra

            fail_if_missing_extra(exc, ctx.invoked_subcommand or "")
            raise
        except Exception as exc:
            # The last net under every command: an error no command turned into its own line (a
            # read-only or locked database met half-way, a server gone) is one line, not a
            # traceback of 50-300 lines; KASSIST_DEBUG=1 lets it through for a bug report.
            import os

            from cli.errors import DEBUG_ENV, explain_error
            from cli.kit import fail

            if os.environ.get(DEBUG_ENV):
                raise
            fail(*explain_error(exc))


class KassistGroup(LazyGroup):
    lazy_commands = COMMANDS


app = typer.Typer(
    name="kassist",
    cls=KassistGroup,
    help="Enterprise knowledge assistant on LangGraph: durable, tenant-aware state. "
    "Exit codes: 0 ok, 1 failed, 2 bad command line, 3 partial, 4 refused; "
    "jobs (ingest, runs): 5 needs review, 6 stopped (cancelled or rejected), 7 busy (another "
    "worker runs it), 8 paused (step budget used); 130 interrupted (Ctrl-C; ingest and demo say how "
    "to finish the run), 143 terminated (SIGTERM: the same line). Errors are one line (docs/cli.md).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _print_version(asked: bool) -> None:
    """``kassist --version``: the installed distribution's version, and nothing else runs."""
    if not asked:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        typer.echo(f"kassist {version('kassist')}")
    except PackageNotFoundError:  # a checkout run without installing it (python -m cli)
        typer.echo("kassist (not installed: `make venv` or `pip install -e .` installs it)")
    raise typer.Exit()


@app.callback()
def _root(
    show_version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_print_version, help="Print kassist's version and exit."
    ),
) -> None:
    from cli.errors import warnings_as_lines

    warnings_as_lines()


# Defined here, not in the table: it is cheap (it imports the server only when it runs), and a
# missing "serve" extra is reported by LazyGroup.invoke in one line.
@app.command("serve")
def serve(
    port: int = typer.Option(8001, min=1, max=65535, help="TCP port to listen on"),
    host: str = typer.Option("127.0.0.1", help="interface to bind"),
    database_url: str | None = typer.Option(
        None, help="default: $KASSIST_DATABASE_URL or sqlite:///.kassist/kassist.db"
    ),
    allow_no_keys: bool = typer.Option(
        False, "--allow-no-keys", help="start even with no API keys configured (every request is refused)"
    ),
) -> None:
    """Serve the knowledge assistant, the runs API and the operator console over HTTP (LangServe);
    callers authenticate with an API key (docs/serving.md)."""
    from cli.serve_start import (  # here: every kassist command imports this module
        check_can_listen,
        check_serve_extra,
        serve_banner,
        serve_database_line,
        sqlite_file_exists,
    )

    check_can_listen(host, port)
    import socket
    import sys

    from cli.kit import fail

    # Before anything opens it: a SQLite file that is not there yet is made empty by the app.
    existed = sqlite_file_exists(database_url)
    # A user's mistake (no key, a bad key table, setting or database URL, a database that does not
    # answer) is told before the ~2 s import of the app; a missing "serve" extra still comes first.
    check_serve_extra()
    from server.startup import ConfigError, checked_keys

    try:
        keys = checked_keys(database_url, allow_no_keys)
    except ConfigError as exc:
        fail(str(exc))
    import uvicorn

    from server.langserve_app import app_for

    try:
        served = app_for(database_url, keys)
    except ConfigError as exc:
        fail(str(exc))
    # Which database it serves, first (stderr, before uvicorn's lines): started in another folder,
    # the default URL made an empty .kassist/kassist.db there and the assistant found nothing.
    print(serve_database_line(database_url, existed), file=sys.stderr, flush=True)
    banner = serve_banner(host, port)

    class Announcing(uvicorn.Server):
        """uvicorn's server, printing the banner once it listens (as ``langgraph dev`` does)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started and not self.should_exit:
                print(banner, flush=True)

    Announcing(uvicorn.Config(served, host=host, port=port)).run()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
