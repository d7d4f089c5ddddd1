"""The index never holds a secret the audit finds (session 34, n1 N17): approving a run lets its
documents into search, not their keys. A handover note's AWS keys, card, IBAN and SSN reach search
hits and answers masked as the audit report shows them; the audit still finds each one (it reads the
document as loaded); e-mail addresses and phone numbers stay readable."""

from __future__ import annotations

from pathlib import Path

from graph.ingestion.reports import read_report
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import Settings
from knowledge.embedders import HashingEmbedder
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

KEY_ID, KEY = "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
SSN, CARD, IBAN = "127-80-6907", "4111 1111 1111 1111", "NL91 ABNA 0417 1643 00"
HANDOVER = (
    "# Mobility budget handover\n\nThe mobility budget pays for train passes and bike leases.\n\n"
    f"aws_access_key_id = {KEY_ID}\naws_secret_access_key = {KEY}\n\n"
    f"Refunds of the zebracorn pilot go to {IBAN}; the corporate card {CARD} pays the leases.\n"
    f"Contractor Jane Roe, SSN {SSN}, mail jane.roe@example.com, phone +1 415 555 0100.\n"
)
VALUES = (KEY_ID, KEY, SSN, CARD, IBAN)


def indexed_text(hits: list[str]) -> str:
    assert hits, "the handover note was not found"
    return "\n".join(hits)


def assert_masked(text: str) -> None:
    for value in VALUES:
        assert value not in text, (value, text)
    assert "AKIA[redacted cloud access key, 20 chars]" in text and "wJal[redacted cloud access key" in text
    assert "***-**-6907" in text and "**** **** **** 1111" in text and "NL** " in text, text
    assert "jane.roe@example.com" in text and "+1 415 555 0100" in text, text  # how a reader reaches her


def test_an_approved_runs_secrets_reach_search_masked_and_the_audit_still_finds_them(
    res: Resources, tmp_path: Path
) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "handover.md").write_text(HANDOVER)
    settings = Settings(source=str(root), collection="hb", embedder="hashing")
    waiting = execute(res, "acme", "r1", settings=settings)
    assert waiting.state.status == "needs_review", "the audit no longer finds the keys"
    assert waiting.state.findings.get("critical"), waiting.state.findings
    report = read_report(res.runs, "acme", "r1", "markdown") or ""
    assert "cloud_access_key" in report and "us_ssn" in report and "payment_card" in report, report
    assert (
        execute(res, "acme", "r1", resume={"decision": "approve", "by": "olga"}).state.status == "completed"
    )

    kb = res.index("hashing").for_tenant("acme")
    hits = [
        h.text for mode in ("keyword", "vector", "hybrid") for h in kb.search("zebracorn aws", k=5, mode=mode)
    ]
    assert_masked(indexed_text(hits))
    stored = kb.document("handover.md", "hb", text=True)
    assert_masked(" ".join(chunk.text or "" for chunk in stored.outline))


def test_kb_ingest_masks_them_too(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "handover.md").write_text(HANDOVER)
    index = KnowledgeIndex.from_url(f"sqlite:///{tmp_path / 'kb.db'}", embedder=HashingEmbedder())
    try:
        kb = index.for_tenant("acme")
        assert ingest_directory(kb, root, collection="hb").documents_indexed == 1
        assert_masked(indexed_text([h.text for h in kb.search("zebracorn aws", k=5, mode="keyword")]))
    finally:
        index.close()
