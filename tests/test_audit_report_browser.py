"""A real run's HTML audit report, opened in a real headless browser (Debian's chromium), offline.

The report must be one self-contained page: the test renders it with chromium (``--dump-dom`` for
the DOM after parsing, ``--screenshot`` for the pixels), checks that the chart's SVG bars and the
tables are there and drawn in the severity colours, and sends every request the browser makes
through a recording proxy on 127.0.0.1: the report makes none. Chromium itself connects to a few
Google service hosts whatever the page (sign-in, network time, component updates, push messaging; no flag turns
them all off): those hosts, listed in BROWSER_OWN, are the only requests ignored. A control page with
one outside image shows the proxy does see a page's requests. Skipped, saying why, where chromium
is not installed.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import opened

from graph.ingestion.reports import export_reports
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from knowledge.audit.report import SEVERITY_COLOURS
from knowledge.corpus.generate import generate_corpus

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BROWSER_OWN = frozenset(
    {"accounts.google.com", "www.google.com", "clients2.google.com", "redirector.gvt1.com",
     "update.googleapis.com", "optimizationguide-pa.googleapis.com",
     "android.clients.google.com"}  # push messaging (GCM): chromium 150 connects at start-up
)  # fmt: skip
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)


@contextmanager
def recording_proxy() -> Iterator[tuple[int, list[str]]]:
    """An HTTP proxy on 127.0.0.1 (its port, what it was asked): it answers 404 to everything."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _record(self) -> None:
            seen.append(f"{self.command} {self.path}")
            self.send_response(404)
            self.end_headers()

        do_GET = do_POST = do_HEAD = do_CONNECT = _record

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1]), seen
    finally:
        server.shutdown()
        server.server_close()


def chromium(page: Path, proxy_port: int, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--no-first-run", "--disable-extensions", "--disable-sync", "--disable-component-update",
        "--disable-default-apps", "--no-pings", "--dns-prefetch-disable",
        "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,Translate,MediaRouter",
        f"--user-data-dir={profile}", f"--proxy-server=http://127.0.0.1:{proxy_port}",
        "--proxy-bypass-list=<-loopback>", *args, page.as_uri(),
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def render(page: Path, work: Path) -> tuple[str, list[list[tuple[int, int, int]]], list[str]]:
    """(the DOM chromium built, the screenshot's pixels as rows of RGB, the requests it made)."""
    with recording_proxy() as (port, seen):
        dom = chromium(page, port, work / "profile", "--dump-dom")
        assert dom.returncode == 0, dom.stderr[-2000:]
        shot = work / "report.png"
        done = chromium(page, port, work / "profile", "--window-size=1280,2400", f"--screenshot={shot}")
        assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    return dom.stdout, read_png(shot.read_bytes()), [r for r in seen if _host(r) not in BROWSER_OWN]


def _host(request: str) -> str:
    """The host of a proxied request line: ``CONNECT host:443`` or ``GET http://host/path``."""
    target = request.split(" ", 1)[1]
    return target.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]


def read_png(data: bytes) -> list[list[tuple[int, int, int]]]:
    """Pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what chromium writes), as RGB rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        header = body if kind == b"IHDR" else header
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows: list[list[tuple[int, int, int]]] = []
    previous = bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, bpp)])
        previous = line
    return rows


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """A real run of the ingestion graph over a generated corpus with planted findings."""
    work = tmp_path_factory.mktemp("browser")
    generate_corpus(work / "corpus", docs=60, seed=3)
    with opened(f"sqlite:///{work / 'kassist.db'}", work / "reports") as res:
        settings = Settings(
            source=str(work / "corpus"), collection="handbook", embedder="hashing", batch_size=20
        )
        state = execute(res, "acme", "audit-run", settings=settings).state
        files = export_reports(res.runs, "acme", "audit-run", work / "exported")  # stored in the database
    return files["html"], state


def test_the_report_renders_offline_with_its_chart_and_tables(
    report: tuple[Path, Any], tmp_path: Path
) -> None:
    page, state = report
    dom, pixels, requests = render(page, tmp_path)
    assert requests == [], requests  # self-contained: no CDN, no font, no image fetched

    # The DOM chromium built: the chart (one bar segment per category and severity with findings,
    # each with its tooltip), the severity matrix, the findings and one row per document.
    svg = re.search(r"<svg[^>]*aria-label=\"Findings by category and severity\".*?</svg>", dom, re.S)
    assert svg is not None
    segments = re.findall(r"<rect [^>]*><title>([^<]+)</title></rect>", svg.group(0))
    assert sum(int(t.split(": ")[1].split()[0]) for t in segments) == sum(state.findings.values())
    tables = re.findall(r"<table.*?</table>", dom, re.S)
    assert len(tables) == 4, len(tables)  # failed documents, matrix, findings, documents
    failed = re.findall(r"<tr><td class=\"path\">", tables[0])
    assert len(failed) == state.counters.documents_failed > 0  # the generated corpus has broken files
    documents = re.findall(r"<tr[^>]*><td class=\"path\">", tables[3])  # rows carry their status and ranks
    assert len(documents) == state.counters.documents_seen
    assert "status-failed" in tables[3]

    # The pixels: every severity that has findings is drawn in its colour (the chart's bars and the
    # findings' badges), and the page is not blank.
    counts: dict[tuple[int, int, int], int] = {}
    for row in pixels:
        for px in row:
            counts[px] = counts.get(px, 0) + 1
    for severity, n in state.findings.items():
        drawn = counts.get(rgb(SEVERITY_COLOURS[severity]), 0)
        assert n and drawn > 200, (severity, drawn)  # a bar segment is 18 px high
    white = counts.get((255, 255, 255), 0)
    assert white < 0.97 * sum(counts.values())


def test_the_proxy_sees_an_outside_request(tmp_path: Path) -> None:
    """The check above is not vacuous: a page with one outside image is caught."""
    page = tmp_path / "control.html"
    page.write_text(
        '<!DOCTYPE html><html><body><img src="http://cdn.example.invalid/logo.png"></body></html>'
    )
    _, _, requests = render(page, tmp_path)
    assert any("cdn.example.invalid/logo.png" in r for r in requests), requests
