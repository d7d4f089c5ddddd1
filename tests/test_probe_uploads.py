"""Uploaded file names that would attack whoever reads them (session 18 probes,
/tmp/kassist-docs/s18/h8-probes.md).

A tenant's member uploads files to ``POST /v1/runs/uploads`` of a real ``kassist serve``. A name
holding terminal escape sequences (``ESC ] 0 ; ... BEL`` sets the terminal's title, ``ESC [ 2 J``
clears it; ``0x9b`` is the one-byte CSI) or a bidirectional override (``red\u202egpj.md`` shows as
``redmd.jpg``) was kept as the document's path, and the operator's ``kassist kb documents list`` and
``kb search`` printed it raw into their terminal. Such names are refused with 422 naming the file,
before anything is written; ordinary non-ASCII names are kept."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_KEY, kassist_serve

Server = tuple[str, Path]


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("probe-uploads")
    with kassist_serve(tmp) as base:
        yield base, tmp / "uploads"


def _upload(base: str, name: str) -> httpx.Response:
    """A multipart upload whose file name is sent byte for byte as UTF-8 (httpx would
    percent-encode some control characters itself; an attacker's client does not)."""
    boundary = uuid.uuid4().hex
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
        "Content-Type: text/markdown\r\n\r\n"
    )
    options = (
        f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n'
        f'{{"embedder": "hashing"}}\r\n--{boundary}--\r\n'
    )
    body = head.encode() + b"# Zebra memo\n\nZebra crossings are painted white.\n" + options.encode()
    headers = {"x-api-key": ACME_KEY, "content-type": f"multipart/form-data; boundary={boundary}"}
    return httpx.post(f"{base}/v1/runs/uploads", content=body, headers=headers, timeout=60)


@pytest.mark.parametrize(
    "name",
    [
        "\x1b]0;PWNED\x07\x1b[2Jred.md",  # set the title, clear the screen
        "\x1b[31mred.md",
        "a\x9b31mred.md",  # C1 CSI
        "red\u202egpj.md",  # right-to-left override: shows as redmd.jpg
        "a\u200bb.md",  # zero-width space: two names that look the same
        "a\u2028b.md",  # line separator
        "notes/\x7fx.md",
    ],
)
def test_a_file_name_with_control_or_invisible_characters_is_refused(serve: Server, name: str) -> None:
    base, uploads = serve
    answer = _upload(base, name)
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"][0]
    assert detail["loc"] == ["body", "files"] and "control or invisible" in detail["msg"], detail
    assert "\x1b" not in answer.text and "\u202e" not in answer.text  # the answer itself is inert
    assert not uploads.exists() or not any(uploads.rglob("*.md"))  # nothing was written


def test_ordinary_names_in_any_language_are_kept(serve: Server) -> None:
    base, uploads = serve
    answer = _upload(base, "politiques/congés payés 2026 – 東京.md")
    assert answer.status_code == 201, answer.text
    assert [p.name for p in uploads.rglob("*.md")] == ["congés payés 2026 – 東京.md"]
