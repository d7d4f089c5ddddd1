"""The one API key a request carries, read from ALL its headers (every server's entry point).

A request may repeat a header: HTTP allows it, and a client or a proxy in front of the server can
add one. Reading the headers as a dict keeps only the last of each name, so two ``x-api-key``
headers (globex's, then acme's) signed in as acme, while a gateway reading the first (for its
access rules, quotas or logs) saw globex. A request whose credential headers name more than one
token is therefore refused as carrying no known key: one request, one key. The same token sent
twice (``x-api-key`` and ``Authorization: Bearer``) is one key.
"""

from __future__ import annotations

from collections.abc import Iterable

from server.keys import token_from_headers

CREDENTIAL_HEADERS = (b"x-api-key", b"authorization")


def sent_token(raw: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The token of the request's raw headers (ASGI ``scope["headers"]``), or None when it carries
    none, or more than one different token."""
    tokens = set()
    for name, value in raw:
        name = name.lower()
        if name in CREDENTIAL_HEADERS:
            token = token_from_headers({name: value})
            if token is not None:
                tokens.add(token)
    return tokens.pop() if len(tokens) == 1 else None
