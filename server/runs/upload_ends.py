"""An upload lives as long as a run that may still read it (h16 s36 H16-1, the lead's decision 1).

``POST /v1/runs/uploads`` keeps the files under ``KASSIST_UPLOADS_DIR/<tenant>/<run>.<token>/``, the
run's source folder, and nothing removed it: a member who uploaded the wrong files and cancelled had
them on the server for good, and an upload-and-cancel loop filled the disk (a cancelled run no longer
waits, so the waiting-runs bound never bit). A run that has ended (completed, cancelled, rejected:
:attr:`AgentRunState.ended`) reads its folder no more - its text is in the index; a run of it again
is a new upload - so its folder goes when a worker of the runs API finishes it (:func:`remove`, under
the run's lease), and a server's worker sweeps, when it starts, the folders of runs that ended
elsewhere (the command line, the console) or whose server was killed before removing them
(:func:`sweep`). Only a run folder of the run's own tenant's uploads folder is ever removed: the path
is the server's (:func:`graph.ingestion.folders.tenant_folder`), the run's settings only name which.

A run retention removed (``kassist checkpoints prune``: paused, failed or waiting for its review, then
pruned) leaves no trace of it but its folder: the sweep removes a run folder whose run id has no
checkpoint, no request and no registry row - a folder is placed only once its run is stored, and only
the prune removes those (h19 s37 H19-5). That reading holds for the database the folders were placed
by only: the uploads folder records it (:data:`OWNER`: :func:`claim`), and one uploads folder belongs
to one database (the lead's decision on h20 s37 H20-4, H20-5): the runs API's start claims it
(:func:`own`) and a server of another database refuses to start on it, and an upload into it is
refused before anything is kept - the default ``.kassist/uploads`` of one working directory, shared
by two databases' servers, lost one's live uploads to the other's sweep."""

from __future__ import annotations

import errno
import logging
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

from graph.ingestion.folders import tenant_folder
from graph.ingestion.head import read_head
from graph.ingestion.jobs import JobStore
from graph.ingestion.resources import Resources
from kassist.dburl import parse_database_url, postgres_target
from server.runs.uploads import TOKEN_BYTES

logger = logging.getLogger(__name__)
RUN_FOLDER = re.compile(rf"(?P<label>[^.][^/]*)\.[0-9a-f]{{{2 * TOKEN_BYTES}}}")
"""An upload's folder name (server/runs/uploads.run_folder): the run id's label and a token."""
OWNER = ".kassist-database"
"""The file in the uploads folder naming the database whose runs placed its folders (no password)."""


def is_run_folder(root: Path, tenant: str, folder: Path) -> bool:
    """Whether ``folder`` is one of ``tenant``'s run folders under the uploads folder ``root``: the path
    is the server's (:func:`graph.ingestion.folders.tenant_folder`), a run's settings only say which."""
    return folder.parent == tenant_folder(root, tenant) and RUN_FOLDER.fullmatch(folder.name) is not None


def remove(root: Path, tenant: str, source: str) -> bool:
    """Remove the upload folder ``source`` of an ended run of ``tenant`` if it is one of the tenant's
    run folders under the uploads folder ``root`` (anything else is left alone); whether it did."""
    folder = Path(source)
    if not is_run_folder(root, tenant, folder):
        return False
    if folder.is_symlink() or not folder.is_dir():
        return False
    shutil.rmtree(folder, ignore_errors=True)
    logger.info("uploads: removed the files of %s's ended run (%s)", tenant, folder.name)
    return True


def sweep(res: Resources, root: Path) -> list[str]:
    """Remove the upload folders under ``root`` whose run has ended (its head says so, or it was
    cancelled before it started), or - in this database's uploads folder (:func:`_ours`) - whose run
    retention removed; their names. A folder whose tenant or run id is spelt by a digest (ids too
    long for a name) is left as it is. Housekeeping: an error is logged, never raised."""
    removed: list[str] = []
    try:
        tenants = _tenant_dirs(root)
    except FileNotFoundError:
        return removed  # no upload yet
    except OSError as exc:
        logger.warning("uploads: cannot look for ended runs' files in %s: %s", root, exc)
        return removed
    found = list(_run_folders(root, tenants))
    try:
        ours = _ours(root, res, found)
    except Exception as exc:  # the database away: the next start sweeps again
        logger.warning("uploads: cannot tell whose uploads %s holds: %s", root, exc)
        return removed
    for tenant, run_id, folder in found:
        if run_id is None:
            continue
        try:
            if _ended_here(res, tenant, run_id, folder, ours) and remove(root, tenant, str(folder)):
                removed.append(folder.name)
        except Exception as exc:  # the database away: the next start sweeps again
            logger.warning("uploads: cannot tell whether %s's run has ended: %s", folder, exc)
    return removed


def _run_folders(root: Path, tenants: list[os.DirEntry[str]]) -> Iterator[tuple[str, str | None, Path]]:
    """(tenant, run id - None when a digest spells it -, folder) of each run folder under ``root``."""
    for entry in tenants:
        tenant = unquote(entry.name[2:])
        if tenant_folder(root, tenant).name != entry.name:
            continue  # not a tenant folder this server spells
        try:
            folders = list(os.scandir(entry.path))
        except OSError as exc:
            logger.warning("uploads: cannot look for ended runs' files in %s: %s", entry.path, exc)
            continue
        for folder in folders:
            named = RUN_FOLDER.fullmatch(folder.name)
            if named is not None:
                label = named["label"]
                yield tenant, None if label.startswith("%h-") else unquote(label), Path(folder.path)


def _ended_here(res: Resources, tenant: str, run_id: str, folder: Path, ours: bool) -> bool:
    """Whether ``run_id`` of ``tenant`` has ended and ``folder`` is its source, or (``ours``: this
    database placed the folders) retention removed the run: nothing of it is left."""
    state = read_head(res.saver, tenant, run_id).state
    if state is not None:
        return state.ended and Path(state.settings.source) == folder
    job = JobStore(res.runs).for_tenant(tenant).get(run_id)  # cancelled before it started: no checkpoint
    if job is None:
        if ours and res.runs.for_tenant(tenant).get(run_id) is None:
            logger.info("uploads: %s's run %r was removed by retention; its files go", tenant, run_id)
            return True
        return False
    source = (job.settings or {}).get("source")
    return job.status == "cancelled" and source is not None and Path(source) == folder


def _tenant_dirs(root: Path) -> list[os.DirEntry[str]]:
    """The tenant folders (``t-<tenant>``) of the uploads folder ``root``; OSError if it cannot be read."""
    return [e for e in os.scandir(root) if e.name.startswith("t-") and e.is_dir(follow_symlinks=False)]


def _all_known(res: Resources, found: list[tuple[str, str | None, Path]]) -> bool:
    """Whether this database knows the run of every run folder ``found`` (none: True); a folder whose
    run id a digest spells is not known."""
    return all(run_id is not None and _known(res, tenant, run_id) for tenant, run_id, _ in found)


def _known(res: Resources, tenant: str, run_id: str) -> bool:
    """Whether this database has anything of ``run_id``: a checkpoint, a request or a registry row."""
    return (
        read_head(res.saver, tenant, run_id).state is not None
        or JobStore(res.runs).for_tenant(tenant).get(run_id) is not None
        or res.runs.for_tenant(tenant).get(run_id) is not None
    )


class UploadsRefused(RuntimeError):
    """The runs API cannot keep uploads in its uploads folder: its start is refused (one line)."""


class UploadsNotWritable(UploadsRefused):
    """The uploads folder cannot be made or written (a read-only file system, a folder of another
    user's): every upload would be a 500 (h22 s38 H22-18)."""

    def __init__(self, root: Path, exc: OSError) -> None:
        super().__init__(
            f"KASSIST_UPLOADS_DIR ({root}) cannot be written ({exc.strerror or type(exc).__name__}): give the "
            "server a folder it can write (uploaded files are kept there until their run ends)"
        )


class UploadsOfAnother(UploadsRefused):
    """The uploads folder belongs to another database (its :data:`OWNER` file names it)."""

    def __init__(self, root: Path, owner: str, here: str) -> None:
        self.owner, self.here = owner, here
        super().__init__(
            f"KASSIST_UPLOADS_DIR ({root}) holds the uploads of another database ({owner}), not of this "
            f"server's ({here}): set KASSIST_UPLOADS_DIR to a folder of this server's own; or, if that "
            f"is this server's database under another name (a host renamed, a file moved), write "
            f"'{here}' into {root / OWNER}: its paused and waiting uploads are there"
        )


CLIENTS_REFUSAL = (
    "this server's uploads folder holds another database's uploads: its operator gives each database its "
    "own KASSIST_UPLOADS_DIR; nothing was kept"
)
"""What a client is told of :class:`UploadsOfAnother` (no server path, no database: the log says them)."""


def check_writable(root: Path) -> None:
    """Make ``root`` (and the ancestors it lacks, 0700, as an upload does) and write and remove a file
    in it, or raise :class:`UploadsNotWritable`: a folder on a read-only file system passed the start
    and made every upload a 500 (h22 s38 H22-18); permissions alone do not tell (root writes anywhere
    but on a read-only mount). A full disk is not refused: it may have room by the first upload."""
    try:
        for part in reversed([p for p in (root, *root.parents) if not p.exists()]):
            part.mkdir(mode=0o700, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check-", dir=root)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            logger.warning("uploads: %s has no room now: %s", root, exc.strerror)
            return
        raise UploadsNotWritable(root, exc) from None


def own(res: Resources, root: Path) -> None:
    """One uploads folder belongs to one database (the lead's decision on h20 s37 H20-4, H20-5): at the
    runs API's start, claim ``root`` for ``res``'s database when it holds run folders this database all
    knows (:func:`_ours`), and raise :class:`UploadsOfAnother` when its :data:`OWNER` file names another
    database: its sweep would take that database's live uploads for pruned runs' (H20-5), or that
    database's for its own (H20-4). A folder with no run folder yet (not made, or empty) is claimed by
    its first upload (:func:`claim`): a start claiming an empty one made every later server of another
    database on that folder refuse to start although nothing of the first was there. A folder this
    server cannot write raises :class:`UploadsNotWritable` (:func:`check_writable`)."""
    check_writable(root)
    try:
        tenants = _tenant_dirs(root)
    except FileNotFoundError:
        return
    except OSError as exc:  # its first upload says what is wrong with it
        logger.warning("uploads: cannot look into %s: %s", root, exc)
        return
    _ours(root, res, list(_run_folders(root, tenants)))
    check(root, res.database_url)


def check(root: Path, database_url: str) -> None:
    """Raise :class:`UploadsOfAnother` when the uploads folder ``root`` records another database as
    its owner (none recorded, or unreadable: nothing to say)."""
    try:
        said = (root / OWNER).read_text(encoding="utf-8").strip()
    except OSError:
        return
    here = _database(database_url)
    if said and said != here:
        raise UploadsOfAnother(root, said, here)


def claim(root: Path, res: Resources) -> None:
    """Record ``res``'s database as the owner of the uploads folder ``root`` unless one is recorded,
    then :func:`check` it: the runs API calls it before it stores an upload's run, so an upload into
    another database's folder is refused before anything of it is kept (h20 s37 H20-5; review s37 r2
    R2-4: another database's server took a live upload for a pruned run's). A folder without the
    file is claimed only as a start claims it (:func:`_ours`): empty, or every run folder in it this
    database's - one holding another database's uploads (placed before the file existed) stays
    unclaimed and the upload goes on: claimed, this database's next sweep took that database's live
    uploads for pruned runs' (h20 s37 H20-8)."""
    if not (root / OWNER).exists():
        try:
            tenants = _tenant_dirs(root)
        except OSError:
            tenants = []
        found = list(_run_folders(root, tenants))
        if _all_known(res, found):
            _write_mark(root, res.database_url)
        else:
            logger.warning(
                "uploads: %s records no owner and holds run folders this database does not know: left "
                "unclaimed (give each database its own KASSIST_UPLOADS_DIR)", root
            )  # fmt: skip
    check(root, res.database_url)


def _write_mark(root: Path, database_url: str) -> None:
    mark = root / OWNER
    try:
        with open(mark, "x", encoding="utf-8") as f:
            f.write(_database(database_url) + "\n")
    except FileExistsError:
        pass
    except OSError as exc:  # housekeeping's mark: the upload goes on; its pruned run's files stay
        logger.warning("uploads: cannot write %s: %s", mark, exc)


def _ours(root: Path, res: Resources, found: list[tuple[str, str | None, Path]]) -> bool:
    """Whether the uploads folder ``root`` is this database's: its :data:`OWNER` file names it. A folder
    without one (its uploads placed before the runs API recorded it) is claimed only when this
    database knows the run of every run folder in it - one it does not know may be another database's
    live upload as well as a pruned run's: such a folder is left unclaimed, its pruned runs' files kept.
    Another spelling of the same database reads as another: its pruned runs' folders are then left."""
    here = _database(res.database_url)
    mark = root / OWNER
    try:
        said = mark.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        if not found:  # its first upload claims it (an empty folder is no database's yet: H20-4)
            return False
        if _all_known(res, found):
            _write_mark(root, res.database_url)
            return mark.is_file() and mark.read_text(encoding="utf-8").strip() == here
        logger.warning(
            "uploads: %s records no owner and holds run folders this database does not know: runs "
            "retention removed there keep their files", root
        )  # fmt: skip
        return False
    except OSError as exc:
        logger.warning("uploads: cannot read %s: %s; pruned runs' files are left", mark, exc)
        return False
    if said != here and _all_known(res, found):
        # Every upload in it is this database's (or it holds none: nothing of another's is at stake):
        # this database under another name - its project folder moved or copied, a container mounting
        # it elsewhere, a host renamed (r2 s37 R2-7, R2-8). Named anew; another database's live upload
        # (a run folder this one does not know) still refuses the start.
        logger.warning(
            "uploads: %s named %s as its database; every upload in it is this server's (%s): it is this "
            "database under another name, and the folder now says so", root, said, here
        )  # fmt: skip
        try:
            mark.write_text(here + "\n", encoding="utf-8")
        except OSError as exc:
            logger.warning("uploads: cannot write %s: %s", mark, exc)
            return False
        return True
    if said != here:
        logger.warning(
            "uploads: %s holds the uploads of %s, not of this server's %s: runs retention removed there "
            "keep their files (give each database its own KASSIST_UPLOADS_DIR)", root, said, here
        )  # fmt: skip
    return said == here


def _database(database_url: str) -> str:
    """The database's name as the owner file keeps it: a SQLite file's absolute path, a PostgreSQL
    server's host:port/dbname (never a password)."""
    parsed = parse_database_url(database_url)
    if parsed.sqlite_path is not None:
        return f"sqlite {parsed.sqlite_path.resolve()}"
    return f"postgresql {postgres_target(parsed.conninfo or '')}"
