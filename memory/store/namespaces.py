"""Namespace rules: which tenant an operation belongs to, label validation, and the stored path form.

Every item lives under ``(tenant_id, *labels)``. The tenant is its own column; the remaining labels
are stored as one text ``ns_path`` where each label is followed by ``SEP`` (U+001F, a control
character labels may not contain). Because every label ends with the separator, a namespace prefix
is a plain string prefix, so prefix search is an index range ``[lo, hi)`` with no LIKE escaping and
labels may contain dots.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from langgraph.store.base import InvalidNamespaceError, MatchCondition

from kassist.tenancy import TenantRequired, check_run_tenant, validate_tenant_id

if TYPE_CHECKING:
    from memory.store.readers import PrivateRoot

SEP = "\x1f"
# The character after SEP: every path starting with prefix P sorts in [P, P[:-1] + _AFTER_SEP).
_AFTER_SEP = chr(ord(SEP) + 1)
MAX_LABEL_LENGTH = 256
WILDCARD = "*"


def validate_label(label: object, namespace: Sequence[object]) -> str:
    """Return ``label`` if it can be stored, else raise :class:`InvalidNamespaceError` saying why."""
    if not isinstance(label, str):
        raise InvalidNamespaceError(
            f"namespace {tuple(namespace)!r}: label {label!r} is a {type(label).__name__}; labels must be strings"
        )
    if not label:
        raise InvalidNamespaceError(
            f"namespace {tuple(namespace)!r} has an empty label; give every level a name"
        )
    if len(label) > MAX_LABEL_LENGTH:
        raise InvalidNamespaceError(
            f"namespace label {label[:40]!r}... is {len(label)} characters; at most {MAX_LABEL_LENGTH}"
        )
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in label):
        raise InvalidNamespaceError(
            f"namespace label {label!r} in {tuple(namespace)!r} contains a control character; "
            "remove it (dots and other printable characters are fine)"
        )
    return label


def validate_labels(namespace: Sequence[object], *, wildcards: bool = False) -> tuple[str, ...]:
    if not isinstance(namespace, tuple | list):
        raise InvalidNamespaceError(f"a namespace is a tuple of strings, got {type(namespace).__name__}")
    return tuple(
        label if (wildcards and label == WILDCARD) else validate_label(label, namespace)
        for label in namespace
    )


def as_namespace(namespace: object) -> tuple[str, ...]:
    """A caller's namespace as a tuple; a bare string is refused, never split into letters."""
    if isinstance(namespace, str) or not isinstance(namespace, tuple | list):
        raise InvalidNamespaceError(
            f"a namespace is a tuple of strings, e.g. ('users', 'asha'), got {type(namespace).__name__} "
            f"{namespace!r}"
        )
    return tuple(namespace)


def validate_key(key: object) -> str:
    if not isinstance(key, str):
        raise ValueError(f"item key must be a string, got {type(key).__name__}")
    if "\x00" in key:
        raise ValueError(f"item key {key!r} contains a NUL character, which no backend can store")
    return key


def encode_path(labels: Iterable[str]) -> str:
    return "".join(label + SEP for label in labels)


def decode_path(path: str) -> tuple[str, ...]:
    return tuple(path.split(SEP)[:-1]) if path else ()


PathRange = tuple[str, str | None]
"""``[lo, hi)`` over stored paths; hi None: no upper bound."""


def prefix_range(labels: Sequence[str]) -> tuple[str, str | None]:
    """``(lo, hi)`` such that a path starts with ``labels`` iff ``lo <= path < hi`` (hi None: no bound)."""
    lo = encode_path(labels)
    return (lo, lo[:-1] + _AFTER_SEP) if lo else ("", None)


@dataclass(frozen=True)
class Scope:
    """How a store view finds the tenant of an operation.

    ``tenant`` set: a bound view. Callers pass namespaces WITHOUT the tenant label and get them back
    the same way; everything is stored under that tenant, so another tenant is unreachable.
    ``tenant_from_namespace``: an explicit admin opt-in; the first label of every namespace is the
    tenant and results carry it. Neither: every operation raises :class:`TenantRequired`.
    """

    tenant: str | None = None
    tenant_from_namespace: bool = False

    def _refuse(self, what: str) -> TenantRequired:
        return TenantRequired(
            f"{what} on a MemoryStore with no tenant: bind one with store.for_tenant('<tenant_id>'), "
            "or open an admin store with MemoryStore.from_url(url, tenant_from_namespace=True) "
            "and put the tenant as the first namespace label"
        )

    def resolve(self, namespace: Sequence[object], what: str) -> tuple[str, tuple[str, ...]]:
        """``(tenant_id, labels below the tenant)`` for an item's namespace.

        Inside a LangGraph run that acts for a tenant (its authenticated user's, or its
        configurable.tenant_id), only that tenant is reachable: a graph node handed the admin store
        (as langgraph-api hands every run the one store of langgraph.json) cannot read or write
        another tenant's namespace, whatever labels it builds from its input.
        """
        labels = validate_labels(namespace)
        if self.tenant is not None:
            tenant = self.tenant
        elif not self.tenant_from_namespace:
            raise self._refuse(what)
        elif not labels:
            raise TenantRequired(f"{what}: namespace is empty; its first label must be the tenant id")
        else:
            tenant, labels = validate_tenant_id(labels[0]), labels[1:]
        return check_run_tenant(tenant, f"{what} ({self.describe()})"), labels

    def describe(self) -> str:
        return f"store view bound to {self.tenant!r}" if self.tenant is not None else "admin store"

    def resolve_prefix(self, prefix: Sequence[object], what: str) -> tuple[str, tuple[str, ...]]:
        """Like :meth:`resolve`, but an admin prefix may not be empty (that would span tenants)."""
        if self.tenant is None and self.tenant_from_namespace and not prefix:
            raise TenantRequired(
                f"{what} across all tenants is refused; start the prefix with a tenant id, e.g. ('acme',)"
            )
        return self.resolve(prefix, what)

    def present(self, tenant: str, labels: tuple[str, ...]) -> tuple[str, ...]:
        """The namespace as this view's callers see it."""
        return labels if self.tenant is not None else (tenant, *labels)


@dataclass(frozen=True)
class NamespaceQuery:
    """A list_namespaces operation resolved to one tenant, with the rest done in pure code."""

    tenant: str
    lo: str
    hi: str | None
    conditions: tuple[MatchCondition, ...]
    max_depth: int | None
    limit: int
    offset: int
    hidden: tuple[PathRange, ...] = ()
    """Path ranges the reader may not see (memory.store.readers), excluded by the listing's SQL."""


def plan_list_namespaces(
    scope: Scope,
    conditions: Sequence[MatchCondition] | None,
    max_depth: int | None,
    limit: int,
    offset: int,
    reader: PrivateRoot | None = None,
) -> NamespaceQuery:
    conds = tuple(conditions or ())
    for cond in conds:
        if cond.match_type not in ("prefix", "suffix"):
            raise ValueError(f"unknown namespace match type {cond.match_type!r}; use 'prefix' or 'suffix'")
        validate_labels(cond.path, wildcards=True)
    if max_depth is not None and max_depth < 1:
        raise ValueError(f"max_depth must be at least 1, got {max_depth}")
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must not be negative")
    prefix = next((c.path for c in conds if c.match_type == "prefix"), ())
    concrete = tuple(_leading_concrete(prefix))
    if scope.tenant is None and scope.tenant_from_namespace and not concrete:
        raise TenantRequired(
            "listing namespaces across all tenants is refused; pass prefix=('<tenant_id>', ...)"
        )
    tenant, labels = scope.resolve(concrete, "list_namespaces")
    lo, hi = prefix_range(labels)
    hidden = reader.hidden(tenant) if reader is not None else ()
    return NamespaceQuery(tenant, lo, hi, conds, max_depth, limit, offset, hidden)


def _leading_concrete(path: Sequence[str]) -> Iterable[str]:
    for label in path:
        if label == WILDCARD:
            return
        yield label


def _matches(path: Sequence[str], namespace: tuple[str, ...]) -> bool:
    return len(path) <= len(namespace) and all(
        p in (WILDCARD, n) for p, n in zip(path, namespace, strict=False)
    )


def finish_list_namespaces(
    scope: Scope, query: NamespaceQuery, paths: Iterable[str]
) -> list[tuple[str, ...]]:
    """Apply match conditions, depth, ordering and paging to the stored paths of one tenant."""
    found: set[tuple[str, ...]] = set()
    for path in paths:
        namespace = scope.present(query.tenant, decode_path(path))
        if not namespace:
            continue
        ok = all(
            _matches(c.path, namespace)
            if c.match_type == "prefix"
            else _matches(tuple(reversed(c.path)), tuple(reversed(namespace)))
            for c in query.conditions
        )
        if ok:
            found.add(namespace[: query.max_depth] if query.max_depth else namespace)
    ordered = sorted(found)
    return ordered[query.offset : query.offset + query.limit]
