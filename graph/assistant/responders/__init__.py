"""Responders: ChatOpenAI with tools when a chat endpoint is configured, else extractive."""

from __future__ import annotations

from collections.abc import Mapping

from graph.assistant.responders.base import Reply, Responder, Turn
from graph.assistant.responders.extractive import ExtractiveResponder
from graph.assistant.responders.openai_chat import OpenAIResponder, openai_configured


def select_responder(env: Mapping[str, str] | None = None) -> Responder:
    """A chat endpoint configured (``KASSIST_CHAT_BASE_URL`` / ``KASSIST_CHAT_API_KEY``, or
    ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``): the model; otherwise the offline extractive one."""
    return OpenAIResponder() if openai_configured(env) else ExtractiveResponder()


__all__ = ["ExtractiveResponder", "OpenAIResponder", "Reply", "Responder", "Turn", "select_responder"]
