"""A small multi-step graph: process N "documents", one per super-step, with a ledgered side effect.

It is the graph of ``kassist demo``, of the crash tests and of ``langgraph.json``. Each super-step
commits a checkpoint (run it with ``durability="sync"``), so a killed run resumes from the last
committed document instead of from zero. ``graph`` is compiled WITHOUT a checkpointer because the
LangGraph server refuses graphs that bring their own; callers compile ``build_graph()`` with theirs.

Per-run knobs travel in ``configurable`` (they also reach the graph through the LangGraph server):
``ledger_path`` (the side-effect ledger; none -> no side effect) and ``step_delay`` (seconds each step
lingers after its side effect, which widens the window a crash test kills into).
"""

from __future__ import annotations

import operator
import time
from typing import Annotated, Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.graph import START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from typing_extensions import TypedDict

from graph.ledger import Ledger


class DocState(TypedDict, total=False):
    docs: list[str]
    cursor: int
    processed: Annotated[list[str], operator.add]


def effect_key(thread_id: str, step: int, doc: str) -> str:
    """The deterministic idempotency key of processing ``doc`` as step ``step`` of ``thread_id``."""
    return f"{thread_id}:{step}:{doc}"


def process(state: DocState, config: RunnableConfig) -> dict[str, Any]:
    configurable = config.get("configurable", {})
    step = state.get("cursor", 0)
    doc = state.get("docs", [])[step]
    ledger_path = configurable.get("ledger_path")
    if ledger_path:
        Ledger(ledger_path).apply(effect_key(str(configurable["thread_id"]), step, doc), doc)
    delay = float(configurable.get("step_delay") or 0.0)
    if delay:
        time.sleep(delay)
    return {"cursor": step + 1, "processed": [doc]}


def route(state: DocState) -> Literal["process", "__end__"]:
    return "process" if state.get("cursor", 0) < len(state.get("docs", [])) else "__end__"


def build_graph() -> StateGraph[DocState]:
    builder: StateGraph[DocState] = StateGraph(DocState)
    builder.add_node("process", process)
    builder.add_conditional_edges(START, route)
    builder.add_conditional_edges("process", route)
    return builder


def initial_state(n_docs: int) -> DocState:
    """Input for a fresh run over ``n_docs`` generated documents."""
    return {"docs": [f"doc-{i:03d}" for i in range(n_docs)], "cursor": 0, "processed": []}


graph: CompiledStateGraph[DocState, None, DocState, DocState] = build_graph().compile()
