"""What every console page shares: who is signed in, CSRF tokens, the database handles, rendering.

Sign-in is the API key sent as a header, or the ``/login`` cookie's server-side session
(:mod:`server.browser_login`), resolved on every request (a revoked key's session stops working
at once). A POST made with the cookie must also carry the session's CSRF token (random, stored with
the session: worthless for any other session, valid on every server of the database) and come from
this site (``Origin``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from kassist.text import shown_in_page
from server.keys import KeyResolver, Principal
from server.request_config import NO_KEY
from server.roles import admin_only

if TYPE_CHECKING:
    from graph.ingestion.resources import Resources

logger = logging.getLogger(__name__)
TEMPLATES = Path(__file__).parent / "templates"
# No inline script or style, no framing, forms post only here: an injected string can do nothing.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class ConsoleError(Exception):
    """A request the console answers with an error page (404 not found, 403 refused, ...)."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


ADMIN_ACTIONS = frozenset(
    {
        "approve a run that needs review",
        "reject a run that needs review",
        "release a quarantined memory",
        "delete a quarantined memory",
        "create API keys",
        "revoke API keys",
    }
)
"""What only an admin does in the console (server/roles.py's list), as its 403 message names it."""


@dataclass
class Session:
    principal: Principal
    csrf: str
    form: dict[str, str] = field(default_factory=dict)

    @property
    def tenant(self) -> str:
        return self.principal.tenant_id

    @property
    def actor(self) -> str:
        return f"console:{self.principal.identity}"

    def may(self, what: str) -> bool:
        """Whether the caller may ``what`` (one of :data:`ADMIN_ACTIONS`): the rule the action's
        handler applies (:meth:`require_admin`) and the pages show buttons by - a member was shown
        Release/Delete and got 403 pressing them (session 29, h3)."""
        assert what in ADMIN_ACTIONS, what  # a new admin action is named there first
        return self.principal.is_admin

    def require_admin(self, what: str) -> None:
        if not self.may(what):
            raise ConsoleError(403, admin_only(what))


class Console:
    """The console of one server: its key resolver, database handles and background worker."""

    def __init__(self, resolver: KeyResolver, database_url: str) -> None:
        self.resolver = resolver
        self.database_url = database_url
        self._resources: Resources | None = None
        self._lock = threading.Lock()
        # Approve, reject and cancel continue a run, which can take minutes: in the background, two
        # at a time, while the pages poll its progress.
        self.worker = ThreadPoolExecutor(max_workers=2, thread_name_prefix="console-run")
        self.action_errors: dict[tuple[str, str], str] = {}
        self.pending: set[tuple[str, str]] = set()
        self.templates = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=select_autoescape(("html", "j2")),
            auto_reload=False,
            # Stored text (a held memory, a run's source or error) is shown as stored: a bidi override
            # would make the reviewer read another text than the one released or approved.
            finalize=shown_in_page,
        )

    # -- database handles (opened on first use, in a worker thread: opening connects) --------------
    def resources(self) -> Resources:
        from graph.ingestion import resources

        with self._lock:
            if self._resources is None:
                self._resources = resources.Resources.open(self.database_url)
                resources.install(self._resources)  # the ingestion nodes this process runs use it
            return self._resources

    def close(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            if self._resources is not None:
                self._resources.close()
                self._resources = None

    # -- who is asking ------------------------------------------------------------------------------
    async def session(self, request: Request) -> Session:
        from server.browser_login import BrowserSessions, SignInRequired, request_target, same_site

        sessions: BrowserSessions = request.app.state.browser_sessions
        # Reading the session and its key reads the database: not on the event loop.
        caller = await asyncio.to_thread(sessions.caller, request)
        if caller is None:
            if request.method == "GET" and request.headers.get("x-console-poll") is None:
                raise SignInRequired(request_target(request))
            raise ConsoleError(401, NO_KEY)
        session = Session(caller.principal, caller.csrf or "")
        if request.method == "POST":
            body = (await request.body()).decode("utf-8", "replace")
            session.form = {k: v[0] for k, v in parse_qs(body, keep_blank_values=True).items()}
            # A header cannot be added by another site's page (no CORS here); a cookie is sent by
            # the browser whoever made the page, so a cookie's POST must prove it came from our
            # page: the session's token (stored with the session, so any server checks it) and,
            # belt and braces, this site's Origin.
            sent = session.form.get("csrf", "")
            if caller.by_cookie and (
                not session.csrf
                or not hmac.compare_digest(sent.encode(), session.csrf.encode())
                or not same_site(request)
            ):
                raise ConsoleError(
                    403, "this form's security token is missing or stale; reload the page and try again"
                )
        return session

    # -- pages ----------------------------------------------------------------------------------------
    def render(
        self, name: str, session: Session | None, status_code: int = 200, **context: Any
    ) -> HTMLResponse:
        html = self.templates.get_template(name).render(session=session, **context)
        return HTMLResponse(html, status_code=status_code, headers=SECURITY_HEADERS)
