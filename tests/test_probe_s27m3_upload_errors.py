"""An upload the server cannot keep for a reason of its own is one line naming no file (session 27
review of the ingestion change, finding 7).

``KASSIST_UPLOADS_DIR`` that cannot hold folders (here: a file) made the tenant folder's ``mkdir``
fail outside the upload's error handling: a bare 500 "Internal Server Error" with a traceback in
the server's log. It is now the upload's own answer, a 500 whose detail says the server could not
keep the upload, blaming none of the files (all were fine).

Since session 30 (h6 #2) an uploads folder that is a file is refused when the server starts, so the
server's own reason here is the tenant's folder inside it taken by a file (an operator's stray file,
a restore gone wrong): the server starts, the upload cannot be kept.
"""

from __future__ import annotations

from pathlib import Path

import httpx
from server_harness import ACME_KEY, kassist_serve


def test_an_uploads_folder_the_server_cannot_use_is_one_line_naming_no_file(tmp_path: Path) -> None:
    from server.runs.uploads import tenant_folder

    root = tmp_path / "uploads"
    root.mkdir()
    blocked = tenant_folder(root, "acme")  # the folder acme's uploads go into, taken by a file
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("not a folder\n")
    with kassist_serve(tmp_path, env={"KASSIST_UPLOADS_DIR": str(root)}) as base:
        answer = httpx.post(
            f"{base}/v1/runs/uploads",
            files=[("files", ("memo.md", b"# Memo\n\nZebra crossings are white.\n", "text/markdown"))],
            data={"options": '{"embedder": "hashing"}'},
            headers={"x-api-key": ACME_KEY},
            timeout=60,
        )
    assert answer.status_code == 500, answer.text
    detail = answer.json()["detail"]
    text = detail if isinstance(detail, str) else detail[0]["msg"]
    assert text.startswith("the server could not keep this upload"), detail
    assert "memo.md" not in text and str(blocked) not in text, detail
    assert blocked.read_text() == "not a folder\n"
