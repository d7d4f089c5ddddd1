"""Tenant identity rules shared by every component.

A tenant comes from authentication or an explicit binding, never from a default: code that cannot
find one raises :class:`TenantRequired` instead of guessing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

# langchain_core's context variable, the one langgraph.config.get_config reads: importing it
# directly spares a command line that never runs a graph the ~0.6 s of langgraph.types.
from langchain_core.runnables.config import var_child_runnable_config

TENANT_KEY = "tenant_id"
AUTH_USER_KEY = "langgraph_auth_user"
"""``configurable[AUTH_USER_KEY]``: the authenticated user langgraph-api hands every run."""


class TenantRequired(PermissionError):
    """No tenant was given for a call that needs one."""


class TenantMismatch(PermissionError):
    """A call named a tenant other than the one its view is bound to."""


MAX_TENANT_ID_LENGTH = 128


def validate_tenant_id(tenant_id: object) -> str:
    """Return ``tenant_id`` if it is a usable tenant identifier, else raise ``ValueError`` saying why."""
    if not isinstance(tenant_id, str):
        raise TenantRequired(f"tenant_id must be a string, got {type(tenant_id).__name__}")
    if not tenant_id.strip():
        raise TenantRequired("tenant_id is empty; give the tenant's identifier")
    if len(tenant_id) > MAX_TENANT_ID_LENGTH:
        raise ValueError(f"tenant_id is {len(tenant_id)} characters long; at most {MAX_TENANT_ID_LENGTH}")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in tenant_id):
        raise ValueError(f"tenant_id {tenant_id!r} contains control or invisible characters")
    return tenant_id


def auth_user_tenant(user: Any) -> Any:
    """The ``tenant_id`` of an authenticated user (a mapping or an object), or None."""
    if user is None:
        return None
    if isinstance(user, Mapping):
        return user.get(TENANT_KEY)
    try:
        return getattr(user, TENANT_KEY, None)
    except Exception:
        return None


def configured_tenant(conf: Mapping[str, Any]) -> str | None:
    """The tenant a ``configurable`` mapping names, or None: the authenticated user's ``tenant_id``
    (what langgraph-api passes) or ``configurable.tenant_id``. Two that disagree are refused, never
    ranked: a client-supplied tenant_id must not override the authenticated one."""
    given = conf.get(TENANT_KEY)
    auth = auth_user_tenant(conf.get(AUTH_USER_KEY))
    if given is not None and auth is not None and given != auth:
        raise TenantMismatch(
            f"configurable.tenant_id {given!r} differs from the authenticated user's tenant {auth!r}"
        )
    tenant = given if given is not None else auth
    return validate_tenant_id(tenant) if tenant is not None else None


def run_tenant() -> str | None:
    """The tenant of the LangGraph run the calling code executes in (:func:`configured_tenant` of
    its config), or None outside a run."""
    config = var_child_runnable_config.get()
    if not config:  # not inside a runnable: plain code, no run to speak for
        return None
    return configured_tenant(config.get("configurable") or {})


def check_run_tenant(tenant: str, what: str) -> str:
    """``tenant``, unless the calling code runs inside a graph run that acts for another tenant.

    Components call this with the tenant an operation is about to touch (from a binding, an
    argument or a namespace label): inside a run, the run's tenant decides, so a node cannot reach
    another tenant by building an argument from its input. Raises :class:`TenantMismatch`.
    """
    acting = run_tenant()
    if acting is not None and acting != tenant:
        raise TenantMismatch(
            f"{what}: this graph run acts for tenant {acting!r} and cannot reach tenant {tenant!r}"
        )
    return tenant
