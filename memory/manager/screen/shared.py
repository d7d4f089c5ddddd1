"""One instance per process, built on first use: the screen's model-backed layers (semantic, learned)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def once(factory: Callable[[], T]) -> Callable[[], T]:
    """A function that builds ``factory()`` at its first call and returns that instance after; the lock
    keeps two threads from loading the model twice."""
    lock = threading.Lock()
    made: list[T] = []

    def get() -> T:
        with lock:
            if not made:
                made.append(factory())
            return made[0]

    return get
