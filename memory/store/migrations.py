"""Setup and schema checks as pure programs, plus the loops that drive any program.

``setup_program`` applies each missing migration once (recorded in ``kassist_store_schema_version``)
and records which embedder the vector index belongs to; ``check_program`` runs on a store's first
batch so a database opened without ``setup()`` or with another embedder fails clearly.
"""

from __future__ import annotations

import json
import re
from typing import Any

from kassist.db.migrate import pending, up_to
from kassist.db.statements import Stmt, each
from memory.store.indexing import IndexSettings
from memory.store.keywords import index_paths, keyword_text, scope_tokens
from memory.store.namespaces import SEP
from memory.store.statements import Program, Statements


class StoreNotSetUp(RuntimeError):
    """The database has no (or an outdated) memory store schema."""


def _statements(script: str) -> list[str]:
    # Migration scripts are ours: every statement ends with ';' and a line break (a trigger's body
    # keeps its inner ';' on the same line).
    return [s.strip() for s in re.split(r";[ \t]*\n", script) if s.strip()]


def _current_version(rows: list[tuple[Any, ...]], statements: Statements) -> int:
    current = int(rows[0][0] or 0) if rows else 0
    pending("memory store tables", up_to(current), len(statements.migrations), error=StoreNotSetUp)
    return current


def setup_program(statements: Statements, index: IndexSettings, now: Any) -> Program:
    """Returns the number of migrations applied (0 when already up to date)."""
    yield each(statements.create_version_table, [()])
    current = _current_version((yield Stmt(statements.schema_version)), statements)
    if current >= 1:
        meta = yield Stmt(statements.read_index_meta)
        index.check_recorded(meta[0] if meta else None)
    for number, script in enumerate(statements.migrations, start=1):
        if number <= current:
            continue
        for sql in _statements(script.format(dims=index.dims)):
            yield each(sql, [()])
        yield each(statements.record_version, [(number, now)])
        if number == statements.keyword_migration:
            yield from _backfill_keywords(statements, index)
    meta = yield Stmt(statements.read_index_meta)
    if meta:
        index.check_recorded(meta[0])
    else:
        yield each(statements.write_index_meta, [(index.embedder.name, index.dims)])
    return len(statements.migrations) - current


def _backfill_keywords(statements: Statements, index: IndexSettings) -> Program:
    """Index the items written before the keyword index existed, from the fields their vectors name
    (items stored with ``index=False`` have no vectors and stay out of it, as they would now)."""
    rows = yield Stmt(statements.keyword_backfill)
    params = []
    for tenant, path, key, value_json, fields in rows:
        text = keyword_text(index.texts(json.loads(value_json), index_paths(str(fields).split(SEP))))
        if text is not None:
            params.append((tenant, path, key, scope_tokens(tenant, path), text))
    if params:
        yield each(statements.insert_keywords, params)


def check_program(statements: Statements, index: IndexSettings) -> Program:
    current = _current_version((yield Stmt(statements.schema_version)), statements)
    if current < len(statements.migrations):
        raise StoreNotSetUp(
            f"the memory store schema is at version {current} of {len(statements.migrations)}; "
            "call store.setup() (or await store.asetup()) once"
        )
    meta = yield Stmt(statements.read_index_meta)
    index.check_recorded(meta[0] if meta else None)


def sweep_program(statements: Statements, now: Any) -> Program:
    removed = yield each(statements.sweep, [(now,)])
    return removed


def fetch_all(sql: str) -> Program:
    rows = yield Stmt(sql)
    return rows
