"""The one loop that runs a sans-I/O operation.

Every component writes its database logic as a generator that yields requests (named statements,
embedding calls...) and receives their results, never touching a connection. These two functions
are the only place that turns such a generator into I/O: the sync and async executors of each
backend just supply ``execute``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from typing import TypeVar

Req = TypeVar("Req")
Res = TypeVar("Res")
T = TypeVar("T")


def drive(op: Generator[Req, Res, T], execute: Callable[[Req], Res]) -> T:
    """Run ``op`` to completion, answering each request it yields with ``execute``."""
    try:
        request = next(op)
        while True:
            request = op.send(execute(request))
    except StopIteration as stop:
        result: T = stop.value
        return result


async def adrive(op: Generator[Req, Res, T], execute: Callable[[Req], Awaitable[Res]]) -> T:
    """The async twin of :func:`drive`: the same operation, awaited requests."""
    try:
        request = next(op)
        while True:
            request = op.send(await execute(request))
    except StopIteration as stop:
        result: T = stop.value
        return result
