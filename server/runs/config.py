"""How the runs API is configured: environment variables of the server, read once at start-up (pure
apart from reading the mapping it is given).

- ``KASSIST_INGEST_ROOT``: the folder whose tenant folders a client may ingest by path: a key of
  tenant ``acme`` reads only under ``KASSIST_INGEST_ROOT/acme`` (the same setting LangGraph-server
  runs obey, :mod:`graph.ingestion.served`); unset: no path runs. ``KASSIST_INGEST_ROOT_SHARED=<tenant id>``:
  the whole root is that one tenant's (a single-tenant server; the old ``1`` is refused at start).
- ``KASSIST_NOTIFY_HOSTS``: hosts a run may notify (comma-separated); unset: none.
- ``KASSIST_UPLOADS_DIR``: where uploaded files are kept, one folder per tenant and run
  (default ``.kassist/uploads``).
- ``KASSIST_UPLOAD_MAX_BYTES``: the most one upload may carry (default 100 MB).
- ``KASSIST_RUN_LEASE_SECONDS``: how long a worker's claim on a run lasts without a heartbeat
  (default 30); a run of a server that died moves to another server after at most this long.
- ``KASSIST_RUN_POLL_SECONDS``: how often a worker looks for runs to pick up (default 2).
- ``KASSIST_RUN_WORKERS``: runs one server executes at once (default 2; 0: this server only
  accepts requests, other servers execute them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from graph.ingestion.served import (
    INGEST_ROOT_ENV,
    ServedRunRefused,
    check_not_shared,
    notify_hosts,
    shared_tenant,
    tenant_root,
)

UPLOADS_ENV = "KASSIST_UPLOADS_DIR"
UPLOAD_MAX_ENV = "KASSIST_UPLOAD_MAX_BYTES"
LEASE_ENV = "KASSIST_RUN_LEASE_SECONDS"
POLL_ENV = "KASSIST_RUN_POLL_SECONDS"
WORKERS_ENV = "KASSIST_RUN_WORKERS"


class RunsConfigError(ValueError):
    """A setting of the runs API that the server cannot start with; the message names it."""


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise RunsConfigError(f"{name} must be a number, got {text!r}") from None
    if not low <= value <= high:
        raise RunsConfigError(f"{name} must be between {low:g} and {high:g}, got {value:g}")
    return value


def _whole(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    # A count (of workers) is never rounded: int(0.5) is 0, a server that executes no run.
    value = _number(env, name, default, low, high)
    if value != int(value):
        raise RunsConfigError(f"{name} must be a whole number between {low} and {high}, got {value:g}")
    return int(value)


def _folder(env: Mapping[str, str], name: str, default: str) -> Path:
    """The folder ``name`` names (``default`` when unset), refused at start when it, or the nearest
    part of it that exists, is not a folder: a file there made every upload a 500 to the client and
    every path run a 422 "no folder", neither naming the setting."""
    path = Path(env.get(name, "").strip() or default).expanduser().resolve()
    existing = next((p for p in (path, *path.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise RunsConfigError(f"{name} must name a folder, but {existing} is a file; set it to a folder")
    return path


@dataclass(frozen=True)
class RunsConfig:
    ingest_root: Path | None
    """The configured root; a tenant's runs read under :meth:`root_for` it."""
    uploads_dir: Path
    upload_max_bytes: int
    lease_s: float
    poll_s: float
    workers: int
    env: Mapping[str, str]
    """The environment the served-run rules read (ingestion root, notify hosts)."""

    shared_tenant: str | None = None
    """The one tenant whose path runs read the whole root (``KASSIST_INGEST_ROOT_SHARED``), or None."""

    def root_for(self, tenant: str) -> Path | None:
        """The folder ``tenant``'s path runs may read (None: no path runs on this server)."""
        if self.ingest_root is None or tenant == self.shared_tenant:
            return self.ingest_root
        check_not_shared(self.shared_tenant, tenant)  # inside the shared tenant's root (h16 s36 H16-13)
        return tenant_root(self.ingest_root, tenant)

    def source_label(self, tenant: str, source: str) -> str:
        """What a tenant's user is told of a run's source (the runs API, the console): the path
        under the tenant's root, never a server path outside what the client gave."""
        path = Path(source)
        try:
            root = self.root_for(tenant)
        except ServedRunRefused:  # no folder of its own (a second spelling of another's): none
            root = None
        if root is not None and path.is_relative_to(root):
            return path.relative_to(root).as_posix() or "."
        if path.is_relative_to(self.uploads_dir):
            # Any spelling of the tenant's uploads folder, past (t-Acme, written before session 28)
            # or present (t-%41cme): the label names no tenant, so one rule covers them all.
            return "(uploaded files)"
        return path.name  # a run started on the server's command line

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> RunsConfig:
        root = env.get(INGEST_ROOT_ENV, "").strip()
        try:
            notify_hosts(env)  # the rule langgraph dev's start applies too (server/auth.py)
            shared = shared_tenant(env)  # its old "1" named no tenant: refused here, and there
        except ValueError as exc:
            raise RunsConfigError(str(exc)) from None
        lease = _number(env, LEASE_ENV, 30.0, 1.0, 3600.0)
        ingest_root = _folder(env, INGEST_ROOT_ENV, root) if root else None
        uploads_dir = _folder(env, UPLOADS_ENV, ".kassist/uploads")
        if ingest_root is not None and (
            uploads_dir.is_relative_to(ingest_root) or ingest_root.is_relative_to(uploads_dir)
        ):
            # Every tenant's uploads inside a folder path runs read: a tenant's member ingested
            # another tenant's uploaded documents by their folder's path (h11 s33 #8).
            raise RunsConfigError(
                f"{UPLOADS_ENV} ({uploads_dir}) and {INGEST_ROOT_ENV} ({ingest_root}) overlap: every "
                "tenant's uploads would be a folder some tenant's path runs may read; give them separate folders"
            )
        return cls(
            ingest_root=ingest_root,
            uploads_dir=uploads_dir,
            upload_max_bytes=int(_number(env, UPLOAD_MAX_ENV, 100e6, 1, 1e12)),
            lease_s=lease,
            poll_s=_number(env, POLL_ENV, min(2.0, lease / 2), 0.05, 3600.0),
            workers=_whole(env, WORKERS_ENV, 2, 0, 64),
            env=dict(env),
            shared_tenant=shared,
        )
