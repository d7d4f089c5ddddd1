"""The run config of a LangServe request, built from its API key (pure: no I/O).

LangServe validates the client's ``config`` against the graph's config schema; the document graph
declares no context schema, so LangServe drops every ``configurable`` key the client sent, including
``thread_id``. The thread keys are therefore re-read from the raw request body here, and the tenant
is set from the authenticated key only: a client may repeat its own tenant, never name another.
Every other client-sent configurable key (``ledger_path``, ``step_delay``: server-side knobs) stays
dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checkpointer import TENANT_KEY
from server.keys import Principal

THREAD_KEYS = ("thread_id", "checkpoint_id", "checkpoint_ns")


class Refused(Exception):
    """A request the server answers with ``status_code`` and ``detail`` instead of running."""

    def __init__(self, status_code: int, detail: str) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.detail = detail


def require_principal(principal: Principal | None) -> Principal:
    if principal is None:
        raise Refused(401, "missing or unknown API key; send it as x-api-key or Authorization: Bearer")
    return principal


def sent_configurable(body: object) -> Mapping[str, Any]:
    """``body["config"]["configurable"]`` of an /invoke or /stream body, or ``{}``."""
    config = body.get("config") if isinstance(body, Mapping) else None
    configurable = config.get("configurable") if isinstance(config, Mapping) else None
    return configurable if isinstance(configurable, Mapping) else {}


def run_config(
    config: Mapping[str, Any], principal: Principal | None, sent: Mapping[str, Any]
) -> dict[str, Any]:
    """``config`` with the key's tenant and the client's thread keys in ``configurable``."""
    tenant = require_principal(principal).tenant_id
    claimed = sent.get(TENANT_KEY)
    if claimed is not None and claimed != tenant:
        raise Refused(
            403,
            f"configurable.tenant_id {claimed!r} is not the tenant of your API key; leave it out "
            "(the tenant always comes from the key)",
        )
    configurable = dict(config.get("configurable") or {})
    for key in THREAD_KEYS:
        value = sent.get(key)
        if value is not None:
            if not isinstance(value, str) or (key == "thread_id" and not value.strip()):
                raise Refused(422, f"configurable.{key} must be a non-empty string, got {value!r}")
            configurable[key] = value
    if "thread_id" not in configurable:
        raise Refused(
            422,
            "configurable.thread_id is required: every run is checkpointed under a thread; send "
            '{"config": {"configurable": {"thread_id": "<your thread id>"}}}',
        )
    configurable[TENANT_KEY] = tenant
    return {**config, "configurable": configurable}
