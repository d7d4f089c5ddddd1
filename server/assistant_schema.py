"""What the assistant's LangServe routes take (server/langserve_app.py): the endpoints enabled, a
turn's request body, and the config schema that declares the configurable keys a client may send."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from langchain_core.runnables import ConfigurableFieldSpec, Runnable, RunnableBinding
from langserve.server import EndpointName
from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from memory.context.compaction import Strategy
from server import playground
from server.configurable import client_keys

# No config hashes (configs in URLs, where the tenant checks cannot see them).
ENDPOINTS: tuple[EndpointName, ...] = (
    "invoke",
    "batch",
    "stream",
    "stream_log",
    "stream_events",
    "input_schema",
    "output_schema",
    "config_schema",
    "playground",
)


class RoleMessage(TypedDict):
    role: Literal["user"]
    content: str


class TypedMessage(TypedDict):
    type: Literal["human"]  # a serialized HumanMessage, what RemoteRunnable sends
    content: str


class AssistantRequest(TypedDict):
    """What a client sends for a turn: the user's message, as ``("user", "...")``,
    ``{"role": "user", "content": "..."}`` or a serialized ``HumanMessage`` (RemoteRunnable).
    Only user messages: a client cannot put words in the assistant's mouth nor add a system
    message, which would carry the system's authority. Plain shapes, not LangChain's message
    union, so anything else is a 422 naming the field, never a 500; the graph turns them into
    messages."""

    messages: Annotated[
        list[tuple[Literal["user", "human"], str] | RoleMessage | TypedMessage],
        # The playground's first message (the schema's only: a request without one is still a 422).
        Field(json_schema_extra={"default": playground.DEFAULT_INPUT}),
    ]


KEY_TYPES: dict[str, Any] = {"context_budget": int, "compaction": Strategy}
"""The type of each client key in the config schema (LangServe validates against it); others: str."""


def declaring_client_keys(runnable: Runnable[Any, Any], graph: str) -> Runnable[Any, Any]:
    """``runnable``, declaring the configurable keys a client may send for ``graph`` as its config
    schema: the schema endpoint and the playground show exactly the allow-list, and LangServe keeps
    those keys instead of dropping them."""

    class ClientKeys(RunnableBinding[Any, Any]):
        # A class per graph, not a field: LangServe re-creates the binding with bound= only.
        @property
        def config_specs(self) -> list[ConfigurableFieldSpec]:
            specs = {spec.id: spec for spec in self.bound.config_specs}
            for key in sorted(client_keys(graph)):
                kind = KEY_TYPES.get(key, str)
                specs.setdefault(
                    key, ConfigurableFieldSpec(id=key, annotation=kind, name=key, is_shared=True)
                )
            return list(specs.values())

        def config_schema(self, *, include: Sequence[str] | None = None) -> type[BaseModel]:
            return playground.config_schema(self.config_specs, include, self.get_name("Config"))

    return ClientKeys(bound=runnable)
