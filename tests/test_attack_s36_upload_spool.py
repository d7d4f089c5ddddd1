"""An upload is read whole before its key or its size is looked at (session 36 attack, h16 H4).

``POST /v1/runs/uploads`` is exempt from the body limit (server/http_limits.EXEMPT_PATHS: "they stream
to disk under their own limit", ``KASSIST_UPLOAD_MAX_BYTES``). But FastAPI parses the whole multipart
body (Starlette spools every file past 1 MB into an unnamed temporary file of the system's temp
folder) before it solves the route's dependencies, the key among them, and ``uploads.save`` counts the
bytes only when it copies the spooled files. Measured on a live ``kassist serve`` (h16's
/tmp/s36/h16/p_upload2.py, the server's open deleted files read from /proc): a 200 MB POST with *no
key* was spooled whole (200 MB on the server's temp disk) before its 401, and a member's 200 MB upload
with ``KASSIST_UPLOAD_MAX_BYTES=1000`` before its 413. So anyone who can reach the port, key or not,
fills the server's temp disk (a few parallel POSTs of a declared 100 GB) and holds its CPU parsing,
while docs/serving.md says a request without a key is refused "before anything else is looked at".

Expected: the answer comes before the body is sent - a 401 without a key, a 413 for a declared
``Content-Length`` over the upload limit - and the server stops reading. A raw socket to the shared
``kassist serve`` sends the head and 64 KiB of a body declared 10 GB, then waits for an answer.
"""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from shared_servers import SharedServer, file_tenants

ME = file_tenants(__name__)
BOUNDARY = "h16boundary"
DECLARED = 10 * 1000**3  # 10 GB, far over the default KASSIST_UPLOAD_MAX_BYTES (100 MB)
WAIT_S = 5.0


def _status_before_the_body(base: str, key: str | None) -> str:
    """The status line the server answers with while the client has sent 64 KiB of the body, or
    'no answer' if it waits for the rest."""
    parts = urlsplit(base)
    head = [
        "POST /v1/runs/uploads HTTP/1.1",
        f"Host: {parts.netloc}",
        f"Content-Type: multipart/form-data; boundary={BOUNDARY}",
        f"Content-Length: {DECLARED}",
        *([f"x-api-key: {key}"] if key else []),
        "",
        "",
    ]
    start = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\n\r\n'
    with socket.create_connection((parts.hostname, parts.port), timeout=WAIT_S) as sock:
        sock.sendall("\r\n".join(head).encode() + start.encode() + b"x" * 65536)
        try:
            answer = sock.recv(4096)
        except TimeoutError:
            return "no answer"
    return answer.split(b"\r\n", 1)[0].decode(errors="replace")


def test_an_upload_without_a_key_is_refused_before_its_body(shared_serve: SharedServer) -> None:
    assert _status_before_the_body(shared_serve.base, None).startswith("HTTP/1.1 401")


def test_an_upload_declared_over_the_limit_is_refused_before_its_body(shared_serve: SharedServer) -> None:
    assert _status_before_the_body(shared_serve.base, ME.acme_key).startswith("HTTP/1.1 413")
