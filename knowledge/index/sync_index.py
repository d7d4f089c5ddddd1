"""``KnowledgeIndex``: the synchronous entry point, bound to one tenant before any data is touched."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any, Protocol, TypeVar

from kassist.db import open_database
from kassist.db.sansio import drive
from kassist.dburl import DatabaseURL, database_url_from_env, parse_database_url
from kassist.tenancy import TenantMismatch, check_run_tenant, validate_tenant_id
from knowledge.documents import Chunk, Document
from knowledge.embedders.base import Embedder
from knowledge.index import (
    batch,
    catalog,
    chunk_settings,
    collection_rules,
    holds,
    ops,
    order_model,
    sources,
    words,
)
from knowledge.index.dialect import Dialect, Op
from knowledge.index.matrix import MatrixCache
from knowledge.index.models import (
    CollectionStats,
    DocumentDetail,
    DocumentPage,
    Removal,
    SearchHit,
    SearchMode,
    UpsertResult,
)
from knowledge.index.rules import check_vector
from knowledge.index.search_plan import Blocking, embed_texts, embedder_info, search_plan
from knowledge.retrieval import DEFAULT_RRF_K

T = TypeVar("T")


class SyncDriver(Protocol):
    dialect: Dialect
    matrices: MatrixCache | None

    def run(self, op: Op[T], *, write: bool) -> T: ...
    def migrate(self) -> None: ...
    def close(self) -> None: ...


def open_sync_driver(url: DatabaseURL) -> SyncDriver:
    from knowledge.index.database import SyncIndexDriver

    return SyncIndexDriver(open_database(url))


class KnowledgeIndex:
    """Chunks and vectors of every tenant in one database; use :meth:`for_tenant` to read or write."""

    def __init__(self, driver: SyncDriver, embedder: Embedder, url: DatabaseURL) -> None:
        self._driver = driver
        self.embedder = embedder
        self.url = url

    @classmethod
    def from_url(cls, url: str | None = None, *, embedder: Embedder, migrate: bool = True) -> KnowledgeIndex:
        """Open the index at ``url`` (default: ``KASSIST_DATABASE_URL``), creating its tables if needed."""
        parsed = parse_database_url(url if url is not None else database_url_from_env())
        order_model.weights()  # a damaged install is one clear error now, not inside the first search
        driver = open_sync_driver(parsed)
        try:
            if migrate:
                driver.migrate()
        except BaseException:
            driver.close()
            raise
        return cls(driver, embedder, parsed)

    def for_tenant(self, tenant_id: str) -> TenantKnowledgeIndex:
        return TenantKnowledgeIndex(self, validate_tenant_id(tenant_id))

    def run(self, op: Op[T], *, write: bool = False) -> T:
        return self._driver.run(op, write=write)

    @property
    def driver(self) -> SyncDriver:
        return self._driver

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> KnowledgeIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TenantKnowledgeIndex:
    """The index as one tenant sees it: every statement carries this tenant, others' data is "not found"."""

    def __init__(self, index: KnowledgeIndex, tenant_id: str) -> None:
        self._index = index
        self.tenant_id = tenant_id

    @property
    def _tenant(self) -> str:
        # Checked at every call, not at binding: a view made outside any run and used inside one
        # that acts for another tenant reaches nothing (kassist.tenancy.check_run_tenant).
        return check_run_tenant(self.tenant_id, "knowledge index")

    @property
    def embedder(self) -> Embedder:
        """The model this view embeds with."""
        return self._index.embedder

    @property
    def embedder_name(self) -> str:
        return self._index.embedder.name

    def with_embedder(self, embedder: Embedder) -> TenantKnowledgeIndex:
        """This tenant's view using another model, sharing the connection (close the original only)."""
        return TenantKnowledgeIndex(
            KnowledgeIndex(self._index.driver, embedder, self._index.url), self.tenant_id
        )

    def upsert_document(self, document: Document, chunks: Sequence[Chunk]) -> UpsertResult:
        """Index ``document`` as exactly ``chunks``: new chunk ids are added, missing ones removed,
        unchanged ones left alone (not re-embedded)."""
        return self.upsert_documents([(document, chunks)])[0]

    def upsert_documents(self, items: Sequence[tuple[Document, Sequence[Chunk]]]) -> list[UpsertResult]:
        """:meth:`upsert_document` for a batch: one read, one call to the model for every text
        still to embed (models are much faster on batches), one write transaction."""
        return self.apply_upserts(self.prepare_upserts(items))

    def prepare_upserts(
        self,
        items: Sequence[tuple[Document, Sequence[Chunk]]],
        *,
        source: str | None = None,
        hold: str | None = None,
        chunking: tuple[int, int, bool] | None = None,
    ) -> list[ops.UpsertPlan]:
        """What upserting ``items`` would change (read only): callers that must record their intent
        before writing (the ingestion graph) look at the plans, then :meth:`apply_upserts`.
        ``source``: the run's (knowledge/index/sources.py): the write refuses a collection of
        another source and records it with each document. ``hold``: the run whose review lets the
        documents the write changes into search (knowledge/index/holds.py; None: at once).
        ``chunking``: (chunk_tokens, overlap_tokens, replace) the write records on the collection
        (knowledge/index/chunk_settings.py; None: nothing)."""
        if not items:
            return []
        info = embedder_info(self._index.embedder)
        d = self._index.driver.dialect
        return self._index.run(batch.prepare_upserts(d, self._tenant, info, items, source, hold, chunking))

    def apply_upserts(self, plans: Sequence[ops.UpsertPlan]) -> list[UpsertResult]:
        """Embed what ``plans`` still need (one call to the model) and write them in one transaction."""
        self._check_plans(plans)  # before the model: a refused plan costs no embedding
        return self.write_upserts(plans, self.embed_plans(plans))

    def _check_plans(self, plans: Sequence[ops.UpsertPlan]) -> None:
        tenant = self._tenant
        for plan in plans:  # a plan made through another tenant's view writes nothing here
            if plan.tenant != tenant:
                raise TenantMismatch(
                    f"plan for document {plan.document.doc_id!r} was made for tenant {plan.tenant!r}, not {tenant!r}"
                )

    def embed_plans(
        self, plans: Sequence[ops.UpsertPlan], known: Mapping[str, list[float]] | None = None
    ) -> dict[str, list[float]]:
        """The vectors ``plans`` still need, text hash -> vector, in one call to the model (no
        database): :meth:`apply_upserts`'s first half, for callers that do something between the
        model and the write. ``known``: vectors this index's model made earlier for some of these
        texts (the ingestion graph embeds the next batch while this one writes); only the rest go to
        the model."""
        texts = dict(pair for plan in plans for pair in plan.to_embed)
        known = known or {}
        reused = {h: known[h] for h in texts if h in known}
        for vector in reused.values():
            check_vector(vector, self._index.embedder.dimensions, self._index.embedder.name)
        todo = {h: t for h, t in texts.items() if h not in reused}
        vectors = embed_texts(self._index.embedder, list(todo.values()))
        return {**reused, **dict(zip(todo, vectors, strict=True))}

    def write_upserts(
        self, plans: Sequence[ops.UpsertPlan], fresh: Mapping[str, Sequence[float]]
    ) -> list[UpsertResult]:
        """Write ``plans`` in one transaction, with ``fresh`` from :meth:`embed_plans`."""
        if not plans:
            return []
        self._check_plans(plans)
        missing = {h for plan in plans for h, _ in plan.to_embed} - fresh.keys()
        if missing:
            raise ValueError(
                f"{len(missing)} text(s) of these plans have no vector: pass what embed_plans(plans) returned"
            )
        d = self._index.driver.dialect
        now = datetime.now(UTC)
        info = embedder_info(self._index.embedder)
        return self._index.run(batch.apply_upserts(d, plans, info, fresh, now), write=True)

    def documents(self, collection: str, *, of: str | None = None) -> list[tuple[str, str]]:
        """(doc_id, source_path) of every document of ``collection`` (empty if there is none);
        ``of``: only those a run of that source owns (knowledge/index/sources.py)."""
        known = self._index.run(ops.collections(self._index.driver.dialect, self._tenant))
        if collection not in known:
            return []
        return self._index.run(ops.documents(self._index.driver.dialect, self._tenant, collection, of))

    def release(self, collection: str, run_id: str) -> int:
        """Let the documents run ``run_id`` holds in ``collection`` into search (its review let it
        through, or it needed none), with those another run took over from it since; how many
        (knowledge/index/holds.py)."""
        d = self._index.driver.dialect
        return self._index.run(holds.release(d, self._tenant, collection, run_id), write=True)

    def check_chunking(self, collection: str, chunk_tokens: int, overlap_tokens: int) -> None:
        """Raise ``ChunkingDiffers`` when ``collection`` keeps other chunk settings
        (knowledge/index/chunk_settings.py): a member's run's door, and its start."""
        d = self._index.driver.dialect
        self._index.run(chunk_settings.check(d, self._tenant, collection, chunk_tokens, overlap_tokens))

    def check_kept_settings(
        self, collection: str, chunk_tokens: int, overlap_tokens: int, rules_text: str | None
    ) -> None:
        """A member's run keeps its collection's settings (its door at every interface, and its
        start): raise ``RulesUnknown`` when the collection's audit rules are not known, else
        ``ChunkingDiffers`` when it keeps other chunk settings, else ``RulesDiffer`` when it keeps
        other audit rules than ``rules_text`` (None: the run names none, the kept ones are used).
        Unknown rules first: the one refusal the member cannot mend by her options (an admin's run
        records them), so she is not sent to change her chunking only to be refused again."""
        self.check_rules_known(collection)
        self.check_chunking(collection, chunk_tokens, overlap_tokens)
        if rules_text is not None:
            self.check_rules(collection, rules_text)

    def record_chunking(
        self, collection: str, chunk_tokens: int, overlap_tokens: int, *, replace: bool = False
    ) -> None:
        """Record ``collection``'s chunk settings where it keeps none (``replace``: whatever it keeps:
        an admin's or the operator's re-chunking; knowledge/index/chunk_settings.py)."""
        d = self._index.driver.dialect
        op = chunk_settings.record(d, self._tenant, collection, chunk_tokens, overlap_tokens, replace=replace)
        self._index.run(op, write=True)

    def rules_kept(self, collection: str) -> collection_rules.Recorded | None:
        """The audit rules ``collection`` keeps (knowledge/index/collection_rules.py), or None."""
        d = self._index.driver.dialect
        return self._index.run(collection_rules.kept(d, self._tenant, collection))

    def check_rules(self, collection: str, text: str) -> None:
        """Raise ``RulesDiffer`` when ``collection`` keeps other audit rules than ``text`` (and
        ``RulesUnknown`` when none are known): a member's run's door, and its start."""
        d = self._index.driver.dialect
        self._index.run(collection_rules.check(d, self._tenant, collection, text))

    def check_rules_known(self, collection: str) -> None:
        """Raise ``RulesUnknown`` when ``collection`` was made before the index kept audit rules and
        none were adopted from its runs' records: a member's run's door, and its start."""
        d = self._index.driver.dialect
        self._index.run(collection_rules.check_known(d, self._tenant, collection))

    def record_rules(
        self, collection: str, rules: collection_rules.Recorded, *, replace: bool = False
    ) -> None:
        """Record the audit rules ``collection`` is audited with (``collection_rules.NONE``: the
        defaults alone) where it keeps none or none is known (``replace``: whatever it keeps: an
        admin's or the operator's run naming other rules)."""
        d = self._index.driver.dialect
        self._index.run(
            collection_rules.record(d, self._tenant, collection, rules, replace=replace), write=True
        )

    def retire(self, run_id: str) -> int:
        """Make run ``run_id``'s holds in every collection no run's (retention swept the run's
        records; its id may be taken again): they stay hidden; how many (knowledge/index/holds.py)."""
        d = self._index.driver.dialect
        return self._index.run(holds.retire(d, self._tenant, run_id), write=True)

    def taken(self, collection: str, run_id: str) -> int:
        """How many documents run ``run_id`` holds in ``collection`` that it took over from another
        run (knowledge/index/holds.py)."""
        return self._index.run(holds.taken(self._index.driver.dialect, self._tenant, collection, run_id))

    def held(self, collection: str) -> dict[str, str]:
        """``collection``'s held documents: doc_id -> the run holding it (knowledge/index/holds.py)."""
        return self._index.run(holds.held(self._index.driver.dialect, self._tenant, collection))

    def check_source(self, collection: str, source: str) -> None:
        """Raise ``CollectionMirrorsAnother`` unless a run of ``source`` may write ``collection``
        (knowledge/index/sources.py): a run's door, before anything is written."""
        self._index.run(sources.check(self._index.driver.dialect, self._tenant, collection, source))

    def adopt_sources(self, collection: str, records: Mapping[str, str]) -> None:
        """Record each document's source (doc_id -> record) where ``collection``'s document has none
        (indexed before sources were recorded: knowledge/index/sources.py)."""
        d = self._index.driver.dialect
        self._index.run(sources.adopt(d, self._tenant, collection, records), write=True)

    def delete_document(self, collection: str, doc_id: str) -> int:
        """Remove a document's chunks; returns how many were removed (0 if it was not indexed)."""
        d = self._index.driver.dialect
        return self._index.run(ops.delete_document(d, self._tenant, collection, doc_id), write=True)

    def list_documents(
        self, collection: str | None = None, *, limit: int = 100, offset: int = 0
    ) -> DocumentPage:
        """A page of the tenant's documents (of ``collection``, or of all), by collection and path."""
        d = self._index.driver.dialect
        return self._index.run(catalog.page(d, self._tenant, collection, limit=limit, offset=offset))

    def document(self, ref: str, collection: str | None = None, *, text: bool = False) -> DocumentDetail:
        """The document ``ref`` names (its id, the start of its id, or its path) and its chunks'
        headings; ``text`` adds each chunk's text. Raises ``DocumentNotFound``/``AmbiguousDocument``."""
        d = self._index.driver.dialect
        return self._index.run(catalog.detail(d, self._tenant, ref, collection, text=text))

    def remove_document(self, collection: str, doc_id: str, *, dry_run: bool = False) -> Removal:
        """Delete a document (exact id) with its chunks, vectors, keyword rows and the cached
        vectors only it used, in one transaction; ``dry_run`` only counts. Unlike
        :meth:`delete_document` (the ingestion's), a document that is not there is an error."""
        d = self._index.driver.dialect
        op = catalog.remove_document(d, self._tenant, collection, doc_id, dry_run=dry_run)
        return self._index.run(op, write=not dry_run)

    def remove_collection(self, collection: str, *, dry_run: bool = False) -> Removal:
        """Delete a collection and everything in it, in one transaction; ``dry_run`` only counts."""
        d = self._index.driver.dialect
        op = catalog.remove_collection(d, self._tenant, collection, dry_run=dry_run)
        return self._index.run(op, write=not dry_run)

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        collections: Sequence[str] | None = None,
        doc_id: str | None = None,
        effective_from: date | None = None,
        effective_to: date | None = None,
        rrf_k: int = DEFAULT_RRF_K,
        sentences: bool = True,
    ) -> list[SearchHit]:
        """The best ``k`` passages; ``sentences``: with the sentence stage (knowledge/index/sentences.py)
        where it applies."""
        plan = search_plan(self._index.embedder, self._index.driver, self._tenant, query, k=k, mode=mode,
                           collections=collections, doc_id=doc_id, effective_from=effective_from,
                           effective_to=effective_to, rrf_k=rrf_k, sentences=sentences)  # fmt: skip
        return drive(plan, self._step)

    def uses(self, word: str) -> bool:
        """Whether this tenant's documents hold ``word`` (an acronym: "CFO") as written, in capitals,
        perhaps plural or dotted ("CFOs", "U.S."): knowledge/index/words.py."""
        return self._index.run(words.uses(self._index.driver.dialect, self._tenant, word))

    def _step(self, step: Blocking | Op[list[SearchHit]]) -> Any:
        return step.call() if isinstance(step, Blocking) else self._index.driver.run(step, write=False)

    def stats(self) -> list[CollectionStats]:
        return self._index.run(ops.stats(self._index.driver.dialect, self._tenant))

    def collection_names(self) -> list[str]:
        return sorted(self._index.run(ops.collections(self._index.driver.dialect, self._tenant)))
