"""Responders: ChatOpenAI with tools when OpenAI (or a compatible server) is configured, else extractive."""

from __future__ import annotations

from collections.abc import Mapping

from graph.assistant.responders.base import Reply, Responder, Turn
from graph.assistant.responders.extractive import ExtractiveResponder
from graph.assistant.responders.openai_chat import OpenAIResponder, openai_configured


def select_responder(env: Mapping[str, str] | None = None) -> Responder:
    """``OPENAI_API_KEY`` or ``OPENAI_BASE_URL`` set: the model; otherwise the offline extractive one."""
    return OpenAIResponder() if openai_configured(env) else ExtractiveResponder()


__all__ = ["ExtractiveResponder", "OpenAIResponder", "Reply", "Responder", "Turn", "select_responder"]
