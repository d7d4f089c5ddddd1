"""A source folder the ingesting process cannot list hides nothing (h7, session 31, #2).

An operator's corpus under a folder the ingesting user cannot list at the moment of a run (its mode
changed, descriptors exhausted: ``cannot list the directory (Too many open files)``, a storage error)
is one failed entry of the run. The documents indexed from under it earlier are not gone from the
source: the run said it could not read there. They were deleted from the collection in the ingest
step, before the review the failure asks for, and a rejected run left them deleted (with the
descriptors exhausted at the source folder itself, every document of the collection went).

The child runs the real CLI on a real SQLite file; as root (which ignores file modes) it runs with
CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH dropped from its bounding set (setpriv), so a folder of mode
000 is unreadable to it as to any other user.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ingest_harness import child_env, opened

ROOT = Path(__file__).resolve().parents[1]


def _as_user_without_root_reads() -> list[str]:
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot make a folder unreadable to the child")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search"]


def _kassist(prefix: list[str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-P", "-m", "cli.main", *args],
        cwd=cwd, env=child_env(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_documents_under_a_folder_that_cannot_be_listed_are_kept(tmp_path: Path) -> None:
    prefix = _as_user_without_root_reads()
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    for i in (1, 2):
        (src / f"top{i}.md").write_text(f"# Top {i}\n\nTop document {i} is about annual leave.\n")
        (src / "sub" / f"sub{i}.md").write_text(f"# Sub {i}\n\nSub document {i} is about travel.\n")
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    from graph.ingestion.runner import execute
    from graph.ingestion.state import Settings

    with opened(url, tmp_path / "reports") as res:  # r1, in this process: 4 documents indexed
        first = execute(res, "acme", "r1", settings=Settings(source=str(src), embedder="hashing"))
        assert first.state.status == "completed"
        index = res.index("hashing").for_tenant("acme")
        assert len(index.documents("default")) == 4

        (src / "sub").chmod(0)
        try:  # r2, in a child that cannot list sub
            second = _kassist(
                prefix, tmp_path, "ingest", str(src), "--tenant", "acme", "--embedder", "hashing",
                "--database-url", url, "--run-id", "r2",
            )  # fmt: skip
        finally:
            (src / "sub").chmod(0o755)
        assert "cannot list the directory (Permission denied)" in second.stdout + second.stderr

        kept = sorted(path for _, path in index.documents("default"))
    assert kept == ["sub/sub1.md", "sub/sub2.md", "top1.md", "top2.md"]
