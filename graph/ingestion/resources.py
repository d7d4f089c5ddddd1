"""What the nodes work with (database handles, embedders).

None of it is in the graph's state: state is checkpointed, these are connections. Whoever drives a
run binds its :class:`Resources` to the invocation (:func:`bind`, in the run's config: the runner
does, for ``kassist ingest`` and the runs API's workers), so one process can serve runs of several
databases at once and a run never touches a database it was not given. A run without bound
resources (inside ``langgraph dev``, or a graph invoked from code) uses the process's: the ones
installed (:func:`install`), else opened on first use from ``KASSIST_DATABASE_URL``, the server's
own setting (never the client's). Nodes reach them through :func:`for_run`: the knowledge index and
the memory manager come bound to the run's tenant (``kassist.tenancy.run_scope``, the helper every
graph uses).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checkpointer import TenantCheckpointer
from graph.ingestion.store import RunStore, TenantRunStore
from kassist.dburl import database_url_from_env
from kassist.tenancy import RunScope, run_scope

# The knowledge index, the embedders (numpy, onnxruntime) and the memory manager are imported on
# first use: a command that finds its run finished uses none of them (issue 29).
if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig

    from knowledge.embedders import Embedder
    from knowledge.index import KnowledgeIndex
    from knowledge.index.sync_index import TenantKnowledgeIndex
    from memory.manager.manager import MemoryManager

REPORTS_ENV = "KASSIST_REPORTS_DIR"
RESOURCES_KEY = "__kassist_ingest_resources"
"""The configurable key of an invocation's bound :class:`Resources`: a Python object, so no JSON
client can supply one (and the LangGraph server refuses the key: not on the allow-list); LangGraph
copies no non-scalar configurable value into checkpoint metadata."""
# Reports are stored in the database now (graph.ingestion.reports); no node writes under
# ``reports_dir``. It stays a parameter for the callers that still pass it, until they drop it.


@dataclass
class Resources:
    database_url: str
    saver: TenantCheckpointer
    runs: RunStore
    reports_dir: Path
    env: Mapping[str, str] = field(default_factory=lambda: os.environ)
    """The environment of the server or command line that drives the runs: the served-run rules'
    settings (ingestion root, notify hosts, uploads folder) its nodes read. A runs API service opened
    with its own (RunsService.open(env=...)) checks its runs against that, not the process's."""
    _indexes: dict[str, KnowledgeIndex] = field(default_factory=dict)
    _embedders: dict[str, tuple[Embedder, str]] = field(default_factory=dict)
    _memory: MemoryManager | None = None
    _checked: bool = False  # check_versions
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def open(
        cls, database_url: str, reports_dir: Path | None = None, env: Mapping[str, str] | None = None
    ) -> Resources:
        env = os.environ if env is None else env
        saver = TenantCheckpointer.from_url(database_url)
        try:
            saver.setup()
            store = RunStore.from_url(database_url)  # the saver's database object, shared
        except BaseException:
            saver.close()
            raise
        reports = (reports_dir or Path(env.get(REPORTS_ENV) or ".kassist/reports")).resolve()
        return cls(database_url, saver, store, reports, env)

    def check_versions(self) -> None:
        """Refuse a database whose knowledge index or memory tables a newer kassist migrated (their
        SchemaTooNew, one line: "upgrade kassist"), read without writing and once per Resources.
        Both are opened by the run's nodes, on first use: a run on such a database was registered
        and checkpointed, then failed half-way (the index) or after doing all its work (the memory),
        with a resume that could never work (h7 s31 #1). Imports the components' statements, which
        a run that executes needs anyway."""
        if self._checked:
            return
        from importlib import import_module

        from kassist.db import migrate as runner
        from knowledge.index.errors import IndexSchemaTooNew

        backend = self.runs.backend
        index = import_module(f"knowledge.index.sql_{backend}").DIALECT
        memory = import_module(f"memory.manager.sql_{backend}").SQL
        for component, known, error in (
            (runner.KNOWLEDGE_INDEX, len(index.migrations), IndexSchemaTooNew),
            (runner.MEMORY_MANAGER, len(memory.migrations), runner.SchemaTooNew),
        ):
            runner.pending(component, self.runs.versions(component), known, error=error)
        self._checked = True

    def embedder(self, choice: str) -> tuple[Embedder, str]:
        """The embedder for ``choice`` (auto|local|hashing|openai or a recorded model name) and why."""
        with self._lock:
            if choice not in self._embedders:
                chosen = _embedder_for(choice)
                self._embedders[choice] = chosen
                # Later steps ask by the recorded model name: the same instance, loaded once.
                self._embedders.setdefault(chosen[0].name, chosen)
            return self._embedders[choice]

    def index(self, choice: str) -> KnowledgeIndex:
        model, _ = self.embedder(choice)
        with self._lock:
            if model.name not in self._indexes:
                from knowledge.index import KnowledgeIndex

                base = next(iter(self._indexes.values()), None)
                if base is None:
                    self._indexes[model.name] = KnowledgeIndex.from_url(self.database_url, embedder=model)
                else:  # one connection pool for every model
                    self._indexes[model.name] = KnowledgeIndex(base.driver, model, base.url)
            return self._indexes[model.name]

    def memory(self) -> MemoryManager:
        from memory.manager.manager import MemoryManager

        with self._lock:
            if self._memory is None:
                self._memory = MemoryManager.from_url(self.database_url)
            return self._memory

    def close(self) -> None:
        closed: set[int] = set()
        for index in self._indexes.values():
            if id(index.driver) not in closed:
                closed.add(id(index.driver))
                index.close()
        if self._memory is not None:
            self._memory.close()
        self.runs.close()
        self.saver.close()


def _embedder_for(choice: str) -> tuple[Embedder, str]:
    from knowledge.embedders import EmbedderUnavailable, select_embedder
    from knowledge.embedders.select import embedder_named

    if choice in ("auto", "local", "hashing", "openai"):
        return select_embedder(choice)
    # A model name recorded at discovery (e.g. a resumed run): the same model or nothing.
    try:
        return embedder_named(choice), f"{choice}: recorded by the run"
    except EmbedderUnavailable:
        raise EmbedderUnavailable(
            f"this run was started with embedder {choice!r}, which is not available here; make it "
            "available (e.g. OPENAI_API_KEY, the local model) and resume"
        ) from None


_installed: Resources | None = None
_guard = threading.Lock()


def install(resources: Resources | None) -> None:
    """Make ``resources`` the ones nodes of this process use (None: back to opening from the environment)."""
    global _installed
    with _guard:
        _installed = resources


@contextmanager
def installed(resources: Resources) -> Iterator[Resources]:
    """``resources`` installed for the block (see :func:`install`), then uninstalled and closed."""
    install(resources)
    try:
        yield resources
    finally:
        install(None)
        resources.close()


def current() -> Resources:
    global _installed
    with _guard:
        if _installed is None:
            _installed = Resources.open(database_url_from_env())
        return _installed


@dataclass(frozen=True)
class RunResources:
    """The resources as one run's tenant sees them: what every node works with."""

    scope: RunScope
    shared: Resources

    @property
    def tenant(self) -> str:
        return self.scope.tenant

    @property
    def runs(self) -> TenantRunStore:
        """The run records, bound to the run's tenant."""
        return self.scope.bind(self.shared.runs)

    def embedder(self, choice: str) -> tuple[Embedder, str]:
        return self.shared.embedder(choice)

    def collection_embedder(self, choice: str, collection: str) -> tuple[Embedder, str]:
        """The embedder of a run's first step into ``collection``: ``auto`` on a collection already
        indexed is the model it was indexed with (its vectors can only be compared with that model's),
        whatever the environment offers - it picked OpenAI because OPENAI_API_KEY was set (for the
        language model), and the run failed on the index's mismatch; the reason says which. A model
        named (``local``, ``hashing``, ``openai``) is that one: another than the index's is its
        IndexEmbedderMismatch, as before. A new collection's ``auto`` is :func:`select_embedder`'s."""
        if choice != "auto":
            return self.embedder(choice)
        # Statistics need no embedding: read through the hashing index, which loads no model.
        recorded = sorted({s.embedder for s in self.index("hashing").stats() if s.collection == collection})
        if not recorded:
            return self.embedder(choice)
        from knowledge.embedders import EmbedderUnavailable

        try:
            model, _ = self.embedder(recorded[0])
        except EmbedderUnavailable:
            raise EmbedderUnavailable(
                f"collection {collection!r} was indexed with {recorded[0]!r}, which --embedder auto follows "
                "and which is not available here; make it available (OPENAI_API_KEY for an openai: model, "
                "the local model for all-MiniLM) or index into a new collection"
            ) from None
        return (
            model,
            f"{model.name}: the model collection {collection!r} was indexed with (auto follows the index)",
        )

    def index(self, choice: str) -> TenantKnowledgeIndex:
        """The knowledge index of ``choice``'s model, bound to the run's tenant."""
        return self.scope.bind(self.shared.index(choice))

    def memory(self) -> MemoryManager:
        """The memory manager, bound to the run's tenant."""
        return self.scope.bind(self.shared.memory())


def bind(config: RunnableConfig, resources: Resources) -> RunnableConfig:
    """``config`` with ``resources`` bound to the invocation: its nodes use these, never the process's."""
    conf: dict[str, Any] = dict(config.get("configurable") or {})
    conf[RESOURCES_KEY] = resources
    return {**config, "configurable": conf}


def bound(config: RunnableConfig | None) -> Resources:
    """The resources bound to the invocation of ``config`` (:func:`bind`), else the process's."""
    given = ((config or {}).get("configurable") or {}).get(RESOURCES_KEY)
    return given if isinstance(given, Resources) else current()


def for_run(config: RunnableConfig | None = None) -> RunResources:
    """The resources of the run the calling node executes in (``config``: the node's, whose bound
    resources win), bound to its tenant (:class:`TenantRequired` without one:
    ``configurable.tenant_id`` or an authenticated user)."""
    return RunResources(run_scope("an ingestion run"), bound(config))
