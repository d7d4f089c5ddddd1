"""Authentication for the LangGraph server (``langgraph.json`` -> ``"auth"``).

A request must carry an API key (``x-api-key`` or ``Authorization: Bearer``) listed in the key table
(see :mod:`server.keys`); anything else gets 401. The authenticated user carries its ``tenant_id``,
which langgraph-api hands to the checkpointer as ``configurable.langgraph_auth_user``: that, not a
client-supplied field, is where the tenant of every checkpoint comes from. Threads, runs and crons
are stamped with the tenant and filtered by it, so another tenant's thread is "not found"; store
namespaces are prefixed with the tenant.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from langgraph_sdk import Auth

from server.keys import KeyTable, load_key_table, token_from_headers

auth = Auth()


@lru_cache(maxsize=1)
def _keys() -> KeyTable:
    return load_key_table()


def _tenant(ctx: Auth.types.AuthContext) -> str:
    return str(ctx.user["tenant_id"])


@auth.authenticate
async def authenticate(headers: dict[bytes, bytes]) -> Auth.types.MinimalUserDict:
    principal = _keys().lookup(token_from_headers(headers))
    if principal is None:
        raise Auth.exceptions.HTTPException(
            status_code=401,
            detail="missing or unknown API key; send it as x-api-key or Authorization: Bearer",
        )
    user: dict[str, Any] = {
        "identity": principal.identity,
        "tenant_id": principal.tenant_id,
        "permissions": [],
    }
    return user  # type: ignore[return-value]  # MinimalUserDict is open to extra keys at runtime


@auth.on.threads
async def tenant_threads(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    """Stamp new threads (and runs) with the tenant; every thread action is filtered by it."""
    if ctx.action in ("create", "update", "create_run") and isinstance(value, dict):
        # Re-stamped on update too, so a client cannot move a thread to another tenant.
        if not isinstance(value.get("metadata"), dict):
            value["metadata"] = {}
        metadata = value["metadata"]
        metadata["tenant_id"] = _tenant(ctx)
        if ctx.action == "create":
            metadata.setdefault("owner", ctx.user.identity)
    return {"tenant_id": _tenant(ctx)}


@auth.on.crons
async def tenant_crons(ctx: Auth.types.AuthContext, value: Any) -> Auth.types.FilterType:
    if isinstance(value, dict) and ctx.action == "create":
        value.setdefault("metadata", {})["tenant_id"] = _tenant(ctx)
    return {"tenant_id": _tenant(ctx)}


@auth.on.store()
async def tenant_store(ctx: Auth.types.AuthContext, value: Any) -> None:
    """Every store namespace starts with the caller's tenant."""
    namespace = tuple(value.get("namespace") or ())
    if not namespace or namespace[0] != _tenant(ctx):
        value["namespace"] = (_tenant(ctx), *namespace)
