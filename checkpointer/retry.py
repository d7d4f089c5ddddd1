"""Running a graph call again after a :class:`CheckpointConflict`, without applying its input twice.

A conflict says another run committed on the thread first. What of *this* run was committed
before that depends on where the conflict struck: a run commits one checkpoint per step, so a
multi-step run may already have put its input (and some steps) into the thread's history before a
later step lost the race. Re-sending the input then applies it twice (``['L', 'X', 'L']``).

So each call carries a run id in ``config["metadata"]["run_id"]`` (the caller's, else a fresh
one; LangGraph copies it into every checkpoint's metadata), and after a conflict the thread's
history says what to do (:func:`plan_retry`, no I/O), from the newest checkpoint of the run that
is an ancestor of the new head:

* none: the input is not in the head's state; it is sent again from the new head;
* the run's input checkpoint (the input waits there as the ``__start__`` task): if the next
  checkpoint towards the head is another run's input, that run replaced it, and it is sent again;
  if it is a loop step, a resumed run applied it and ran what it triggers: nothing is left to run;
* a later checkpoint: the input is in the head's state and is **not** sent again; the tasks that
  checkpoint still had to run are run on top of the new head (``Command(goto=...)``) once the head
  has no pending tasks of its own, and when it had none left the head's state is returned.

Retries wait with exponential backoff and full jitter, so runs that collided spread out instead of
colliding again in step. Node side effects run again on a retry, as on any resume: make them
idempotent.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver, CheckpointTuple
from langgraph.pregel import Pregel
from langgraph.types import Command, StateSnapshot

from checkpointer.errors import CheckpointConflict, InputMerged
from checkpointer.tenant import BRANCH_FROM_KEY, VERSION_KEY
from kassist.db.sansio import twin_functions

DEFAULT_ATTEMPTS = 100
"""Rounds before giving up: 8 workers hammering one thread on 2 busy cores needed up to 47 (a run
that keeps losing the race to fresh runs); see docs/checkpointer.md."""
PUSH = "__pregel_push"  # the path marker of a task started by Send (langgraph._internal._constants)
START_NODE = "__start__"

Graph = Pregel[Any, Any, Any, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class Backoff:
    """Exponential backoff with full jitter: before retry ``n`` (1-based), wait a uniformly random
    time in ``[0, min(cap, base * 2 ** (n - 1))]`` seconds."""

    base: float = 0.005
    cap: float = 0.5

    def __post_init__(self) -> None:
        if not (self.base >= 0 and self.cap >= 0):
            raise ValueError(f"backoff base and cap must be >= 0 seconds, got {self.base} and {self.cap}")

    def delay(self, retry: int, rng: random.Random | None = None) -> float:
        ceiling = min(self.cap, self.base * 2 ** min(retry - 1, 60))
        return (rng or _rng).uniform(0, ceiling)


DEFAULT_BACKOFF = Backoff()
_rng = random.Random()


def _reseed_after_fork() -> None:
    # A forked child (a server preloading this module, then forking its workers) would draw the very
    # jitter its parent and siblings draw: their retries of one conflict would collide again, in step.
    # The stdlib reseeds only the global `random` at fork; this instance is ours to reseed.
    _rng.seed()


os.register_at_fork(after_in_child=_reseed_after_fork)


@dataclass(frozen=True)
class Resend:
    """Nothing of the run's input is in the head's state: run it again from the head."""


@dataclass(frozen=True)
class Continue:
    """The input is in the head's state; these tasks of the run still have to run on top of it."""

    goto: tuple[str, ...]


@dataclass(frozen=True)
class Merged:
    """The input and every step of the run are in the head's state: nothing is left to run."""


Plan = Resend | Continue | Merged


def from_latest(config: RunnableConfig) -> RunnableConfig:
    """``config`` pointing at the thread's head (no checkpoint id, no branch marker)."""
    conf = {
        k: v
        for k, v in (config.get("configurable") or {}).items()
        if k not in ("checkpoint_id", BRANCH_FROM_KEY)
    }
    return {**config, "configurable": conf}


def with_run_id(config: RunnableConfig) -> tuple[RunnableConfig, str]:
    """``config`` with a run id in its metadata (the one it has, else a new one), and that id."""
    metadata = dict(config.get("metadata") or {})
    run_id = metadata.get("run_id")
    if run_id is None or str(run_id) == "":
        run_id = str(uuid.uuid4())
        metadata["run_id"] = run_id
    return {**config, "metadata": metadata}, str(run_id)


def plan_retry(mine: StateSnapshot | None, child_source: str | None) -> Plan:
    """What a retry does, given the newest checkpoint this run committed that is an ancestor of the
    thread's head (``None``: none is) and the ``source`` of its child on the way to the head."""
    if mine is None:
        return Resend()
    if (mine.metadata or {}).get("source") == "input" or any(t.name == START_NODE for t in mine.tasks):
        # The input waits in that checkpoint as the __start__ task. A run that started afresh on
        # top of it replaced it with its own input; a run that resumed from it (another retry's
        # Command) applied it and ran what it triggers.
        return Resend() if child_source == "input" else Merged()
    if any(t.path and t.path[0] == PUSH for t in mine.tasks):
        raise InputMerged(_thread(mine.config), _cid(mine.config), [t.name for t in mine.tasks])
    # Every task of that step, finished or not: the head's state holds none of their writes (a run
    # on top ran the same nodes for its own input, or for itself when it resumed from there).
    goto = tuple(dict.fromkeys(t.name for t in mine.tasks))
    return Continue(goto) if goto else Merged()


def _conf(config: RunnableConfig | None) -> Mapping[str, Any]:
    return (config or {}).get("configurable") or {}


def _cid(config: RunnableConfig | None) -> str:
    return str(_conf(config).get("checkpoint_id") or "")


def _thread(config: RunnableConfig | None) -> str:
    return str(_conf(config).get("thread_id") or "")


def _root(config: RunnableConfig) -> RunnableConfig:
    # The root graph's history only: the run's subgraph checkpoints carry its run id too.
    return {**config, "configurable": {**_conf(config), "checkpoint_ns": ""}}


def _saver(graph: Graph) -> BaseCheckpointSaver[Any]:
    saver = graph.checkpointer
    if not isinstance(saver, BaseCheckpointSaver):
        raise ValueError(
            "invoke_with_retry needs a graph compiled with a checkpointer "
            "(builder.compile(checkpointer=saver)): a retry reads the thread's history"
        )
    return saver


def _version(t: CheckpointTuple) -> int | None:
    value = _conf(t.config).get(VERSION_KEY)
    return int(value) if value is not None else None


def _lineage_steps(head: CheckpointTuple, mine: StateSnapshot) -> tuple[int, int | None]:
    """The run's version (the walk's floor) and how many checkpoints the head is above it, plus
    one: versions step by one per commit. Without versions (another saver): the whole history."""
    mine_version, head_version = _conf(mine.config).get(VERSION_KEY), _version(head)
    if mine_version is None or head_version is None:
        return -1, None
    return int(mine_version), max(1, head_version - int(mine_version) + 1)


@dataclass(frozen=True)
class _Walk:
    found: bool
    child: CheckpointTuple | None = None  # the checkpoint on top of the run's, on the way to the head
    missing: str | None = None  # a parent id not among the listed checkpoints


def _walk(head: CheckpointTuple, listed: list[CheckpointTuple], mine_id: str, floor: int) -> _Walk:
    """Follow parents from the head through ``listed`` down to version ``floor``."""
    by_id = {_cid(t.config): t for t in listed}
    node, child = head, None
    while True:
        if _cid(node.config) == mine_id:
            return _Walk(True, child)
        version = _version(node)
        parent = _cid(node.parent_config)
        if not parent or (version is not None and version <= floor):
            return _Walk(False)
        if parent not in by_id:
            return _Walk(False, missing=parent)
        node, child = by_id[parent], node


def _source(walk: _Walk) -> str | None:
    return str((walk.child.metadata or {}).get("source")) if walk.child is not None else None


def _at(config: RunnableConfig, checkpoint_id: str) -> RunnableConfig:
    return {**config, "configurable": {**_conf(config), "checkpoint_id": checkpoint_id}}


@dataclass(frozen=True)
class _Call:
    """One I/O request of the retry loop, answered by a sync or an async driver: ``on.<name>(...)``
    (the async driver awaits ``on.a<name>(...)``; ``on=None`` is a sleep), its items as a list when
    ``many``; with ``conflict``, a CheckpointConflict is answered as :class:`_Conflicted`."""

    on: Any
    name: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    many: bool = False
    conflict: bool = False


@dataclass(frozen=True)
class _Conflicted:
    error: CheckpointConflict


def _sleep(seconds: float) -> _Call:
    return _Call(None, "sleep", (seconds,))


def _answer(call: _Call) -> Any:
    try:
        if call.on is None:
            return time.sleep(call.args[0])
        result = getattr(call.on, call.name)(*call.args, **call.kwargs)
        return list(result) if call.many else result
    except CheckpointConflict as exc:
        if not call.conflict:
            raise
        return _Conflicted(exc)


async def _aanswer(call: _Call) -> Any:
    try:
        if call.on is None:
            return await asyncio.sleep(call.args[0])
        result = getattr(call.on, "a" + call.name)(*call.args, **call.kwargs)
        return [item async for item in result] if call.many else await result
    except CheckpointConflict as exc:
        if not call.conflict:
            raise
        return _Conflicted(exc)


Steps = Generator[_Call, Any, T]


def _position(saver: BaseCheckpointSaver[Any], config: RunnableConfig, mine: StateSnapshot) -> Steps[_Walk]:
    """Whether ``mine`` is an ancestor of the head, and its child on the way."""
    head = yield _Call(saver, "get_tuple", (config,))
    if head is None:
        return _Walk(False)
    floor, count = _lineage_steps(head, mine)
    listed = yield _Call(saver, "list", (config,), {"limit": count}, many=True)
    while True:
        walk = _walk(head, listed, _cid(mine.config), floor)
        if walk.missing is None:
            return walk
        # Ids and versions need not sort alike across processes: fetch the missing parent itself.
        parent = yield _Call(saver, "get_tuple", (_at(config, walk.missing),))
        if parent is None:
            return _Walk(False)
        listed.append(parent)


def _check(attempts: int) -> None:
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, got {attempts}")


def _plan(graph: Graph, config: RunnableConfig, run_id: str) -> Steps[Plan | None]:
    """The plan for the next call, or None to wait: a continuation starts only from a head with no
    tasks pending (another run between its steps), or its first step would run them too."""
    history = {"filter": {"run_id": run_id}, "limit": 1}
    mine = next(iter((yield _Call(graph, "get_state_history", (config,), history, many=True))), None)
    walk = (yield from _position(_saver(graph), config, mine)) if mine is not None else _Walk(False)
    plan = plan_retry(mine if walk.found else None, _source(walk))
    if isinstance(plan, Continue) and (yield _Call(graph, "get_state", (config,))).tasks:
        return None
    return plan


def _input(input: Any, plan: Resend | Continue) -> Any:
    return input if isinstance(plan, Resend) else Command(goto=list(plan.goto))


def _invoke_with_retry(
    graph: Graph,
    input: Any,
    config: RunnableConfig,
    *,
    attempts: int = DEFAULT_ATTEMPTS,
    backoff: Backoff = DEFAULT_BACKOFF,
    **kwargs: Any,
) -> Steps[Any]:
    """``graph.invoke`` that, on CheckpointConflict, carries the run on from the thread's new head
    without applying ``input`` twice (see the module docstring). Gives up after ``attempts``
    rounds (a call, or a wait for a head with no pending tasks), re-raising the last conflict.
    ``ainvoke_with_retry`` is the same with ``graph.ainvoke``."""
    _check(attempts)
    config, run_id = with_run_id(config)
    call_input, attempt = input, 1
    while True:
        result = yield _Call(graph, "invoke", (call_input, config), kwargs, conflict=True)
        if not isinstance(result, _Conflicted):
            return result
        config = from_latest(config)
        plan: Plan | None = None
        while plan is None:
            if attempt >= attempts:
                raise result.error
            yield _sleep(backoff.delay(attempt))
            attempt += 1
            plan = yield from _plan(graph, _root(config), run_id)
        if isinstance(plan, Merged):
            return (yield _Call(graph, "get_state", (config,))).values
        call_input = _input(input, plan)


# One loop of requests (_Call), its answers blocking or awaited.
invoke_with_retry, ainvoke_with_retry = twin_functions(_invoke_with_retry, _answer, _aanswer)
