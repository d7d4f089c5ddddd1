"""Tenant identity rules shared by every component.

A tenant comes from authentication or an explicit binding, never from a default: code that cannot
find one raises :class:`TenantRequired` instead of guessing.
"""

from __future__ import annotations

import unicodedata


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
