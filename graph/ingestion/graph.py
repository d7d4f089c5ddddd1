"""The ingestion pipeline as a LangGraph state graph.

    START -> begin -> discover -> ingest_batch (loop: load + chunk -> embed -> index, batch_size docs)
          -> audit -> report -> review (-> await_review: interrupt -> record_decision) -> notify
          -> remember -> END

The input schema is :class:`IngestionInput` (the run's settings, optionally goal and
conversation id): LangGraph writes no other input key into the state, so status, review, reports,
counters and the plan are the nodes' alone. ``begin`` binds every invocation to the run's
registered settings (see :mod:`graph.ingestion.registration`). Every later edge goes through
:func:`route`, which reads the plan: so a run started again after a pause
(``max_steps``), a failure or a review continues at its next step, and a stopped run ends. Run it
with ``durability="sync"``: a checkpoint commits after every node (every batch), and no node starts
after a failed commit. ``graph`` is compiled WITHOUT a checkpointer (langgraph.json; the server
brings its own); ``build_graph().compile(checkpointer=saver)`` for everything else.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import RetryPolicy

from graph.ingestion import work
from graph.ingestion.errors import is_transient
from graph.ingestion.nodes.audit import audit, report
from graph.ingestion.nodes.begin import begin, refuse
from graph.ingestion.nodes.indexing import discover, ingest_batch
from graph.ingestion.nodes.last_steps import notify_step, pause, remember_step
from graph.ingestion.nodes.review import await_review, record_decision, review
from graph.ingestion.state import STOPPED, AgentRunState, IngestionInput

RETRY = RetryPolicy(
    max_attempts=work.MAX_ATTEMPTS,
    initial_interval=0.5,
    max_interval=10.0,
    jitter=True,
    retry_on=is_transient,
)
NODE_OF_STEP = {
    "discover": "discover",
    "ingest": "ingest_batch",
    "audit": "audit",
    "report": "report",
    "review": "review",
    "notify": "notify",
    "remember": "remember",
}
DESTINATIONS = [*NODE_OF_STEP.values(), "await_review", "record_decision", "pause", "refuse", END]


def route(state: AgentRunState, config: RunnableConfig) -> str:
    """The next node: a refused input's ``refuse``, then a committed review decision's
    ``record_decision`` (even of a cancelled run), then the plan's next step, unless the run stopped
    or used its step budget."""
    step = state.step
    if state.refused:
        return "refuse"
    if state.decision_to_report is not None:  # approved or rejected: the report says so first
        return "record_decision"
    if state.status in STOPPED or step is None:
        return END
    if state.status == "needs_review":
        return "await_review"
    conf = config.get("configurable") or {}
    budget = conf.get("max_steps")
    if budget and state.session == str(conf.get("session") or "") and state.session_steps >= int(budget):
        return "pause"
    return NODE_OF_STEP[step.kind]


def build_graph() -> StateGraph[AgentRunState, Any, IngestionInput, AgentRunState]:
    builder: StateGraph[AgentRunState, Any, IngestionInput, AgentRunState] = StateGraph(
        AgentRunState, input_schema=IngestionInput
    )
    builder.add_node("begin", begin, retry_policy=RETRY)
    builder.add_node("discover", discover, retry_policy=RETRY)
    builder.add_node("ingest_batch", ingest_batch, retry_policy=RETRY)
    builder.add_node("audit", audit, retry_policy=RETRY)
    builder.add_node("report", report, retry_policy=RETRY)
    builder.add_node("review", review)
    builder.add_node("await_review", await_review)
    builder.add_node("record_decision", record_decision, retry_policy=RETRY)
    builder.add_node("notify", notify_step, retry_policy=RETRY)
    builder.add_node("remember", remember_step, retry_policy=RETRY)
    builder.add_node("pause", pause)
    builder.add_node("refuse", refuse)
    builder.add_edge("refuse", END)
    builder.add_edge(START, "begin")
    for node in ["begin", *NODE_OF_STEP.values(), "await_review", "record_decision", "pause"]:
        builder.add_conditional_edges(node, route, DESTINATIONS)
    return builder


graph: CompiledStateGraph[AgentRunState, Any, IngestionInput, AgentRunState] = build_graph().compile()
