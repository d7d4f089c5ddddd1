"""The run config of a LangServe request, built from its API key (pure: no I/O).

LangServe validates the client's ``config`` against the served runnable's config schema and drops
what it does not declare; the keys are therefore re-read from the raw request body here. The tenant
and the user (``configurable.user_id``) are set from the authenticated key only: a client may
repeat its own tenant, never name another (403), with or without a thread, and never names a user.
Every other configurable key must be on the graph's allow-list (:mod:`server.configurable`);
anything else is refused with 422 naming the keys, so a client cannot set server-side knobs such as
``ledger_path`` or ``step_delay``; an id no database can store (NUL, a lone surrogate, over 512
bytes) and a ``context_budget`` out of bounds are refused with 422 before anything runs. A batch carries one config per input (each checked the same
way), so that every input runs on its own thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checkpointer import TENANT_KEY
from server.configurable import (
    THREAD_KEYS,
    client_keys,
    refusal,
    refused_id,
    refused_input,
    refused_keys,
    refused_value,
)
from server.keys import Principal

NO_KEY = "missing or unknown API key; send it as x-api-key or Authorization: Bearer"
USER_KEY = "user_id"
"""``configurable[USER_KEY]``: the key's identity, the user a run acts for."""


class Refused(Exception):
    """A request the server answers with ``status_code`` and ``detail`` instead of running."""

    def __init__(self, status_code: int, detail: str) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.detail = detail


def require_principal(principal: Principal | None) -> Principal:
    if principal is None:
        raise Refused(401, NO_KEY)
    return principal


def sent_configurable(body: object) -> Mapping[str, Any]:
    """``body["config"]["configurable"]`` of an /invoke or /stream body, or ``{}``."""
    config = body.get("config") if isinstance(body, Mapping) else None
    configurable = config.get("configurable") if isinstance(config, Mapping) else None
    return configurable if isinstance(configurable, Mapping) else {}


def check_tenant(principal: Principal | None, sent: Mapping[str, Any]) -> str:
    """The key's tenant; a ``configurable.tenant_id`` naming another one is refused (403)."""
    tenant = require_principal(principal).tenant_id
    claimed = sent.get(TENANT_KEY)
    if claimed is not None and claimed != tenant:
        raise Refused(
            403,
            f"configurable.tenant_id {claimed!r} is not the tenant of your API key; leave it out "
            "(the tenant always comes from the key)",
        )
    return tenant


RUN_CONFIG_KEYS = frozenset(
    {
        "tags",
        "metadata",
        "callbacks",
        "run_name",
        "max_concurrency",
        "recursion_limit",
        "configurable",
        "run_id",
    }
)
"""The fields of LangChain's ``RunnableConfig``: what a LangServe ``config`` may name (LangServe uses
only ``configurable``; ``RemoteRunnable`` sends its whole config, callbacks left out)."""


def refused_config_keys(body: object) -> str | None:
    """Why a body's ``config`` (or a batch's configs) names a key no run config has (422), or None:
    LangServe dropped such a key silently, so a misspelt ``configurabel`` ran as if unsent."""
    configs = body.get("config") if isinstance(body, Mapping) else None
    for config in configs if isinstance(configs, list) else [configs]:
        extra = (
            sorted(str(k) for k in config if k not in RUN_CONFIG_KEYS) if isinstance(config, Mapping) else []
        )
        if extra:
            return (
                f"config keys {extra} are not run config keys; send the graph's options in "
                f"config.configurable (a config may hold {sorted(RUN_CONFIG_KEYS)})"
            )
    return None


_RUN_BODY = frozenset({"input", "config", "kwargs"})
_EVENT_FILTERS = frozenset(
    f"{way}_{what}" for way in ("include", "exclude") for what in ("names", "types", "tags")
)
BODY_KEYS: Mapping[str, frozenset[str]] = {
    "invoke": _RUN_BODY,
    "stream": _RUN_BODY,
    "batch": frozenset({"inputs", "config", "kwargs"}),
    "stream_log": _RUN_BODY | _EVENT_FILTERS,
    "stream_events": _RUN_BODY | _EVENT_FILTERS,
}
"""LangServe endpoint -> the top-level keys its body may hold (LangServe's request models, which
ignore any other key). ``kwargs`` is what ``RemoteRunnable`` sends, always empty for this server."""


def refused_body_keys(endpoint: str, body: object, graph: str = "assistant") -> str | None:
    """Why a LangServe body holds a key its endpoint does not take, non-empty ``kwargs``, or an
    input key that is not ``graph``'s client input (its state beyond that is its nodes') (422), or
    None. LangServe dropped all three silently: a client may set only what the server declares."""
    keys = BODY_KEYS.get(endpoint)
    if keys is None or not isinstance(body, Mapping):
        return None
    inputs = body.get("inputs") if endpoint == "batch" else [body.get("input")]
    for run_input in inputs if isinstance(inputs, list) else []:
        refused = refused_input(graph, run_input) if isinstance(run_input, Mapping) else None
        if refused is not None:
            return refused
    unknown = sorted(str(k)[:60] for k in body if k not in keys)
    if unknown:
        return f"the body holds keys {unknown[:10]} that /{endpoint} does not take; it takes {sorted(keys)}"
    kwargs = body.get("kwargs")
    if kwargs not in (None, {}):
        shown = sorted(str(k)[:60] for k in kwargs)[:10] if isinstance(kwargs, Mapping) else kwargs
        return f"kwargs {shown!r} are not used by this server; send {{}} or leave kwargs out"
    return None


def run_config(
    config: Mapping[str, Any], principal: Principal | None, sent: Mapping[str, Any], graph: str
) -> dict[str, Any]:
    """``config`` with the key's tenant and the client's allowed keys in ``configurable``."""
    tenant = check_tenant(principal, sent)
    identity = require_principal(principal).identity
    refused = refused_keys(graph, (k for k in sent if k != TENANT_KEY))
    if refused:
        raise Refused(422, refusal(graph, refused, where="configurable"))
    allowed = client_keys(graph)
    # What LangServe validated is replaced by what the client sent: a declared key it did not send
    # must not come back as a default (a None thread_id would pass for a given one).
    configurable = {
        k: v
        for k, v in (config.get("configurable") or {}).items()
        if k not in allowed | {TENANT_KEY, USER_KEY}
    }
    for key in sorted(allowed & set(sent)):
        value = sent[key]
        if key in THREAD_KEYS and (not isinstance(value, str) or (key == "thread_id" and not value.strip())):
            raise Refused(422, f"configurable.{key} must be a non-empty string, got {value!r}")
        problem = refused_id(key, value) or refused_value(key, value)
        if problem is not None:  # NUL, a lone surrogate, over 512 bytes; a budget out of bounds
            raise Refused(422, problem)
        configurable[key] = value
    if "thread_id" not in configurable:
        raise Refused(
            422,
            "configurable.thread_id is required: every run is checkpointed under a thread; send "
            '{"config": {"configurable": {"thread_id": "<your thread id>"}}}',
        )
    configurable[TENANT_KEY] = tenant
    configurable[USER_KEY] = identity
    return {**config, "configurable": configurable}


def batch_configurables(body: object) -> list[Mapping[str, Any]] | None:
    """The configurable of each input of a /batch body whose ``config`` is a list, else None."""
    configs = body.get("config") if isinstance(body, Mapping) else None
    if not isinstance(configs, list):
        return None
    return [sent_configurable({"config": c}) for c in configs]


def check_batch(principal: Principal | None, body: object, graph: str, max_inputs: int | None = None) -> None:
    """Refuse a /batch body unless every input has a config of its own that :func:`run_config`
    accepts: inputs sharing one config would run at once on one thread. More than ``max_inputs``
    inputs (``KASSIST_MAX_BATCH_RUNS``, the LangGraph server's bound on ``/runs/batch``) are refused
    too: one request of thousands of turns held the server's workers for minutes."""
    inputs = body.get("inputs") if isinstance(body, Mapping) else None
    count = len(inputs) if isinstance(inputs, list) else 0
    if max_inputs is not None and count > max_inputs:
        require_principal(principal)
        raise Refused(
            422,
            f"the batch holds {count} inputs; this server accepts at most {max_inputs} per request "
            "(KASSIST_MAX_BATCH_RUNS): send several smaller batches",
        )
    configurables = batch_configurables(body)
    if configurables is None:
        configurables = [sent_configurable(body)]
        if count > 1:
            check_tenant(principal, configurables[0])
            raise Refused(
                422,
                f"a batch of {count} inputs needs one config per input, each with its own "
                'configurable.thread_id: send "config": [{"configurable": {"thread_id": ...}}, ...]',
            )
    threads = [run_config({}, principal, sent, graph)["configurable"]["thread_id"] for sent in configurables]
    if len(set(threads)) != len(threads):
        raise Refused(422, "every input of a batch needs its own configurable.thread_id")
