"""Uploaded files of a run: kept under ``KASSIST_UPLOADS_DIR/<tenant>/<run>/``, which becomes the
run's source folder. Names are checked before anything is written (no absolute paths, no ``..``,
no hidden files), the size is counted while copying, and the folder appears whole or not at all
(written aside, then renamed into place)."""

from __future__ import annotations

import shutil
import unicodedata
import uuid
from pathlib import Path, PurePosixPath
from typing import BinaryIO, Protocol
from urllib.parse import quote

CHUNK = 1 << 20
# Control characters (terminal escapes: ESC, BEL, the one-byte CSI 0x9b), format characters
# (bidirectional overrides, zero-width), line and paragraph separators: a name holding one becomes a
# document's path, which the operator's terminal (``kassist kb documents list``, ``kb search``) and
# every page print. Refused, as in a tenant id (kassist.tenancy.validate_tenant_id).
UNSEEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


class UploadRefused(ValueError):
    """An upload the server will not keep; ``field`` names what is wrong, ``status`` the answer."""

    def __init__(self, field: str, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.field = field
        self.status = status


class Readable(Protocol):
    """An uploaded file (Starlette's ``UploadFile``: its name and its spooled file)."""

    @property
    def filename(self) -> str | None: ...

    @property
    def file(self) -> BinaryIO: ...


def tenant_folder(root: Path, tenant: str) -> Path:
    # A tenant id may hold any printable character: quoted, and prefixed so ".." stays a plain name.
    return root / f"t-{quote(tenant, safe='')}"


def safe_name(name: str | None) -> PurePosixPath:
    """The relative path an uploaded file is kept under, or :class:`UploadRefused` saying why not."""
    text = (name or "").replace("\\", "/").strip()
    path = PurePosixPath(text)
    parts = path.parts
    if not text or path.is_absolute() or not parts:
        raise UploadRefused("files", f"file name {text!r} is not a relative file name")
    for part in parts:
        if part in (".", "..") or part.startswith(".") or len(part) > 255 or "\x00" in part:
            raise UploadRefused("files", f"file name {text!r}: {part!r} is not allowed in a file name")
    if any(unicodedata.category(ch) in UNSEEN for ch in text):
        raise UploadRefused("files", f"file name {text!r} contains control or invisible characters")
    if len(parts) > 16:
        raise UploadRefused("files", f"file name {text!r} is nested more than 16 folders deep")
    return path


def save(files: list[Readable], target: Path, max_bytes: int) -> int:
    """Write ``files`` to the new folder ``target``; returns the bytes written. Blocking: call it
    in a worker thread."""
    if not files:
        raise UploadRefused("files", "no files uploaded; send one or more files as the 'files' field")
    names = [safe_name(f.filename) for f in files]
    dupes = sorted({str(n) for n in names if names.count(n) > 1})
    if dupes:
        raise UploadRefused("files", f"file names uploaded twice: {', '.join(dupes)}")
    if target.exists():
        raise UploadRefused("run_id", f"uploads of run {target.name!r} exist already", status=409)
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.parent / f".staging-{uuid.uuid4().hex}"
    total = 0
    try:
        for name, upload in zip(names, files, strict=True):
            dest = staging.joinpath(*name.parts)
            dest.parent.mkdir(parents=True, exist_ok=True)
            with dest.open("wb") as out:
                while chunk := upload.file.read(CHUNK):
                    total += len(chunk)
                    if total > max_bytes:
                        raise UploadRefused(
                            "files", f"the upload is larger than this server accepts ({max_bytes} bytes)", 413
                        )
                    out.write(chunk)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return total
