"""What the LangServe playground (``/assistant/playground/``) is shown: the assistant's config and
input schemas as a form a newcomer can run at once.

The playground fills its form from the schemas' ``default`` values and validates the form against
the same schemas before it sends anything. LangChain declares every configurable key with a
``null`` default on a string or integer type, so the page opened with a red "Validation Errors" box
(``must be string`` for each key) before anything was typed. Here the keys carry no default at all
(unset: not sent), except ``thread_id``, whose default is a fresh id on every page load: a new
conversation, never another user's, and one the user can rename to continue an older thread.
These defaults live in the JSON schema only: what the server accepts is unchanged (a request
without ``thread_id`` is still refused, naming it).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, cast, get_type_hints

from langchain_core.runnables import ConfigurableFieldSpec, RunnableConfig
from pydantic import BaseModel, Field, create_model

EXAMPLE_QUESTION = "How many days of annual leave do new joiners get?"
"""The playground's first message: the README's question on its shipped handbook."""

DEFAULT_INPUT = [{"role": "user", "content": EXAMPLE_QUESTION}]

DESCRIPTIONS = {
    "thread_id": "the conversation: a new one by default; type an earlier id to continue it",
    "checkpoint_id": "optional: continue the thread from this checkpoint instead of its latest",
    "checkpoint_ns": "optional: the checkpoint namespace (leave empty)",
    "context_budget": "optional: tokens the assistant may put in its context (200-200000)",
    "compaction": "optional: how older turns are shortened when the context is full",
}


def _shown(default: Callable[[], Any] | None) -> Callable[[dict[str, Any]], None]:
    """A field's schema edit: no ``null`` default (the form would fail on it), or ``default()``."""

    def edit(schema: dict[str, Any]) -> None:
        schema.pop("default", None)
        if default is not None:
            schema["default"] = default()

    return edit


def new_thread_id() -> str:
    return f"playground-{secrets.token_hex(4)}"


def config_schema(
    specs: Sequence[ConfigurableFieldSpec], include: Sequence[str] | None, name: str
) -> type[BaseModel]:
    """The config model LangServe validates a request's config with and shows in the playground:
    the fields of ``Runnable.config_schema`` (same types, same ``None`` defaults for validation),
    with the schema's defaults as the module's docstring says."""
    fields: dict[str, Any] = {
        spec.id: (
            spec.annotation,
            Field(
                spec.default,
                title=spec.name or spec.id,
                description=spec.description or DESCRIPTIONS.get(spec.id),
                json_schema_extra=_shown(new_thread_id if spec.id == "thread_id" else None),
            ),
        )
        for spec in specs
    }
    configurable = create_model("Configurable", **fields)
    others = [key for key in include or () if key != "configurable"]
    hints = get_type_hints(RunnableConfig)
    top: dict[str, Any] = {
        "configurable": (configurable, Field(None, json_schema_extra=_shown(dict))),
        **{key: (hints[key], Field(None, json_schema_extra=_shown(None))) for key in others if key in hints},
    }
    return cast("type[BaseModel]", create_model(name, **top))
