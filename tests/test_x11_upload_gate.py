"""An upload that never says its length is counted as it arrives (h16 s36 H16-4, x11: server/runs/
upload_gate.py). tests/test_attack_s36_upload_spool.py asks a live server for the 401 and the 413 of
a declared length before the body; a chunked body over KASSIST_UPLOAD_MAX_BYTES (here 1,000 bytes,
plus the form's other fields' KASSIST_MAX_BODY_BYTES) is cut at the gate with the route's own 413 and
nothing kept, while an upload within it is accepted as before. The runs API in process (TestClient),
one SQLite file, no worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from runs_api_harness import MEMBER, env_for, serving

BOUNDARY = "x11boundary"


def _form(data: bytes) -> Iterator[bytes]:
    """A multipart body of one file ``a.md`` holding ``data``, sent in 4 KiB chunks (no length)."""
    yield f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\n\r\n'.encode()
    for at in range(0, len(data), 4096):
        yield data[at : at + 4096]
    yield f"\r\n--{BOUNDARY}--\r\n".encode()


def test_a_chunked_upload_over_the_limit_is_cut_at_the_gate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> None:
    env = env_for(tmp_path, None, KASSIST_UPLOAD_MAX_BYTES="1000", KASSIST_RUN_WORKERS="0")
    monkeypatch.setenv("KASSIST_MAX_BODY_BYTES", "1024")
    headers = {**MEMBER, "content-type": f"multipart/form-data; boundary={BOUNDARY}"}
    with serving(sqlite_url, monkeypatch, env) as client:
        over = client.post("/v1/runs/uploads", content=_form(b"x" * 65536), headers=headers)
        assert over.status_code == 413, over.text
        assert over.json() == {"detail": "the upload is larger than this server accepts (1000 bytes)"}
        assert not list((tmp_path / "uploads").rglob("*.md"))  # nothing kept

        within = client.post("/v1/runs/uploads", content=_form(b"# Leave\n\n25 days.\n"), headers=headers)
        assert within.status_code == 201, within.text
        assert [p.name for p in (tmp_path / "uploads").rglob("*.md")] == ["a.md"]
