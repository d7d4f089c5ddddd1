"""Coalescing of concurrent reads (the DataLoader pattern); pure asyncio, no SQL.

Every :meth:`Coalescer.load` issued in one event-loop tick (e.g. the calls of one
``asyncio.gather``) is queued, and the whole queue is answered by one call of ``run_batch`` with
every key at once (split into even chunks of at most ``max_batch`` that run side by side). Each
caller gets its own result, or its own exception when ``run_batch`` returns one in that caller's
place; an exception raised by ``run_batch`` itself fails every caller of that chunk with that same
error.

How a tick is gathered: the first caller yields once (``sleep(0)``); every caller already ready to
run in this tick queues behind it meanwhile. A caller with nothing else ready in the loop reads at
once, so one-at-a-time callers pay no extra loop turn. A batch of several runs in a task of its
own: a caller that is cancelled only stops waiting, the batch and the other callers carry on.
State is kept per event loop, so a saver used from several loops (threads) never mixes them.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def _others_ready(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether other callbacks are ready to run in this tick (True when the loop does not say)."""
    ready = getattr(loop, "_ready", None)  # asyncio's own loops; others (uvloop) always yield once
    if ready is None:
        return True
    return any(not handle.cancelled() for handle in ready)  # I/O leaves cancelled handles behind


class _Queue(Generic[K, V]):
    """One event loop's callers waiting for the next batch, and its running batch tasks."""

    __slots__ = ("items", "leading", "tasks")

    def __init__(self) -> None:
        self.items: list[tuple[K, asyncio.Future[V]]] = []
        self.leading = False  # a caller is yielding one tick to gather the others
        self.tasks: set[asyncio.Task[None]] = set()  # strong references until each batch is done


class Coalescer(Generic[K, V]):
    """Answers the ``load`` calls of one event-loop tick with one ``run_batch`` call.

    ``run_batch(keys)`` returns, in the order of ``keys``, each key's value or the exception for
    that key alone. ``run_one(key)``, if given, answers a caller that is alone (it raises that
    key's exception); by default that is ``run_batch([key])``.
    """

    def __init__(
        self,
        run_batch: Callable[[list[K]], Awaitable[Sequence[V | BaseException]]],
        *,
        run_one: Callable[[K], Awaitable[V]] | None = None,
        max_batch: int = 16,
    ) -> None:
        if isinstance(max_batch, bool) or not isinstance(max_batch, int) or max_batch < 1:
            raise ValueError(f"max_batch must be a whole number >= 1, got {max_batch!r}")
        self._run_batch = run_batch
        self._run_one = run_one or self._alone
        self.max_batch = max_batch
        self._queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Queue[K, V]]
        self._queues = weakref.WeakKeyDictionary()
        self._guard = threading.Lock()  # guards creating a loop's queue only

    def _queue(self, loop: asyncio.AbstractEventLoop) -> _Queue[K, V]:
        queue = self._queues.get(loop)
        if queue is None:
            with self._guard:
                queue = self._queues.setdefault(loop, _Queue())
        return queue

    def load(self, key: K) -> Awaitable[V]:
        """``key``'s value, fetched together with every other key asked for in this tick.

        Call it from a coroutine and await the result at once (the tick is the one it is called in).
        """
        loop = asyncio.get_running_loop()
        if not _others_ready(loop):
            # Nothing else can run in this tick (a caller gathering a batch would be ready too):
            # read alone, at once, with no frame of ours in between.
            return self._run_one(key)
        return self._gather(loop, key)

    async def _gather(self, loop: asyncio.AbstractEventLoop, key: K) -> V:
        queue = self._queue(loop)
        if queue.leading:  # a caller of this tick is gathering the batch: join it
            future: asyncio.Future[V] = loop.create_future()
            queue.items.append((key, future))
            return await future
        # The first caller of the tick yields once: its turn comes back after the callbacks already
        # ready, so every other caller of this tick (e.g. all the coroutines of one gather) queues
        # behind it meanwhile.
        queue.leading = True
        try:
            await asyncio.sleep(0)
        except BaseException:  # cancelled while gathering: the others still get their batch
            queue.leading = False
            self._start(loop, queue, [])
            raise
        queue.leading = False
        if not queue.items:
            return await self._run_one(key)
        # Several: the batch runs in a task of its own, so a caller that is cancelled (this one
        # included) only stops waiting, and the others still get their answers.
        future = loop.create_future()
        self._start(loop, queue, [(key, future)])
        return await future

    async def _alone(self, key: K) -> V:
        (result,) = await self._run_batch([key])
        if isinstance(result, BaseException):
            raise result
        return result

    def _start(
        self, loop: asyncio.AbstractEventLoop, queue: _Queue[K, V], first: list[tuple[K, asyncio.Future[V]]]
    ) -> None:
        items, queue.items = first + queue.items, []
        if not items:
            return
        # Even chunks of at most max_batch, run side by side (a connection pool spreads them): 33
        # reads with max_batch 16 are three batches of 11, not 16 + 16 + 1.
        count = -(-len(items) // self.max_batch)
        size = -(-len(items) // count)
        for i in range(0, len(items), size):
            self._spawn(loop, queue, self._answer(items[i : i + size]))

    def _spawn(
        self, loop: asyncio.AbstractEventLoop, queue: _Queue[K, V], coro: Coroutine[Any, Any, None]
    ) -> None:
        task = loop.create_task(coro)
        queue.tasks.add(task)
        task.add_done_callback(queue.tasks.discard)

    async def _answer(self, chunk: list[tuple[K, asyncio.Future[V]]]) -> None:
        chunk = [item for item in chunk if not item[1].done()]  # callers cancelled meanwhile
        if not chunk:
            return
        try:
            results = await self._run_batch([key for key, _ in chunk])
            if len(results) != len(chunk):
                raise RuntimeError(f"a batch of {len(chunk)} reads returned {len(results)} results")
        except asyncio.CancelledError:  # the loop is shutting down: nobody gets an answer
            for _, future in chunk:
                future.cancel()
            raise
        except BaseException as exc:  # the batch failed as a whole: every caller sees why
            for _, future in chunk:
                if not future.done():
                    future.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
            return
        for (_, future), result in zip(chunk, results, strict=True):
            if future.done():  # that caller was cancelled while the batch ran
                continue
            if isinstance(result, BaseException):
                future.set_exception(result)
            else:
                future.set_result(result)
