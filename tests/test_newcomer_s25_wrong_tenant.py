"""A search under a tenant id typed another way (session 25, a newcomer's mistakes on purpose).

``kassist kb search ... --tenant Acme`` after ingesting for ``acme`` answered "no results", exit 0,
exactly as a search that found nothing among the tenant's documents: nothing said that the tenant
has no documents at all. Now a note on stderr says so (stdout unchanged); a search that finds
nothing in a tenant that has documents says only "no results".
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from ingest_harness import kassist


def _kassist(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # The harness's child: no KASSIST_DATABASE_URL, so the default ./.kassist/kassist.db of cwd.
    return kassist(*args, cwd=cwd, timeout=300)


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
