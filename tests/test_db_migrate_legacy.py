"""The one migration runner (kassist.db.migrate) on databases set up before it, both backends.

Until this runner each component kept its versions in a table of its own. A database written that
way is made here the way that code left it: every component opened and written to, then its
versions moved out of ``kassist_schema_versions`` into the component's legacy table, created and
filled with the statements that code ran (copied below: they leave the product with this change).
Opening the components again must adopt those versions (nothing runs twice: a second record of a
version would break the table's primary key), drop the legacy tables and keep every row.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import empty_checkpoint
from raw_sql import raw
from test_kb_index_helpers import LEAVE, make_doc

from checkpointer import TenantCheckpointer
from checkpointer.query import migrate as checkpoint_migrate
from kassist.db import migrate as runner
from kassist.db import open_database
from kassist.db.handle import Handle
from kassist.db.tables import migrate as tables_migrate
from kassist.dburl import parse_database_url
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from memory.manager import MemoryManager
from memory.store import MemoryStore
from server.key_store import KeyStore

COMPONENTS = tuple(runner.LEGACY)
THREAD: RunnableConfig = {"configurable": {"thread_id": "t", "tenant_id": "acme"}}

# (create, record one version) as the code before the runner wrote them; %s is the version.
LEGACY_SQLITE = {
    runner.CHECKPOINTER: (
        "CREATE TABLE IF NOT EXISTS kassist_cp_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
        "INSERT INTO kassist_cp_schema_version (version, applied_at) VALUES (%s, datetime('now'))",
    ),
    runner.INGESTION: (
        "CREATE TABLE IF NOT EXISTS kassist_ingest_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
        "INSERT INTO kassist_ingest_schema_version (version, applied_at) VALUES (%s, datetime('now'))",
    ),
    runner.API_KEYS: (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
        "INSERT INTO kassist_keys_schema_version (version, applied_at) VALUES (%s, datetime('now'))",
    ),
    runner.KNOWLEDGE_INDEX: (
        "CREATE TABLE IF NOT EXISTS kassist_kb_schema_version (version INTEGER NOT NULL)",
        "INSERT INTO kassist_kb_schema_version (version) VALUES (%s)",
    ),
    runner.MEMORY_MANAGER: (
        "CREATE TABLE IF NOT EXISTS kassist_mem_schema_version (version INTEGER NOT NULL)",
        "INSERT INTO kassist_mem_schema_version (version) VALUES (%s)",
    ),
    runner.MEMORY_STORE: (
        "CREATE TABLE IF NOT EXISTS kassist_store_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
        "INSERT INTO kassist_store_schema_version (version, applied_at) VALUES (%s, '2026-12-01T00:00:00+00:00')",
    ),
}
LEGACY_POSTGRES = {
    runner.CHECKPOINTER: (
        "CREATE TABLE IF NOT EXISTS kassist_cp_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        "INSERT INTO kassist_cp_schema_version (version) VALUES (%s)",
    ),
    runner.INGESTION: (
        "CREATE TABLE IF NOT EXISTS kassist_ingest_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        "INSERT INTO kassist_ingest_schema_version (version) VALUES (%s)",
    ),
    runner.API_KEYS: (
        "CREATE TABLE IF NOT EXISTS kassist_keys_schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        "INSERT INTO kassist_keys_schema_version (version) VALUES (%s)",
    ),
    runner.KNOWLEDGE_INDEX: (
        "CREATE TABLE IF NOT EXISTS kassist_kb_schema_version (version integer NOT NULL)",
        "INSERT INTO kassist_kb_schema_version (version) VALUES (%s)",
    ),
    runner.MEMORY_MANAGER: (
        "CREATE TABLE IF NOT EXISTS kassist_mem_schema_version (version integer NOT NULL)",
        "INSERT INTO kassist_mem_schema_version (version) VALUES (%s)",
    ),
    runner.MEMORY_STORE: (
        "CREATE TABLE IF NOT EXISTS kassist_store_schema_version "
        "(version int PRIMARY KEY, applied_at timestamptz NOT NULL)",
        "INSERT INTO kassist_store_schema_version (version, applied_at) VALUES (%s, now())",
    ),
}


def _ingestion_sql(url: str) -> Any:
    if url.startswith("sqlite"):
        from graph.ingestion.sql_sqlite import SQL
    else:
        from graph.ingestion.sql_postgres import SQL  # type: ignore[assignment]
    return SQL


def open_all(url: str) -> dict[str, Any]:
    """Open every component on ``url`` as an application does (each sets its tables up); what
    the set-ups that report it applied."""
    applied: dict[str, Any] = {}
    with TenantCheckpointer.from_url(url) as saver:
        applied[runner.CHECKPOINTER] = saver.setup()
    # The ingestion store's own migrate (graph.ingestion.store.migrate) is this call.
    handle = Handle(open_database(parse_database_url(url)))
    try:
        applied[runner.INGESTION] = handle.run(
            tables_migrate(runner.INGESTION, _ingestion_sql(url), handle.backend), write=True
        )
    finally:
        handle.close()
    keys = KeyStore.from_url(url)
    try:
        applied[runner.API_KEYS] = keys.setup()
    finally:
        keys.close()
    KnowledgeIndex.from_url(url, embedder=HashingEmbedder(64)).close()
    MemoryManager.from_url(url).close()
    with MemoryStore.from_url(url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        applied[runner.MEMORY_STORE] = store.setup()
    return applied


def write_all(url: str) -> str:
    """One row written through each component; the API key's prefix."""
    with TenantCheckpointer.from_url(url) as saver:
        saver.put(THREAD, empty_checkpoint(), {"source": "input", "step": -1, "parents": {}}, {})
    raw(
        url,
        "INSERT INTO kassist_ingest_runs (tenant_id, run_id, source, collection, created_at) "
        "VALUES ('acme', 'r1', '/srv/docs', 'handbook', 1)",
    )
    keys = KeyStore.from_url(url)
    try:
        _, record = keys.for_tenant("acme").create("ops")
    finally:
        keys.close()
    with KnowledgeIndex.from_url(url, embedder=HashingEmbedder(64)) as index:
        index.for_tenant("acme").upsert_document(*make_doc("acme", "handbook", "leave.md", LEAVE))
    manager = MemoryManager.from_url(url)
    try:
        manager.for_tenant("acme").remember("ada", "preference", "language", "Esperanto", "user_explicit")
    finally:
        manager.close()
    with MemoryStore.from_url(url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        store.for_tenant("acme").put(("notes",), "k", {"text": "sourdough"})
    return record.prefix


def assert_all_intact(url: str, key_prefix: str) -> None:
    with TenantCheckpointer.from_url(url) as saver:
        assert saver.get_tuple(THREAD) is not None
    assert raw(url, "SELECT run_id FROM kassist_ingest_runs WHERE tenant_id = 'acme'") == [("r1",)]
    keys = KeyStore.from_url(url)
    try:
        assert keys.get(key_prefix) is not None
    finally:
        keys.close()
    with KnowledgeIndex.from_url(url, embedder=HashingEmbedder(64)) as index:
        assert [s.chunks for s in index.for_tenant("acme").stats()] == [3]
    manager = MemoryManager.from_url(url)
    try:
        assert [r.value for r in manager.for_tenant("acme").recall("ada")] == ["Esperanto"]
    finally:
        manager.close()
    with MemoryStore.from_url(url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        item = store.for_tenant("acme").get(("notes",), "k")
        assert item is not None and item.value == {"text": "sourdough"}


def versions(url: str) -> dict[str, list[int]]:
    rows = raw(url, f"SELECT component, version FROM {runner.TABLE} ORDER BY component, version")
    found: dict[str, list[int]] = {}
    for component, version in rows:
        found.setdefault(component, []).append(int(version))
    return found


def table_exists(url: str, name: str) -> bool:
    if url.startswith("sqlite"):
        return bool(raw(url, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = %s", (name,)))
    [(found,)] = raw(url, "SELECT to_regclass(%s) IS NOT NULL", (name,))
    return bool(found)


def to_legacy(url: str, components: tuple[str, ...] = COMPONENTS) -> dict[str, list[int]]:
    """Move the components' versions into their legacy tables, as the code before the runner kept
    them (dropping the runner's table once it holds none); the versions moved."""
    legacy = LEGACY_SQLITE if url.startswith("sqlite") else LEGACY_POSTGRES
    moved = {c: v for c, v in versions(url).items() if c in components}
    for component, numbers in moved.items():
        create, record = legacy[component]
        raw(url, create)
        for number in numbers:
            raw(url, record, (number,))
        raw(url, f"DELETE FROM {runner.TABLE} WHERE component = %s", (component,))
    if not versions(url):
        raw(url, f"DROP TABLE {runner.TABLE}")
    return moved


def test_every_component_adopts_its_legacy_versions_and_keeps_its_rows(db_url: str) -> None:
    fresh = open_all(db_url)
    assert set(versions(db_url)) == set(COMPONENTS)
    key_prefix = write_all(db_url)
    before = to_legacy(db_url)
    assert set(before) == set(COMPONENTS) and not table_exists(db_url, runner.TABLE)
    assert all(table_exists(db_url, legacy.table) for legacy in runner.LEGACY.values())

    again = open_all(db_url)

    assert again == {component: [] if isinstance(done, list) else 0 for component, done in fresh.items()}
    assert versions(db_url) == before
    assert not any(table_exists(db_url, legacy.table) for legacy in runner.LEGACY.values())
    assert_all_intact(db_url, key_prefix)
    assert open_all(db_url) == again


def test_a_legacy_table_part_way_runs_only_the_rest(db_url: str) -> None:
    with TenantCheckpointer.from_url(db_url) as saver:
        executor = saver._executor
        assert executor.run_steps(checkpoint_migrate(executor.sql.as_of(2)), write=True) == [1, 2]
        to_legacy(db_url)
        rest = list(range(3, len(executor.sql.migrations) + 1))
        assert saver.setup() == rest
        assert versions(db_url) == {runner.CHECKPOINTER: [1, 2, *rest]}
    assert not table_exists(db_url, "kassist_cp_schema_version")


def test_a_legacy_version_table_with_newest_only_stands_for_every_version_below(db_url: str) -> None:
    MemoryManager.from_url(db_url).close()
    known = versions(db_url)[runner.MEMORY_MANAGER]
    to_legacy(db_url)
    raw(db_url, f"DELETE FROM kassist_mem_schema_version WHERE version < {known[-1]}")
    MemoryManager.from_url(db_url).close()
    assert versions(db_url) == {runner.MEMORY_MANAGER: known}


@pytest.mark.parametrize("where", ["legacy", "runner"])
def test_a_database_newer_than_the_code_is_refused_by_one_error(db_url: str, where: str) -> None:
    open_all(db_url)
    if where == "legacy":
        to_legacy(db_url)
        legacy = LEGACY_SQLITE if db_url.startswith("sqlite") else LEGACY_POSTGRES
        for component in COMPONENTS:
            raw(db_url, legacy[component][1], (99,))
    else:
        for component in COMPONENTS:
            raw(db_url, f"INSERT INTO {runner.TABLE} (component, version) VALUES (%s, 99)", (component,))
    for component in COMPONENTS:
        with pytest.raises(runner.SchemaTooNew) as refused:
            open_one(db_url, component)
        assert str(refused.value) == (
            f"the {component} tables are at schema version 99, newer than this kassist knows "
            f"({len(known_migrations(db_url, component))}); upgrade kassist before using this database"
        )
    if where == "legacy":  # refused before adopting: the versions stay where they were
        assert all(table_exists(db_url, legacy.table) for legacy in runner.LEGACY.values())


def open_one(url: str, component: str) -> None:
    if component == runner.CHECKPOINTER:
        with TenantCheckpointer.from_url(url) as saver:
            saver.setup()
    elif component == runner.INGESTION:
        handle = Handle(open_database(parse_database_url(url)))
        try:
            handle.run(tables_migrate(runner.INGESTION, _ingestion_sql(url), handle.backend), write=True)
        finally:
            handle.close()
    elif component == runner.API_KEYS:
        keys = KeyStore.from_url(url)
        try:
            keys.setup()
        finally:
            keys.close()
    elif component == runner.KNOWLEDGE_INDEX:
        KnowledgeIndex.from_url(url, embedder=HashingEmbedder(64)).close()
    elif component == runner.MEMORY_MANAGER:
        MemoryManager.from_url(url).close()
    else:
        with MemoryStore.from_url(url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
            store.setup()


def known_migrations(url: str, component: str) -> tuple[Any, ...]:
    sqlite = url.startswith("sqlite")
    if component == runner.CHECKPOINTER:
        from checkpointer import sql_postgres as cp_pg
        from checkpointer import sql_sqlite as cp_sqlite

        return tuple((cp_sqlite if sqlite else cp_pg).SQL.migrations)
    if component == runner.INGESTION:
        return tuple(_ingestion_sql(url).migrations)
    if component == runner.API_KEYS:
        from server import sql_postgres as keys_pg
        from server import sql_sqlite as keys_sqlite

        return tuple((keys_sqlite if sqlite else keys_pg).SQL.migrations)
    if component == runner.KNOWLEDGE_INDEX:
        from knowledge.index import sql_postgres as kb_pg
        from knowledge.index import sql_sqlite as kb_sqlite

        return tuple((kb_sqlite if sqlite else kb_pg).DIALECT.migrations)
    if component == runner.MEMORY_MANAGER:
        from memory.manager import sql_postgres as mem_pg
        from memory.manager import sql_sqlite as mem_sqlite

        return tuple((mem_sqlite if sqlite else mem_pg).SQL.migrations)
    from memory.store import sql_postgres as store_pg
    from memory.store import sql_sqlite as store_sqlite

    return tuple((store_sqlite if sqlite else store_pg).STATEMENTS.migrations)


OPENER = """
import os, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from test_db_migrate_legacy import open_all
# Both past their imports, then at once: each says it is ready and waits for the other.
gate = Path(sys.argv[3])
(gate / str(os.getpid())).touch()
deadline = time.monotonic() + 120
while len(list(gate.iterdir())) < 2 and time.monotonic() < deadline:
    time.sleep(0.005)
print(open_all(sys.argv[1]))
"""


def test_two_processes_adopting_at_once_both_succeed(db_url: str, tmp_path: Path) -> None:
    open_all(db_url)
    key_prefix = write_all(db_url)
    before = to_legacy(db_url)
    gate = tmp_path / "gate"
    gate.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, db_url, str(Path(__file__).parent), str(gate)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=240) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _, err in outputs]
    nothing_new: dict[str, Any] = {c: [] if isinstance(v, list) else 0 for c, v in open_all(db_url).items()}
    assert [out.strip() for out, _ in outputs] == [str(nothing_new)] * 2
    assert versions(db_url) == before
    assert not any(table_exists(db_url, legacy.table) for legacy in runner.LEGACY.values())
    assert_all_intact(db_url, key_prefix)


def test_the_runner_refuses_what_it_cannot_write_safely() -> None:
    with pytest.raises(ValueError, match="not a component name"):
        next(runner.migrate("x'; DROP TABLE t; --", [], "sqlite"))
    with pytest.raises(ValueError, match="no migration runner for backend"):
        next(runner.migrate("checkpointer", [], "oracle"))


def test_a_store_of_todays_layout_is_used_before_setup_adopts_it(db_url: str) -> None:
    """A store's first use without ``setup()`` checks its schema without writing: an up-to-date
    legacy table counts, and the table stays until a ``setup()`` adopts it."""
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        store.setup()
        store.for_tenant("acme").put(("notes",), "k", {"text": "sourdough"})
    to_legacy(db_url)
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        item = store.for_tenant("acme").get(("notes",), "k")
        assert item is not None and item.value == {"text": "sourdough"}
        assert table_exists(db_url, "kassist_store_schema_version")
        assert store.setup() == 0
    assert not table_exists(db_url, "kassist_store_schema_version")
    assert list(versions(db_url)) == [runner.MEMORY_STORE]


async def test_async_setups_adopt_the_same_way(db_url: str) -> None:
    async with TenantCheckpointer.from_url(db_url) as saver:
        everything = await saver.asetup()
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        applied = await store.asetup()
        await store.for_tenant("acme").aput(("notes",), "k", {"text": "sourdough"})
    before = to_legacy(db_url)
    assert before == {runner.CHECKPOINTER: everything, runner.MEMORY_STORE: list(range(1, applied + 1))}
    async with TenantCheckpointer.from_url(db_url) as saver:
        assert await saver.asetup() == []
    with MemoryStore.from_url(db_url, embedder=HashingEmbedder(64), index_fields=("text",)) as store:
        assert await store.asetup() == 0
        item = await store.for_tenant("acme").aget(("notes",), "k")
        assert item is not None and item.value == {"text": "sourdough"}
    assert versions(db_url) == before
    assert not table_exists(db_url, "kassist_cp_schema_version")
    assert not table_exists(db_url, "kassist_store_schema_version")
