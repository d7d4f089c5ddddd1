"""A document that says only in its body that it is superseded, archived or withdrawn ranks like a
title-marked archived edition (issue 27 item 2): after the current documents, unless the question
names it. The status is read once at ingestion and stored with the document (both backends); an
index made before that column existed gets it from the index's migration 2.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from assistant_support import embedder

from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.index.status import demotes, document_status
from knowledge.ingest import ingest_directory

pytestmark = pytest.mark.timeout(900)

CURRENT = "hr/leave-policy-handbook-2026.md"
OLD = "hr/leave-policy.md"  # neither its title nor its folder says it is old
WITHDRAWN = "hr/remote-work.md"

# The archived 2024 policy of the shipped corpus, with the title's "superseded" taken out: only the
# body's "Superseded by the Leave Policy Handbook 2026." says it.
_OLD_TITLE = "# Leave Policy (2024 edition, superseded)"
_WITHDRAWN_TEXT = """# Remote work guidelines

Status: Withdrawn. Owner: People Operations.

## Working from abroad

Employees may work from another country for up to 90 days a year with their manager's approval.
"""


def _corpus(root: Path) -> Path:
    for rel in (CURRENT, "hr/people-ops-faq.txt"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    text = (demo_corpus_path() / "archive/leave-policy-2024.md").read_text(encoding="utf-8")
    assert text.startswith(_OLD_TITLE)
    (root / OLD).write_text(text.replace(_OLD_TITLE, "# Leave Policy (2024 edition)", 1), encoding="utf-8")
    (root / WITHDRAWN).write_text(_WITHDRAWN_TEXT, encoding="utf-8")
    return root


def _assert_ranked_as_archived(kb: object) -> None:
    hits = kb.search("annual leave entitlement", k=20)  # type: ignore[attr-defined]
    paths = [h.source_path for h in hits]
    assert paths[0] == CURRENT
    old = [i for i, p in enumerate(paths) if p == OLD]
    current = [i for i, p in enumerate(paths) if p != OLD]
    assert old, "the superseded policy still appears (nothing is hidden), only lower"
    assert max(current) < min(old)
    assert all(h.superseded == (h.source_path == OLD) for h in hits)
    # A question that names the old edition by its year gets it first.
    named = kb.search("What did the 2024 leave policy allow for carrying over unused days?", k=6)  # type: ignore[attr-defined]
    assert named[0].source_path == OLD and named[0].superseded
    # "Status: Withdrawn" in its header: shown (nothing current says more), after the current pages.
    withdrawn = kb.search("working from abroad remote work", k=20)  # type: ignore[attr-defined]
    marked = [i for i, h in enumerate(withdrawn) if h.source_path == WITHDRAWN]
    assert marked and all(withdrawn[i].superseded for i in marked)
    assert min(marked) > max(i for i, h in enumerate(withdrawn) if h.source_path not in (WITHDRAWN, OLD))


def test_a_body_stated_status_ranks_the_document_after_the_current_one(db_url: str, tmp_path: Path) -> None:
    root = _corpus(tmp_path / "docs")
    with KnowledgeIndex.from_url(db_url, embedder=embedder()) as index:
        kb = index.for_tenant("acme")
        ingest_directory(kb, root, collection="handbook")
        _assert_ranked_as_archived(kb)


def _run_sql(url: str, statements: list[str]) -> None:
    if url.startswith("sqlite:///"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            for sql in statements:
                conn.execute(sql)
        return
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for sql in statements:
            conn.execute(sql)  # type: ignore[arg-type]  # our literal test SQL


def test_an_index_made_before_the_status_column_gets_it_from_the_migration(
    db_url: str, tmp_path: Path
) -> None:
    root = _corpus(tmp_path / "docs")
    with KnowledgeIndex.from_url(db_url, embedder=embedder()) as index:
        ingest_directory(index.for_tenant("acme"), root, collection="handbook")
    # The schema of version 1: no status column, version 2 not recorded.
    _run_sql(db_url, [
        "ALTER TABLE kassist_kb_documents DROP COLUMN status",
        "DELETE FROM kassist_schema_versions WHERE component = 'knowledge_index' AND version = 2",
    ])  # fmt: skip
    with KnowledgeIndex.from_url(db_url, embedder=embedder()) as index:
        _assert_ranked_as_archived(index.for_tenant("acme"))


@pytest.mark.parametrize(
    ("title", "opening", "status"),
    [
        ("Leave Policy (2024 edition)", "Effective date: 1 January 2024. Superseded by the 2026 handbook.", "superseded"),
        ("Expense rules", "This policy has been withdrawn and no longer applies.", "withdrawn"),
        ("Remote work guidelines", "Status: Archived. Owner: People Operations.", "archived"),
        ("Leave Policy Handbook 2026", "Effective date: 1 January 2026. This handbook replaces the 2024 leave policy.", None),
        ("Travel policy", "Draft for comment. Status: Draft.", "draft"),
    ],
)  # fmt: skip
def test_document_status_reads_the_opening_as_the_audit_does(
    title: str, opening: str, status: str | None
) -> None:
    found = document_status(title, f"# {title}\n\n{opening}\n\n## Scope\n\nEveryone.", {}, "hr/doc.md")
    assert found == status
    assert demotes(found) == (status not in (None, "draft"))  # a draft is no older edition
