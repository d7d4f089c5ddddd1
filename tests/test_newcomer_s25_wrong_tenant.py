"""A search under a tenant id typed another way (session 25, a newcomer's mistakes on purpose).

``kassist kb search ... --tenant Acme`` after ingesting for ``acme`` answered "no results", exit 0,
exactly as a search that found nothing among the tenant's documents: nothing said that the tenant
has no documents at all. Now a note on stderr says so (stdout unchanged); a search that finds
nothing in a tenant that has documents says only "no results".
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _kassist(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "KASSIST_DATABASE_URL"}  # ./.kassist/kassist.db
    env.update(COLUMNS="200", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_tenant_without_documents_is_named_when_a_search_finds_nothing(tmp_path: Path) -> None:
    (tmp_path / "handbook").mkdir()
    (tmp_path / "handbook" / "leave.md").write_text(
        "# Leave\n\nNew joiners accrue 2.33 days of leave per month.\n"
    )
    made = _kassist(tmp_path, "kb", "ingest", "handbook", "--tenant", "acme", "--collection", "handbook",
                    "--embedder", "hashing")  # fmt: skip
    assert made.returncode == 0, made.stderr

    typo = _kassist(
        tmp_path, "kb", "search", "leave for new joiners", "--tenant", "Acme", "--mode", "keyword"
    )
    assert typo.returncode == 0, typo.stderr
    assert typo.stdout.strip() == "no results"
    assert typo.stderr.strip() == (
        "note: tenant 'Acme' has no documents (tenant ids are exact, letter case included); "
        "index some with: kassist kb ingest DIR --tenant Acme --collection NAME"
    )

    found = _kassist(
        tmp_path, "kb", "search", "leave for new joiners", "--tenant", "acme", "--mode", "keyword"
    )
    assert found.returncode == 0 and "leave.md" in found.stdout, found.stdout + found.stderr

    nothing = _kassist(tmp_path, "kb", "search", "xylophone", "--tenant", "acme", "--mode", "keyword")
    assert nothing.returncode == 0, nothing.stderr
    assert (nothing.stdout.strip(), nothing.stderr.strip()) == ("no results", "")
