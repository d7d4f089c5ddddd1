"""Cross-document rules: near-duplicates (MinHash LSH) and superseded policy versions."""

from __future__ import annotations

import random
from datetime import date

from knowledge.audit import AuditRules, DocumentAudit, audit_collection, audit_document
from knowledge.corpus import demo_corpus_path
from knowledge.loaders import load_directory

TODAY = date(2026, 12, 1)
RULES = AuditRules()
WORDS = (  # noqa: SIM905
    "leave policy employee manager approval request travel expense receipt laptop access account security "
    "incident report review payroll benefit pension insurance office desk badge visitor contract supplier "
    "invoice budget training onboarding remote hybrid equipment backup restore"
).split()


def essay(seed: int, words: int = 400) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(WORDS) for _ in range(words))


def audit(path: str, text: str, **metadata: str) -> DocumentAudit:
    return audit_document(path, path, text, metadata, RULES, today=TODAY)


def test_near_duplicates_found_in_pairs_distinct_documents_not() -> None:
    original = essay(1)
    words = original.split()
    edited = " ".join("quarterly" if i % 60 == 0 else w for i, w in enumerate(words))  # 2% of words changed
    docs = [audit("a/original.md", original), audit("b/copy.md", edited)]
    docs += [audit(f"c/other-{i}.md", essay(100 + i)) for i in range(20)]
    found = audit_collection(docs, RULES)
    dupes = [f for f in found if f.category == "near_duplicate"]
    assert sorted(f.path for f in dupes) == ["a/original.md", "b/copy.md"]
    assert "b/copy.md" in dupes[0].excerpt and "a/original.md" in dupes[1].excerpt
    assert all(f.severity == "low" and f.location == "document" for f in dupes)


def test_signatures_alone_are_enough_and_order_does_not_matter() -> None:
    text = essay(7)
    docs = [audit("x.md", text), audit("y.md", text + " appendix"), audit("z.md", essay(8))]
    as_tuples = [(d.doc_id, d.path, d.signature) for d in reversed(docs)]
    assert audit_collection(as_tuples, RULES) == audit_collection(docs, RULES)
    restored = [(i, p, type(s).model_validate_json(s.model_dump_json())) for i, p, s in as_tuples]
    assert audit_collection(restored, RULES) == audit_collection(docs, RULES)


def test_shipped_corpus_archived_2024_leave_policy_is_superseded_by_the_2026_handbook() -> None:
    loaded = [d for d in load_directory(demo_corpus_path(), tenant_id="acme", collection="handbook")]
    docs = [
        audit_document(d.doc_id, d.source_path, d.text, d.metadata | {"title": d.title}, RULES, today=TODAY)
        for d in loaded
    ]
    found = audit_collection(docs, RULES)
    superseded = [f for f in found if f.category == "superseded"]
    assert [f.path for f in superseded] == ["archive/leave-policy-2024.md"]
    assert "leave-policy-handbook-2026.md" in superseded[0].excerpt
    assert [f for f in found if f.category == "near_duplicate"] == []


def test_versions_of_one_reference_ordered_by_version_then_year() -> None:
    body = essay(3)
    v1 = audit("fin/expenses-v1.md", "# Expense policy\n\n" + body, reference="FIN-0042", version="1.4")
    v2 = audit("fin/expenses-v2.md", "# Expense rules\n\n" + essay(4), reference="FIN-0042", version="2.0")
    other = audit("fin/other.md", "# Expense policy\n\n" + essay(5), reference="FIN-0099", version="1.0")
    superseded = [f for f in audit_collection([v1, v2, other], RULES) if f.category == "superseded"]
    assert [f.path for f in superseded] == ["fin/expenses-v1.md"]


def test_title_years_make_a_family_and_a_lone_archived_document_is_still_reported() -> None:
    old = audit("p/travel-2023.md", "# Travel Policy 2023\n\n" + essay(11))
    new = audit("p/travel-2026.md", "# Travel Policy 2026\n\n" + essay(12))
    lone = audit("archive/gifts.md", "# Gifts and Hospitality (archived)\n\n" + essay(13))
    found = {
        f.path: f.excerpt for f in audit_collection([old, new, lone], RULES) if f.category == "superseded"
    }
    assert set(found) == {"p/travel-2023.md", "archive/gifts.md"}
    assert "marked archived" in found["archive/gifts.md"]


def test_disabled_cross_document_rules() -> None:
    text = essay(21)
    docs = [audit("a.md", text), audit("b.md", text)]
    assert audit_collection(docs, AuditRules(enabled=("secret",))) == []
