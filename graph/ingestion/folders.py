"""Which folder a run reads, and what its collection records as its source: rules over the run's
registered settings and the server's settings (pure: the environment is a parameter, never read
here; no I/O beyond resolving a path).

A run a server accepted reads only the folder that server gave it: its upload (``KASSIST_UPLOADS_DIR/
<tenant>/<run>.<token>``), else its tenant's folder of ``KASSIST_INGEST_ROOT``
(graph/ingestion/served.py's rules). The runs API's worker (server/runs/served_again.py) and the
command line carrying such a run on (graph/ingestion/runner.py) ask :func:`served_run_folder`, so
both confine it to the same folder; the nodes read it back from the run's config
(:func:`served_folder`).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

from graph.ingestion.served import (
    INGEST_ROOT_ENV,
    SERVED_FOLDER_KEY,
    ServedRunRefused,
    served_root,
    shares_root,
    tenant_root,
)
from graph.ingestion.state import Settings
from kassist.names import fold_safe

UPLOADS_ENV = "KASSIST_UPLOADS_DIR"
DEFAULT_UPLOADS = ".kassist/uploads"  # server/runs/config.py's default too
NAME_MAX = 255  # the longest file name (bytes) of the file systems kassist runs on


def uploads_dir(env: Mapping[str, str]) -> Path:
    """The server's uploads folder (``KASSIST_UPLOADS_DIR``, default ``.kassist/uploads``), resolved."""
    return Path(env.get(UPLOADS_ENV, "").strip() or DEFAULT_UPLOADS).expanduser().resolve()


def tenant_folder(root: Path, tenant: str) -> Path:
    """``tenant``'s folder of the uploads folder ``root``: its uploads are its folders."""
    # A tenant id may hold any printable character: quoted, and prefixed so ".." stays a plain name.
    # Spelt so that no two tenants' folders are one on a case-insensitive file system (kassist.names:
    # "Acme" is t-%41cme beside acme's t-acme; on macOS t-Acme was t-acme, one tenant's uploads).
    name = f"t-{fold_safe(tenant)}"
    if len(name) > NAME_MAX:
        # Quoting triples a non-ASCII character's bytes: a 128-character id (the most allowed) of
        # "é" is 770 bytes, no folder name at all, and every upload of that tenant was a 500.
        # Its digest instead, under a prefix no quoted id's folder ("t-...") can take.
        name = f"h-{hashlib.sha256(tenant.encode('utf-8', 'surrogatepass')).hexdigest()}"
    return root / name


def upload_folder(settings: Settings, env: Mapping[str, str], tenant: str) -> Path | None:
    """The run's upload folder if ``settings`` are an upload's, else None: marked so by the runs API's
    upload route, or registered before the mark (a run queued at the upgrade) with a folder of the
    tenant's uploads folder."""
    source = Path(settings.source)
    if settings.uploaded or source.parent == tenant_folder(uploads_dir(env), tenant):
        return source
    return None


def served_run_folder(settings: Settings, env: Mapping[str, str], tenant: str) -> Path | None:
    """The folder a run of ``tenant`` that a server accepted may read: its upload
    (:func:`upload_folder`), else its tenant's folder of the ingestion root (None: no root
    configured; :class:`ServedRunRefused`: the tenant has no folder of its own)."""
    upload = upload_folder(settings, env, tenant)
    return upload if upload is not None else served_root(env, tenant)


def registered_folder(settings: Settings, env: Mapping[str, str], tenant: str) -> Path | None:
    """The folder a run's reads are confined to when its caller names none (the command line's
    resume, approve or reject of a run a server accepted), from what the run registered, never from
    its folder as it resolves now: :func:`served_run_folder` when the registered folder is an upload
    or lies in the tenant's folder of ``KASSIST_INGEST_ROOT`` (as the root is configured or as it
    resolves); None for an operator's own folder elsewhere (read as registered: batch_load.prepare).
    Without this the command line resolved the registered folder's parents, and a member who swapped
    a parent inside its tenant's folder for a link to another tenant's had that tenant's files read
    (review s33 r1, of 0dba54f)."""
    upload = upload_folder(settings, env, tenant)
    if upload is not None:
        return upload
    root = served_root(env, tenant)  # served_run_folder's, for a folder of the ingestion root
    if root is None:
        return None
    try:
        named = Path(os.path.normpath(Path(settings.source).expanduser().absolute()))
        configured = Path(os.path.normpath(Path(env[INGEST_ROOT_ENV].strip()).expanduser().absolute()))
        spelled = configured if shares_root(env, tenant) else tenant_root(configured, tenant)
    except (ValueError, OSError, ServedRunRefused):
        return None
    return root if named.is_relative_to(root) or named.is_relative_to(spelled) else None


def served_folder(configurable: Mapping[str, object], tenant: str, env: Mapping[str, str]) -> Path | None:
    """The folder a served run's files are read from (``load_file``'s ``within``), or None for a run
    of the command line or of code (its operator's): the runs API's worker names it
    (:data:`SERVED_FOLDER_KEY`); a run with an authenticated user (langgraph dev) reads its tenant's
    folder of ``KASSIST_INGEST_ROOT`` (``env``: the server's environment)."""
    named = configurable.get(SERVED_FOLDER_KEY)
    if named:
        return Path(str(named))
    if "langgraph_auth_user" in configurable:
        return served_root(env, tenant)
    return None


def source_record(source: str, *, uploaded: bool, env: Mapping[str, str]) -> str:
    """What the index records as a run's source (knowledge.index.sources.run_source): an upload's
    when marked so, or when the folder lies under the server's uploads folder - an upload run
    registered by a kassist before the mark (queued at the upgrade, or read back from the ingestion
    records: graph/ingestion/adoption.py). No client names a folder there: a served run's folder is
    its tenant's of KASSIST_INGEST_ROOT, which the server refuses to overlap it. ``env``: the
    environment of the server (or command line) the run of ``source`` (``uploaded``: its settings'
    mark) is checked or executed by."""
    from knowledge.index.sources import run_source

    if not uploaded and source:
        uploaded = Path(os.path.realpath(source)).is_relative_to(os.path.realpath(uploads_dir(env)))
    return run_source(source, uploaded=uploaded)
