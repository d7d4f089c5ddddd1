"""The memory review queue in the console: the tenant's quarantined memories, released or deleted
by an admin (memory.manager's ``review`` / ``release`` / ``delete_quarantined``); a member sees only
its own. Another tenant's memory id is not found (404)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import RedirectResponse, Response

from server.console.core import Console, ConsoleError, Session

NOTICES = {
    "released": "Memory released.",
    "deleted": "Memory deleted.",
    "kept": "The policy kept the current memory.",
}


def _row(record: Any) -> dict[str, Any]:
    value = record.value if isinstance(record.value, str) else json.dumps(record.value, ensure_ascii=False)
    return {
        "id": record.id, "user_id": record.user_id, "type": record.memory_type.value, "key": record.key,
        "value": value, "source": record.source.value, "reason": record.reason or "",
        "created": record.created_at.strftime("%Y-%m-%d %H:%M"),
    }  # fmt: skip


def router(console: Console) -> APIRouter:
    api = APIRouter()
    signed_in = Depends(console.session)

    def manager(session: Session) -> Any:
        return console.resources().memory().for_tenant(session.tenant)

    @api.get("/ui/memory")
    def memory_page(session: Session = signed_in, done: str | None = None) -> Response:
        # A member's own only: the queue holds what each user's assistant was told to remember, kept from
        # the tenant's other members as their assistant memory is (the store's rule). Filtered in the
        # query: a member's items after the tenant's first 200 are still shown.
        mine = None if session.principal.is_admin else session.principal.identity
        queue = [_row(r) for r in manager(session).review(limit=200, user_id=mine)]
        return console.render("memory.html", session, queue=queue, notice=NOTICES.get(done or ""))

    @api.post("/ui/memory/{memory_id}/{action}")
    def memory_action(memory_id: str, action: str, session: Session = signed_in) -> Response:
        if action not in ("release", "delete"):
            raise ConsoleError(404, f"no action {action!r}; use release or delete")
        session.require_admin(f"{action} a quarantined memory")
        if len(memory_id) > 256 or not memory_id.isprintable() or not memory_id.isascii():
            # No memory has such an id; PostgreSQL would refuse a NUL before saying so.
            raise ConsoleError(404, "no quarantined memory with that id in your tenant")
        try:
            if action == "release":
                decision = manager(session).release(memory_id, actor=session.actor)
                done = "kept" if decision.action.value in ("rejected", "unchanged") else "released"
            else:
                manager(session).delete_quarantined(memory_id, actor=session.actor)
                done = "deleted"
        except LookupError:
            raise ConsoleError(404, f"no quarantined memory {memory_id!r} in your tenant") from None
        return RedirectResponse(f"/ui/memory?done={done}", status_code=303)

    return api
