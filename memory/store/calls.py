"""One body for each ``BaseStore`` convenience method, run by a sync and an async driver.

``get``, ``search``, ``put``, ``delete`` and ``list_namespaces`` are each written once, as a
generator that yields the operations it needs run (a list of LangGraph ``Op``) and receives their
results (about 0.6 us per call more than calling ``batch`` directly, ~1% of a SQLite ``get``); :func:`blocking` answers with :meth:`MemoryStore.batch`, :func:`awaited` with
:meth:`MemoryStore.abatch` (kassist.db.sansio's loop, as every operation below). The async methods
cannot drift from the sync ones: they are the same code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine, Generator
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from langgraph.store.base import Op, Result

from kassist.db.sansio import adrive, drive

if TYPE_CHECKING:
    from memory.store.store import MemoryStore

P = ParamSpec("P")
T = TypeVar("T")
Calls = Generator[list[Op], list[Result], T]


def blocking(
    plan: Callable[Concatenate[MemoryStore, P], Calls[T]],
) -> Callable[Concatenate[MemoryStore, P], T]:
    """The store's blocking method of ``plan`` (named as the plan without its leading underscore)."""

    @functools.wraps(plan)
    def method(self: MemoryStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return drive(plan(self, *args, **kwargs), self.batch)

    method.__name__ = plan.__name__.lstrip("_")
    method.__qualname__ = f"MemoryStore.{method.__name__}"
    return method


def awaited(
    plan: Callable[Concatenate[MemoryStore, P], Calls[T]],
) -> Callable[Concatenate[MemoryStore, P], Coroutine[Any, Any, T]]:
    """The ``a``-prefixed coroutine method of ``plan``: the same body, batches awaited."""

    @functools.wraps(plan)
    async def method(self: MemoryStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await adrive(plan(self, *args, **kwargs), self.abatch)

    method.__name__ = "a" + plan.__name__.lstrip("_")
    method.__qualname__ = f"MemoryStore.{method.__name__}"
    return method
