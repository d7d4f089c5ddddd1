"""What the current reader may see of the tenant's private subtrees (a per-request narrowing).

A server that serves the admin store (namespaces start with the tenant) to many users of a tenant
forces each request under the caller's tenant, but a search or a namespace listing with no prefix
then spans the whole tenant, including other users' private memory (``(<tenant>, "assistant",
<user>, ...)``: their session notes). A prefix cannot exclude a subtree, so the server states, for
the request, whose subtrees under a root the reader owns (:func:`hide_others`); search and
list_namespaces then drop the rest and page over what is left, so limit and offset stay right.
Nothing is narrowed unless a caller asked for it (a :class:`~contextvars.ContextVar`: one request's
narrowing never reaches another's).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any, TypeVar

R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class PrivateRoot:
    """Under ``root`` (full namespace, tenant first), the next label names an owner: only the
    subtrees of ``owners`` are visible."""

    root: tuple[str, ...]
    owners: frozenset[str]

    def hides(self, namespace: Sequence[str]) -> bool:
        depth = len(self.root)
        return (
            len(namespace) > depth
            and tuple(namespace[:depth]) == self.root
            and namespace[depth] not in self.owners
        )


_READER: ContextVar[PrivateRoot | None] = ContextVar("kassist_store_reader", default=None)


def hide_others(root: Sequence[str], owners: Sequence[str]) -> Token[PrivateRoot | None]:
    """From now on in this context (one server request), searches and listings skip the subtrees
    under ``root`` whose owner label is not one of ``owners``."""
    return _READER.set(PrivateRoot(tuple(root), frozenset(owners)))


def narrowing() -> PrivateRoot | None:
    return _READER.get()


def _page_size(limit: int, offset: int) -> int:
    return max(limit + offset, 50)


def visible_page(
    fetch: Callable[[int, int], Generator[R, Any, list[T]]],
    namespace: Callable[[T], Sequence[str]],
    limit: int,
    offset: int,
) -> Generator[R, Any, list[T]]:
    """``fetch(limit, offset)``'s results with the hidden ones dropped, then paged. ``fetch`` is a
    sans-I/O step (MemoryStore's Calls), so one body serves the sync and the async store."""
    reader = narrowing()
    if reader is None:
        return (yield from fetch(limit, offset))
    kept: list[T] = []
    size, start = _page_size(limit, offset), 0
    while True:
        batch = yield from fetch(size, start)
        kept.extend(x for x in batch if not reader.hides(namespace(x)))
        if len(kept) >= offset + limit or len(batch) < size:
            return kept[offset : offset + limit]
        start += size
