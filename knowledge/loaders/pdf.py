"""PDF text with pypdf. Encrypted files are opened only when they need no password."""

from __future__ import annotations

import io
import logging

from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.metadata import normalize_metadata

# pypdf logs every recoverable defect of a malformed file, some at ERROR ("Advanced encoding ...
# not implemented yet, using ... instead"), over the progress bar; the outcome is the file's result.
logging.getLogger("pypdf").setLevel(logging.CRITICAL)

MAX_CONTENT_BYTES = 64 * 2**20
"""The most page content (decompressed drawing and text operators, over all pages) a PDF may have.

pypdf reads about a megabyte of it per second, and a file of a few kilobytes can hold far more: one
compressed stream of text operators shared by every page (a 6.5 KB file of one 2 MB page took 2.3
s; a thousand pages of the same would take hours, at every resume of the run). A 500-page text PDF
has a few megabytes. All pages are measured before any is read."""


def parse_pdf(data: bytes) -> Parsed:
    from pypdf import PdfReader
    from pypdf.errors import DependencyError, FileNotDecryptedError

    if not data.lstrip()[:5].startswith(b"%PDF-"):
        raise LoadFailure("broken_file", "not a PDF file (no %PDF- header); is the extension wrong?")
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not _open_without_password(reader):
            raise LoadFailure(
                "encrypted_pdf",
                "encrypted PDF that needs a password; save an unprotected copy and ingest that",
            )
        pages = _page_texts(reader)
        title = _metadata_title(reader)
        metadata = _info_metadata(reader)
    except LoadFailure:
        raise
    except FileNotDecryptedError as exc:
        raise LoadFailure("encrypted_pdf", f"encrypted PDF that could not be decrypted ({exc})") from exc
    except DependencyError as exc:
        raise LoadFailure("encrypted_pdf", f"encrypted PDF this installation cannot decrypt ({exc})") from exc
    except Exception as exc:
        # Parsers of untrusted files fail in many ways (PdfReadError, zlib, recursion, ...); one damaged
        # file must not stop the run.
        raise LoadFailure(
            "broken_file", f"damaged PDF that pypdf cannot read ({type(exc).__name__}: {exc})"
        ) from exc
    text = "\n\n".join(page.strip() for page in pages if page.strip())
    return Parsed(text=text, title=title, metadata=metadata)


def _page_texts(reader: object) -> list[str]:
    pages = list(reader.pages)  # type: ignore[attr-defined]
    # Measured before any text is read (decompressing is fast; reading the operators is not).
    content = 0
    for number, page in enumerate(pages, start=1):
        stream = page.get_contents()
        content += len(stream.get_data()) if stream is not None else 0
        if content > MAX_CONTENT_BYTES:
            raise LoadFailure(
                "too_large",
                f"the PDF's pages hold more than {MAX_CONTENT_BYTES:,} bytes of content (by page "
                f"{number} of {len(pages)}): a decompression bomb, or a document to split into "
                "smaller files",
            )
    return [page.extract_text() or "" for page in pages]


def _open_without_password(reader: object) -> bool:
    from pypdf import PasswordType

    # Owner-password-only PDFs (printing or copying restrictions) open with the empty password.
    return bool(reader.decrypt("") != PasswordType.NOT_DECRYPTED)  # type: ignore[attr-defined]


def _info_metadata(reader: object) -> dict[str, str]:
    """The document information dictionary: custom /Owner, /Classification, ... keys, else /Author."""
    info = reader.metadata  # type: ignore[attr-defined]
    if info is None:
        return {}
    raw = {str(key).lstrip("/"): str(value) for key, value in info.items() if not hasattr(value, "keys")}
    found = normalize_metadata(raw)
    if "owner" not in found and raw.get("Author"):
        found = {**found, **normalize_metadata({"owner": raw["Author"]})}
    return found


def _metadata_title(reader: object) -> str | None:
    metadata = reader.metadata  # type: ignore[attr-defined]
    title = metadata.title if metadata is not None else None
    return str(title).strip() or None if title else None
