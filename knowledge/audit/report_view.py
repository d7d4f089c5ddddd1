"""Sorting and filtering an audit report's tables: one set of rules for both ways a report is read.

- The console re-renders the report from its stored JSON for each request, in the order and with
  the rows the query asks for (``?sort=&order=&status=&severity=&q=``, parsed by
  :meth:`ReportView.from_query`, which refuses anything else with one line naming what is allowed).
- The exported HTML file has no server and no script: it carries every row's rank for each sort
  (:func:`ranks`) and CSS shows the order and rows its radio buttons select.

A sort applies to every table with that column ("document" orders the findings and the documents);
``severity`` filters the findings, ``status`` the documents, ``q`` (text in a path, rule, excerpt
or reason, any case) both and the failed documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal, TypeVar
from urllib.parse import urlencode

from knowledge.audit.models import SEVERITIES, SEVERITY_RANK, DocumentRow, Finding

T = TypeVar("T")
Order = Literal["asc", "desc"]
ORDERS: tuple[Order, ...] = ("asc", "desc")
# The pipeline's outcomes for a document (graph.ingestion: the manifest's outcome, "pending" before one).
DOCUMENT_STATUSES = ("indexed", "unchanged", "failed", "removed", "pending")
Q_MAX = 200  # a search longer than this is refused, not cut: what the user typed is what is searched
PARAMETERS = ("sort", "order", "status", "severity", "q")

_DIGITS = re.compile(r"(\d+)")


@lru_cache(maxsize=65536)  # every sort of a large report asks for the same paths' keys again
def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """'line 9' before 'line 10'; case-insensitive otherwise."""
    return tuple((0, int(p)) if p.isdigit() else (1, p.casefold()) for p in _DIGITS.split(text) if p)


# Column -> the value it sorts by; the columns of each table, and the order a first click gives.
FINDING_KEYS: dict[str, Callable[[Finding], Any]] = {
    "severity": lambda f: SEVERITY_RANK[f.severity],
    "category": lambda f: f.category,
    "rule": lambda f: f.rule,
    "document": lambda f: _natural(f.path),
    "location": lambda f: _natural(f.location),
}
DocumentEntry = tuple[DocumentRow, int]  # a document and its number of findings
DOCUMENT_KEYS: dict[str, Callable[[DocumentEntry], Any]] = {
    "document": lambda d: _natural(d[0].path),
    "status": lambda d: d[0].status,
    "chunks": lambda d: d[0].chunks,
    "findings": lambda d: d[1],
}
SORTS = tuple(dict.fromkeys([*FINDING_KEYS, *DOCUMENT_KEYS]))
FIRST_ORDER: dict[str, Order] = {"severity": "desc", "chunks": "desc", "findings": "desc"}


def finding_default(f: Finding) -> tuple[Any, ...]:
    return (-SEVERITY_RANK[f.severity], f.category, _natural(f.path), _natural(f.location), f.rule)


def document_default(d: DocumentEntry) -> tuple[Any, ...]:
    return (_natural(d[0].path), d[0].doc_id)


class ReportViewError(ValueError):
    """A query the report cannot answer; the message names what is allowed."""


def _one_of(name: str, value: str, allowed: Sequence[str]) -> str:
    if value not in allowed:
        shown = value if len(value) <= 40 else value[:40] + "..."
        raise ReportViewError(f"unknown {name} {shown!r}; use one of: {', '.join(allowed)}")
    return value


@dataclass(frozen=True)
class ReportView:
    """Which rows of the report to show, in which order (no sort: the report's own order)."""

    sort: str | None = None
    order: Order = "asc"
    status: str | None = None
    severity: str | None = None
    q: str = ""

    @classmethod
    def from_query(cls, items: Iterable[tuple[str, str]]) -> ReportView:
        """The view a URL query asks for (its items, repeats included); an empty value is no value.

        Raises :class:`ReportViewError` for an unknown parameter or value, a repeated parameter or
        a search longer than :data:`Q_MAX` characters."""
        given: dict[str, str] = {}
        for name, value in items:
            if name not in PARAMETERS:
                shown = name if len(name) <= 40 else name[:40] + "..."
                raise ReportViewError(f"unknown report parameter {shown!r}; use {', '.join(PARAMETERS)}")
            if name in given:
                raise ReportViewError(f"report parameter {name!r} is given twice; give it once")
            given[name] = value.strip()
        q = given.get("q", "")
        if len(q) > Q_MAX:
            raise ReportViewError(f"the search q is {len(q)} characters long; at most {Q_MAX} are allowed")
        sort = _one_of("sort", given["sort"], SORTS) if given.get("sort") else None
        order: Order = FIRST_ORDER.get(sort or "", "asc")  # no order given: a header's first click
        if given.get("order"):
            order = "desc" if _one_of("order", given["order"], ORDERS) == "desc" else "asc"
        return cls(
            sort=sort,
            order=order,
            status=_one_of("status", given["status"], DOCUMENT_STATUSES) if given.get("status") else None,
            severity=_one_of("severity", given["severity"], SEVERITIES) if given.get("severity") else None,
            q=q,
        )

    # -- links ---------------------------------------------------------------------------------------
    def query(self, **changes: Any) -> str:
        """This view's URL query (``?...``) with ``changes`` applied; defaults left out."""
        view = replace(self, **changes)
        pairs = [("sort", view.sort), ("order", view.order if view.sort else None), ("status", view.status),
                 ("severity", view.severity), ("q", view.q)]  # fmt: skip
        return "?" + urlencode([(k, v) for k, v in pairs if v])

    def sort_link(self, column: str) -> str:
        """The header link of ``column``: sorted by it, the other way round if it already is."""
        if self.sort == column:
            return self.query(order="desc" if self.order == "asc" else "asc")
        return self.query(sort=column, order=FIRST_ORDER.get(column, "asc"))

    def aria_sort(self, column: str) -> str:
        if self.sort != column:
            return "none"
        return "ascending" if self.order == "asc" else "descending"

    # -- rows ----------------------------------------------------------------------------------------
    def _matches(self, *texts: str | None) -> bool:
        needle = self.q.casefold()
        return not needle or any(needle in (t or "").casefold() for t in texts)

    def findings(self, findings: Iterable[Finding]) -> list[Finding]:
        rows = [
            f
            for f in findings
            if (self.severity is None or f.severity == self.severity)
            and self._matches(f.path, f.rule, f.category, f.location, f.excerpt)
        ]
        key = FINDING_KEYS.get(self.sort or "")
        return ordered(rows, finding_default, key, self.order)

    def documents(self, documents: Iterable[DocumentRow], per_doc: Mapping[str, int]) -> list[DocumentEntry]:
        rows = [
            (d, per_doc.get(d.doc_id, 0))
            for d in documents
            if (self.status is None or d.status == self.status) and self._matches(d.path, d.status, d.reason)
        ]
        key = DOCUMENT_KEYS.get(self.sort or "")
        return ordered(rows, document_default, key, self.order)

    def failed(self, documents: Iterable[DocumentRow]) -> list[DocumentRow]:
        """The failed documents: every one the search matches, by path (they are read first, in full)."""
        rows = [d for d in documents if d.status == "failed" and self._matches(d.path, d.reason)]
        return sorted(rows, key=lambda d: _natural(d.path))

    @property
    def filtered(self) -> bool:
        return bool(self.status or self.severity or self.q)


def ordered(
    rows: Sequence[T], default: Callable[[T], Any], key: Callable[[T], Any] | None, order: Order
) -> list[T]:
    """``rows`` by ``key`` in ``order``, ties in the default order (ascending either way)."""
    rows = sorted(rows, key=default)
    if key is None:
        return rows
    return sorted(rows, key=key, reverse=order == "desc")  # stable: ties keep the default order


def rank_property(column: str, order: Order) -> str:
    """The CSS custom property holding a row's rank for one sort: short, as every row repeats it
    ten times (``--rula``: rule ascending)."""
    return f"--{column[:3]}{order[0]}"


def ranks(
    rows: Sequence[T], keys: Mapping[str, Callable[[T], Any]], default: Callable[[T], Any]
) -> list[str]:
    """Each row's position in every order the exported file offers, as the CSS custom properties
    of its ``style``: ``"--rula:3;--ruld:7;..."`` (CSS ``order`` then puts the rows in
    the one its checked radio button selects)."""
    index = {id(row): i for i, row in enumerate(rows)}
    parts: list[list[str]] = [[] for _ in rows]
    base = ordered(rows, default, None, "asc")  # the default order once: every sort's tie-break
    for column, key in keys.items():
        for order in ORDERS:
            for position, row in enumerate(sorted(base, key=key, reverse=order == "desc")):
                parts[index[id(row)]].append(f"{rank_property(column, order)}:{position};")
    return ["".join(p) for p in parts]
