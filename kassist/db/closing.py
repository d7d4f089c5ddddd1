"""``with`` and ``async with`` for the objects that hold a database (saver, store, manager)."""

from __future__ import annotations

from typing import Self


class Closing:
    """Leaving a ``with`` block calls ``close()``; leaving an ``async with`` block, ``aclose()``.
    A subclass defines both (the block's outcome does not change what they do)."""

    def close(self) -> None:
        raise NotImplementedError

    async def aclose(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
