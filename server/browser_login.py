"""Signing a browser in with an API key, for the LangServe playground and the operator console.

The playground page calls the API with plain ``fetch`` and cannot add an ``x-api-key`` header, so a
browser sends its key once through ``/login`` (a form, no JavaScript) and gets a cookie holding a
random **session id**, never the key. The session is a row of ``kassist_browser_sessions`` (only the
id's SHA-256 is stored) tied to the key it was opened with: it ends at ``/logout``, when it expires
(``KASSIST_SESSION_HOURS``, default 12), and as soon as that key is revoked or leaves the key table;
the role and tenant are the key's, read on every request. The cookie is ``HttpOnly`` (page scripts
cannot read it), ``SameSite=Strict`` and ``Secure`` when the request came over HTTPS (as uvicorn sees
it: its ``--proxy-headers`` trust ``X-Forwarded-Proto`` only from ``--forwarded-allow-ips``).

Request forgery. A cookie is sent by the browser whoever made the page, so a cookie alone never
authorises a change: ``/login`` and ``/logout`` refuse a request from another site (``Origin`` /
``Sec-Fetch-Site``); the console's forms carry the session's CSRF token (:mod:`server.console.core`);
the playground's calls (``/assistant/...``) are accepted with the cookie only as JSON from this
site's own pages (a type no cross-site form can send, and a cross-site script would need a CORS
grant this server never gives); the runs API never takes the cookie for a change (header keys only).
Extra origins a reverse proxy serves this server under: ``KASSIST_ALLOWED_ORIGINS`` (comma-separated).
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from server.credentials import sent_token
from server.key_store import SessionRecord, hash_token, prefix_of_token
from server.keys import KeyResolver, Principal
from server.request_config import NO_KEY

logger = logging.getLogger(__name__)
COOKIE = "kassist_session"
SESSION_HOURS_ENV = "KASSIST_SESSION_HOURS"
ORIGINS_ENV = "KASSIST_ALLOWED_ORIGINS"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CROSS_SITE = "this request came from another site; sign in and act from this server's own pages"
# The sign-in page: never framed (no clickjacking of the key field), posts only here, runs no script.
FORM_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}

_FORM = """<!doctype html>
<html><head><meta charset="utf-8"><title>kassist: sign in</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 3rem auto">
<h1>kassist</h1>
<p>{message}</p>
<form method="post" action="/login">
  <label>API key <input type="password" name="api_key" autocomplete="off" size="40"></label>
  <input type="hidden" name="next" value="{next}">
  <button type="submit">Sign in</button>
</form>
</body></html>"""


@dataclass(frozen=True)
class Caller:
    """Who sent a request and how: a header key, or a browser session (with its CSRF token)."""

    principal: Principal
    session_id: str | None = None
    csrf: str | None = None

    @property
    def by_cookie(self) -> bool:
        return self.session_id is not None


def _session_seconds() -> float:
    text = os.environ.get(SESSION_HOURS_ENV, "").strip()
    try:
        hours = float(text) if text else 12.0
    except ValueError:
        hours = -1.0
    if not 0.01 <= hours <= 24 * 30:
        raise ValueError(f"{SESSION_HOURS_ENV} must be a number of hours between 0.01 and 720, got {text!r}")
    return hours * 3600


def allowed_origins() -> set[str]:
    """``KASSIST_ALLOWED_ORIGINS`` as origins (``scheme://host[:port]``, lower case). An entry that is
    no origin (a bare host, a URL with a path, ``*``) never equals a browser's Origin header: it
    raises ValueError naming the variable (read at start-up), not a silent cross-site refusal."""
    allowed = set()
    for entry in filter(None, (o.strip() for o in os.environ.get(ORIGINS_ENV, "").split(","))):
        parts = urlsplit(entry.rstrip("/"))
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query:
            raise ValueError(
                f"{ORIGINS_ENV}: {entry[:80]!r} is not an origin; write scheme://host[:port], "
                "e.g. https://kassist.example.com, comma-separated"
            )
        allowed.add(entry.rstrip("/").lower())
    return allowed


def same_site(request: Request) -> bool:
    """Whether a browser request came from this server's own pages. A request without ``Origin``
    and ``Sec-Fetch-Site`` is not a cross-site browser request (browsers send them on every POST)."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    if origin == "null":  # a sandboxed frame, a data: page, a cross-site redirect
        return False
    if origin.rstrip("/").lower() in allowed_origins():
        return True
    return urlsplit(origin).netloc.lower() == request.headers.get("host", "").lower()


def safe_next(target: str) -> str:
    """``target`` if it is a path on this server, else ``/``: never a URL an attacker could send a
    victim to (``//evil.example``, ``https://...``, ``/\\evil.example``), nor one a browser would
    turn into such a URL (it drops tabs and newlines before it resolves ``/\t/evil.example``)."""
    parts = urlsplit(target)
    plain = target.isprintable() and " " not in target and "\\" not in target
    local = not parts.scheme and not parts.netloc and target.startswith("/") and not target.startswith("//")
    return target if plain and local and len(target) <= 2048 else "/"


class SignInRequired(Exception):
    """A page asked for without a valid key: the browser is sent to ``/login``, then back to ``target``."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.target = target


def sign_in_url(target: str) -> str:
    return f"/login?next={quote(safe_next(target), safe='/')}"


def wants_page(request: Request) -> bool:
    """Whether a request is a browser navigating (``Accept: text/html``), which is sent to the sign-in
    page, rather than an API client (``fetch``, curl, httpx: ``*/*`` or JSON), which gets a 401."""
    return request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "").lower()


def request_target(request: Request) -> str:
    """The path and query a browser asked for, to come back to after signing in."""
    return request.url.path + (f"?{request.url.query}" if request.url.query else "")


class BrowserSessions:
    """Opens, resolves and ends browser sessions on the key resolver's database."""

    def __init__(self, resolver: KeyResolver, ttl_s: float | None = None) -> None:
        self.resolver = resolver
        self.ttl_s = _session_seconds() if ttl_s is None else ttl_s
        allowed_origins()  # a bad setting stops the start, not every sign-in behind the proxy
        # The environment's keys by hash: a session of such a key stores only the hash.
        self._table = {hash_token(t): p for t, p in resolver.table.keys.items()}

    def open(self, token: str) -> tuple[str, SessionRecord] | None:
        principal = self.resolver.lookup(token)
        store = self.resolver.store()
        if principal is None or store is None:
            return None
        prefix = None if hash_token(token) in self._table else prefix_of_token(token)
        return store.for_tenant(principal.tenant_id).open_session(prefix, hash_token(token), self.ttl_s)

    def _principal(self, record: SessionRecord | None) -> Principal | None:
        if record is None or not record.live(time.time()):
            return None
        if record.key_prefix is None:
            found = self._table.get(record.key_hash)
        else:
            store = self.resolver.store()
            key = store.get(record.key_prefix) if store is not None else None
            found = None
            if key is not None and key.active and key.token_hash == record.key_hash:
                found = Principal(identity=key.identity, tenant_id=key.tenant_id, role=key.role)
        # A one-tenant server refuses another tenant's session as it refuses its key (r2 s37 R2-2).
        return (
            self.resolver.served(found) if found is not None and found.tenant_id == record.tenant_id else None
        )

    def resolve(self, session_id: str | None) -> Caller | None:
        if not session_id or len(session_id) > 256:
            return None
        store = self.resolver.store()
        try:
            record = store.session(session_id) if store is not None else None
            principal = self._principal(record)
        except Exception as exc:  # the database away: refused, never let through
            logger.warning("browser session refused: the session table cannot be read (%s)", exc)
            return None
        if principal is None or record is None:
            return None
        return Caller(principal, session_id, record.csrf)

    def end(self, session_id: str | None) -> None:
        store = self.resolver.store()
        if session_id and len(session_id) <= 256 and store is not None:
            store.end_session(session_id)

    def caller(self, request: Request) -> Caller | None:
        """A header key's caller, else the session cookie's (once per request: kept on its state)."""
        if hasattr(request.state, "kassist_caller"):
            return request.state.kassist_caller  # type: ignore[no-any-return]
        token = sent_token(request.headers.raw)
        if token is not None:
            principal = self.resolver.lookup(token)
            found = Caller(principal) if principal is not None else None
        else:
            found = self.resolve(request.cookies.get(COOKIE))
        request.state.kassist_caller = found
        return found


def cookie_write_allowed(request: Request) -> bool:
    """Whether a change sent with only the session cookie may go through outside the console: JSON
    (no cross-site form sends it, and cross-site scripts need a CORS grant) from this site's pages."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return media == "application/json" and same_site(request)


def add_login_routes(
    app: FastAPI, resolver: KeyResolver, landing: str
) -> Callable[[Request], Principal | None]:
    """``GET``/``POST /login``, ``POST /logout`` and ``GET /`` on ``app`` (a page that raises
    :class:`SignInRequired` sends the browser to the sign-in form); returns the principal lookup for
    a request: a header key, or the session cookie on a read or a same-site JSON call."""
    sessions = BrowserSessions(resolver)
    app.state.browser_sessions = sessions

    @app.exception_handler(SignInRequired)
    async def sign_in(_: Request, exc: Exception) -> Response:
        assert isinstance(exc, SignInRequired)
        return RedirectResponse(sign_in_url(exc.target), status_code=303)

    def principal(request: Request) -> Principal | None:
        caller = sessions.caller(request)
        if caller is None:
            return None
        if caller.by_cookie and request.method not in SAFE_METHODS and not cookie_write_allowed(request):
            return None
        return caller.principal

    def form(message: str, target: str, status_code: int = 200) -> HTMLResponse:
        page = _FORM.format(message=html.escape(message), next=html.escape(safe_next(target)))
        return HTMLResponse(page, status_code=status_code, headers=FORM_HEADERS)

    @app.get("/login", include_in_schema=False)
    async def login_page(next: str = landing) -> HTMLResponse:
        return form("Sign in with your API key.", next)

    @app.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        # Login CSRF (signing a victim in as the attacker): only this site's own form signs in.
        if not same_site(request):
            return form(CROSS_SITE, landing, status_code=403)
        fields = parse_qs((await request.body()).decode("utf-8", "replace"))
        token = (fields.get("api_key") or [""])[0].strip()
        target = safe_next((fields.get("next") or [landing])[0])
        # The database calls run in a worker thread: this one is the event loop's.
        opened = await asyncio.to_thread(sessions.open, token) if token and len(token) <= 512 else None
        if opened is None:
            return form("That API key is not known. Try again.", target, status_code=401)
        # A previous session of this browser ends here.
        await asyncio.to_thread(sessions.end, request.cookies.get(COOKIE))
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            COOKIE, opened[0], max_age=int(sessions.ttl_s), httponly=True, samesite="strict", path="/",
            secure=request.url.scheme == "https",
        )  # fmt: skip
        return response

    @app.get("/", include_in_schema=False)
    async def home(request: Request) -> Response:
        """Where a browser pointed at the server lands: the landing page once signed in, else the
        sign-in form; an API client without a key gets the 401 every other route gives it."""
        if await asyncio.to_thread(principal, request) is not None:
            return RedirectResponse(landing, status_code=303)
        if wants_page(request):
            raise SignInRequired(landing)
        return JSONResponse({"detail": NO_KEY}, status_code=401)

    @app.post("/logout", include_in_schema=False)
    async def logout(request: Request) -> Response:
        if not same_site(request):
            return form(CROSS_SITE, landing, status_code=403)
        await asyncio.to_thread(sessions.end, request.cookies.get(COOKIE))
        response = RedirectResponse("/login", status_code=303, headers={"Clear-Site-Data": '"cookies"'})
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
        return response

    return principal
