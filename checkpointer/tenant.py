"""Which tenant a call acts for, and the configurable keys this saver adds to configs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig

# The configurable keys live in kassist.tenancy (the memory store reads them too); re-exported here.
from kassist.tenancy import AUTH_USER_KEY as AUTH_USER_KEY
from kassist.tenancy import TENANT_KEY as TENANT_KEY
from kassist.tenancy import TenantMismatch, TenantRequired, auth_user_tenant, configured_tenant

VERSION_KEY = "checkpoint_version"
"""``config["configurable"][VERSION_KEY]``: the thread version at which that checkpoint was committed."""
BRANCH_FROM_KEY = "kassist_branch_from"
"""Set by ``get_tuple`` when called with an explicit ``checkpoint_id``: the head version it saw.

A put carrying it may fork from a non-head parent as long as the head is still at that version.
"""
OWN_KEYS = frozenset({VERSION_KEY, BRANCH_FROM_KEY})

HOW_TO_GIVE_TENANT = (
    "give one with saver.for_tenant('acme'), or config={'configurable': {'thread_id': ..., "
    "'tenant_id': 'acme'}}, or authenticate through langgraph-api so that "
    "configurable.langgraph_auth_user carries a tenant_id"
)


def _check_ids(conf: Mapping[str, Any]) -> None:
    # PostgreSQL text cannot hold NUL: refuse it here with the key's name instead of a driver error.
    for key in ("thread_id", "checkpoint_ns", "checkpoint_id"):
        value = conf.get(key)
        if isinstance(value, str) and "\x00" in value:
            raise ValueError(f"configurable.{key} {value!r} contains a NUL character")


def resolve_tenant(config: RunnableConfig | None, bound: str | None) -> str:
    """The tenant of a call: the view's binding, else configurable.tenant_id, else the auth user's.

    Two sources that disagree are refused rather than ranked: a client-supplied tenant_id must never
    override the one an authenticated user or a bound view carries.
    """
    conf: Mapping[str, Any] = (config or {}).get("configurable") or {}
    _check_ids(conf)
    if bound is not None:
        given, auth = conf.get(TENANT_KEY), auth_user_tenant(conf.get(AUTH_USER_KEY))
        for source, value in (("configurable.tenant_id", given), ("langgraph_auth_user", auth)):
            if value is not None and value != bound:
                raise TenantMismatch(
                    f"this saver view is bound to tenant {bound!r} but the config's {source} names "
                    f"{value!r}; use saver.for_tenant({value!r}) for that tenant"
                )
        return bound
    tenant = configured_tenant(conf)
    if tenant is None:
        raise TenantRequired(f"no tenant for this checkpoint call; {HOW_TO_GIVE_TENANT}")
    return tenant
