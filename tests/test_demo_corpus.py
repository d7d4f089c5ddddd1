"""The generated demo corpus: deterministic, loadable in every format, its ground truth, and the audit's
precision and recall measured against it."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from knowledge.audit import CATEGORIES, AuditRules
from knowledge.corpus.evaluate import audit_corpus, read_manifest, score
from knowledge.corpus.generate import CorpusExistsError, Manifest, generate_corpus
from knowledge.documents import Document
from knowledge.loaders import load_directory

# Floors for the audit on a 500-document corpus (seed 11) with the default rules. Measured (docs/audit.md):
# precision 1.0 in every category; recall 1.0 for stale, missing metadata, near-duplicates, superseded and
# broken files, 0.97 for personal data and for secrets. About 6% of the planted personal data and secrets
# are written on purpose in shapes the rules do not read (an obfuscated address, a French national number
# with FR not a configured region, "use X as the password"), so recall there cannot reach 1.0; the
# floors sit below the measured values by the spread seen over seeds 11-13 and 1 (5,000 documents), not
# by enough to hide a rule that stops working (one broken rule drops its category's recall by 0.2 or more).
PRECISION_FLOOR = 0.97
RECALL_FLOORS = {"personal_data": 0.9, "secret": 0.85, "near_duplicate": 0.85}
RECALL_FLOOR = 0.97


def tree_digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus") / "docs"
    generate_corpus(root, docs=500, seed=11)
    return root


def test_same_seed_same_bytes_other_seed_other_corpus(tmp_path: Path) -> None:
    first = generate_corpus(tmp_path / "a", docs=60, seed=5)
    generate_corpus(tmp_path / "b", docs=60, seed=5)
    generate_corpus(tmp_path / "c", docs=60, seed=6)
    assert tree_digest(tmp_path / "a") == tree_digest(tmp_path / "b")
    assert tree_digest(tmp_path / "a") != tree_digest(tmp_path / "c")
    assert len(first.documents) == 60 and len(tree_digest(tmp_path / "a")) == 61  # + manifest.json


def test_refuses_a_directory_that_holds_files(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(CorpusExistsError, match="not an empty directory"):
        generate_corpus(tmp_path, docs=5, seed=1)
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_manifest_describes_every_file_and_every_category(corpus: Path) -> None:
    manifest = read_manifest(corpus)
    on_disk = set(tree_digest(corpus)) - {"manifest.json"}
    assert {doc.path for doc in manifest.documents} == on_disk and len(on_disk) == 500
    assert Counter(doc.format for doc in manifest.documents).keys() == {"md", "txt", "html", "pdf", "docx"}
    totals = manifest.totals()
    for category in CATEGORIES:
        assert totals.get(category, 0) >= 5, (category, totals)
    assert {d.expected_broken for d in manifest.documents} >= {
        "encrypted_pdf",
        "binary",
        "empty",
        "broken_file",
    }
    assert sum(1 for d in manifest.documents if d.decoys) >= 50
    # Planted values are not in the manifest: it says what and where, not the secret itself.
    raw = (corpus / "manifest.json").read_text()
    assert "AKIA" not in raw and "BEGIN RSA" not in raw and "@gmail.com" not in raw


def test_every_file_loads_except_the_ones_broken_on_purpose(corpus: Path) -> None:
    expected = {d.path: d.expected_broken for d in read_manifest(corpus).documents if d.expected_broken}
    failed: dict[str, str] = {}
    titles = Counter()
    for result in load_directory(corpus, tenant_id="acme", collection="demo"):
        if isinstance(result, Document):
            titles[result.media_type] += 1
            assert len(result.text) > 200 and result.metadata.get("reference"), result.source_path
        elif result.source_path != "manifest.json":
            failed[result.source_path] = result.kind
    assert failed == expected
    assert len(titles) == 5


def test_audit_precision_and_recall_against_the_manifest(corpus: Path) -> None:
    manifest = read_manifest(corpus)
    findings, broken = audit_corpus(corpus, AuditRules(), manifest)
    scores = score(manifest, findings, broken)
    for category, s in scores.items():
        assert s.true_positives > 0, category
        assert s.precision >= PRECISION_FLOOR, (category, s)
        assert s.recall >= RECALL_FLOORS.get(category, RECALL_FLOOR), (category, s)
    # No excerpt repeats a planted secret or card number: the report is safe to share.
    for f in findings:
        if f.rule in ("payment_card", "cloud_access_key", "api_token", "password", "private_key"):
            assert "[redacted" in f.excerpt or "****" in f.excerpt, f


def test_cli_writes_the_corpus_and_says_what_was_planted(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(
        app, ["demo-corpus", str(tmp_path / "out"), "--docs", "80", "--seed", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["documents"] == 80 and summary["planted"]["personal_data"] > 0
    # The ground truth sits next to the corpus, not in it: the folder holds the documents only.
    truth = tmp_path / "out.manifest.json"
    assert summary["manifest"] == str(truth) and truth.is_file()
    assert not (tmp_path / "out" / "manifest.json").exists()
    assert len(read_manifest_file(truth).documents) == 80 == len(tree_digest(tmp_path / "out"))
    again = runner.invoke(app, ["demo-corpus", str(tmp_path / "out"), "--docs", "80"])
    assert again.exit_code == 2 and "out.manifest.json exists" in again.output
    truth.unlink()
    again = runner.invoke(app, ["demo-corpus", str(tmp_path / "out"), "--docs", "80"])
    assert again.exit_code == 2 and "not an empty directory" in again.output
    assert not truth.exists()  # refused before anything was written


def read_manifest_file(path: Path) -> Manifest:
    return Manifest.model_validate_json(path.read_text(encoding="utf-8"))


def test_ingesting_a_generated_corpus_fails_only_its_broken_files(tmp_path: Path, sqlite_url: str) -> None:
    """`kassist demo-corpus DIR` then `kassist ingest DIR`: the failed documents are exactly the ones
    broken on purpose, none caused by our own ground-truth file (issue 28)."""
    runner = CliRunner()
    made = runner.invoke(app, ["demo-corpus", str(tmp_path / "corpus"), "--docs", "60", "--seed", "4"])
    assert made.exit_code == 0, made.output
    assert f"ground truth: {tmp_path / 'corpus.manifest.json'}\n" in made.output  # whole, on its line
    broken = {
        d.path for d in read_manifest_file(tmp_path / "corpus.manifest.json").documents if d.expected_broken
    }
    assert broken
    ingested = runner.invoke(
        app,
        ["ingest", str(tmp_path / "corpus"), "--tenant", "acme", "--collection", "demo", "--embedder", "hashing",
         "--database-url", sqlite_url, "--reports-dir", str(tmp_path / "reports"), "--json"],
    )  # fmt: skip
    assert ingested.exit_code == 3, ingested.output  # partial: the broken files are listed as failed
    report = json.loads(ingested.output)
    assert {f["path"] for f in report["failed_documents"]} == broken
    assert report["counters"]["documents_failed"] == len(broken)
    assert report["counters"]["documents_seen"] == 60
