"""One body for each memory-manager method, run by a sync and an async driver.

A method of :class:`~memory.manager.manager.MemoryManager` is written once, as a plan: a generator
that yields what it needs done and receives the answer, the way every operation below it yields
statements (kassist.db.sansio). A plan asks for three things:

- :class:`Run`: an operation (memory/manager/ops.py) run on the database, a transaction when
  ``write``; ``again`` rebuilds it from the start when the server rolled it back whole;
- :class:`~kassist.db.statements.Local`: work in this process (an embedding), outside any
  transaction: called as it is by the sync driver, in a worker thread by the async one;
- :class:`After`: the backend's after-work (folding the WAL after an erasure, the planner's
  statistics after an import).

:func:`execute` and :func:`aexecute` answer a step; ``kassist.db.sansio.twin_methods`` makes the
public ``remember`` and ``aremember`` of one plan, so the rules (validation, tenant binding, what
runs in which order) cannot drift apart.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from kassist.db.statements import Local
from memory.manager.ops import Op

if TYPE_CHECKING:
    from memory.manager.manager import ManagerRunner

T = TypeVar("T")


@dataclass(frozen=True)
class Run:
    op: Op[Any]
    write: bool
    again: Callable[[], Op[Any]] | None = None


@dataclass(frozen=True)
class After:
    """The backend's ``after_erasure()`` or ``imported(written)`` (``aafter_erasure``, ``aimported``)."""

    work: Literal["after_erasure", "imported"]
    args: tuple[Any, ...] = ()


Step = Run | Local | After
Plan = Generator[Step, Any, T]


def execute(backend: ManagerRunner, step: Step) -> Any:
    """One step of a plan, blocking."""
    if isinstance(step, Run):
        return backend.run(step.op, write=step.write, again=step.again)
    if isinstance(step, Local):
        return step.call()
    return getattr(backend, step.work)(*step.args)


async def aexecute(backend: ManagerRunner, step: Step) -> Any:
    """One step of a plan, awaited: in-process work in a worker thread."""
    if isinstance(step, Run):
        return await backend.arun(step.op, write=step.write, again=step.again)
    if isinstance(step, Local):
        return await asyncio.to_thread(step.call)
    return await getattr(backend, f"a{step.work}")(*step.args)
