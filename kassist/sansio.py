"""The one loop that runs a sans-I/O operation.

Every component writes its database logic as a generator that yields requests (named statements,
embedding calls...) and receives their results, never touching a connection. These functions
are the only place that turns such a generator into I/O: the sync and async executors of each
backend just supply ``execute``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from typing import Any, NamedTuple, TypeVar

Req = TypeVar("Req")
Res = TypeVar("Res")
T = TypeVar("T")


class Finished(NamedTuple):
    """What :func:`start` returns for an operation that finished without a single request."""

    value: Any


def start(op: Generator[Req, Res, T]) -> Req | Finished:
    """Run ``op`` up to its first request (handed back), or to its end."""
    try:
        return next(op)
    except StopIteration as stop:
        return Finished(stop.value)


def drive(op: Generator[Req, Res, T], execute: Callable[[Req], Res]) -> T:
    """Run ``op`` to completion, answering each request it yields with ``execute``."""
    try:
        request = next(op)
    except StopIteration as stop:
        result: T = stop.value
        return result
    return resume(op, request, execute)


def resume(op: Generator[Req, Res, T], request: Req, execute: Callable[[Req], Res]) -> T:
    """:func:`drive` for an ``op`` already started: ``request`` is the one it yielded last.

    An executor that pulled the first request itself can run it again elsewhere (on a fresh
    connection, when the first one turned out dead) without the operation knowing.
    """
    try:
        while True:
            request = op.send(execute(request))
    except StopIteration as stop:
        result: T = stop.value
        return result


async def adrive(op: Generator[Req, Res, T], execute: Callable[[Req], Awaitable[Res]]) -> T:
    """The async twin of :func:`drive`: the same operation, awaited requests."""
    try:
        request = next(op)
    except StopIteration as stop:
        result: T = stop.value
        return result
    return await aresume(op, request, execute)


async def aresume(op: Generator[Req, Res, T], request: Req, execute: Callable[[Req], Awaitable[Res]]) -> T:
    """The async twin of :func:`resume`."""
    try:
        while True:
            request = op.send(await execute(request))
    except StopIteration as stop:
        result: T = stop.value
        return result
