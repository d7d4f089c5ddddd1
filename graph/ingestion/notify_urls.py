"""What a notify URL may be (no I/O, no HTTP client: the served-run checks import it)."""

from __future__ import annotations

from urllib.parse import urlsplit

NOT_HTTP = "must be an http:// or https:// URL with a host"


def is_http_url(url: str) -> bool:
    """Whether ``url`` is an http(s) URL with a host: what the notify step can POST to."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)
