"""The tenant's API keys in the console: every signed-in user sees the list (prefix, owner, role,
last use); an admin creates keys (the new key is shown once) and revokes them. A revocation here
takes effect in this process at once and in every other server on the database within a second."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import RedirectResponse, Response

from server.console.core import Console, ConsoleError, Session
from server.key_store import parse_role


def _when(ts: float | None) -> str:
    return "never" if ts is None else datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def router(console: Console) -> APIRouter:
    api = APIRouter()
    signed_in = Depends(console.session)

    def store() -> Any:
        found = console.resolver.store()
        if found is None:
            raise ConsoleError(404, "this server has no key table")
        return found

    def listing(session: Session) -> list[dict[str, Any]]:
        return [
            {**r.public(), "created": _when(r.created_at), "last_used": _when(r.last_used_at)}
            for r in store().for_tenant(session.tenant).list()
        ]

    @api.get("/ui/keys")
    def keys_page(session: Session = signed_in, revoked: str | None = None) -> Response:
        notice = f"Key {revoked} revoked." if revoked and revoked.isalnum() else None
        return console.render("keys.html", session, keys=listing(session), notice=notice)

    @api.post("/ui/keys")
    def create_key(session: Session = signed_in) -> Response:
        session.require_admin("create API keys")
        identity = session.form.get("identity", "").strip()
        try:
            # An unknown role is refused (422, naming the roles), never made a member.
            role = parse_role(session.form.get("role", "member"))
            token, record = store().for_tenant(session.tenant).create(identity, role)
        except ValueError as exc:
            raise ConsoleError(422, str(exc)) from None
        return console.render("key_created.html", session, token=token, key=record.public())

    @api.post("/ui/keys/{prefix}/revoke")
    def revoke_key(prefix: str, session: Session = signed_in) -> Response:
        session.require_admin("revoke API keys")
        from server.key_store import parse_prefix

        try:
            prefix = parse_prefix(prefix)
        except ValueError:
            raise ConsoleError(404, "no active key with that prefix in your tenant") from None
        if not store().for_tenant(session.tenant).revoke(prefix):
            raise ConsoleError(404, f"no active key {prefix!r} in your tenant")
        console.resolver.forget()
        return RedirectResponse(f"/ui/keys?revoked={prefix}", status_code=303)

    return api
