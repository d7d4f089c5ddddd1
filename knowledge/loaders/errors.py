"""The exception format parsers raise; ``load_file`` turns it into a ``DocumentError``."""

from __future__ import annotations

from dataclasses import dataclass, field

from knowledge.documents import DocumentErrorKind


@dataclass(frozen=True)
class Parsed:
    """What a format parser extracts: markdown-ish text (headings as ``#`` lines), a title, metadata."""

    text: str
    title: str | None = None
    metadata: dict[str, str] = field(default_factory=dict)  # format-level fields, see loaders.metadata


class LoadFailure(Exception):
    """A file cannot be loaded; ``kind`` and ``reason`` become the ``DocumentError``."""

    def __init__(self, kind: DocumentErrorKind, reason: str) -> None:
        super().__init__(reason)
        self.kind: DocumentErrorKind = kind
        self.reason = reason
