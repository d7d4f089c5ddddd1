"""Signing a browser in with an API key, for the LangServe playground and the operator console.

The playground page calls the API with plain ``fetch`` and cannot add an ``x-api-key`` header, so a
browser sends its key once through ``/login`` (a form, no JavaScript) and then carries it in a
cookie that is ``HttpOnly`` (page scripts cannot read it) and ``SameSite=Strict`` (no other site's
page can make the browser send it, which is what would make a cookie usable for request forgery).
``/logout`` clears it. The key is checked exactly like a header key, on every request (a revoked
key's cookie stops working within a second); an unknown one is refused.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from urllib.parse import parse_qs

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from server.keys import KeyLookup, Principal, token_from_headers

COOKIE = "kassist_api_key"

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


def request_token(request: Request) -> str | None:
    """The key of a request: ``x-api-key`` / ``Authorization: Bearer``, else the login cookie."""
    return token_from_headers(dict(request.headers.raw)) or request.cookies.get(COOKIE) or None


def _safe_next(target: str) -> str:
    # Only a path on this server: never an absolute URL an attacker could send a victim to.
    return target if target.startswith("/") and not target.startswith("//") else "/"


def add_login_routes(app: FastAPI, keys: KeyLookup, landing: str) -> Callable[[Request], Principal | None]:
    """``GET``/``POST /login`` and ``POST /logout`` on ``app``; returns the principal lookup for a
    request (header or cookie)."""

    def principal(request: Request) -> Principal | None:
        return keys.lookup(request_token(request))

    def form(message: str, target: str, status_code: int = 200) -> HTMLResponse:
        page = _FORM.format(message=html.escape(message), next=html.escape(_safe_next(target)))
        return HTMLResponse(page, status_code=status_code)

    @app.get("/login", include_in_schema=False)
    async def login_page(next: str = landing) -> HTMLResponse:
        return form("Sign in with your API key.", next)

    @app.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        fields = parse_qs((await request.body()).decode("utf-8", "replace"))
        token = (fields.get("api_key") or [""])[0].strip()
        target = _safe_next((fields.get("next") or [landing])[0])
        if keys.lookup(token) is None:
            return form("That API key is not known. Try again.", target, status_code=401)
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
        return response

    @app.post("/logout", include_in_schema=False)
    async def logout() -> Response:
        response = RedirectResponse("/login", status_code=303)
        response.delete_cookie(COOKIE, path="/")
        return response

    return principal
