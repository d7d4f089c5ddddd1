"""Who a valid API key authenticates (:class:`Principal`: an identity inside one tenant, with a role),
and which identities no key may have. How a token resolves to its principal is :mod:`server.keys`'s.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from kassist.tenancy import validate_tenant_id

RESERVED_IDENTITIES = {
    "system": "langgraph-api marks the assistants it makes for each graph created_by 'system', and every "
    "tenant reads those: an assistant made by such a key was listed, read and run by every other tenant",
    "*": "it is the memory store's tenant-defaults user: what such a key remembered, every member's "
    "turns would read",
}
"""Identities no key may have: the server gives them a meaning of their own (session 24 probes)."""


MAX_IDENTITY_LENGTH = 200
"""memory.manager.models.MAX_USER_ID_LENGTH: an identity is the user id of the key's memories."""


def identity_refusal(identity: str) -> str | None:
    """Why no key may authenticate as ``identity``, or None: a reserved one, or one the memory
    cannot hold as a user id (over 200 characters, or holding characters a reader cannot see),
    whose every assistant turn failed."""
    from kassist.names import check_identifier

    why = RESERVED_IDENTITIES.get(identity.strip())
    if why is not None:
        return f"identity {identity!r} is reserved ({why}); give the key another identity, e.g. alice"
    try:
        check_identifier(identity, "identity", MAX_IDENTITY_LENGTH)
    except ValueError as exc:
        return f"{str(exc)[:300]}: give the key a short, visible name, e.g. alice"
    return None


class Principal(BaseModel):
    """Who a valid token authenticates: an identity inside one tenant, with a role. Only an admin
    may write tenant-level memory defaults, release a quarantined memory, approve a run waiting for
    review, or manage the tenant's keys."""

    model_config = ConfigDict(frozen=True)

    identity: str
    tenant_id: str
    role: Literal["admin", "member"] = "member"

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"

    @field_validator("identity")
    @classmethod
    def _identity(cls, v: str) -> str:
        refused = identity_refusal(v)
        if refused is not None:
            raise ValueError(refused)
        return v

    @field_validator("tenant_id")
    @classmethod
    def _tenant(cls, v: str) -> str:
        try:
            tenant = validate_tenant_id(v)
        except (ValueError, PermissionError) as exc:  # pydantic reports only ValueError as invalid
            raise ValueError(str(exc)) from exc
        if "." in tenant:
            # The tenant becomes the first store namespace label, and langgraph-api refuses every
            # store request whose labels contain a dot (GET /store/items joins them with dots).
            raise ValueError(
                f"tenant_id {tenant!r} contains a dot, which LangGraph server store namespaces cannot "
                "hold; use another separator, e.g. 'acme-eu'"
            )
        return tenant
