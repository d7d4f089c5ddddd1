"""The operator console at ``/ui`` on ``kassist serve``: server-rendered pages (Jinja2 templates,
one small vanilla script for polling, no build step, nothing from a CDN).

- ``/ui/runs``: the tenant's ingestion runs with live progress; a run's page approves (admin),
  rejects or cancels it and links its audit report (HTML, JSON, Markdown);
- ``/ui/memory``: quarantined memories, released or deleted by an admin;
- ``/ui/keys``: the tenant's API keys; an admin creates (shown once) and revokes them.

Signed in with an API key (``/login``); no key: pages redirect to the sign-in form, other requests
get 401. Another tenant's run or memory is 404. See :mod:`server.console.core` for CSRF.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response

from server.console import keys, memory, runs
from server.console.core import TEMPLATES, Console, ConsoleError
from server.keys import KeyResolver

STATIC = {"console.js": "application/javascript", "console.css": "text/css"}


def add_console(app: FastAPI, resolver: KeyResolver, database_url: str) -> Console:
    """Mount the console on ``app``; call the returned console's ``close()`` at shutdown."""
    console = Console(resolver, database_url)

    @app.exception_handler(ConsoleError)
    async def refused(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, ConsoleError)
        return console.render("error.html", None, status_code=exc.status_code, message=exc.message)

    @app.get("/ui", include_in_schema=False)
    async def home() -> Response:
        return RedirectResponse("/ui/runs", status_code=303)

    @app.get("/ui/static/{name}", include_in_schema=False)
    async def static(name: str) -> Response:
        if name not in STATIC:
            raise ConsoleError(404, f"no file {name!r}")
        # Kept as templates (.j2): package data the wheel already carries.
        text = (TEMPLATES / f"{name}.j2").read_text(encoding="utf-8")
        return Response(text, media_type=STATIC[name], headers={"Cache-Control": "max-age=300"})

    for part in (runs, memory, keys):
        app.include_router(part.router(console), include_in_schema=False)
    return console
