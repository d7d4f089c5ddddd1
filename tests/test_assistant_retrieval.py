"""Archived and superseded documents rank after the current ones (knowledge index search)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from assistant_support import embedder

from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.index.rules import is_superseded
from knowledge.ingest import ingest_directory

FILES = ("hr/leave-policy-handbook-2026.md", "archive/leave-policy-2024.md", "hr/people-ops-faq.txt")


@pytest.mark.parametrize("mode", ["hybrid", "keyword", "vector"])
def test_the_2026_handbook_ranks_above_the_archived_2024_policy(
    db_url: str, tmp_path: Path, mode: str
) -> None:
    root = tmp_path / "docs"
    for rel in FILES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    with KnowledgeIndex.from_url(db_url, embedder=embedder()) as index:
        kb = index.for_tenant("acme")
        ingest_directory(kb, root, collection="handbook")
        hits = kb.search("annual leave entitlement", k=20, mode=mode)  # type: ignore[arg-type]
    paths = [h.source_path for h in hits]
    assert paths[0] == "hr/leave-policy-handbook-2026.md"
    archived = [i for i, p in enumerate(paths) if p.startswith("archive/")]
    current = [i for i, p in enumerate(paths) if not p.startswith("archive/")]
    assert archived, "the archived policy still appears (nothing is hidden), only lower"
    assert max(current) < min(archived)
    assert all(h.superseded == h.source_path.startswith("archive/") for h in hits)


def test_is_superseded_reads_the_title_and_the_folders() -> None:
    assert is_superseded("Leave Policy (2024 edition, superseded)", "hr/leave.md")
    assert is_superseded("Leave Policy", "archive/leave-policy-2024.md")
    assert is_superseded("VPN guide", "it/Archived/vpn.md")
    assert not is_superseded("Leave Policy Handbook 2026", "hr/leave-policy-handbook-2026.md")
    assert not is_superseded("Archive retention rules", "security/archive.md")  # a file named archive
    assert not is_superseded("Backup and restore runbook", "it/runbook-backup-and-restore.md")


def test_a_query_for_the_old_edition_keeps_the_retrievers_order(sqlite_url: str, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    for rel in FILES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    with KnowledgeIndex.from_url(sqlite_url, embedder=embedder()) as index:
        kb = index.for_tenant("acme")
        ingest_directory(kb, root, collection="handbook")
        hits = kb.search("what was the parental leave under the old 2024 policy", k=3)
    assert hits[0].source_path == "archive/leave-policy-2024.md" and hits[0].superseded
