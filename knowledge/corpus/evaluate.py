"""Precision and recall of the compliance audit against a generated corpus's manifest.

Run: ``python -m knowledge.corpus.evaluate CORPUS_DIR [--json]`` on a directory written by
``kassist demo-corpus`` (its ground truth beside it, ``CORPUS_DIR.manifest.json``). Every file is loaded with the project's loaders, audited with the default rules
on the manifest's ``as_of`` date, and compared per document and category: the audit's findings of a
category in a document are matched against the items planted there (true positives up to the smaller
count, the rest false positives or false negatives). Broken files are compared with the loader's
error kind.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from knowledge.audit import CATEGORIES, AuditRules, DocumentAudit, Finding, audit_collection, audit_document
from knowledge.corpus import ground_truth_path
from knowledge.corpus.generate import Manifest
from knowledge.documents import Document
from knowledge.loaders import load_directory


@dataclass(frozen=True)
class Score:
    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 1.0

    @property
    def recall(self) -> float:
        planted = self.true_positives + self.false_negatives
        return self.true_positives / planted if planted else 1.0


def read_manifest(root: Path) -> Manifest:
    """The corpus's ground truth: beside the folder (``<dir>.manifest.json``, where ``kassist
    demo-corpus`` keeps it so that ingesting the folder reads only documents), or inside it
    (``manifest.json``, as :func:`generate_corpus` writes it)."""
    places = (Path(root) / "manifest.json", ground_truth_path(root))
    for path in places:
        if path.is_file():
            return Manifest.model_validate_json(path.read_text(encoding="utf-8"))
    raise FileNotFoundError(
        f"no ground truth for the corpus {root}: neither {places[1]} nor {places[0]} exists; "
        f"write one with `kassist demo-corpus {root}`"
    )


def audit_corpus(root: Path, rules: AuditRules, manifest: Manifest) -> tuple[list[Finding], dict[str, str]]:
    """All findings over the corpus at ``root``, and the load errors by path."""
    audits: list[DocumentAudit] = []
    broken: dict[str, str] = {}
    for result in load_directory(Path(root), tenant_id="demo", collection="demo_corpus"):
        if result.source_path == "manifest.json":
            continue
        if isinstance(result, Document):
            metadata = result.metadata | {"title": result.title}
            audits.append(
                audit_document(
                    result.doc_id, result.source_path, result.text, metadata, rules, today=manifest.as_of
                )
            )
        else:
            broken[result.source_path] = result.kind
    findings = [f for a in audits for f in a.findings] + audit_collection(audits, rules)
    return findings, broken


def score(manifest: Manifest, findings: Iterable[Finding], broken: dict[str, str]) -> dict[str, Score]:
    """Per category (and ``broken``): true positives, false positives, false negatives."""
    found = Counter((f.path, f.category) for f in findings)
    scores: dict[str, Score] = {}
    known = {doc.path for doc in manifest.documents}
    for category in CATEGORIES:
        tp = fp = fn = 0
        for doc in manifest.documents:
            planted = len(doc.planted.get(category, []))
            got = found[(doc.path, category)]
            tp, fp, fn = tp + min(planted, got), fp + max(0, got - planted), fn + max(0, planted - got)
        fp += sum(n for (path, category_), n in found.items() if category_ == category and path not in known)
        scores[category] = Score(tp, fp, fn)
    expected = {doc.path: doc.expected_broken for doc in manifest.documents if doc.expected_broken}
    tp = sum(1 for path, kind in expected.items() if broken.get(path) == kind)
    scores["broken"] = Score(tp, len(broken) - tp, len(expected) - tp)
    return scores


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("corpus", type=Path, help="a directory written by `kassist demo-corpus`")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    args = parser.parse_args(argv)
    try:
        manifest = read_manifest(args.corpus)
    except FileNotFoundError as exc:
        parser.exit(2, f"error: {exc}\n")
    findings, broken = audit_corpus(args.corpus, AuditRules(), manifest)
    scores = score(manifest, findings, broken)
    if args.json:
        rows = {k: asdict(v) | {"precision": v.precision, "recall": v.recall} for k, v in scores.items()}
        print(json.dumps(rows, indent=1))
        return
    print(f"{len(manifest.documents)} documents, seed {manifest.seed}, audited as of {manifest.as_of}")
    print(
        f"{'category':<18}{'planted':>9}{'found':>8}{'TP':>7}{'FP':>6}{'FN':>6}{'precision':>11}{'recall':>8}"
    )
    for name, s in scores.items():
        planted, got = s.true_positives + s.false_negatives, s.true_positives + s.false_positives
        print(
            f"{name:<18}{planted:>9}{got:>8}{s.true_positives:>7}{s.false_positives:>6}{s.false_negatives:>6}"
            f"{s.precision:>11.3f}{s.recall:>8.3f}"
        )


if __name__ == "__main__":
    main()
