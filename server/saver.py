"""The checkpointer the LangGraph server loads (``langgraph.json`` -> ``"checkpointer"``).

langgraph-api passes the authenticated user as ``configurable.langgraph_auth_user`` to the saver
calls a run makes, but not to every read it makes for a request: ``GET /threads/{id}/state`` and
``/history`` call ``aget_tuple``/``alist`` with only the thread id. Those calls still happen inside
an authenticated request, and langgraph-api keeps that request's user in a context variable; this
subclass takes the user from there when the config carries no tenant. A call with neither (no
request, no auth) still raises ``TenantRequired``: the tenant always comes from authentication.
"""

from __future__ import annotations

import sys
from typing import Any

from langchain_core.runnables import RunnableConfig

from checkpointer import TenantCheckpointer
from checkpointer.tenant import AUTH_USER_KEY
from kassist.dburl import database_url_from_env


def _request_user() -> Any:
    # Only inside a running langgraph-api server, which has imported this module already: importing
    # it anywhere else fails (it reads its own configuration at import time).
    utils = sys.modules.get("langgraph_api.utils")
    if utils is None:
        return None
    ctx = utils.get_auth_ctx()
    return None if ctx is None else ctx.user


def with_request_tenant(config: RunnableConfig | None) -> RunnableConfig | None:
    """``config`` plus the authenticated request's user when it names no tenant itself."""
    configurable = dict((config or {}).get("configurable") or {})
    # Injected even when the config names a tenant_id: the checkpointer then refuses a client-sent
    # tenant that differs from the authenticated one instead of trusting it.
    if configurable.get(AUTH_USER_KEY) is not None:
        return config
    user = _request_user()
    if user is None:
        return config
    configurable[AUTH_USER_KEY] = user
    return {**(config or {}), "configurable": configurable}


class ServerCheckpointer(TenantCheckpointer):
    """``TenantCheckpointer`` that also finds the tenant of the current authenticated request.

    Every config-carrying call resolves its tenant through ``_tenant``, so overriding that one hook
    covers reads, writes and delta history alike.
    """

    def _tenant(self, config: RunnableConfig | None) -> str:
        return super()._tenant(with_request_tenant(config))


def langgraph_checkpointer() -> TenantCheckpointer:
    """Zero-argument factory for langgraph.json: the saver on ``KASSIST_DATABASE_URL``, migrated."""
    saver = ServerCheckpointer.from_url(database_url_from_env())
    saver.setup()
    return saver
