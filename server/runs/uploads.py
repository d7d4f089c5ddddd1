"""Uploaded files of a run: kept under ``KASSIST_UPLOADS_DIR/<tenant>/<run>.<token>/``, which becomes
the run's source folder. Names are checked before anything is written (no absolute paths, no ``..``,
no hidden files), the size is counted while copying, and the folder appears whole or not at all
(written aside, then renamed into place)."""

from __future__ import annotations

import errno
import logging
import math
import os
import re
import secrets
import shutil
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import BinaryIO, Protocol

from graph.ingestion.folders import NAME_MAX, tenant_folder
from graph.ingestion.store_ops import holder_gone, new_holder, seen_here
from kassist.names import fold_within, folded

logger = logging.getLogger(__name__)

CHUNK = 1 << 20
TOKEN_BYTES = 8  # an upload folder's random part (run_folder)
# Control characters (terminal escapes: ESC, BEL, the one-byte CSI 0x9b), format characters
# (bidirectional overrides, zero-width), line and paragraph separators: a name holding one becomes a
# document's path, which the operator's terminal (``kassist kb documents list``, ``kb search``) and
# every page print. Refused, as in a tenant id (kassist.tenancy.validate_tenant_id).
UNSEEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
STAGING = ".staging-"
"""An upload's folder while its files are written (``.staging-<run id>.<token>@<writer>``), hidden
from listings."""


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


def run_folder(root: Path, tenant: str, run_id: str) -> Path:
    """A new folder for one upload of run ``run_id`` (the run's source, named in its settings): the
    run id (folded: runs ``R1`` and ``r1`` are two runs) for whoever looks, and a random token. A
    run id is the database's to give out (its registration), never a folder's: a server killed
    between an upload's folder and its run's registration left ``<run>`` behind, and the client's
    retry was refused for good, 409 "uploads of run exist already" while the run was 404 (session
    30, h5 #4); each attempt writes its own folder now, and one that loses the id removes its own."""
    return tenant_folder(root, tenant) / f"{_label(run_id)}.{secrets.token_hex(TOKEN_BYTES)}"


def _label(run_id: str) -> str:
    """The run id as a folder name's start, within the name's bytes beside its token (a long
    id by its digest: kassist.names.fold_within)."""
    return fold_within(run_id, NAME_MAX - 2 * TOKEN_BYTES - 1)


def remove_others(target: Path, run_id: str) -> list[str]:
    """Once run ``run_id`` is registered to its upload folder ``target``, remove the other folders
    of uploads of that run id in the tenant's folder (their names): no run can ever be theirs (the
    id is this one's), and one a server left when it was killed between an upload's folder and its
    run's registration kept the tenant's files twice after the client sent it again (session 30,
    h5 #12). A same-id upload still in flight loses at registration and removes its own (its
    staging folder, if it is killed first, is :func:`sweep_staging`'s). Housekeeping, never the upload's outcome: the run is registered already, so a folder that cannot
    be listed (EACCES after an operator's chmod, EIO) is logged, not a 500 for an accepted upload whose
    retry would then be refused as taken (session 30, review r B6)."""
    pattern = re.compile(re.escape(_label(run_id)) + rf"\.[0-9a-f]{{{2 * TOKEN_BYTES}}}")
    removed: list[str] = []
    try:
        for entry in os.scandir(target.parent):
            if (
                entry.name != target.name
                and pattern.fullmatch(entry.name)
                and entry.is_dir(follow_symlinks=False)
            ):
                shutil.rmtree(entry.path, ignore_errors=True)
                removed.append(entry.name)
    except OSError as exc:
        logger.warning(
            "uploads of run %r: cannot remove earlier attempts' folders in %s: %s", run_id, target.parent, exc
        )
    return removed


STAGING_IDLE_S = 3600.0
"""A staging folder of a writer this process cannot judge (another host, or another PID namespace of
this host: a container started again under the same host name) is gone once nothing in it was
written for this long. Its pid says nothing here, so without a limit the staging folder of an upload
killed with its container stayed on the volume for good (h22 s38 H22-9); a copy that is still going
writes every few milliseconds."""


def _idle_s(folder: str) -> float:
    """Seconds since anything in ``folder`` (the folder itself, its files) was last written."""
    latest = os.stat(folder).st_mtime
    for where, _, files in os.walk(folder):
        for name in files:
            try:
                latest = max(latest, os.stat(os.path.join(where, name), follow_symlinks=False).st_mtime)
            except FileNotFoundError:
                continue
    return time.time() - latest


def _writer_gone(writer: str, folder: str) -> bool:
    if holder_gone(writer, math.inf):
        return True
    # A writer holder_gone cannot see (it judges those by time): by its folder's idle time.
    return not seen_here(writer) and _idle_s(folder) > STAGING_IDLE_S


def sweep_staging(tenant: Path) -> list[str]:
    """Remove the staging folders in ``tenant`` whose writer is gone (a process of this host that is
    no more: a kill mid-copy; :func:`graph.ingestion.store_ops.holder_gone`, the lease's rule, with
    no time limit; a writer it cannot judge, once its folder was idle for :data:`STAGING_IDLE_S`);
    their names. Housekeeping: an error is logged, never the upload's outcome."""
    removed: list[str] = []
    try:
        for entry in gone_staging(tenant):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.name)
    except OSError as exc:
        logger.warning("uploads: cannot remove dead uploads' staging folders in %s: %s", tenant, exc)
    return removed


def gone_staging(tenant: Path) -> list[os.DirEntry[str]]:
    """The staging folders in ``tenant`` whose writer is gone (what :func:`sweep_staging` removes);
    none while nothing was uploaded into it. OSError if it cannot be read."""
    try:
        entries = list(os.scandir(tenant))
    except FileNotFoundError:
        return []  # no upload into this tenant's folder yet
    return [
        entry
        for entry in entries
        if entry.name.startswith(STAGING)
        and (writer := entry.name.rpartition("@")[2])
        and entry.is_dir(follow_symlinks=False)
        and _writer_gone(writer, entry.path)
    ]


def too_large(max_bytes: int) -> str:
    """The 413 of an upload over ``KASSIST_UPLOAD_MAX_BYTES``: counted while copying, or at the
    route's gate from its declared or arrived length (server/runs/upload_gate.py)."""
    return f"the upload is larger than this server accepts ({max_bytes} bytes)"


def safe_name(name: str | None) -> PurePosixPath:
    """The relative path an uploaded file is kept under, or :class:`UploadRefused` saying why not."""
    text = (name or "").replace("\\", "/").strip()
    path = PurePosixPath(text)
    parts = path.parts
    if not text or path.is_absolute() or not parts:
        raise UploadRefused("files", f"file name {text!r} is not a relative file name")
    for part in parts:
        if part in (".", "..") or part.startswith(".") or "\x00" in part:
            raise UploadRefused("files", f"file name {text!r}: {part!r} is not allowed in a file name")
    if any(unicodedata.category(ch) in UNSEEN for ch in text):
        raise UploadRefused("files", f"file name {text!r} contains control or invisible characters")
    for part in parts:
        # The file system's limit is in bytes (255 on ext4, XFS, APFS), not characters: 200 "é"
        # are 400 bytes, and the copy failed half-way with a 500.
        if len(part.encode("utf-8")) > NAME_MAX:
            raise UploadRefused(
                "files", f"file name {text!r}: {part[:40]!r}... is longer than {NAME_MAX} bytes"
            )
    if len(parts) > 16:
        raise UploadRefused("files", f"file name {text!r} is nested more than 16 folders deep")
    return path


def check_together(names: list[PurePosixPath]) -> None:
    """Refuse names that cannot all be kept side by side as given, on every file system: the same
    name twice; two spellings of one name (``café`` composed and decomposed, ``Report.md`` and
    ``report.md``, of a file or of a folder of one: one name on macOS and Windows, where the second
    overwrote the first or went into the first's folder: kassist.names.folded); and a name used both
    as a file and as a folder of another (``a.md`` and ``a.md/b.md``, which failed half-way through
    the copy with a 500)."""
    files: dict[str, str] = {}
    for name in names:
        key = folded(str(name))
        if key in files:
            raise UploadRefused("files", _twice(files[key], str(name)))
        files[key] = str(name)
    folders: dict[str, str] = {}
    for folder in sorted({p for n in names for p in n.parents if p.parts}, key=str):
        key = folded(str(folder))
        if key in folders:
            raise UploadRefused("files", _twice(folders[key], str(folder), "folder names"))
        folders[key] = str(folder)
        if key in files:
            raise UploadRefused(
                "files", f"file name {files[key]!r} is both a file and a folder of another file uploaded"
            )


def _twice(first: str, second: str, what: str = "file names") -> str:
    """Why two names are one; said so that the user sees the difference (two forms print alike)."""
    if first == second:
        return f"file name {second!r} uploaded twice; send each file once"
    if unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", second):
        return (
            f"{what} {first!r} and {second!r} differ only in how their characters are encoded (Unicode "
            "composed/decomposed forms, NFC/NFD); rename one of them"
        )
    return (
        f"{what} {first!r} and {second!r} differ only in letter case (or accents' encoding): one name "
        "on macOS and Windows, where one file would replace the other; rename one of them"
    )


def save(files: list[Readable], target: Path, max_bytes: int) -> int:
    """Write ``files`` to the new folder ``target``; returns the bytes written. Blocking: call it
    in a worker thread."""
    total, staging = write(files, target, max_bytes)
    place(staging, target)
    return total


def place(staging: Path, target: Path) -> None:
    """Rename an upload's written folder (:func:`write`) into place as ``target``: the runs API does it
    once the run is stored, so a server killed in between leaves a staging folder named after its
    writer, which the next upload into the tenant's folder sweeps (:func:`sweep_staging`), never a run
    folder that no run names (h17 s36 H17-7: kept for good unless the client sent that run id again)."""
    try:
        staging.rename(target)  # a new name (run_folder's token): nobody else's folder
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise _not_kept(exc, None) from None


def write(files: list[Readable], target: Path, max_bytes: int) -> tuple[int, Path]:
    """Write ``files`` aside for the new folder ``target``: (the bytes written, the staging folder
    holding them, to :func:`place`). Blocking: call it in a worker thread."""
    if not files:
        raise UploadRefused("files", "no files uploaded; send one or more files as the 'files' field")
    names = [safe_name(f.filename) for f in files]
    check_together(names)
    # Named after its writer (the process, as a lease names it): a kill mid-copy leaves a folder
    # that the next upload into the tenant's folder sweeps once its writer is gone (sweep_staging),
    # whatever the run id - an upload without one gets an id no later upload uses (review s31 r1 #2);
    # a random name (.staging-<hex>) was never swept.
    sweep_staging(target.parent)
    token = target.name.rpartition(".")[2]  # run_folder's; the run id is left out: a name's bytes are few
    staging = target.parent / f"{STAGING}{token}@{new_holder()}"
    total = 0
    name: PurePosixPath | None = None  # the file being written: a failure elsewhere names none
    try:
        # The server's own folders before any file's: a failure there (the tenant's folder taken by a
        # file, a full inode table) names no file - made in the first file's write, it blamed that file.
        _private_folders(staging)
        for name, upload in zip(names, files, strict=True):
            dest = staging.joinpath(*name.parts)
            _private_folders(dest.parent)
            with os.fdopen(os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as out:
                while chunk := upload.file.read(CHUNK):
                    total += len(chunk)
                    if total > max_bytes:
                        raise UploadRefused("files", too_large(max_bytes), 413)
                    out.write(chunk)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise _not_kept(exc, name) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return total, staging


def _private_folders(folder: Path) -> None:
    """``folder`` and the ancestors it lacks, each made 0700: a tenant's documents, readable by every
    local account under umask 022 when KASSIST_UPLOADS_DIR is not inside the 0700 ``.kassist``
    (session 29). Folders that exist keep their owner's mode."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for part in reversed(missing):
        part.mkdir(mode=0o700, exist_ok=True)


def _not_kept(exc: OSError, name: PurePosixPath | None) -> UploadRefused:
    """What the client is told of a write the file system refused: one line naming the file being
    written (``name``; None: the failure was in no file's write), never the server's folder (the
    name rules above leave only the server's own limits here)."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return UploadRefused("files", "the server has no room for this upload now; try again later", 507)
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        # The uploads folder turned unwritable after the start checked it (a volume remounted
        # read-only, a mode changed): the server's state, not the upload's - said as such, and the
        # operator told where (h22 s38 H22-18).
        logger.warning(
            "uploads: KASSIST_UPLOADS_DIR cannot be written now: %s (%s)", exc.strerror, exc.filename
        )
        return UploadRefused(
            "files", f"the server cannot keep uploads now ({exc.strerror or 'error'}); try again later", 503
        )
    if name is None:
        return UploadRefused(
            "files", f"the server could not keep this upload ({exc.strerror or 'error'})", 500
        )
    if exc.errno == errno.ENAMETOOLONG:
        return UploadRefused("files", f"file name {str(name)!r} is too long for this server's file system")
    return UploadRefused("files", f"the server could not keep {str(name)!r} ({exc.strerror or 'error'})", 500)


PLACED_RETRY_S = 30.0
"""How long an upload's last write - its run made wanted once its folder is in place - is tried again
through a busy or restarting database before the client is told (h22 s38 H22-10)."""


class NotQueued(RuntimeError):
    """An upload's run is stored with its folder in place, but could not be made wanted."""

    def __init__(self, run: str) -> None:
        self.run = run
        # The database's own words name its file: the server's log has them, the client this line.
        super().__init__(
            f"upload run {run!r} is stored with its files, but the database stayed busy or unavailable "
            f"for {PLACED_RETRY_S:g} s when it was to be queued; once the database is back, "
            f"POST /v1/runs/{run}/resume starts it (the same run_id is taken)"
        )


def mark_placed(mark: Callable[[], None], run: str) -> None:
    """Call ``mark`` (the store's ``placed``: idempotent), tried again for at most
    :data:`PLACED_RETRY_S` while the database is busy or unavailable (kassist/db/retry.py's rule for
    a write that must land after one that did): a single failed attempt left the run stored and never
    wanted, its files kept and its run id taken, while the client was told that nothing was written
    (h22 s38 H22-10). Still failing: :class:`NotQueued`, which says so."""
    from kassist.db.retry import until_available
    from kassist.dburl import DatabaseUnavailable

    try:
        until_available(mark, PLACED_RETRY_S)
    except DatabaseUnavailable as exc:
        logger.warning("runs API: upload run %r stored, not queued: %s", run, exc)
        raise NotQueued(run) from exc
