"""A run's webhook is called at the URL the operator's list let through, and nowhere else.

``KASSIST_NOTIFY_HOSTS`` bounds what the LangGraph server calls when a run ends
(server/run_checks.check_schedule checks the URL a client sends). langgraph-api's webhook client
follows redirects (``follow_redirects=True``, ``max_redirects=5``), each hop checked only against its
own SSRF policy, which allows private networks: whoever controls a listed receiver's answers made the
server send GETs to any host of its private network with a ``302 Location`` (h16 s36 H16-7). The
webhook client here follows none: a 3xx is the receiver's answer, as it is to the ingestion run's
notify step (graph/ingestion/notify.py, ``httpx.post``). Installed once, when the server's auth is
imported (server/auth_start.py); langgraph-api builds the client lazily, at the first webhook.
"""

from __future__ import annotations

import sys
from typing import Any

_INSTALLED = "_kassist_no_redirects"


def install() -> None:
    """Make langgraph-api's webhook dispatch use a client that follows no redirect (idempotent).
    Only in a LangGraph server's process, whose configuration is loaded before its auth: a process
    that imports the auth's handlers alone (tests, tools) sends no webhook, and importing
    langgraph-api's webhook module there reads a configuration it does not have (REDIS_URI)."""
    if "langgraph_api.config" not in sys.modules:
        return
    from langgraph_api import webhook

    ensure = webhook.ensure_webhook_http_client
    if getattr(ensure, _INSTALLED, False):
        return

    async def ensure_unredirected() -> Any:
        client = await ensure()
        client.client.follow_redirects = False  # the httpx.AsyncClient inside langgraph-api's wrapper
        return client

    setattr(ensure_unredirected, _INSTALLED, True)
    webhook.ensure_webhook_http_client = ensure_unredirected  # type: ignore[assignment]
