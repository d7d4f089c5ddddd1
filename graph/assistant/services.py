"""What the assistant's nodes reach: the knowledge index, the memory manager, the memory store.

They are shared objects (one per process); a node never uses them directly but through
:func:`open_for_run`, which binds each, the run's store included, with the run's scope
(``kassist.tenancy.run_scope``, the helper every graph uses: the authenticated user's tenant, or
``configurable.tenant_id``) and names the user. Inside the run the components check the run's
tenant again at every call, so a view cannot reach another tenant.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_store
from langgraph.store.base import BaseStore

from kassist.dburl import database_url_from_env
from kassist.tenancy import AUTH_USER_KEY, OWNER_KEY, TenantRequired, run_scope
from knowledge.embedders import Embedder, select_embedder
from knowledge.index import KnowledgeIndex
from knowledge.index.sync_index import TenantKnowledgeIndex
from memory.context.compaction import DEFAULT_STRATEGY, Strategy, check_strategy
from memory.manager import MemoryManager
from memory.manager.models import validate_user_id
from memory.store import MemoryStore

DEFAULT_BUDGET = 3000
DEFAULT_CHAT_MODEL = "gpt-4o-mini"
ENV_CHAT_MODEL = "KASSIST_CHAT_MODEL"
ENV_CHAT_BASE_URL = "KASSIST_CHAT_BASE_URL"
ENV_CHAT_API_KEY = "KASSIST_CHAT_API_KEY"
ENV_EMBEDDER = "KASSIST_EMBEDDER"


@dataclass(frozen=True)
class ChatEndpoint:
    """Where the language model is: ``KASSIST_CHAT_BASE_URL`` / ``KASSIST_CHAT_API_KEY``, else the
    OpenAI client's ``OPENAI_BASE_URL`` / ``OPENAI_API_KEY``. It never chooses the embedder:
    pointing the assistant at a local chat server leaves the knowledge base's vectors alone."""

    base_url: str | None
    api_key: str | None

    @property
    def configured(self) -> bool:
        return bool(self.base_url or self.api_key)

    @property
    def where(self) -> str:
        """The endpoint as a note may name it: scheme, host, port and path. Never a user, password or
        query (a gateway's key): on a server the note reaches every client and the thread's checkpoint."""
        if not self.base_url:
            return "api.openai.com"
        parts = urlsplit(self.base_url.strip())
        try:
            port = parts.port
        except ValueError:
            port = None
        if not parts.hostname:
            return f"{ENV_CHAT_BASE_URL} (not a URL)"
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        return urlunsplit((parts.scheme, f"{host}:{port}" if port else host, parts.path, "", ""))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ChatEndpoint:
        e = os.environ if env is None else env
        return cls(
            base_url=e.get(ENV_CHAT_BASE_URL) or e.get("OPENAI_BASE_URL") or None,
            api_key=e.get(ENV_CHAT_API_KEY) or e.get("OPENAI_API_KEY") or None,
        )


def assistant_embedder(env: Mapping[str, str] | None = None) -> tuple[Embedder, str]:
    """The embedder of the assistant's searches: ``KASSIST_EMBEDDER`` (``local``, ``hashing``,
    ``openai``; it must be the model the knowledge base was indexed with). ``auto`` (the default)
    is the local model, whatever OpenAI variables are set for the language model; OpenAI embeddings
    only when asked for by name."""
    e = dict(os.environ if env is None else env)
    choice = e.get(ENV_EMBEDDER) or "auto"
    if choice == "auto":
        offline = {k: v for k, v in e.items() if not k.startswith("OPENAI_")}
        return select_embedder("auto", env=offline)
    return select_embedder(choice, env=e, named_by=ENV_EMBEDDER)


@dataclass(frozen=True)
class AssistantSettings:
    """Per-run knobs (``configurable``), validated."""

    budget: int = DEFAULT_BUDGET  # tokens of the context sent to the model
    compaction: Strategy = DEFAULT_STRATEGY
    chat_model: str = DEFAULT_CHAT_MODEL
    k: int = 6  # knowledge-base passages retrieved per turn

    @property
    def compact_at(self) -> int:
        """Message tokens in the state above which the thread is compacted after a turn."""
        return self.budget

    @classmethod
    def from_env(cls) -> AssistantSettings:
        return cls(chat_model=os.environ.get(ENV_CHAT_MODEL) or DEFAULT_CHAT_MODEL)

    @classmethod
    def from_config(
        cls, conf: Mapping[str, Any], defaults: AssistantSettings | None = None
    ) -> AssistantSettings:
        base = defaults or cls()
        budget = conf.get("context_budget", base.budget)
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 200:
            raise ValueError(f"context_budget must be a whole number of tokens >= 200, got {budget!r}")
        model = conf.get("chat_model", base.chat_model)
        if not isinstance(model, str) or not model.strip():
            raise ValueError("chat_model must be a model name, e.g. gpt-4o-mini")
        strategy = check_strategy(str(conf.get("compaction", base.compaction)))
        return cls(budget=budget, compaction=strategy, chat_model=model, k=base.k)


@dataclass
class Services:
    """The shared components, unbound. Build with :meth:`from_url` or from the environment."""

    kb: KnowledgeIndex
    memory: MemoryManager
    defaults: AssistantSettings = field(default_factory=AssistantSettings)

    @classmethod
    def from_url(cls, url: str, *, embedder: Embedder, defaults: AssistantSettings | None = None) -> Services:
        kb = KnowledgeIndex.from_url(url, embedder=embedder)
        try:
            memory = MemoryManager.from_url(url, embedder)
        except BaseException:
            kb.close()
            raise
        return cls(kb, memory, defaults or AssistantSettings())

    def close(self) -> None:
        self.kb.close()
        self.memory.close()


@functools.cache
def services_from_env() -> Services:
    """One set per process for the exported graph: ``KASSIST_DATABASE_URL``, the embedder of
    :func:`assistant_embedder`, ``KASSIST_CHAT_MODEL``."""
    embedder, _ = assistant_embedder()
    return Services.from_url(
        database_url_from_env(), embedder=embedder, defaults=AssistantSettings.from_env()
    )


@dataclass(frozen=True)
class AssistantResources:
    """The components as this run's tenant sees them."""

    tenant: str
    user: str
    thread_id: str | None
    kb: TenantKnowledgeIndex
    memory: MemoryManager
    store: BaseStore | None
    settings: AssistantSettings
    guest: bool = False
    """The run's user is not the thread's owner (an admin continuing a member's conversation): the
    thread is the owner's to read, so nothing of the guest's own memory may be written into it."""

    def namespace(self, *parts: str) -> tuple[str, ...]:
        """A store namespace of this user. A store bound to the tenant (a ``MemoryStore``, bound by
        :func:`open_for_run`) takes it without the tenant label; a store without tenant bindings
        (e.g. LangGraph's ``InMemoryStore`` in a test) needs it first."""
        bound = getattr(self.store, "tenant", None)
        head = () if bound == self.tenant else (self.tenant,)
        return (*head, "assistant", self.user, *parts)


def run_user(conf: Mapping[str, Any]) -> str:
    """The user a run acts for: the authenticated user's identity, else ``configurable.user_id``."""
    auth = conf.get(AUTH_USER_KEY)
    identity = auth.get("identity") if isinstance(auth, Mapping) else getattr(auth, "identity", None)
    user = identity or conf.get("user_id")
    if not user:
        raise TenantRequired("no user: pass configurable.user_id (or run as an authenticated user)")
    return validate_user_id(user)


def open_for_run(services: Services, config: RunnableConfig) -> AssistantResources:
    """The one way a node reaches the components: bound to the run's tenant and user."""
    scope = run_scope("the assistant")
    conf = config.get("configurable") or {}
    try:
        store: BaseStore | None = get_store()
    except RuntimeError:
        store = None
    if isinstance(store, MemoryStore):  # the admin store langgraph-api hands every run, or a view
        store = scope.bind(store)
    user = run_user(conf)
    # The owner both servers stamp on a run's config (metadata.owner: the thread's, never the client's;
    # kassist serve also in configurable, which LangServe's /batch keeps).
    owner = (config.get("metadata") or {}).get(OWNER_KEY) or conf.get(OWNER_KEY)
    return AssistantResources(
        tenant=scope.tenant,
        user=user,
        thread_id=conf.get("thread_id"),
        kb=scope.bind(services.kb),
        memory=scope.bind(services.memory),
        store=store,
        settings=AssistantSettings.from_config(conf, services.defaults),
        guest=isinstance(owner, str) and bool(owner) and owner != user,
    )
