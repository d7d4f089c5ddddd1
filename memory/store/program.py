"""The store's rules as a pure program: validate a batch, then run it as a generator of SQL requests.

``prepare`` checks every operation (tenant, labels, values, filters, TTL) before any I/O, so a bad
operation fails the whole batch and writes nothing. It also lists the texts to embed, which the
driver embeds outside the database transaction. ``Batch.run`` then yields :class:`kassist.db.Stmt`
statements and receives rows; a driver (sync or async, SQLite or PostgreSQL) only
executes them inside one transaction. Operations run in input order, so a get after a put in the
same batch sees the put; consecutive puts are grouped (last write per key wins).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal, Protocol

from langgraph.store.base import (
    GetOp,
    InvalidNamespaceError,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchOp,
)

from kassist.db.counts import check_count
from kassist.db.statements import Stmt, each
from memory.store import filters as flt
from memory.store.field_cue import carries, field_share, indexed_fields, named_value, query_stems
from memory.store.indexing import IndexSettings
from memory.store.keywords import DEPTH, fuse, fusion_for, keyword_text, scope_tokens
from memory.store.namespaces import (
    PathRange,
    Scope,
    encode_path,
    finish_list_namespaces,
    plan_list_namespaces,
    prefix_range,
    validate_key,
)
from memory.store.prepared import Prepared, PreparedGet, PreparedPut, PreparedSearch, VectorChange
from memory.store.readers import PrivateRoot
from memory.store.records import encode_value, expiry, row_to_item, row_to_search_item, validate_ttl
from memory.store.statements import Program, Statements

Rows = list[tuple[Any, ...]]


BULK_PUTS = 200
"""A batch with at least this many puts is a bulk write (see ``StoreDialect.after_bulk_write``)."""


class StoreDialect(Protocol):
    """What differs between backends, all without I/O."""

    @property
    def name(self) -> Literal["sqlite", "postgres"]: ...

    @property
    def statements(self) -> Statements: ...

    def time(self, dt: datetime) -> Any: ...

    def value_params(self, value_json: str, value: dict[str, Any]) -> tuple[Any, ...]: ...

    def vector(self, vector: Sequence[float]) -> Any: ...

    def render_condition(self, cond: flt.Condition) -> tuple[str, list[Any]]:
        """A search filter's condition in this backend's SQL, plus its parameters."""
        ...

    def prefix_params(
        self, tenant: str, lo: str, hi: str | None, hidden: Sequence[PathRange]
    ) -> tuple[Any, ...]:
        """The parameters of ``Statements.search``'s and ``list_paths``' head and prefix condition:
        the tenant, the prefix's range and the reader's hidden path ranges."""
        ...

    def after_write(self, changes: Sequence[VectorChange]) -> Program:
        """Runs in the writing transaction after a group of puts (SQLite: cache bookkeeping)."""
        ...

    def after_bulk_write(self, puts: int) -> Program:
        """Runs after a committed batch of at least ``BULK_PUTS`` puts (PostgreSQL: statistics)."""
        ...

    def semantic_search(
        self, search: PreparedSearch, query_vector: Sequence[float], now: datetime
    ) -> Program:
        """Yield requests; return item rows with a score column, best first, paged."""
        ...

    def keyword_search(self, search: PreparedSearch, depth: int, now: datetime) -> Program:
        """Yield requests; return the ``depth`` best keyword matches as item rows with a score
        column, best first (ties by path and key), after prefix, expiry and filters."""
        ...

    def named_search(
        self,
        search: PreparedSearch,
        query_vector: Sequence[float],
        now: datetime,
        vector: Rows,
        carries: Callable[[tuple[Any, ...]], bool],
    ) -> Program:
        """``semantic_search`` of ``search`` (the vector list's search with the named value's
        condition added). ``vector``: that list's rows (the same query, without the condition),
        which a dialect may reuse: ``carries`` says whether such a row meets the condition."""
        ...


def prepare(
    scope: Scope,
    ops: Iterable[Op],
    index: IndexSettings,
    now: datetime,
    reader: PrivateRoot | None = None,
) -> Batch:
    """``reader``: the request's narrowing (memory.store.readers), applied to every search and
    listing of the batch."""
    prepared: list[Prepared] = []
    doc_texts: list[str] = []
    query_texts: list[str] = []
    for op in ops:
        if isinstance(op, PutOp):
            tenant, labels = scope.resolve(op.namespace, "put")
            if not labels:
                raise InvalidNamespaceError(
                    f"namespace {op.namespace!r} names no collection; add at least one label, e.g. ('users', user_id)"
                )
            key = validate_key(op.key)
            put = PreparedPut(tenant, encode_path(labels), key, None, None, None, [])
            if op.value is not None:
                put.value_json, put.value = encode_value(op.namespace, key, op.value)
                put.ttl = validate_ttl(op.ttl)
                put.texts = index.texts(put.value, op.index)
                put.keyword = keyword_text(put.texts)
            prepared.append(put)
        elif isinstance(op, GetOp):
            tenant, labels = scope.resolve(op.namespace, "get")
            prepared.append(PreparedGet(tenant, encode_path(labels), validate_key(op.key), op.refresh_ttl))
        elif isinstance(op, SearchOp):
            tenant, labels = scope.resolve_prefix(op.namespace_prefix, "search")
            check_count("search limit", op.limit)
            check_count("search offset", op.offset)
            lo, hi = prefix_range(labels)
            query = op.query if op.query and op.query.strip() else None
            if query is not None:
                query_texts.append(query)
            prepared.append(
                PreparedSearch(
                    tenant,
                    lo,
                    hi,
                    flt.parse_filter(op.filter),
                    query,
                    len(query_texts) - 1,
                    op.limit,
                    op.offset,
                    op.refresh_ttl,
                    reader.hidden(tenant) if reader is not None else (),
                )
            )
        elif isinstance(op, ListNamespacesOp):
            check_count("list_namespaces limit", op.limit)
            check_count("list_namespaces offset", op.offset)
            if op.max_depth is not None:
                check_count("list_namespaces max_depth", op.max_depth)
            prepared.append(
                plan_list_namespaces(scope, op.match_conditions, op.max_depth, op.limit, op.offset, reader)
            )
        else:
            raise TypeError(f"unknown store operation {type(op).__name__}")
    _dedupe_put_groups(prepared)
    for p in prepared:
        if isinstance(p, PreparedPut) and not p.superseded:
            p.first_vector = len(doc_texts)
            doc_texts.extend(text for _, text in p.texts)
    return Batch(scope, index, now, prepared, doc_texts, query_texts)


def _dedupe_put_groups(prepared: list[Prepared]) -> None:
    """Within a run of consecutive puts, only the last write of each item is executed."""
    last: dict[tuple[str, str, str], PreparedPut] = {}
    for p in [*prepared, None]:
        if isinstance(p, PreparedPut):
            previous = last.get((p.tenant, p.path, p.key))
            if previous is not None:
                previous.superseded = True
            last[(p.tenant, p.path, p.key)] = p
        else:
            last.clear()


@dataclass
class Batch:
    scope: Scope
    index: IndexSettings
    now: datetime
    ops: list[Prepared]
    doc_texts: list[str]
    query_texts: list[str]

    @property
    def puts(self) -> int:
        """How many items this batch writes (deletes not counted)."""
        return sum(1 for p in self.ops if isinstance(p, PreparedPut) and p.value_json is not None)

    @property
    def writes(self) -> bool:
        """Whether running may write (puts, or reads that refresh TTLs): SQLite then locks up front."""
        return any(
            isinstance(p, PreparedPut) or (isinstance(p, PreparedGet | PreparedSearch) and p.refresh)
            for p in self.ops
        )

    def run(
        self,
        dialect: StoreDialect,
        doc_vectors: Sequence[Sequence[float]],
        query_vectors: Sequence[Sequence[float]],
    ) -> Generator[Stmt, Any, list[Result]]:
        self.index.check_vectors(doc_vectors, len(self.doc_texts))
        self.index.check_vectors(query_vectors, len(self.query_texts))
        s = dialect.statements
        now = dialect.time(self.now)
        results: list[Result] = []
        i = 0
        while i < len(self.ops):
            p = self.ops[i]
            if isinstance(p, PreparedPut):
                j = i
                while j < len(self.ops) and isinstance(self.ops[j], PreparedPut):
                    results.append(None)
                    j += 1
                group = [q for q in self.ops[i:j] if isinstance(q, PreparedPut) and not q.superseded]
                yield from self._puts(dialect, group, doc_vectors)
                i = j
                continue
            if isinstance(p, PreparedGet):
                rows = yield Stmt(s.get, (p.tenant, p.path, p.key, now))
                results.append(row_to_item(self.scope, p.tenant, rows[0]) if rows else None)
                if rows and p.refresh:
                    yield from self._refresh(dialect, p.tenant, rows)
            elif isinstance(p, PreparedSearch):
                if p.query is None:
                    where, params = flt.render(p.conditions, dialect.render_condition)
                    sql = s.search.format(filters=where)
                    scope = dialect.prefix_params(p.tenant, p.lo, p.hi, p.hidden)
                    rows = yield Stmt(sql, (*scope, now, *params, p.limit, p.offset))
                elif self.index.search == "vector":
                    rows = yield from dialect.semantic_search(p, query_vectors[p.query_index], self.now)
                else:
                    rows = yield from self._hybrid(dialect, p, query_vectors[p.query_index])
                results.append([row_to_search_item(self.scope, p.tenant, r) for r in rows])
                if rows and p.refresh:
                    yield from self._refresh(dialect, p.tenant, rows)
            else:
                scope = dialect.prefix_params(p.tenant, p.lo, p.hi, p.hidden)
                rows = yield Stmt(s.list_paths, (*scope, now))
                results.append(finish_list_namespaces(self.scope, p, (r[0] for r in rows)))
            i += 1
        return results

    def _hybrid(self, dialect: StoreDialect, p: PreparedSearch, query_vector: Sequence[float]) -> Program:
        """Keyword and vector lists of a fixed depth, fused (see memory.store.keywords); with a
        semantic model, a third list when the query names one field value (:meth:`_named`)."""
        end = p.offset + p.limit
        if p.limit == 0:
            return []
        depth = max(DEPTH, end)
        whole = replace(p, offset=0, limit=depth)
        vector: Rows = []
        if self.index.search == "hybrid":
            vector = yield from dialect.semantic_search(whole, query_vector, self.now)
        keyword: Rows = yield from dialect.keyword_search(whole, depth, self.now)
        fusion = fusion_for(self.index.embedder.name)
        # Both the named list and the field cue read the query's stems against unindexed fields.
        indexed = indexed_fields(self.index.fields)
        stems = query_stems(p.query or "")
        named: Rows = []
        if self.index.search == "hybrid" and fusion.named:
            named = yield from self._named(dialect, whole, query_vector, vector, keyword, indexed, stems)
        return fuse(vector, keyword, fusion, _field_cue(indexed, stems), named)[p.offset : end]

    def _named(
        self,
        dialect: StoreDialect,
        whole: PreparedSearch,
        query_vector: Sequence[float],
        vector: Rows,
        keyword: Rows,
        indexed: frozenset[str] | None,
        stems: frozenset[str],
    ) -> Program:
        """The vector list of the items whose field holds the value the query names (field_cue.py,
        ``named_value``): "What did Caroline paint?" over a chat indexed on ``text`` with ``speaker``
        beside it searches Caroline's turns apart, as a filter ``{"speaker": "Caroline"}`` would, so
        her turns beyond the whole store's best by meaning are candidates too. Empty when no single
        value is named."""
        found = [*vector, *keyword]
        if indexed is None or not stems or not found:
            return []
        unique = {(r[0], r[1]): r[2] for r in found}
        value = named_value(unique.values(), stems, indexed)
        if value is None:
            return []
        field, label = value
        cond = flt.Condition((field,), "$eq", label, "string")
        filtered = replace(whole, conditions=[*whole.conditions, cond])
        rows: Rows = yield from dialect.named_search(
            filtered, query_vector, self.now, vector, lambda row: carries(row[2], indexed, field, label)
        )
        return rows

    def _refresh(self, dialect: StoreDialect, tenant: str, rows: Rows) -> Program:
        params = [
            (dialect.time(ttl_expiry), tenant, r[0], r[1])
            for r in rows
            if r[5] is not None and (ttl_expiry := expiry(self.now, float(r[5]))) is not None
        ]
        if params:
            yield each(dialect.statements.refresh, params)

    def _puts(
        self, dialect: StoreDialect, group: list[PreparedPut], doc_vectors: Sequence[Sequence[float]]
    ) -> Program:
        s = dialect.statements
        now = dialect.time(self.now)
        # Sorted keys give concurrent writers one row-lock order per statement, which avoids the
        # common deadlock of two batches writing the same keys in opposite orders.
        group = sorted(group, key=lambda p: (p.tenant, p.path, p.key))
        deletes = [(p.tenant, p.path, p.key) for p in group if p.value_json is None]
        upserts = [p for p in group if p.value_json is not None and p.value is not None]
        if deletes:
            yield each(s.delete, deletes)
        if upserts:
            yield each(
                s.upsert,
                [
                    (
                        p.tenant,
                        p.path,
                        p.key,
                        *dialect.value_params(p.value_json or "", p.value or {}),
                        now,
                        now,
                        _time_or_none(dialect, expiry(self.now, p.ttl)),
                        p.ttl,
                    )
                    for p in upserts
                ],
            )
            yield each(s.delete_vectors, [(p.tenant, p.path, p.key) for p in upserts])
            yield each(s.delete_keywords, [(p.tenant, p.path, p.key) for p in upserts])
            keywords = [
                (p.tenant, p.path, p.key, scope_tokens(p.tenant, p.path), p.keyword)
                for p in upserts
                if p.keyword
            ]
            if keywords:
                yield each(s.insert_keywords, keywords)
            vectors = [
                (p.tenant, p.path, p.key, name, dialect.vector(doc_vectors[p.first_vector + n]))
                for p in upserts
                for n, (name, _) in enumerate(p.texts)
            ]
            if vectors:
                yield each(s.insert_vector, vectors)
        yield from dialect.after_write(
            [
                (
                    p.tenant,
                    p.path,
                    p.key,
                    [doc_vectors[p.first_vector + n] for n in range(len(p.texts))]
                    if p.value_json is not None
                    else [],
                )
                for p in group
            ]
        )


def _field_cue(
    indexed: frozenset[str] | None, stems: frozenset[str]
) -> Callable[[tuple[Any, ...]], float] | None:
    """The share of an item's short unindexed field value the query names (field_cue.py)."""
    if indexed is None or not stems:
        return None
    return lambda row: field_share(row[2], stems, indexed)


def _time_or_none(dialect: StoreDialect, dt: datetime | None) -> Any:
    return None if dt is None else dialect.time(dt)
