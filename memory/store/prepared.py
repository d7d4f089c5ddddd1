"""What ``memory.store.program.prepare`` makes of a batch's operations, checked and ready to run:
the records a dialect's statements read (a search's hidden ranges, a put's texts to embed), kept apart
from the program that runs them so that the dialects import the records, not the program."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memory.store import filters as flt
from memory.store.namespaces import NamespaceQuery, PathRange

VectorChange = tuple[str, str, str, list[Sequence[float]]]
"""(tenant, ns_path, key, the item's vectors now; empty when deleted or not indexed)"""


@dataclass
class PreparedPut:
    tenant: str
    path: str
    key: str
    value_json: str | None
    value: dict[str, Any] | None
    ttl: float | None
    texts: list[tuple[str, str]]
    keyword: str | None = None
    first_vector: int = 0
    superseded: bool = False


@dataclass(frozen=True)
class PreparedGet:
    tenant: str
    path: str
    key: str
    refresh: bool


@dataclass(frozen=True)
class PreparedSearch:
    tenant: str
    lo: str
    hi: str | None
    conditions: list[flt.Condition]
    query: str | None
    query_index: int
    limit: int
    offset: int
    refresh: bool
    hidden: tuple[PathRange, ...] = ()
    """Path ranges the reader may not see (memory.store.readers): no candidate, posting or statistic
    is drawn from them, so what a reader sees never depends on them."""


Prepared = PreparedPut | PreparedGet | PreparedSearch | NamespaceQuery
