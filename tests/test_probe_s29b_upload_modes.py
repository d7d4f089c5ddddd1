"""Session 29 probes (h2): who else on the machine can read a tenant's uploaded documents.

After D4's fix the database kassist creates is 0600 in a 0700 ``.kassist``, which also covers the
default uploads folder (``.kassist/uploads``). An operator who sets ``KASSIST_UPLOADS_DIR`` elsewhere
(``/srv/kassist/uploads``, as docs/serving.md's table invites) gets every tenant's folder, run folder
and uploaded file with the process's umask: under 022 every local account reads them. The save is
the function the runs API's upload route calls (server/runs/service.create_upload), in process.
"""

from __future__ import annotations

import io
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from server.runs import uploads


@dataclass
class _Upload:
    """An uploaded file as Starlette hands it over: a name and a file object."""

    filename: str
    file: BinaryIO


def test_uploaded_documents_are_not_readable_by_other_accounts(tmp_path: Path) -> None:
    root = tmp_path / "srv-uploads"  # the operator's KASSIST_UPLOADS_DIR, made by kassist
    target = uploads.run_folder(root, "acme", "r1")
    files: list[uploads.Readable] = [_Upload("hr/salaries.md", io.BytesIO(b"# Salaries\n\nDana: 91,000\n"))]
    previous = os.umask(0o022)
    try:
        uploads.save(files, target, 1 << 20)
    finally:
        os.umask(previous)
    made = [root, *root.rglob("*")]
    modes = {str(p.relative_to(tmp_path)): oct(stat.S_IMODE(p.stat().st_mode)) for p in made}
    assert (target / "hr" / "salaries.md").read_bytes().startswith(b"# Salaries")
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in made), modes
