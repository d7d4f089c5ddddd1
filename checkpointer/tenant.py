"""Which tenant a call acts for, and the configurable keys this saver adds to configs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import RunnableConfig

from checkpointer.errors import InvalidId

# The configurable keys live in kassist.tenancy (the memory store reads them too); re-exported here.
from kassist.tenancy import AUTH_USER_KEY as AUTH_USER_KEY
from kassist.tenancy import TENANT_KEY as TENANT_KEY
from kassist.tenancy import TenantMismatch, TenantRequired, auth_user_tenant, configured_tenant
from kassist.text import has_lone_surrogate

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


MAX_ID_BYTES = 512
"""The longest ``thread_id``, ``checkpoint_ns`` or ``checkpoint_id`` (UTF-8 bytes), on both backends.

PostgreSQL refuses an index entry over 2704 bytes, and these ids are keys of one index entry
together (with the tenant, a channel or a task id); SQLite has no such limit, but one rule for
both keeps a thread movable between them.
"""


def check_id(key: str, value: object, *, label: str | None = None) -> None:
    """Refuse an id no backend can store as it is, naming the key (``configurable.<key>``, or
    ``label``) and what to do."""
    if type(value) is str and value.isascii() and len(value) <= MAX_ID_BYTES and "\x00" not in value:
        return  # the usual id, checked without encoding it (this runs three times per call)
    name = label or f"configurable.{key}"
    if not isinstance(value, str):
        return  # thread ids may be ints (LangGraph accepts them); they are stored as their text
    if "\x00" in value:
        # PostgreSQL text cannot hold NUL.
        raise InvalidId(f"{name} {_show(value)} contains a NUL character (U+0000); remove it")
    if has_lone_surrogate(value):
        raise InvalidId(
            f"{name} {_show(value)} contains a lone surrogate (half of a UTF-16 pair), "
            "which is not text any database can store; decode the id properly (e.g. from UTF-16 "
            "with errors='replace')"
        )
    size = len(value.encode("utf-8"))
    if size > MAX_ID_BYTES:
        raise InvalidId(
            f"{name} is {size} bytes long ({_show(value)}); ids may be at most "
            f"{MAX_ID_BYTES} bytes in UTF-8 on every backend: use a shorter id, e.g. a hash of this one"
        )


def check_text_id(key: str, value: object, *, label: str | None = None) -> None:
    """:func:`check_id` for an id that must be text (a namespace, a checkpoint or task id, a channel):
    PostgreSQL compares them as text and refuses another type, SQLite would store its text."""
    if type(value) is not str:
        name = label or f"configurable.{key}"
        raise InvalidId(f"{name} must be a string, got {type(value).__name__} {value!r}")
    check_id(key, value, label=label)


def _show(value: str) -> str:
    return repr(value) if len(value) <= 60 else repr(value[:40]) + f"... ({len(value)} characters)"


def _check_ids(conf: Mapping[str, Any]) -> None:
    for key in ("thread_id", "checkpoint_ns", "checkpoint_id"):
        value = conf.get(key)
        # check_id's first test, here too: this runs twice per put + get_tuple round.
        if value is not None and not (
            type(value) is str and value.isascii() and len(value) <= MAX_ID_BYTES and "\x00" not in value
        ):
            # Only a thread id may be an int (LangGraph accepts them; it is stored as its text).
            (check_id if key == "thread_id" else check_text_id)(key, value)


def resolve_tenant(config: RunnableConfig | None, bound: str | None) -> str:
    """The tenant of a call: the view's binding, else configurable.tenant_id, else the auth user's.

    Two sources that disagree are refused rather than ranked: a client-supplied tenant_id must never
    override the one an authenticated user or a bound view carries.
    """
    conf: Mapping[str, Any] = (config or {}).get("configurable") or {}
    _check_ids(conf)
    if bound is not None:
        given, user = conf.get(TENANT_KEY), conf.get(AUTH_USER_KEY)
        if user is None and (given is None or given == bound):
            return bound  # the common case: nothing in the config, or the same tenant
        auth = auth_user_tenant(user)
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
