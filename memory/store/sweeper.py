"""A background thread that deletes expired items every few minutes (BaseStore's TTL sweeper API)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future

logger = logging.getLogger(__name__)


class Sweeper:
    def __init__(self, sweep: Callable[[], int]) -> None:
        self._sweep = sweep
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, interval_minutes: float) -> Future[None]:
        if interval_minutes <= 0:
            raise ValueError(f"sweep interval must be positive minutes, got {interval_minutes!r}")
        done: Future[None] = Future()
        if self.running:
            done.set_result(None)
            return done
        self._stop.clear()

        def loop() -> None:
            try:
                while not self._stop.wait(interval_minutes * 60):
                    try:
                        removed = self._sweep()
                        if removed:
                            logger.info("memory store TTL sweep removed %d expired items", removed)
                    except Exception:
                        # A failed sweep (e.g. the database restarting) must not kill the thread.
                        logger.exception("memory store TTL sweep failed; retrying next interval")
            finally:
                done.set_result(None)

        self._thread = threading.Thread(target=loop, name="kassist-store-ttl-sweeper", daemon=True)
        self._thread.start()
        return done

    def stop(self, timeout: float | None = None) -> bool:
        if self._thread is None:
            return True
        self._stop.set()
        self._thread.join(timeout)
        stopped = not self._thread.is_alive()
        if stopped:
            self._thread = None
        return stopped
