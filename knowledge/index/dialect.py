"""How the backend-neutral operations talk to a driver: statements out, rows back.

An operation is a generator that yields :class:`Stmt` and receives the rows each one returned. It
holds every rule (what to read, what to write, how to decode) and does no I/O, so one copy serves
SQLite and PostgreSQL, sync and async; a driver only executes statements inside a transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kassist.db.migrate import Migration
from kassist.db.statements import Stmt as Stmt  # re-exported: the operations build theirs from here

T = TypeVar("T")
Row = tuple[Any, ...]
Params = Mapping[str, Any]


Op = Generator[Stmt, list[Row], T]


@dataclass(frozen=True)
class Dialect:
    """The SQL of one backend, by name, plus how it wants vectors and lists passed as parameters."""

    backend: str
    migrations: tuple[tuple[int, Migration], ...]
    select_collections: str
    insert_collection: str
    bump_generation: str
    bump_generation_by: str  # by :n (a batch of n documents bumps it as n single upserts would)
    select_doc_chunks: str
    select_docs_chunks: str  # (id, doc_id, chunk_id, content_hash) of the documents :doc_ids (a list)
    upsert_document: str
    insert_chunk: str
    delete_chunk: str
    delete_document_chunks: str
    delete_document: str
    select_document: str
    select_collection_documents: str  # (doc_id, source_path, source) of a collection's documents
    collection_sources: str  # the distinct sources of a collection's documents (knowledge.index.sources)
    adopt_source: str  # :source on :doc_id of :collection if it has none (knowledge.index.sources.adopt)
    release_held: str  # :run's held documents of :collection into search (knowledge.index.holds)
    taken_docs: str  # how many :run holds in :collection taken over from another run (knowledge.index.holds)
    held_docs: str  # (doc_id, held_by) of :collection's held documents (knowledge.index.holds)
    collection_chunking: (
        str  # (chunk_tokens, overlap_tokens) :collection keeps (knowledge.index.chunk_settings)
    )
    record_chunking: str  # :chunk/:overlap on :collection where it keeps none (the same)
    replace_chunking: str  # :chunk/:overlap on :collection whatever it keeps (the same)
    collection_rules: (
        str  # (audit_rules, audit_rules_name) :collection keeps (knowledge.index.collection_rules)
    )
    record_rules: str  # :rules/:name on :collection where it keeps none (the same)
    replace_rules: str  # :rules/:name on :collection whatever it keeps (the same)
    retire_held: str  # :run's holds of :tenant made no run's (retention: knowledge.index.holds.retire)
    retire_taken: str  # :run no more the first holder of a hold another run took over (the same)
    cache_lookup: str
    cache_store: str
    collection_stats: str
    # The catalogue (knowledge.index.catalog): browse documents, delete documents and collections.
    # Parameters :tenant, :collection, :doc_id (NULL: the whole collection) unless said otherwise.
    count_documents: str  # :collection may be NULL (every collection)
    page_documents: str  # the same, :limit rows from :offset
    find_documents: str  # :ref is a doc id or a source path; :prefix (or NULL) the start of a doc id
    document_outline: str  # the chunks of one document, in reading order
    scope_counts: str  # documents, chunks and embedding-cache entries a deletion would remove
    purge_cache: str  # the cache entries only the scope's chunks use (run before they go)
    delete_collection_chunks: str
    delete_collection_documents: str
    delete_collection: str
    keyword_search: str
    hydrate: str
    encode_vector: Callable[[Sequence[float]], Any]
    encode_list: Callable[[Sequence[Any]], Any]
    # The backend's keyword query language: a question as its full-text match (FTS5 MATCH,
    # websearch_to_tsquery), None when no word of it is searchable; and the OR joining phrase queries.
    keyword_match: Callable[[str], str | None]
    phrase_or: str
    # Backend-specific: PostgreSQL ranks vectors in SQL, SQLite loads them into numpy.
    search_settings: tuple[str, ...] = ()
    vector_search: Callable[[int], str] | None = None
    vector_index: Callable[[int], str] | None = None
    load_matrix: str | None = None
    # Keyword ranking with the tenant's own statistics (knowledge/index/keyword_tenant.py), used
    # instead of keyword_search when set: the ids of the chunks passing the filters that match one
    # phrase (:match); the tenant's chunk count and mean length (:tenant); the texts of :ids.
    keyword_postings: str | None = None
    keyword_stats: str | None = None
    keyword_texts: str | None = None
    # The tenant's chunk texts that may hold :word as written, case-sensitive (knowledge/index/words.py):
    # SQLite narrows by substring and the caller checks the word's bounds; PostgreSQL by a regular
    # expression (:pattern). None: the backend cannot tell, and no word counts as used.
    uses_word: str | None = None
    # The tenant's chunk headings and document titles with a part starting with :first's letter
    # (:first, :inner: LIKE patterns, case-insensitive): the names of what the base covers.
    named_sections: str | None = None
    # Several chunks in one statement, from one list per column (see batch._insert_chunks); without
    # it, a batch runs insert_chunk once per chunk.
    insert_chunks: str | None = None
