"""What a client of a served run may ask of the server's files and network (pure rules, no I/O
beyond resolving a path).

Through the LangGraph server (an authenticated caller: ``configurable.langgraph_auth_user``) the
run's settings come from a client, while the files are read and the notification is sent by the
server. So a served run may only read folders (and an audit-rules file) under the root its operator
configured, ``KASSIST_INGEST_ROOT``, and may only notify hosts the operator listed in
``KASSIST_NOTIFY_HOSTS`` (comma-separated). Without them, a served run reads and notifies nothing.
Refusals name the setting, never its value: configuration stays on the server. Runs started from
the command line or from code act with their operator's own authority and are not restricted here.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from graph.ingestion.state import Settings

INGEST_ROOT_ENV = "KASSIST_INGEST_ROOT"
NOTIFY_HOSTS_ENV = "KASSIST_NOTIFY_HOSTS"


class ServedRunRefused(ValueError):
    """A served run asked for a file or a host outside what the server's operator allows."""


def _inside(path: str, root: Path) -> bool:
    # resolve(): ".." and symbolic links cannot lead outside the root.
    return Path(path).expanduser().resolve().is_relative_to(root)


def check_served(settings: Settings, env: Mapping[str, str]) -> None:
    """Refuse ``settings`` a client may not ask of this server."""
    root_text = env.get(INGEST_ROOT_ENV, "").strip()
    if not root_text:
        raise ServedRunRefused(
            "this server ingests no server-side folders: its operator enables that by setting "
            f"{INGEST_ROOT_ENV} to the folder that served runs may read"
        )
    root = Path(root_text).expanduser().resolve()
    if not settings.source or not _inside(settings.source, root):
        raise ServedRunRefused(
            f"settings.source must be a folder under the server's ingestion root ({INGEST_ROOT_ENV})"
        )
    if settings.audit_rules and not _inside(settings.audit_rules, root):
        raise ServedRunRefused(
            f"settings.audit_rules must be a file under the server's ingestion root ({INGEST_ROOT_ENV})"
        )
    if settings.notify_url:
        host = (urlsplit(settings.notify_url).hostname or "").lower()
        allowed = {h.strip().lower() for h in env.get(NOTIFY_HOSTS_ENV, "").split(",") if h.strip()}
        if host not in allowed:
            raise ServedRunRefused(
                f"settings.notify_url: host {host!r} is not one this server notifies ({NOTIFY_HOSTS_ENV})"
            )
