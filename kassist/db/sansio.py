"""The one loop that runs a sans-I/O operation.

Every component writes its database logic as a generator that yields requests (named statements,
embedding calls...) and receives their results, never touching a connection. These two functions
are the only place that turns such a generator into I/O: the sync and async executors of each
backend just supply ``execute``.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any, Concatenate, ParamSpec, TypeVar

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


S = TypeVar("S")
P = ParamSpec("P")


def twin_methods(
    plan: Callable[Concatenate[S, P], Generator[Req, Res, T]],
    execute: str,
    aexecute: str,
    name: str | None = None,
) -> tuple[Callable[Concatenate[S, P], T], Callable[Concatenate[S, P], Coroutine[Any, Any, T]]]:
    """The blocking method and the ``a``-prefixed coroutine method of one ``plan`` (a method that
    returns a generator of requests), each driving it with its object's ``execute`` or
    ``aexecute`` method (named): a component writes each method once, and its async twin cannot
    drift from it. The methods are named ``name``, by default the plan's without its leading
    underscore."""
    name = name or plan.__name__.lstrip("_")

    @functools.wraps(plan)
    def method(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return drive(plan(self, *args, **kwargs), getattr(self, execute))

    @functools.wraps(plan)
    async def amethod(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await adrive(plan(self, *args, **kwargs), getattr(self, aexecute))

    owner = plan.__qualname__.rpartition(".")[0]
    # help() and inspect show the plan's parameters, without its generator return type.
    shown = inspect.signature(plan).replace(return_annotation=inspect.Signature.empty)
    for made, called in ((method, name), (amethod, f"a{name}")):
        made.__name__, made.__qualname__ = called, f"{owner}.{called}" if owner else called
        made.__signature__ = shown  # type: ignore[union-attr]
    return method, amethod


def twin_functions(
    plan: Callable[P, Generator[Req, Res, T]],
    execute: Callable[[Req], Res],
    aexecute: Callable[[Req], Awaitable[Res]],
) -> tuple[Callable[P, T], Callable[P, Coroutine[Any, Any, T]]]:
    """:func:`twin_methods` for module functions: the blocking function and its ``a``-prefixed
    coroutine function, both named as ``plan`` without its leading underscore, answering its
    requests with ``execute`` or awaiting ``aexecute``."""
    name = plan.__name__.lstrip("_")

    @functools.wraps(plan)
    def function(*args: P.args, **kwargs: P.kwargs) -> T:
        return drive(plan(*args, **kwargs), execute)

    @functools.wraps(plan)
    async def afunction(*args: P.args, **kwargs: P.kwargs) -> T:
        return await adrive(plan(*args, **kwargs), aexecute)

    shown = inspect.signature(plan).replace(return_annotation=inspect.Signature.empty)
    for made, called in ((function, name), (afunction, f"a{name}")):
        made.__name__ = made.__qualname__ = called
        made.__signature__ = shown  # type: ignore[union-attr]
    return function, afunction
