"""A tiny multi-step graph: process N placeholder "documents", one per super-step.

A test fixture: the LangGraph server tenancy tests serve it next to the product's graphs
(``tests/server_harness.py``), for one cheap step a run. The product's graphs are the ingestion
pipeline (``graph/ingestion``) and the assistant (``graph/assistant``). Each super-step commits a checkpoint (run it with
``durability="sync"``). ``graph`` is compiled WITHOUT a checkpointer; callers compile
``build_graph()`` with theirs. ``configurable.step_delay``: seconds each step lingers.
"""

from __future__ import annotations

import operator
import time
from typing import Annotated, Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.graph import START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from typing_extensions import TypedDict


class DocState(TypedDict, total=False):
    docs: list[str]
    cursor: int
    processed: Annotated[list[str], operator.add]


def process(state: DocState, config: RunnableConfig) -> dict[str, Any]:
    configurable = config.get("configurable", {})
    step = state.get("cursor", 0)
    doc = state.get("docs", [])[step]
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
