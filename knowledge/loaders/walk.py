"""Walking an ingestion root: every file once, in sorted order, without leaving the root.

Names starting with a dot (``.git``, ``.DS_Store``) are skipped: they are tool metadata, not
documents. Symlinks are followed only while they stay inside the root; a symlink to an ancestor
directory is a loop and is reported, not followed.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from knowledge.documents import Document, DocumentError, DocumentErrorKind
from knowledge.loaders.files import DEFAULT_MAX_BYTES, below, load_file, open_folder_inside
from knowledge.loaders.identity import validate_scope


def load_directory(
    root: Path, *, tenant_id: str, collection: str, max_bytes: int = DEFAULT_MAX_BYTES
) -> Iterator[Document | DocumentError]:
    """Yield a ``Document`` or a ``DocumentError`` for every file under ``root``, sorted by path.

    Raises only for a bad call (no tenant, bad collection name, ``root`` not a directory).
    """
    tenant_id, collection = validate_scope(tenant_id, collection)
    if max_bytes < 1:
        raise ValueError(f"max_bytes must be positive, got {max_bytes}")
    for item in walk_files(root):
        if isinstance(item, DocumentError):
            yield item
        else:
            yield load_file(item, root=root, tenant_id=tenant_id, collection=collection, max_bytes=max_bytes)


def walk_files(root: Path, within: Path | None = None, exact: bool = False) -> Iterator[Path | DocumentError]:
    """The files under ``root`` that :func:`load_directory` would load, sorted, without reading them
    (a ``DocumentError`` for what cannot be walked). The ingestion graph lists a source with this and
    loads each batch later.

    ``within``: the folder a served run may read (its tenant's, resolved by the server): every folder
    is then opened from it one folder at a time, no link followed, the source folder itself included.
    A source swapped for a link to another tenant's folder after the run's checks is one unreadable
    entry (the run's documents are kept, none judged gone), not a listing of that tenant's names
    (h11 s33 #1's residual: ``load_file``'s ``within`` refused the reads, the walk listed the names).
    ``exact``: ``within`` is the run's registered folder, taken as written (``load_file``'s)."""
    root = Path(root)
    if not root.is_dir():
        raise NotADirectoryError(f"ingestion root {root} is not a directory")
    real_root = root.resolve()
    if within is None:
        base = real_root
    else:  # exact: the registered folder's own name as written, its parents resolved (load_file's)
        base = Path(within).parent.resolve() / Path(within).name if exact else Path(within).resolve()
    if below(real_root, base) is None:
        yield _error(root, root, "unreadable", "the source folder is not in the folder this run may read")
        return
    # Walk lexically under `root`; `ancestors` holds the real paths of the directories being walked.
    yield from _walk(root, root, real_root, (real_root,), base)


ANCHOR_EVERY = 32
"""A folder at every 32nd level of the walk keeps its descriptor open while its sub-folders are
walked, and each folder is opened from the nearest such one (at most 32 folders away) rather than
from the root: from the root, a tree 1,100 folders deep took 10 times the CPU (1.7 s); at most
depth / 32 descriptors are open at once."""


class _Anchor(NamedTuple):
    """An open descriptor of a folder being walked and its real path."""

    fd: int
    real: Path


class _Descend(NamedTuple):
    """A folder to walk next; ``ancestors``: the real paths of the folders that contain it, its own
    last; ``anchor``: the nearest of them whose descriptor is open (None: none yet)."""

    path: Path
    ancestors: tuple[Path, ...]
    anchor: _Anchor | None = None


def _walk(
    directory: Path, root: Path, real_root: Path, ancestors: tuple[Path, ...], base: Path
) -> Iterator[Path | DocumentError]:
    # Depth first through a stack of the open folders' listings, not recursion: a tree nested about
    # 1,000 folders deep (a 2-KB path, well under PATH_MAX) hit Python's recursion limit and failed
    # the whole run at discover (session 29), where the deepest files should simply be walked.
    stack = [_listing(directory, root, real_root, ancestors, None, base)]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
        elif isinstance(item, _Descend):
            stack.append(_listing(item.path, root, real_root, item.ancestors, item.anchor, base))
        else:
            yield item


def _listing(
    directory: Path,
    root: Path,
    real_root: Path,
    ancestors: tuple[Path, ...],
    anchor: _Anchor | None,
    base: Path,
) -> Iterator[Path | DocumentError | _Descend]:
    """One folder's entries in sorted order; its sub-folders as :class:`_Descend`; folders are opened
    from ``base`` (the source, or the folder a served run may read) when no anchor is nearer."""
    real = ancestors[-1]
    keep = (len(ancestors) - 1) % ANCHOR_EVERY == 0
    try:
        # Listed through a descriptor opened one folder at a time (from the root or the nearest
        # open folder above), as a file is read: a folder swapped for a link after its check
        # (``_entry``) is then ELOOP/ENOTDIR, one failed entry. Listing the path whole listed the
        # link's target (another tenant's folder, the operator's home, ``/``) and put its names in
        # the run's failed list (session 30).
        if anchor is not None and below(real, anchor.real) is not None:
            fd = open_folder_inside(real, anchor.real, anchor.fd)
        else:
            fd = open_folder_inside(real, base)
        try:
            names = sorted(entry.name for entry in os.scandir(fd))
        except BaseException:
            os.close(fd)
            raise
    except OSError as exc:
        yield _error(directory, root, "unreadable", f"cannot list the directory ({exc.strerror or exc})")
        return
    if keep:
        anchor = _Anchor(fd, real)
    else:
        os.close(fd)
    try:
        for name in names:
            if name.startswith("."):
                continue
            path = directory / name
            try:
                for item in _entry(path, name, root, real_root, ancestors):
                    yield item._replace(anchor=anchor) if isinstance(item, _Descend) else item
            except OSError as exc:
                # A path longer than PATH_MAX (folders of long names nested deep, each one legal)
                # made lstat raise ENAMETOOLONG, and the whole run failed at discover (session 29):
                # the entry is one failed row, the rest of the folder is walked.
                yield _error(path, root, "unreadable", f"cannot read the entry ({exc.strerror or exc})")
    finally:
        if keep:
            os.close(fd)


def _entry(
    path: Path, name: str, root: Path, real_root: Path, ancestors: tuple[Path, ...]
) -> Iterator[Path | DocumentError | _Descend]:
    """What one entry of a folder is: a file, a folder to walk, or why it is not walked."""
    if not _utf8(name):
        # Every store keeps paths as UTF-8 text: the manifest's write of this name failed the
        # whole run at discover (session 29), where one bad file should fail only itself.
        what = "folder" if path.is_dir() and not path.is_symlink() else "file"
        yield _error(path, root, "unreadable", f"the {what} name is not valid UTF-8; rename it")
        return
    if path.is_symlink():
        try:
            target = path.resolve(strict=True)
        except RuntimeError:  # Python 3.11's way of reporting a symlink loop
            yield _error(path, root, "symlink_loop", "symlink loop: the link resolves to itself")
            return
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                yield _error(path, root, "symlink_loop", "symlink loop: the link resolves to itself")
            else:
                yield path  # dangling and the like: let load_file word the error
            return
        if not target.is_relative_to(real_root):
            yield _error(path, root, "outside_root", f"symlink to {target}, outside the ingested root")
            return
        if target.is_dir():
            if target in ancestors:
                yield _error(path, root, "symlink_loop", "symlink to a directory that contains it (a loop)")
                return
            yield _Descend(path, (*ancestors, target))
            return
    elif path.is_dir():
        # A folder that is no link lies in its parent's real folder: no resolve of a path as
        # long as the tree is deep, per folder (that made a deep tree's walk cubic in its depth).
        yield _Descend(path, (*ancestors, ancestors[-1] / name))
        return
    yield path


def _utf8(name: str) -> bool:
    """Whether ``name`` (as ``os.scandir`` decodes it) was valid UTF-8: undecodable bytes come back
    as lone surrogates (PEP 383), which no UTF-8 store accepts."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _error(path: Path, root: Path, kind: DocumentErrorKind, reason: str) -> DocumentError:
    source_path = Path(os.path.relpath(path, root)).as_posix()
    # Undecodable bytes of a name are shown as \xNN, the name stays recognisable and storable.
    source_path = os.fsencode(source_path).decode("utf-8", "backslashreplace")
    return DocumentError(source_path=source_path, kind=kind, reason=reason)
