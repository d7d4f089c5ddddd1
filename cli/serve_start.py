"""What ``kassist serve`` (cli/main.py) checks and says before and as it starts: the database it
will serve, the address it can listen on, the "serve" extra, and the banner once it listens. Imported
by the serve command alone (``kassist --help`` and the other commands do not load it); each function
imports what it needs when it runs."""

from __future__ import annotations


def sqlite_file_exists(database_url: str | None) -> bool | None:
    """Whether the SQLite file ``kassist serve`` will open exists (None: PostgreSQL, or a URL its
    start-up checks refuse in their own words)."""
    from kassist.dburl import database_url_from_env, parse_database_url

    try:
        path = parse_database_url(database_url or database_url_from_env()).sqlite_path
    except ValueError:
        return None
    return None if path is None else path.exists()


def serve_database_line(database_url: str | None, existed: bool | None) -> str:
    """``database: <where>`` (a SQLite file by its absolute path), saying so when it is new."""
    from kassist.dburl import database_url_from_env, parse_database_url

    parsed = parse_database_url(database_url or database_url_from_env())
    if parsed.sqlite_path is None:
        return f"database: {parsed.describe()}"
    line = f"database: SQLite file {parsed.sqlite_path.resolve()}"
    if existed is False:
        line += (
            " (new: nothing is ingested in it; to serve the data of another folder, start there or "
            "give --database-url / KASSIST_DATABASE_URL)"
        )
    return line


def serve_banner(host: str, port: int) -> str:
    """The lines ``kassist serve`` prints when it listens: where each part of the server is."""
    wildcard = host in ("0.0.0.0", "::", "")
    shown = "127.0.0.1" if wildcard else host
    base = f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"
    where = f" (listening on every interface of this machine, {host or '0.0.0.0'})" if wildcard else ""
    return "\n".join(
        [
            f"kassist serve: ready{where}",
            f"- API:         {base}   (the assistant at /assistant: invoke, batch, stream; send an API key)",
            f"- Console:     {base}/login?next=/ui   (sign in with an API key)",
            f"- Playground:  {base}/assistant/playground/",
            f"- Runs API:    {base}/v1/runs",
            f"- API docs:    {base}/docs",
            "Press Ctrl+C to stop.",
        ]
    )


# The "serve" extra's modules that importing the server needs, in the order `kassist serve` imports
# them (uvicorn, then the app's FastAPI and LangServe): the first one missing is the one named.
# (LangServe imports sse-starlette only when it streams.)
SERVE_MODULES = ("uvicorn", "fastapi", "langserve")


def check_serve_extra() -> None:
    """The ModuleNotFoundError importing the server would raise for a "serve" extra that is not
    installed (LazyGroup.invoke words it), found without importing anything."""
    from importlib.util import find_spec

    for name in SERVE_MODULES:
        if find_spec(name) is None:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


def check_can_listen(host: str, port: int) -> None:
    """One ``error:`` line for an address the server cannot listen on (a port in use, a host that
    is not this machine's), before the server starts: uvicorn reported it in its own log lines
    after starting up and shutting down again, with no ``error:`` line and exit code 3."""
    import socket

    from cli.kit import fail

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        fail(
            f"cannot listen on {host}:{port} ({reason}); choose another --port, stop what listens "
            "there, or give a --host of this machine"
        )
