"""What the current reader may see of the tenant's private subtrees (a per-request narrowing).

A server that serves the admin store (namespaces start with the tenant) to many users of a tenant
forces each request under the caller's tenant, but a search or a namespace listing with no prefix
then spans the whole tenant, including other users' private memory (``(<tenant>, "assistant",
<user>, ...)``: their session notes). A prefix cannot exclude a subtree, so the server states, for
the request, whose subtrees under a root the reader owns (:func:`hide_others`). The store turns that
into namespace path ranges (:meth:`PrivateRoot.hidden`) that every search and listing excludes where
its candidates and statistics are drawn (the vector rows, the keyword postings, the prefix's entry
count and mean length, the listed paths): what a reader sees, its order and scores included, never
depends on what it may not see (h10 s32 #6; dropping hidden items after ranking let another user's
notes move a member's scores). Nothing is narrowed unless a caller asked for it (a
:class:`~contextvars.ContextVar`: one request's narrowing never reaches another's).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar, Token
from dataclasses import dataclass

from langgraph.store.base import InvalidNamespaceError

from memory.store.namespaces import SEP, PathRange, prefix_range, validate_label


@dataclass(frozen=True)
class PrivateRoot:
    """Under ``root`` (full namespace, tenant first), the next label names an owner: only the
    subtrees of ``owners`` are visible."""

    root: tuple[str, ...]
    owners: frozenset[str]

    def hidden(self, tenant: str) -> tuple[PathRange, ...]:
        """The stored paths of ``tenant`` this reader may not see, as sorted disjoint ranges: the
        root's subtrees minus the owners' (the root's own items stay visible)."""
        if not self.root or self.root[0] != tenant:
            return ()
        labels = self.root[1:]
        lo, hi = prefix_range(labels)
        # Every label is non-empty and free of control characters, so each path below the root
        # sorts after the root's path + SEP (U+001F) and the root's own path before it.
        start: str = lo + SEP
        gaps: list[PathRange] = []
        for owner_lo, owner_hi in sorted(prefix_range((*labels, o)) for o in self.owners if _is_label(o)):
            if owner_lo > start:
                gaps.append((start, owner_lo))
            start = max(start, owner_hi or start)
        gaps.append((start, hi))
        return tuple(gaps)


def _is_label(owner: str) -> bool:
    """An owner no stored label can equal owns nothing (and must not cut the root's range)."""
    try:
        validate_label(owner, (owner,))
    except InvalidNamespaceError:
        return False
    return True


_READER: ContextVar[PrivateRoot | None] = ContextVar("kassist_store_reader", default=None)


def hide_others(root: Sequence[str], owners: Sequence[str]) -> Token[PrivateRoot | None]:
    """From now on in this context (one server request), searches and listings skip the subtrees
    under ``root`` whose owner label is not one of ``owners``."""
    return _READER.set(PrivateRoot(tuple(root), frozenset(owners)))


def narrowing() -> PrivateRoot | None:
    return _READER.get()
