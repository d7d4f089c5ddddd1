"""The knowledge assistant, as its diagram:

    START -> remember_explicit -> load_memories -> retrieve -> assemble_context -> respond
          -> record_turn -> (over budget?) -> compact -> END
                                          \\-> END

``graph`` is compiled WITHOUT a checkpointer (langgraph.json's ``assistant``; the server brings its
own). Compile :func:`build_graph` with a ``TenantCheckpointer`` and a ``MemoryStore`` yourself:

    graph = build_graph(services).compile(checkpointer=saver, store=store)
    graph.invoke({"messages": [("user", "...")]},
                 {"configurable": {"thread_id": "t1", "tenant_id": "acme", "user_id": "olga"}})
"""

from __future__ import annotations

from functools import partial
from itertools import pairwise
from typing import Any

from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from graph.assistant import nodes
from graph.assistant.nodes import Deps
from graph.assistant.responders import Responder
from graph.assistant.services import Services
from graph.assistant.state import AssistantInput, AssistantState

PIPELINE = ("remember_explicit", "load_memories", "retrieve", "assemble_context", "respond", "record_turn")


def build_graph(
    services: Services | None = None, responder: Responder | None = None
) -> StateGraph[AssistantState, None, AssistantInput, AssistantState]:
    """The assistant's graph; ``services`` default to the environment's, the responder to
    :func:`graph.assistant.responders.select_responder`."""
    deps = Deps(services, responder)
    builder: StateGraph[AssistantState, None, AssistantInput, AssistantState] = StateGraph(
        AssistantState, input_schema=AssistantInput
    )
    for name in PIPELINE:
        builder.add_node(name, partial(getattr(nodes, name), deps=deps))
    builder.add_node("compact", partial(nodes.compact, deps=deps))
    builder.add_edge(START, PIPELINE[0])
    for a, b in pairwise(PIPELINE):
        builder.add_edge(a, b)
    builder.add_conditional_edges(
        "record_turn", partial(nodes.over_budget, deps=deps), {"compact": "compact", "done": END}
    )
    builder.add_edge("compact", END)
    return builder


def build_context_graph(services: Services | None = None) -> StateGraph[AssistantState]:
    """The assistant up to its context, for ``kassist context``: nothing is answered or remembered.

    START -> load_memories -> retrieve -> assemble_context -> END
    """
    deps = Deps(services, None)
    builder: StateGraph[AssistantState] = StateGraph(AssistantState)
    steps = ("load_memories", "retrieve", "assemble_context")
    for name in steps:
        builder.add_node(name, partial(getattr(nodes, name), deps=deps))
    builder.add_edge(START, steps[0])
    for a, b in pairwise(steps):
        builder.add_edge(a, b)
    builder.add_edge(steps[-1], END)
    return builder


def preview_context(
    compiled: CompiledStateGraph[Any, Any, Any, Any], services: Services, query: str, config: RunnableConfig
) -> dict[str, Any]:
    """The context the assistant would assemble for ``query`` on the thread of ``config``, with
    ``context_report`` (every candidate, its tier, tokens, score, and whether it was included)."""
    values = dict(compiled.get_state(config).values)
    values["messages"] = [*values.get("messages", []), HumanMessage(query)]
    values["query"] = query
    preview = build_context_graph(services).compile(store=compiled.store)
    result: dict[str, Any] = preview.invoke(values, config)  # type: ignore[call-overload]
    return result


graph: CompiledStateGraph[AssistantState, None, AssistantInput, AssistantState] = build_graph().compile()
