"""Choosing an embedder by name, and ``auto``: openai when configured, else the local model, else hashing."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Literal, get_args

from knowledge.embedders.base import Embedder
from knowledge.embedders.hashing import HashingEmbedder
from knowledge.embedders.minilm import LocalMiniLMEmbedder, ModelUnavailable
from knowledge.embedders.openai import DEFAULT_OPENAI_MODEL, OpenAIEmbedder

EmbedderChoice = Literal["auto", "local", "hashing", "openai"]
EMBEDDER_CHOICES: tuple[str, ...] = get_args(EmbedderChoice)

ENV_OPENAI_MODEL = "KASSIST_OPENAI_EMBEDDING_MODEL"
ENV_OPENAI_DIMENSIONS = "KASSIST_OPENAI_EMBEDDING_DIMENSIONS"


class EmbedderUnavailable(RuntimeError):
    """The embedder that was asked for by name cannot be used here; the message says why and what to do."""


def select_embedder(
    choice: str = "auto", *, env: Mapping[str, str] | None = None, named_by: str = "--embedder"
) -> tuple[Embedder, str]:
    """Return the embedder for ``choice`` and a one-line reason to show the user.

    ``auto`` never fails: it falls back to hashing and says why. A named choice that cannot be
    honoured raises ``EmbedderUnavailable`` rather than silently substituting another model, since
    vectors from different models must never be mixed in one index. ``named_by``: where the choice
    came from, as the refusals name it (an option, or ``KASSIST_EMBEDDER`` for the assistant, whose
    commands have no --embedder: h24 s39 H24-9).
    """
    environ = os.environ if env is None else env
    said = f"{named_by} {choice}" if named_by.startswith("-") else f"{named_by}={choice}"
    if choice not in EMBEDDER_CHOICES:
        raise ValueError(
            f"{named_by}: unknown embedder {choice[:40]!r}; choose one of: {', '.join(EMBEDDER_CHOICES)}"
        )
    if choice == "hashing":
        return HashingEmbedder(), "hashing: chosen explicitly (lexical only, not semantic)"
    if choice == "openai":
        if not _openai_configured(environ):
            raise EmbedderUnavailable(f"{said} needs OPENAI_API_KEY or OPENAI_BASE_URL in the environment")
        return _openai(environ), "openai: chosen explicitly"
    if choice == "local":
        local = LocalMiniLMEmbedder()
        try:
            local.check()
        except ModelUnavailable as exc:
            raise EmbedderUnavailable(str(exc)) from exc
        return local, "local: chosen explicitly (all-MiniLM-L6-v2 int8, offline)"

    if _openai_configured(environ):
        which = "OPENAI_BASE_URL" if environ.get("OPENAI_BASE_URL") else "OPENAI_API_KEY"
        return _openai(environ), f"openai: {which} set"
    local = LocalMiniLMEmbedder()
    try:
        local.check()
    except ModelUnavailable as exc:
        return (
            HashingEmbedder(),
            f"hashing: no OpenAI configuration and the local model is unavailable ({exc})",
        )
    return local, "local: no OPENAI_API_KEY/OPENAI_BASE_URL; using all-MiniLM-L6-v2 int8 offline"


def embedder_named(name: str) -> Embedder:
    """The embedder whose :attr:`Embedder.name` is ``name`` (what a collection or a run recorded:
    ``hashing-384``, the local model's, ``openai:<model>:<dims>@<host>``), so vectors are compared
    with the model that made them; ``EmbedderUnavailable`` when this configuration cannot make it
    (the caller says what to do). The one reading of a recorded name: the ingestion's resumed runs,
    ``--embedder auto`` on an indexed collection, and ``kassist kb search``."""
    if name.startswith("hashing-") and name.removeprefix("hashing-").isdigit():
        return HashingEmbedder(int(name.removeprefix("hashing-")))
    choice = "openai" if name.startswith("openai:") else "local"
    try:
        embedder, _ = select_embedder(choice)
    except EmbedderUnavailable:
        embedder = None
    if embedder is None or embedder.name != name:
        raise EmbedderUnavailable(f"{name!r} is not available with this configuration")
    return embedder


def _openai_configured(environ: Mapping[str, str]) -> bool:
    return bool(environ.get("OPENAI_API_KEY") or environ.get("OPENAI_BASE_URL"))


def _openai(environ: Mapping[str, str]) -> OpenAIEmbedder:
    model = environ.get(ENV_OPENAI_MODEL) or DEFAULT_OPENAI_MODEL
    raw = environ.get(ENV_OPENAI_DIMENSIONS)
    dimensions: int | None = None
    if raw:
        try:
            dimensions = int(raw)
        except ValueError:
            raise EmbedderUnavailable(f"{ENV_OPENAI_DIMENSIONS}={raw!r} is not a whole number") from None
    try:
        return OpenAIEmbedder(model=model, dimensions=dimensions, env=environ)
    except ValueError as exc:
        raise EmbedderUnavailable(str(exc)) from exc
