"""Adoption: threads written by the stock SqliteSaver / PostgresSaver, imported under a tenant, read
back through kassist's saver exactly as the stock saver shows them (state, history, tasks, interrupts,
every namespace, pending writes), and a re-run imports nothing new."""

from __future__ import annotations

import json
import operator
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Annotated, Any

import pytest
from langchain_core.runnables import RunnableConfig
from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import START, StateGraph
from langgraph.types import Command, StateSnapshot, interrupt
from typer.testing import CliRunner
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer
from cli.main import app

TENANT = "acme"


class S(TypedDict, total=False):
    log: Annotated[list[str], operator.add]
    answer: str


def _inner(state: S) -> dict[str, Any]:
    return {"log": ["inner"]}


def _a(state: S) -> dict[str, Any]:
    return {"log": ["a"]}


def _ask(state: S) -> dict[str, Any]:
    return {"answer": str(interrupt("approve?")), "log": ["ask"]}


def _b(state: S) -> dict[str, Any]:
    return {"log": ["b"]}


def builder() -> StateGraph[S]:
    sub: StateGraph[S] = StateGraph(S)
    sub.add_node("inner", _inner)
    sub.add_edge(START, "inner")
    g: StateGraph[S] = StateGraph(S)
    g.add_node("a", _a)
    g.add_node("sub", sub.compile())  # a subgraph: its checkpoints live in namespace "sub:<task>"
    g.add_node("ask", _ask)  # interrupts while "sub" completes: pending writes survive
    g.add_node("b", _b)
    g.add_edge(START, "a")
    g.add_edge("a", "sub")
    g.add_edge("a", "ask")
    g.add_edge(["sub", "ask"], "b")
    return g


def _append_all(state: Sequence[str], writes: Sequence[Sequence[str]]) -> list[str]:
    return [*state, *(x for batch in writes for x in batch)]


class D(TypedDict):
    items: Annotated[list[str], DeltaChannel(_append_all, snapshot_frequency=3)]
    n: int


def _grow(state: D) -> dict[str, Any]:
    return {"items": [f"item-{state['n']}"], "n": state["n"] + 1}


def delta_builder() -> StateGraph[D]:
    """A DeltaChannel thread: state is rebuilt from ancestors' writes, so those must come across."""
    g: StateGraph[D] = StateGraph(D)
    g.add_node("grow", _grow)
    g.add_edge(START, "grow")
    g.add_conditional_edges("grow", lambda s: "grow" if s["n"] < 7 else "__end__")
    return g


def cfg(thread: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread}}


def build_stock_history(saver: BaseCheckpointSaver[Any]) -> list[str]:
    graph = builder().compile(checkpointer=saver)
    graph.invoke({"log": ["start"]}, cfg("interrupted"))
    graph.invoke({"log": ["start"]}, cfg("forked"))
    graph.invoke(Command(resume="yes"), cfg("forked"))
    old = next(s for s in graph.get_state_history(cfg("forked")) if s.next == ("sub", "ask"))
    forked = graph.update_state(old.config, {"log": ["edited"]})
    graph.invoke(None, forked)  # runs the branch up to the interrupt again
    graph.invoke({"log": ["x"]}, cfg("not-wanted"))
    delta_builder().compile(checkpointer=saver).invoke({"items": [], "n": 0}, cfg("delta"))
    return ["interrupted", "forked", "not-wanted", "delta"]


@contextmanager
def stock_source(backend: str, tmp_path: Path, pg_url: str | None) -> Iterator[tuple[str, Any]]:
    if backend == "sqlite":
        path = tmp_path / "stock.db"
        with closing(sqlite3.connect(path, check_same_thread=False)) as conn:
            yield f"sqlite:///{path}", SqliteSaver(conn)
    else:
        assert pg_url is not None
        with PostgresSaver.from_conn_string(pg_url) as saver:
            saver.setup()
            yield pg_url, saver


def snapshot_facts(s: StateSnapshot) -> dict[str, Any]:
    conf = s.config["configurable"]
    return {
        "values": s.values,
        "next": s.next,
        "id": conf["checkpoint_id"],
        "ns": conf.get("checkpoint_ns", ""),
        "parent": (s.parent_config or {}).get("configurable", {}).get("checkpoint_id"),
        "metadata": s.metadata,
        "created_at": s.created_at,
        "tasks": [(t.id, t.name, t.path, t.error, t.interrupts, t.result) for t in s.tasks],
        "interrupts": s.interrupts,
    }


def saver_facts(saver: BaseCheckpointSaver[Any], thread: str) -> list[dict[str, Any]]:
    """Every checkpoint of every namespace of the thread, as the saver returns it."""
    out = []
    for t in saver.list({"configurable": {"thread_id": thread}}):
        conf = t.config["configurable"]
        out.append(
            {
                "ns": conf["checkpoint_ns"],
                "id": conf["checkpoint_id"],
                "parent": (t.parent_config or {}).get("configurable", {}).get("checkpoint_id"),
                "values": t.checkpoint["channel_values"],
                "versions": t.checkpoint["channel_versions"],
                "seen": t.checkpoint["versions_seen"],
                "metadata": t.metadata,
                "writes": sorted(t.pending_writes or [], key=repr),
            }
        )
    return sorted(out, key=lambda f: (f["ns"], f["id"]))


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_import_reproduces_state_history_namespaces_and_pending_writes(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    pg_url = str(request.getfixturevalue("pg_url")) if backend == "postgres" else None
    # Postgres: adopt in place (same database, our tables sit beside the stock ones).
    target_url = pg_url or f"sqlite:///{tmp_path / 'kassist.db'}"
    with stock_source(backend, tmp_path, pg_url) as (source_url, stock):
        build_stock_history(stock)
        runner = CliRunner()
        args = [
            "checkpoints",
            "import",
            "--from",
            source_url,
            "--tenant",
            TENANT,
            "--database-url",
            target_url,
        ]
        wanted = ["--thread", "interrupted", "--thread", "forked", "--thread", "delta", "--json"]
        first = runner.invoke(app, [*args, *wanted])
        assert first.exit_code == 0, first.output
        report = json.loads(first.output)
        assert report["imported"] > 0 and report["skipped"] == 0
        assert {t["thread_id"] for t in report["threads"]} == {"interrupted", "forked", "delta"}
        assert any(ns.startswith("sub:") for t in report["threads"] for ns in t["namespaces"])
        assert all(t["writes"] > 0 for t in report["threads"])

        again = runner.invoke(app, [*args, *wanted])
        assert again.exit_code == 0, again.output
        assert json.loads(again.output)["imported"] == 0
        assert json.loads(again.output)["skipped"] == report["imported"]

        stock_graph = builder().compile(checkpointer=stock)
        with TenantCheckpointer.from_url(target_url) as ours:
            view = ours.for_tenant(TENANT)
            our_graph = builder().compile(checkpointer=view)
            for thread in ("interrupted", "forked"):
                expected = snapshot_facts(stock_graph.get_state(cfg(thread)))
                assert snapshot_facts(our_graph.get_state(cfg(thread))) == expected
                assert expected["interrupts"] and expected["tasks"]
                stock_history = [snapshot_facts(s) for s in stock_graph.get_state_history(cfg(thread))]
                our_history = [snapshot_facts(s) for s in our_graph.get_state_history(cfg(thread))]
                assert our_history == stock_history
                assert saver_facts(view, thread) == saver_facts(stock, thread)
            stock_delta, our_delta = (delta_builder().compile(checkpointer=c) for c in (stock, view))
            assert our_delta.get_state(cfg("delta")).values["items"] == [f"item-{i}" for i in range(7)]
            assert [snapshot_facts(s) for s in our_delta.get_state_history(cfg("delta"))] == [
                snapshot_facts(s) for s in stock_delta.get_state_history(cfg("delta"))
            ]
            forked_ids = [f["parent"] for f in saver_facts(stock, "forked") if f["ns"] == ""]
            assert len(forked_ids) != len(set(forked_ids)), "the fixture must contain a real fork"
            # Resuming an imported interrupted thread on our saver works like on the stock one.
            done = our_graph.invoke(Command(resume="ok"), cfg("interrupted"))
            assert done["answer"] == "ok" and done["log"][-1] == "b" and "inner" in done["log"]

            assert view.get_tuple(cfg("not-wanted")) is None
            assert ours.for_tenant("other").get_tuple(cfg("forked")) is None


def test_import_refuses_bad_sources_clearly(tmp_path: Path) -> None:
    runner = CliRunner()
    target = ["--database-url", f"sqlite:///{tmp_path / 'k.db'}", "--tenant", TENANT]
    bad_scheme = runner.invoke(app, ["checkpoints", "import", "--from", "mysql://x/y", *target])
    assert bad_scheme.exit_code == 1
    assert "sqlite:///" in bad_scheme.output and "postgresql://" in bad_scheme.output
    missing = runner.invoke(
        app, ["checkpoints", "import", "--from", f"sqlite:///{tmp_path}/nope.db", *target]
    )
    assert missing.exit_code == 1 and "no SQLite database" in missing.output
    not_stock = tmp_path / "other.db"
    with closing(sqlite3.connect(not_stock)) as conn:
        conn.execute("CREATE TABLE notes (x)")
    wrong = runner.invoke(app, ["checkpoints", "import", "--from", f"sqlite:///{not_stock}", *target])
    assert wrong.exit_code == 1 and "SqliteSaver" in wrong.output
    assert not (tmp_path / "k.db").exists()  # nothing was created for a source that cannot be read


def test_import_unknown_thread_and_foreign_history_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "stock.db"
    with closing(sqlite3.connect(path, check_same_thread=False)) as conn:
        build_stock_history(SqliteSaver(conn))
    target_url = f"sqlite:///{tmp_path / 'kassist.db'}"
    runner = CliRunner()
    base = ["checkpoints", "import", "--from", f"sqlite:///{path}", "--database-url", target_url]
    unknown = runner.invoke(app, [*base, "--tenant", TENANT, "--thread", "interrupted", "--thread", "ghost"])
    assert unknown.exit_code == 1 and "ghost" in unknown.output
    with TenantCheckpointer.from_url(target_url) as ours:
        assert ours.for_tenant(TENANT).get_tuple(cfg("interrupted")) is None  # a typo imports nothing
    # The tenant already has its own, different thread "forked": importing must not splice into it.
    with TenantCheckpointer.from_url(target_url) as ours:
        ours.setup()
        builder().compile(checkpointer=ours.for_tenant(TENANT)).invoke({"log": ["mine"]}, cfg("forked"))
    clash = runner.invoke(app, [*base, "--tenant", TENANT, "--thread", "forked"])
    assert clash.exit_code == 1 and "already exists" in clash.output
    elsewhere = runner.invoke(app, [*base, "--tenant", "globex", "--thread", "forked"])
    assert elsewhere.exit_code == 0, elsewhere.output
