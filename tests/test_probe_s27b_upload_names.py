"""Uploaded file names the file system cannot keep as given (session 27 probes, h8,
/tmp/h8s27/probes.md).

A tenant's member uploads files to ``POST /v1/runs/uploads`` of a real ``kassist serve``. Names that
each pass the name rules but cannot be written together or at all, a file ``a.md`` and a file
``a.md/b.md`` (a name used as a file and as a folder), or one name of more than 255 bytes (200
``é``: 400 bytes in UTF-8, though 203 characters), were a 500 "Internal Server Error" from the
OSError raised half-way through the copy. Two names that differ only in their Unicode form
(``café`` composed and decomposed) were both kept: two documents every reader sees under one name,
and one file on a file system that normalises names (macOS), where the second overwrote the first.
Each is refused with 422 naming the file, before anything is kept. A tenant whose id is 128 "é"
(the longest id allowed) had no upload folder at all (770 bytes quoted): every upload was a 500."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_harness import ACME_KEY, KEYS, kassist_serve

Server = tuple[str, Path]


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("probe-s27b-uploads")
    with kassist_serve(tmp) as base:
        yield base, tmp / "uploads"


def _upload(base: str, names: list[str], key: str = ACME_KEY) -> httpx.Response:
    """One multipart upload of ``names``, each sent byte for byte as UTF-8."""
    boundary = uuid.uuid4().hex
    body = b""
    for name in names:
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            "Content-Type: text/markdown\r\n\r\n"
        )
        body += head.encode() + b"# Zebra memo\n\nZebra crossings are painted white.\n\r\n"
    body += (
        f'--{boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n'
        f'{{"embedder": "hashing"}}\r\n--{boundary}--\r\n'
    ).encode()
    headers = {"x-api-key": key, "content-type": f"multipart/form-data; boundary={boundary}"}
    return httpx.post(f"{base}/v1/runs/uploads", content=body, headers=headers, timeout=60)


def _of(run: str, path: Path) -> bool:
    """Whether ``path`` is under run ``run``'s upload folder (``<run>.<token>`` since session 30)."""
    return any(part.startswith(f"{run}.") for part in path.parts)


def _kept(uploads: Path) -> list[Path]:
    return [p for p in uploads.rglob("*") if p.is_file()] if uploads.exists() else []


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["a.md", "a.md/b.md"], "both a file and a folder"),
        (["notes/b.md", "notes"], "both a file and a folder"),
        (["\u00e9" * 200 + ".md"], "longer than 255 bytes"),
        (["caf\u00e9.md", "cafe\u0301.md"], "differ only in how their characters are encoded"),
        (["notes/a.md", "notes/a.md"], "'notes/a.md' uploaded twice"),
    ],
    ids=["file-then-folder", "folder-then-file", "long-in-bytes", "unicode-forms", "same-name"],
)
def test_names_that_cannot_be_kept_together_are_refused_naming_the_file(
    serve: Server, names: list[str], said: str
) -> None:
    base, uploads = serve
    before = _kept(uploads)  # the module's server is shared: what other tests kept stays
    answer = _upload(base, names)
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"][0]
    assert detail["loc"] == ["body", "files"] and said in detail["msg"], detail
    assert _kept(uploads) == before  # nothing was kept, not even half the upload


def test_names_in_one_folder_and_a_long_ascii_name_are_kept(serve: Server) -> None:
    base, uploads = serve
    answer = _upload(base, ["notes/a.md", "notes/b.md", "x" * 252 + ".md"])
    assert answer.status_code == 201, answer.text
    run = answer.json()["run_id"]
    kept = [p.relative_to(uploads).parts[2:] for p in _kept(uploads) if _of(run, p)]
    assert sorted(kept) == [("notes", "a.md"), ("notes", "b.md"), ("x" * 252 + ".md",)]


def test_a_tenant_with_the_longest_non_ascii_id_can_upload(tmp_path: Path) -> None:
    key = "long-tenant-key-0123456789"
    keys = {**KEYS, key: {"identity": "zoe", "tenant_id": "\u00e9" * 128}}
    with kassist_serve(tmp_path, env={"KASSIST_API_KEYS": json.dumps(keys)}) as base:
        answer = _upload(base, ["memo.md"], key)
        assert answer.status_code == 201, answer.text
        run = answer.json()["run_id"]
        assert [p.name for p in _kept(tmp_path / "uploads") if _of(run, p)] == ["memo.md"]
        assert _upload(base, ["other.md"]).status_code == 201  # acme's uploads: their own folder
