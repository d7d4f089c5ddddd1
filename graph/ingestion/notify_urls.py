"""What a notify URL may be: the one rule every door applies (the served run's checks, the runs
API's model, the notify step, the command line). No I/O, no HTTP client: the served-run checks
import it."""

from __future__ import annotations

from urllib.parse import urlsplit

NOT_HTTP = "must be an http:// or https:// URL with a host"


def notify_url_refusal(url: str) -> str | None:
    """Why ``url`` is not one the notify step can POST to, or None: a URL Python cannot split (a
    port that is not a number from 0 to 65535, ``http://[::1/``) names the reason; anything but an
    http(s) URL with a host (``file://``, ``ftp://``, a scheme-less ``//host``), or one holding a
    NUL, is :data:`NOT_HTTP`."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  # raises for a port that is not a number from 0 to 65535
    except ValueError as exc:
        return f"not a URL this server can call ({exc})"
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or "\x00" in url:
        return NOT_HTTP
    return None


def is_http_url(url: str) -> bool:
    """Whether ``url`` is an http(s) URL with a host: what the notify step can POST to."""
    return notify_url_refusal(url) is None


def shown_target(url: str) -> str:
    """A notify URL as the run's readers may see it (its errors, its step output): scheme, host and
    port, and ``/...`` for the rest. A webhook's path and query are its secret (Slack's, Teams',
    Discord's incoming hooks are bearer credentials; receivers take tokens in the query), and a
    user:password before the host is one: the error quoting the whole URL told it to every member
    reading a tenant's run (h14 s35 H8). The server's log keeps the whole URL."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "(the run's notify URL)"
    host = parts.hostname or ""
    if not parts.scheme or not host:
        return "(the run's notify URL)"
    host = f"[{host}]" if ":" in host else host
    rest = parts.path not in ("", "/") or parts.query or parts.fragment
    return f"{parts.scheme.lower()}://{host}{f':{port}' if port is not None else ''}{'/...' if rest else ''}"
