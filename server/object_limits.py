"""How many threads and assistants one user keeps on ``langgraph dev`` (server/auth.py's thread,
run and assistant handlers).

``langgraph dev`` keeps every thread and assistant in its memory, each with the metadata its
client sent. Each one's size is bounded (server/configurable.refused_metadata: 16 KiB), their number
was not: one member could make threads or assistants until the server's memory, every tenant's,
ran out (session 22 left this open). So a user keeps at most ``KASSIST_MAX_THREADS_PER_USER``
threads (default 1000) and ``KASSIST_MAX_ASSISTANTS_PER_USER`` assistants (default 100), and a
tenant, all its members and keys together, ``KASSIST_MAX_THREADS_PER_TENANT`` (default 10000) and
``KASSIST_MAX_ASSISTANTS_PER_TENANT`` (default 1000): per user alone, many members (or many keys)
of one tenant could still fill it (session 23 left this open). One more is refused with 409
naming the limit and what to delete. A thread counts from its creation (``POST
/threads``, a copy, a run that makes its thread: ``if_not_exists: "create"``, a run without a
thread, a cron's run without one) until it is deleted; naming a thread or assistant that exists
makes nothing new. Objects approved but not stored yet count (server/holds.py), and a batch's runs,
each making a thread, are counted together. Counted in langgraph-api's in-memory runtime, the one
``langgraph dev`` serves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph_sdk import Auth

from server.holds import Limit, Owner, owner_of, stored, tenant_refusal
from server.http_limits import env_count
from server.run_checks import refuse, tenant_of

THREADS_ENV = "KASSIST_MAX_THREADS_PER_USER"
ASSISTANTS_ENV = "KASSIST_MAX_ASSISTANTS_PER_USER"
TENANT_THREADS_ENV = "KASSIST_MAX_THREADS_PER_TENANT"
TENANT_ASSISTANTS_ENV = "KASSIST_MAX_ASSISTANTS_PER_TENANT"
DEFAULT_THREADS = 1000
DEFAULT_ASSISTANTS = 100
DEFAULT_TENANT_THREADS = 10_000
DEFAULT_TENANT_ASSISTANTS = 1000

_THREADS = Limit()
_ASSISTANTS = Limit()


def object_limits(env: Mapping[str, str] | None = None) -> tuple[int, int]:
    """``(threads, assistants)`` one user may keep, from the environment or the defaults; a value
    that is not a whole number from 1 up raises ValueError naming the variable (at start-up)."""
    return (
        env_count(env, THREADS_ENV, DEFAULT_THREADS, 1, "threads"),
        env_count(env, ASSISTANTS_ENV, DEFAULT_ASSISTANTS, 1, "assistants"),
    )


def tenant_object_limits(env: Mapping[str, str] | None = None) -> tuple[int, int]:
    """``(threads, assistants)`` one tenant may keep, all its users together, from the environment or
    the defaults; a value that is not a whole number from 1 up raises ValueError naming the variable."""
    return (
        env_count(env, TENANT_THREADS_ENV, DEFAULT_TENANT_THREADS, 1, "threads"),
        env_count(env, TENANT_ASSISTANTS_ENV, DEFAULT_TENANT_ASSISTANTS, 1, "assistants"),
    )


def check_new_thread(
    ctx: Auth.types.AuthContext, thread_id: object, run_id: object, limit: int, tenant_limit: int
) -> None:
    """Refuse (409) a thread ``ctx``'s user would create over ``limit`` (its tenant over
    ``tenant_limit``); otherwise hold its place.
    ``thread_id`` None: a run's new thread (id chosen after this handler), held by ``run_id``
    until the run, stored with its thread, is. No await from the count to the hold."""
    kept: dict[str, Owner | None] = {str(t.get("thread_id")): owner_of(t) for t in stored("threads")}
    if thread_id is not None and str(thread_id) in kept:
        return  # no new thread: langgraph-api answers as it does for an existing one
    me: Owner = (tenant_of(ctx), str(ctx.user.identity))
    kept.update((f"run:{run.get('run_id')}", None) for run in stored("runs"))
    key = str(thread_id) if thread_id is not None else f"run:{run_id}"

    def refusal(count: int, wanted: int) -> str:
        what = (
            f"this batch's {wanted} runs would make {count + wanted}" if wanted > 1 else f"you keep {count}"
        )
        return (
            f"{what} threads, the most one user may keep on this server is {limit} ({THREADS_ENV}): "
            "delete threads no longer needed (DELETE /threads/{thread_id}; POST /threads/search lists "
            "yours), then try again"
        )

    delete = "delete threads no longer needed (DELETE /threads/{thread_id}; POST /threads/search lists them)"
    tenant = (tenant_limit, tenant_refusal("threads", TENANT_THREADS_ENV, tenant_limit, delete))
    refuse(409, _THREADS.take(key, me, kept, limit, refusal, tenant))


def check_new_assistant(
    ctx: Auth.types.AuthContext, value: Mapping[str, Any], limit: int, tenant_limit: int
) -> None:
    """Refuse (409) an assistant ``ctx``'s user would create over ``limit``, or its tenant over
    ``tenant_limit`` (an id that exists makes
    none: langgraph-api answers it); otherwise hold its place. No await from the count to the hold."""
    assistant_id = value.get("assistant_id")
    kept: dict[str, Owner | None] = {
        str(a.get("assistant_id")): owner_of(a, "created_by") for a in stored("assistants")
    }
    if assistant_id is not None and str(assistant_id) in kept:
        return  # an id that exists makes none
    me: Owner = (tenant_of(ctx), str(ctx.user.identity))

    def refusal(count: int, wanted: int) -> str:
        return (
            f"you keep {count} assistants, the most one user may keep on this server is {limit} "
            f"({ASSISTANTS_ENV}): delete an assistant no longer needed (DELETE /assistants/{{assistant_id}}; "
            "POST /assistants/search lists them), then create this one"
        )

    delete = (
        "delete an assistant no longer needed (DELETE /assistants/{assistant_id}; POST /assistants/search "
        "lists them)"
    )
    tenant = (tenant_limit, tenant_refusal("assistants", TENANT_ASSISTANTS_ENV, tenant_limit, delete))
    refuse(409, _ASSISTANTS.take(str(assistant_id or id(value)), me, kept, limit, refusal, tenant))
