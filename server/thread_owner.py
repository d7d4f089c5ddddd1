"""Who owns a LangServe thread: a member reaches only the threads it started, an admin every
thread of its tenant (as on ``langgraph dev``, server/auth.py).

The checkpointer keys a thread by (tenant, thread id); the owner is recorded beside it by the
server: every run's config carries ``metadata.owner`` (the identity of the key that started the
thread), which LangGraph copies into each checkpoint's metadata. The client never sets it
(LangServe takes only ``configurable`` from a client, and ``owner`` is not on its allow-list), and
an admin's turn on a member's thread keeps the member as the owner. Another member's request on a
thread answers as for an unknown thread: ``thread '...' not found``.

A thread written before owners were recorded has none in its checkpoints: its owner is then the
``user_id`` (the key's identity, set by the server on every run) of its first checkpoint; a thread
with neither is reachable by the tenant's admins only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import CheckpointTuple

from checkpointer import TENANT_KEY, TenantCheckpointer
from graph.ingestion.head import run_owner
from kassist.tenancy import OWNER_KEY
from server.configurable import JOB_GRAPHS
from server.keys import Principal
from server.request_config import USER_KEY

if TYPE_CHECKING:
    from langgraph.store.base import SearchItem

    from graph.ingestion.store import RunStore
    from memory import MemoryStore
    from server.accepted_runs import Accepted, AcceptedRuns


T = TypeVar("T")


def not_found(thread_id: str) -> str:
    return f"thread {thread_id!r} not found"


def _recorded(metadata: Any, key: str) -> str | None:
    value = metadata.get(key) if isinstance(metadata, dict) else None
    return value if isinstance(value, str) and value else None


@dataclass(frozen=True)
class ThreadRead:
    """What one read of a thread found (:func:`read_thread`): its owner (:func:`thread_owner`), its
    head checkpoint, and, before its first one, the first run a LangGraph server accepted on it."""

    owner: str | None
    head: CheckpointTuple | None
    accepted: Accepted | None


async def read_thread(
    saver: TenantCheckpointer, tenant: str, thread_id: str, accepted: AcceptedRuns | None = None
) -> ThreadRead:
    """The tenant's thread as one turn's checks need it: whose it is, and what :func:`holds_a_job`
    judges (passed on, so that a turn reads the head and the record once)."""
    config: RunnableConfig = {
        "configurable": {"thread_id": thread_id, "checkpoint_ns": "", TENANT_KEY: tenant}
    }
    latest = await saver.aget_tuple(config)
    if latest is None:  # its accepted first run's owner, or the owner it was made as (POST /threads)
        record = await accepted.get(tenant, thread_id) if accepted is not None else None
        if record is None:
            return ThreadRead(None, None, None)
        return ThreadRead(record.owner, None, record.run)
    owner = _recorded(latest.metadata, OWNER_KEY)
    if owner is None:
        # Written before owners were recorded: whoever ran its first turn (oldest checkpoint last).
        first = latest
        async for item in saver.alist(config):
            first = item
        owner = _recorded(first.metadata, OWNER_KEY) or _recorded(first.metadata, USER_KEY) or ""
    return ThreadRead(owner, latest, None)


async def thread_owner(
    saver: TenantCheckpointer, tenant: str, thread_id: str, accepted: AcceptedRuns | None = None
) -> str | None:
    """The owner of the tenant's thread; None for a new thread, "" for one whose owner is not known
    (admins only). A thread with no checkpoint yet is its accepted first run's owner's when the
    LangGraph server on the same database recorded one (``accepted``: server/accepted_runs.py;
    queued, or lost in a kill, that run was still another member's thread)."""
    return (await read_thread(saver, tenant, thread_id, accepted)).owner


def reaches(principal: Principal, owner: str | None) -> bool:
    """Whether ``principal`` may read or continue a thread owned by ``owner`` (None: new thread)."""
    return owner is None or principal.is_admin or owner == principal.identity


def with_owner(config: dict[str, Any], principal: Principal, owner: str | None) -> dict[str, Any]:
    """``config`` whose checkpoints will record the thread's owner: the existing one, or the
    caller for a new thread. In ``metadata`` and, for the run's nodes, in ``configurable`` too:
    LangServe's ``/batch`` keeps only each config's ``configurable`` (its ``config_keys``), so an
    admin's batched turn on a member's thread saw no owner and recalled the admin's own memory into
    it (a client's ``configurable.owner`` is refused by the allow-list before this)."""
    who = principal.identity if owner is None else owner
    metadata = {**(config.get("metadata") or {}), OWNER_KEY: who}
    configurable = {**(config.get("configurable") or {}), OWNER_KEY: who}
    return {**config, "metadata": metadata, "configurable": configurable}


def job_thread(head: CheckpointTuple | None, accepted: Accepted | None) -> bool:
    """Whether what a thread holds makes it a job run's, never a conversation's (no I/O; both
    servers read the inputs their own way): its head checkpoint is a job graph's (langgraph dev's
    checkpoints name their graph), or, before its first checkpoint (``head`` None), the first run
    langgraph dev accepted on it (``accepted``: queued, or lost in a kill) is a job graph's. A
    registered run, or one requested on the runs API, is the caller's to ask its registry."""
    if head is None:
        return accepted is not None and accepted.graph in JOB_GRAPHS
    return (head.metadata or {}).get("graph_id") in JOB_GRAPHS


def holds_a_job(
    saver: TenantCheckpointer,
    runs: RunStore | None,
    tenant: str,
    thread_id: str,
    accepted: AcceptedRuns | None = None,
    read: ThreadRead | None = None,
) -> bool:
    """Whether the tenant's thread ``thread_id`` is an ingestion run's, never a conversation's
    (blocking): registered, requested on the runs API, checkpointed by a job graph (langgraph
    dev's checkpoints name their graph and record an owner), or, before its first checkpoint, the
    thread of a job run langgraph dev accepted (``accepted``: its record, the only trace of a run
    still queued or lost in a kill). A turn there would be written over the run's head checkpoint
    (a run waiting for review lost its interrupt, and nobody could decide it), or would be the
    checkpoint the accepted run then begins on. Every surface that starts a conversation asks
    this: kassist serve's LangServe routes and the command line's ``ask`` and ``chat``. ``read``:
    what the caller's :func:`read_thread` of this thread found (not read again)."""
    if read is None:
        config: RunnableConfig = {
            "configurable": {"thread_id": thread_id, "checkpoint_ns": "", TENANT_KEY: tenant}
        }
        head = saver.get_tuple(config)
        record = accepted.get_blocking(tenant, thread_id) if head is None and accepted is not None else None
        read = ThreadRead(None, head, None if record is None else record.run)
    if job_thread(read.head, read.accepted):
        return True
    if runs is None:
        return False
    from graph.ingestion.jobs import JobStore

    return (
        runs.for_tenant(tenant).get(thread_id) is not None
        or JobStore(runs).for_tenant(tenant).get(thread_id) is not None
    )


def reaches_run(principal: Principal, saver: Any, run_id: str, *, started_by: str | None) -> bool:
    """Whether ``principal`` may see and steer the ingestion run ``run_id`` of its tenant on the runs
    API and the console (blocking): a run with a recorded owner (a ``langgraph dev`` thread, where
    another member's thread is "not found") as that thread, every other run as its tenant's. Without
    it another member read such a run, its report, and cancelled it (session 26 probe 95). The owner
    is what its head checkpoint records, else ``started_by`` (its registry row's: a langgraph dev run
    without a thread, or whose thread was deleted, keeps no checkpoint; it was every member's:
    h12 s34 #7, #12)."""
    owner = run_owner(saver, principal.tenant_id, run_id) or started_by
    return owner is None or reaches(principal, owner)


def forget_session_notes(
    store: MemoryStore, tenant: str, thread_ids: Iterable[str], users: Iterable[str] | None = None
) -> None:
    """Delete the assistant's session notes of the tenant's deleted threads ``thread_ids``: each
    turn writes one, ``("assistant", <user>, "sessions")`` key <thread id> (its last question and
    running summary, graph/assistant/nodes.record_turn), and the user's later turns on other
    threads read it as an earlier session. A note lives as long as its thread: left behind, a
    deleted conversation kept entering the user's answers (session 28, h3's G2). Not only the
    owner's: an admin's turn on a member's thread writes the admin's own note of it, which outlived
    the thread's delete on langgraph dev (session 29). ``users``: whose notes (the users who could
    have had a turn on these threads: their owners and the tenant's admins), each deleted by key;
    None: under every user of the tenant, listed page by page (``kassist checkpoints prune``, whose
    threads' owners went with their checkpoints). ``store``: bound to ``tenant`` or an admin store;
    never another tenant's namespaces. Blocking; one batch."""
    from langgraph.store.base import PutOp

    from graph.assistant.nodes import SESSIONS

    threads = sorted(set(thread_ids))
    bound = store if store.tenant == tenant else store.for_tenant(tenant)
    gone: list[tuple[tuple[str, ...], str]] = []
    if users is not None:  # a delete of a note that is not there changes nothing
        gone = [(("assistant", user, SESSIONS), thread) for user in sorted(set(users)) for thread in threads]
    for namespace in (
        ()
        if users is not None
        else _pages(
            lambda size, start: bound.list_namespaces(
                prefix=("assistant",), suffix=(SESSIONS,), max_depth=3, limit=size, offset=start
            )
        )
    ):
        if len(namespace) != 3:
            continue
        if len(threads) <= _BLIND_DELETES:
            gone += [(namespace, thread) for thread in threads]
        else:  # many threads (a prune): as many reads as the user's notes, not one delete per thread
            wanted = set(threads)
            notes = _pages(partial(_search, bound, namespace))
            gone += [(namespace, n.key) for n in notes if n.namespace == namespace and n.key in wanted]
    if gone:
        bound.batch([PutOp(namespace, key, None) for namespace, key in gone])


_BLIND_DELETES = 100
"""Up to this many threads, each user's notes of them are deleted by key without reading them first."""


def _search(store: MemoryStore, namespace: tuple[str, ...], limit: int, offset: int) -> list[SearchItem]:
    return store.search(namespace, limit=limit, offset=offset)


def _pages(fetch: Callable[[int, int], list[T]], size: int = 1000) -> Iterator[T]:
    """Every result of a paged store read (``fetch(limit, offset)``)."""
    start = 0
    while True:
        found = fetch(size, start)
        yield from found
        start += len(found)
        if len(found) < size:
            return
