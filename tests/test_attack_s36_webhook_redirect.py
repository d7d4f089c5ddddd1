"""A run's webhook follows its receiver's redirect past KASSIST_NOTIFY_HOSTS (session 36 attack, h16 H7).

docs/serving.md: a run's ``webhook`` must name a host listed in ``KASSIST_NOTIFY_HOSTS``, because
"langgraph-api itself refuses only loopback and link-local addresses, so without the list a client
could make the server call any address of its private network". The list is checked on the URL a
client sends (server/run_checks.check_schedule); langgraph-api then calls it with its webhook client,
which follows redirects (``follow_redirects=True``, ``max_redirects=5``: langgraph_api.http
.ensure_webhook_http_client), each hop checked only against langgraph-api's own SSRF policy. So
whoever controls a listed receiver's answers (a tenant's own hook endpoint the operator listed for
it) answers ``302 Location: http://<any private address>/...`` and the server sends a GET there: the
list no longer bounds what the server calls (a 307 fails in httpx, RequestNotRead; a 302/303 becomes
a GET). The ingestion run's notify step (graph/ingestion/notify.py, plain ``httpx.post``) follows no
redirect: one rule for both would be the same.

Here the sandbox has one non-loopback address (loopback is refused by langgraph-api's policy before
ours), so the unlisted host is that address spelt another way (IPv6's exploded form: another host
name to KASSIST_NOTIFY_HOSTS's comparison); the assertion is only that the redirect's target is never
called. Expected: a webhook's 3xx is its receiver's answer, not followed. A ``langgraph dev`` of its
own (the list is read at its start), one run of the tests' one-step ``documents`` graph, two in-process
receivers; skipped on a machine without a global IPv6 address.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_KEY, langgraph_dev


def _global_ipv6() -> ipaddress.IPv6Address | None:
    """A global (or unique-local) IPv6 address of this machine, from /proc/net/if_inet6 (Linux)."""
    try:
        lines = Path("/proc/net/if_inet6").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) >= 4 and fields[3] == "00":  # scope: global
            address = ipaddress.IPv6Address(int(fields[0], 16))
            if not address.is_loopback:
                return address
    return None


class _V6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


@contextmanager
def _receiver(calls: list[str], redirect_to: str | None = None) -> Iterator[int]:
    """A receiver on every IPv6 address of this machine: notes each call's path; answers 302 to
    ``redirect_to`` when given, else 200. Its port."""

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            self.rfile.read(int(self.headers.get("content-length") or 0))
            calls.append(f"{self.command} {self.path}")
            self.send_response(302 if redirect_to else 200)
            if redirect_to:
                self.send_header("Location", redirect_to)
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_GET = do_POST = _answer

        def log_message(self, *args: object) -> None:
            pass

    server = _V6Server(("::", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_a_webhook_is_not_redirected_to_a_host_the_list_does_not_name(tmp_path: Path) -> None:
    address = _global_ipv6()
    if address is None:
        pytest.skip("this machine has no global IPv6 address to listen on beside loopback")
    listed, unlisted = address.compressed, address.exploded
    assert listed != unlisted
    outer: list[str] = []
    inner: list[str] = []
    with (
        _receiver(inner) as inner_port,
        _receiver(outer, f"http://[{unlisted}]:{inner_port}/internal-admin") as outer_port,
        langgraph_dev(tmp_path, {"KASSIST_NOTIFY_HOSTS": listed}) as (base, _),
        httpx.Client(base_url=base, headers={"x-api-key": ACME_KEY}, timeout=60) as client,
    ):
        thread = client.post("/threads", json={}).json()["thread_id"]
        run = client.post(
            f"/threads/{thread}/runs",
            json={
                "assistant_id": "documents",
                "input": {"docs": ["a"]},
                "webhook": f"http://[{listed}]:{outer_port}/hook",
            },
        )
        assert run.status_code == 200, run.text
        client.get(f"/threads/{thread}/runs/{run.json()['run_id']}/join")
        deadline = time.monotonic() + 30
        while not outer and time.monotonic() < deadline:  # the webhook is sent after the run ends
            time.sleep(0.05)
        assert outer == ["POST /hook"], f"the listed receiver was not called: {outer}"
        time.sleep(1.0)  # a redirect is followed at once: give it the time to arrive
    assert inner == [], f"the server followed the listed receiver's redirect to [{unlisted}]: {inner}"
