"""Setup and schema checks as pure programs, plus the loops that drive any program.

``setup_program`` applies each missing migration once through kassist.db.migrate's runner (recorded
in ``kassist_schema_versions``) and records which embedder the vector index belongs to;
``check_program`` runs on a store's first batch so a database opened without ``setup()`` or with
another embedder fails clearly.
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from kassist.db import migrate as runner
from kassist.db.statements import Stmt, each
from memory.store.indexing import IndexSettings
from memory.store.keywords import index_paths, keyword_text, scope_tokens
from memory.store.namespaces import SEP
from memory.store.statements import Program, Statements


class StoreNotSetUp(RuntimeError):
    """The database has no (or an outdated) memory store schema."""


class StoreSchemaTooNew(StoreNotSetUp, runner.SchemaTooNew):
    """The memory store tables were migrated by a newer kassist than this one."""


def _statements(script: str) -> list[str]:
    # Migration scripts are ours: every statement ends with ';' and a line break (a trigger's body
    # keeps its inner ';' on the same line).
    return [s.strip() for s in re.split(r";[ \t]*\n", script) if s.strip()]


def _migrations(statements: Statements, index: IndexSettings) -> list[runner.Migration]:
    """The store's numbered migrations for this index (position = version)."""
    out: list[runner.Migration] = []
    for number, script in enumerate(statements.migrations, start=1):
        # Run once per empty parameter set, as ever: the scripts' text goes to the driver unread.
        steps = tuple(each(sql, [()]) for sql in _statements(script.format(dims=index.dims)))
        if number == statements.keyword_migration:
            out.append(partial(_with_backfill, steps, statements, index))
        else:
            out.append(steps)
    return out


def _with_backfill(steps: tuple[Stmt, ...], statements: Statements, index: IndexSettings) -> Program:
    for step in steps:  # noqa: UP028 (`yield from` a tuple fails when sent the answer)
        yield step
    yield from _backfill_keywords(statements, index)


def _check_index(statements: Statements, index: IndexSettings, versions: list[int]) -> Program:
    # Before any migration: a database indexed with another embedder is refused, not migrated.
    if versions:
        meta = yield Stmt(statements.read_index_meta)
        index.check_recorded(meta[0] if meta else None)


def setup_program(statements: Statements, index: IndexSettings, backend: str) -> Program:
    """Returns the number of migrations applied (0 when already up to date); ``backend`` is the
    driver's (``"sqlite"`` or ``"postgres"``), whose migration runner dialect is used."""
    applied = yield from runner.migrate(
        runner.MEMORY_STORE,
        _migrations(statements, index),
        backend,
        error=StoreSchemaTooNew,
        check=partial(_check_index, statements, index),
    )
    meta = yield Stmt(statements.read_index_meta)
    if meta:
        index.check_recorded(meta[0])
    else:
        yield each(statements.write_index_meta, [(index.embedder.name, index.dims)])
    return len(applied)


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


def ready_program(statements: Statements, index: IndexSettings, backend: str) -> Program:
    """Whether the store is set up already (every migration recorded, the index meta this store's),
    read without writing: ``setup`` then runs no write transaction, which waited for another
    process's write lock even when nothing was pending (h7 s31 #6)."""
    known = len(statements.migrations)
    if not (yield from runner.up_to_date(runner.MEMORY_STORE, known, backend, error=StoreSchemaTooNew)):
        return False
    meta = yield Stmt(statements.read_index_meta)
    if not meta:
        return False
    index.check_recorded(meta[0])
    return True


def check_program(statements: Statements, index: IndexSettings, backend: str) -> Program:
    versions = yield from runner.recorded(runner.MEMORY_STORE, backend)
    known = len(statements.migrations)
    current = max(versions, default=0)
    runner.pending(runner.MEMORY_STORE, versions, known, error=StoreSchemaTooNew)
    if current < known:
        raise StoreNotSetUp(
            f"the memory store schema is at version {current} of {known}; "
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
