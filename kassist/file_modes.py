"""Files and folders other local users can open, said once: kassist makes what it creates its
user's alone (a database file 0600, an uploads folder 0700, since session 29), but what an older
kassist made under umask 022 (0644, 0755) keeps its mode - kassist never changes a mode the user
may have chosen. A server says so once at its start, in one line naming the path and the ``chmod``
to run (``go-rwx``: the owner's own bits, a read-only file's too, stay as they are). The command
line does not: every error of a command is one line, and it would repeat this on every command."""

from __future__ import annotations

import logging
import os
import shlex
import stat
import threading
from pathlib import Path

logger = logging.getLogger(__name__)

_WARNED: set[str] = set()
_LOCK = threading.Lock()


def warn_if_shared(path: Path, what: str, chmod: str, also: tuple[Path, ...] = ()) -> str | None:
    """Warn (once per path and process) when ``path`` grants any group or other permission; the
    line says ``chmod <chmod> <path and the ``also`` paths that exist>``. Returns the line (None:
    nothing to say, or said already). A path that cannot be read is not this check's business."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return None
    if not mode & 0o077:
        return None
    key = os.path.abspath(path)
    with _LOCK:
        if key in _WARNED:
            return None
        _WARNED.add(key)
    paths = [path, *(p for p in also if p.exists())]
    line = (
        f"the {what} {path} is open to other local users (mode {mode:04o}: made by a kassist before "
        f"session 29, or by hand); kassist changes no mode itself: run chmod {chmod} "
        f"{' '.join(shlex.quote(str(p)) for p in paths)}"
    )
    logger.warning("%s", line)
    return line


def warn_shared_database(database_url: str) -> str | None:
    """:func:`warn_if_shared` for a server's SQLite database file (its -wal and -shm with it);
    nothing for PostgreSQL, whose data folder its server keeps 0700."""
    from kassist.dburl import parse_database_url

    path = parse_database_url(database_url).sqlite_path
    if path is None:
        return None
    siblings = (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
    return warn_if_shared(path, "database file", "go-rwx", siblings)
