"""Document loaders: files under a root become ``Document``s, or typed ``DocumentError``s saying why not.

Supported: .txt, .md, .html, .pdf, .docx. Nothing here raises for a bad file; a run always ends
with one result per file.
"""

from knowledge.loaders.dates import find_document_dates, find_effective_date
from knowledge.loaders.files import DEFAULT_MAX_BYTES, SUPPORTED_SUFFIXES, load_file
from knowledge.loaders.identity import content_hash, document_id, validate_collection
from knowledge.loaders.metadata import METADATA_KEYS, header_fields, merge_metadata, normalize_metadata
from knowledge.loaders.walk import load_directory, walk_files

__all__ = [
    "DEFAULT_MAX_BYTES",
    "METADATA_KEYS",
    "SUPPORTED_SUFFIXES",
    "content_hash",
    "document_id",
    "find_document_dates",
    "find_effective_date",
    "header_fields",
    "load_directory",
    "load_file",
    "merge_metadata",
    "normalize_metadata",
    "validate_collection",
    "walk_files",
]
