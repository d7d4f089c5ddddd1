"""Loading one file into a ``Document``, or saying precisely why it cannot be loaded."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path

from knowledge.documents import Document, DocumentError
from knowledge.loaders.dates import find_effective_date, parse_date_at
from knowledge.loaders.docx import parse_docx
from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.html import parse_html
from knowledge.loaders.identity import content_hash, document_id, validate_scope
from knowledge.loaders.metadata import merge_metadata
from knowledge.loaders.pdf import parse_pdf
from knowledge.loaders.rst import parse_rst
from knowledge.loaders.text import parse_markdown, parse_plain_text

DEFAULT_MAX_BYTES = 20 * 2**20

_FORMATS: dict[str, tuple[str, Callable[[bytes], Parsed]]] = {
    ".txt": ("text/plain", parse_plain_text),
    ".text": ("text/plain", parse_plain_text),
    ".md": ("text/markdown", parse_markdown),
    ".markdown": ("text/markdown", parse_markdown),
    ".rst": ("text/x-rst", parse_rst),
    ".html": ("text/html", parse_html),
    ".htm": ("text/html", parse_html),
    ".pdf": ("application/pdf", parse_pdf),
    ".docx": ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", parse_docx),
}
SUPPORTED_SUFFIXES: tuple[str, ...] = tuple(_FORMATS)

_FILE_TYPES = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a directory",
}


def load_file(
    path: Path,
    *,
    tenant_id: str,
    collection: str,
    root: Path | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    within: Path | None = None,
    exact: bool = False,
    plain_text: bool = False,
) -> Document | DocumentError:
    """Load ``path`` (inside ``root``, default its own directory); never raises for a bad file.

    ``within``: the folder a served run may read (its tenant's folder of the ingestion root, or its
    upload), resolved by the server, never from the run's settings. The file is then opened from it
    one folder at a time without following a link, the run's own folder included: ``root`` is the
    run's folder as it resolves now, and a member who replaced it by a link to another tenant's
    folder after the run's checks moved ``root`` with it (h11 s33 #1, #2). ``exact``: ``within`` is
    the run's registered folder, resolved when it was registered (the command line's): taken as it is
    written, so a link put where it was is refused rather than followed. ``plain_text``: read the
    file as the plain text it is rather than parse its markup (a reST page its parser took too long
    on: graph/ingestion/load_processes.py)."""
    tenant_id, collection = validate_scope(tenant_id, collection)
    path = Path(path)
    root = Path(root) if root is not None else path.parent
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(root))
    if relative == ".." or relative.startswith(".." + os.sep) or os.path.isabs(relative):
        return DocumentError(
            source_path=path.as_posix(),
            kind="outside_root",
            reason=f"path is outside the ingested root {root}",
        )
    source_path = Path(relative).as_posix()
    try:
        return _load(path, root, source_path, tenant_id, collection, max_bytes, within, exact, plain_text)
    except LoadFailure as failure:
        return DocumentError(source_path=source_path, kind=failure.kind, reason=failure.reason)


def _load(
    path: Path,
    root: Path,
    source_path: str,
    tenant_id: str,
    collection: str,
    max_bytes: int,
    within: Path | None = None,
    exact: bool = False,
    plain_text: bool = False,
) -> Document:
    real = _resolve_inside(path, root)
    base = root.resolve()
    if within is not None:
        # exact: the registered folder's own name is not followed (a link put there since is refused
        # by the open below); its parents, the operator's, are resolved (/tmp on macOS, a mount link).
        base = within.parent.resolve() / within.name if exact else within.resolve()
        if not real.is_relative_to(base):
            raise LoadFailure("outside_root", "resolves outside the folder this run may read")
    suffix = path.suffix.lower()
    if suffix not in _FORMATS:
        what = f"'{suffix}'" if suffix else "files without an extension"
        raise LoadFailure(
            "unsupported_type", f"unsupported file type {what}; supported: {', '.join(SUPPORTED_SUFFIXES)}"
        )
    media_type, parse = _FORMATS[suffix]
    data, info = _read(real, base, max_bytes)
    if not data.strip():
        raise LoadFailure("empty", "the file is empty")
    parsed = parse_plain_text(data) if plain_text else parse(data)
    text = clean_text(parsed.text)
    metadata = merge_metadata(parsed.metadata, text)
    if not text:
        detail = (
            "no extractable text (a scanned PDF needs OCR first)" if suffix == ".pdf" else "no text content"
        )
        raise LoadFailure("empty", detail)
    return Document(
        doc_id=document_id(tenant_id, collection, source_path),
        tenant_id=tenant_id,
        collection=collection,
        source_path=source_path,
        title=_title(parsed.title) or _title_from_name(path),
        text=text,
        media_type=media_type,
        size_bytes=len(data),
        modified_at=datetime.fromtimestamp(info.st_mtime, tz=UTC),
        effective_date=find_effective_date(text) or _stated_date(metadata),
        content_hash=content_hash(data),
        metadata=metadata,
    )


def _stated_date(metadata: dict[str, str]) -> date | None:
    """The effective (else last-reviewed) date the format's metadata states, when the text states none."""
    for key in ("effective_date", "last_reviewed"):
        if value := metadata.get(key):
            found = parse_date_at(value.strip(), 0)
            if found is not None:
                return found
    return None


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def clean_text(text: str) -> str:
    """Text every store accepts: one newline convention, no control characters, valid Unicode.

    PDF and DOCX extraction can yield NUL (PostgreSQL text cannot hold it) and lone surrogates
    (not encodable as UTF-8); the chunker splits paragraphs on blank lines, so CR and CRLF become LF.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text)
    return text.encode("utf-8", errors="replace").decode("utf-8").strip()


def _resolve_inside(path: Path, root: Path) -> Path:
    try:
        real = path.resolve(strict=True)
    except RuntimeError as exc:  # Python 3.11 reports symlink loops this way
        raise LoadFailure("symlink_loop", f"symlink loop ({exc})") from exc
    except FileNotFoundError as exc:
        target = os.readlink(path) if path.is_symlink() else None
        why = f"dangling symlink to {target}" if target is not None else "no such file"
        raise LoadFailure("unreadable", why) from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LoadFailure("symlink_loop", f"symlink loop ({exc.strerror})") from exc
        raise LoadFailure("unreadable", f"cannot resolve the path ({exc.strerror})") from exc
    real_root = root.resolve()
    if not real.is_relative_to(real_root):
        raise LoadFailure("outside_root", f"resolves to {real}, outside the ingested root {real_root}")
    return real


def _read(real: Path, real_root: Path, max_bytes: int) -> tuple[bytes, os.stat_result]:
    try:
        _check_type(os.stat(real))  # before opening: a socket cannot be opened, a FIFO would wait
        fd = _open_inside(real, real_root)
        with os.fdopen(fd, "rb") as f:
            # Checked again on what was opened: the path's stat could see another file than the
            # open got, whatever was swapped in between.
            info = os.fstat(f.fileno())
            _check_type(info)
            if info.st_size > max_bytes:
                raise LoadFailure(
                    "too_large",
                    f"{info.st_size:,} bytes is over the {max_bytes:,}-byte limit; raise max_bytes or split it",
                )
            data = f.read(max_bytes + 1)
    except PermissionError as exc:
        raise LoadFailure(
            "unreadable", f"permission denied ({exc.strerror}); give the ingesting user read access"
        ) from exc
    except OSError as exc:
        raise LoadFailure("unreadable", f"cannot read the file ({exc.strerror or exc})") from exc
    if len(data) > max_bytes:  # grew since stat
        raise LoadFailure("too_large", f"over the {max_bytes:,}-byte limit; raise max_bytes or split it")
    return data, info


def _check_type(info: os.stat_result) -> None:
    kind = stat.S_IFMT(info.st_mode)
    if kind != stat.S_IFREG:
        # Opening a FIFO would block forever; devices could be endless.
        raise LoadFailure("unreadable", f"not a regular file but {_FILE_TYPES.get(kind, 'a special file')}")


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_OPENAT = os.open in os.supports_dir_fd  # not on Windows, where a link needs privileges anyway


def _open_inside(real: Path, real_root: Path) -> int:
    """A read-only descriptor of ``real`` (a resolved path under ``real_root``), opened one folder at
    a time from the root without following a link: ``real`` holds none once resolved, so a link
    there now was swapped in after the check. Opening the path whole followed a folder of it
    replaced by a link to another folder (session 29: ``sub`` -> another tenant's folder or the
    operator's home, between the resolve and the open) and read a file outside the root."""
    flags = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
    if not _OPENAT:
        return os.open(real, flags)
    parts = real.relative_to(real_root).parts
    fd = _folder_under(real_root, parts[:-1])
    try:
        return os.open(parts[-1], flags, dir_fd=fd)
    finally:
        os.close(fd)


def open_folder_inside(real: Path, base: Path, base_fd: int | None = None) -> int:
    """A descriptor of the folder ``real`` (a resolved path under ``base``, or ``base`` itself),
    opened as :func:`_open_inside` opens a file: one folder at a time from ``base`` (from its open
    descriptor ``base_fd`` when given), no link followed. The walk lists a folder through it:
    listing the path whole followed a folder swapped for a link after its check and listed another
    folder's names (session 30, h2's D3 follow-up)."""
    if not _OPENAT:
        return os.open(real, os.O_RDONLY | _DIRECTORY)
    parts = below(real, base)
    if parts is None:
        raise ValueError(f"{real} is not under {base}")
    return _folder_under(base, parts, base_fd)


def below(real: Path, base: Path) -> tuple[str, ...] | None:
    """The parts of ``real`` below ``base`` (None: not under it), compared as tuples: a
    ``relative_to`` per folder of a tree 1,100 folders deep was most of its walk's time."""
    n = len(base.parts)
    return real.parts[n:] if real.parts[:n] == base.parts else None


def _folder_under(base: Path, parts: tuple[str, ...], base_fd: int | None = None) -> int:
    """A descriptor of ``base`` / ``parts``, each part a folder opened without following a link."""
    if base_fd is None:  # a resolved path: a link at its end now was swapped in since
        fd = os.open(base, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
    else:
        fd = os.open(".", os.O_RDONLY | _DIRECTORY, dir_fd=base_fd)
    try:
        for part in parts:
            inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW, dir_fd=fd)
            os.close(fd)
            fd = inner
    except BaseException:
        os.close(fd)
        raise
    return fd


def _title(raw: str | None) -> str:
    """A one-line title; PDF metadata in particular can hold control characters and line breaks."""
    return " ".join(clean_text(raw).split())[:500] if raw else ""


def _title_from_name(path: Path) -> str:
    # Cleaned as any title: a file name may hold terminal escapes (ESC, BEL), and the title is
    # quoted in answers, reports and prompts (session 29).
    return _title(path.stem.replace("_", " ").replace("-", " ")) or _title(path.name) or path.name
