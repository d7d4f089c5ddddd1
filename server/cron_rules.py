"""Who a cron's runs act as, and the thread they may run on (langgraph dev's cron handler,
server/auth.py ``cron_write``; the run rules a firing meets are server/run_checks.py's)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from kassist.tenancy import TENANT_KEY
from kassist.tenancy import auth_user_field as field
from server.run_checks import refuse, run_configurable, tenant_of
from server.run_creator import KEY_FIELD, SCHEDULED_FIELD

CRON_ROLE = "member"
"""The role a cron's runs act with, whoever made the cron: a schedule decides no review and
reaches only its creator's threads; an admin's standing rights are not stored in a job."""

CRON_ONLY_KEYS = frozenset({"schedule", "end_time", "enabled", "on_run_completed", "timezone", "metadata"})
"""A cron PATCH's keys (langgraph-api's CronPatch) that change when it fires, not the run it fires
(every other key of a PATCH is merged into the payload each firing runs)."""


def store_cron_user(ctx: Auth.types.AuthContext, value: Any, stored: Mapping[str, Any] | None = None) -> None:
    """Store who a cron's runs act as in its payload's ``configurable.langgraph_auth_user``.

    langgraph-api's scheduler creates each run as that user if the stored payload names one, else
    as a bare ``SimpleUser(<creator identity>)``, which has no tenant: every handler, and the
    checkpointer, would have no tenant for it (each run refused). Clients cannot write this key
    (langgraph-api's request schema refuses ``langgraph_auth_*`` in a cron's config), so the stored
    one is the server's: the identity and tenant of the key that last set what the runs run, with
    :data:`CRON_ROLE`. A cron of a key revoked later fires nothing (server/run_creator.py). An update
    that changes only when it fires (:data:`CRON_ONLY_KEYS`) keeps the stored user; any other update
    (its input, its config, ...) is stamped again, as the updating key's user: the runs say what
    that key made them say. An admin's ``input`` PATCH of a member's cron kept the member as its
    user, and every firing was her turn in the admin's words (her ``user_explicit`` memory, her
    conversation; h10 s32 #7). ``stored``: the cron an update changes (its config is kept: a PATCH's
    payload keys replace the stored ones whole)."""
    payload = value.get("payload")
    if not isinstance(payload, dict):
        return
    if ctx.action == "update" and CRON_ONLY_KEYS.issuperset(payload):
        return  # when it fires, not what: the stored config, and the user in it, stays
    if "config" not in payload and stored is not None:
        payload["config"] = copy.deepcopy((stored.get("payload") or {}).get("config") or {})
    run_configurable(payload)["langgraph_auth_user"] = {
        "identity": str(ctx.user.identity),
        TENANT_KEY: tenant_of(ctx),
        "role": CRON_ROLE,
        KEY_FIELD: field(ctx.user, KEY_FIELD),  # each firing is refused once that key is revoked
        SCHEDULED_FIELD: True,
        "permissions": [],
    }


THREAD_UNKNOWN = (
    "Thread with ID '{thread}' not found. Please verify the ID is correct and the thread hasn't been "
    "deleted or expired."
)
"""langgraph-api's 404 for a cron on a thread id its registry does not hold, word for word."""
CRON_THREAD_NOT_FOUND = (
    "Thread with ID '{thread}' not found for this cron's runs: they act as the key that sets what "
    "they run (input, config), with member rights, and reach only that key's own threads (an admin's too); make "
    "the cron on a thread of your own, or change only when it fires"
)


def check_cron_thread(ctx: Auth.types.AuthContext, thread_id: object, acts_as_caller: bool) -> None:
    """A cron's thread must be one its runs reach: they act as the user :func:`store_cron_user`
    stores (the key that made the cron, or that last sent its ``config``: ``acts_as_caller``), with
    member rights, so only that user's own threads. An admin's cron on a member's thread, or a
    member's cron whose config an admin replaced, was stored (200) and every firing was then
    langgraph-api's 404 "Thread or assistant not found" with a traceback in the log: refused now, 404,
    when it is made or changed. A thread langgraph dev's registry does not hold is langgraph-api's
    to answer (its own 404 on a create)."""
    if thread_id is None or not acts_as_caller:
        return
    from server.auth_rules import reaches_thread
    from server.holds import owner_of, stored

    for thread in stored("threads"):
        if str(thread.get("thread_id")) == str(thread_id):
            if not reaches_thread(ctx, thread.get("metadata") or {}):
                # Another tenant's or member's thread is an unknown id, in langgraph-api's words for
                # one: this rule's own line told bob that an acme thread exists (h23 s39 H23-4).
                refuse(404, THREAD_UNKNOWN.format(thread=thread_id))
            if owner_of(thread) != (tenant_of(ctx), str(ctx.user.identity)):
                refuse(404, CRON_THREAD_NOT_FOUND.format(thread=thread_id))  # an admin's, who reads it
            return
