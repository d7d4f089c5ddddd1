"""Demo corpus generator speed and determinism, and the audit's speed and quality on what it generates.

Generation: ``--docs`` documents (default 5,000, target under 60 s) written twice with the same seed
into fresh directories; the run reports the median wall time and checks the two trees are byte-identical.
Audit (``--audit``): every file loaded with the project's loaders and audited per document (the
pipeline's per-document cost: median and p95 milliseconds), then ``audit_collection`` over all
signatures, and precision / recall per category against the manifest.

Usage: .venv/bin/python bench/demo_corpus.py [--docs 5000] [--seed 1] [--runs 2] [--audit]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cli.kit import progress
from knowledge.audit import AuditRules, DocumentAudit, audit_collection, audit_document
from knowledge.corpus.evaluate import read_manifest, score
from knowledge.corpus.generate import generate_corpus
from knowledge.corpus.material import handbook_sections
from knowledge.documents import Document
from knowledge.loaders import load_directory


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def bench_generation(docs: int, seed: int, runs: int, workdir: Path) -> Path:
    handbook_sections()  # parse the shipped handbook once, as a long-running process would
    times, digests = [], []
    with progress(f"generating {docs:,} documents", runs) as bar:  # stderr only
        for run in range(runs):
            out = workdir / f"run{run}"
            started = time.perf_counter()
            generate_corpus(out, docs=docs, seed=seed)
            times.append(time.perf_counter() - started)
            digests.append(tree_digest(out))
            bar.advance()
    median = statistics.median(times)
    verdict = "PASS" if median < 60 else "FAIL"
    print(
        f"generate {docs:,} documents: median {median:.1f} s over {runs} runs ({docs / median:,.0f} docs/s)"
    )
    print(f"  target < 60 s: {verdict}; runs: " + ", ".join(f"{t:.1f} s" for t in times))
    same = len(set(digests)) == 1
    print(f"  deterministic (same seed, byte-identical trees): {'yes' if same else 'NO'} ({digests[0][:16]})")
    if not same:
        sys.exit(1)
    return workdir / "run0"


def bench_audit(root: Path) -> None:
    manifest = read_manifest(root)
    rules = AuditRules()
    audits: list[DocumentAudit] = []
    broken: dict[str, str] = {}
    per_doc: list[float] = []
    started = time.perf_counter()
    for result in load_directory(root, tenant_id="bench", collection="demo_corpus"):
        if result.source_path == "manifest.json":
            continue
        if not isinstance(result, Document):
            broken[result.source_path] = result.kind
            continue
        t0 = time.perf_counter()
        audits.append(
            audit_document(
                result.doc_id,
                result.source_path,
                result.text,
                result.metadata | {"title": result.title},
                rules,
                today=manifest.as_of,
            )
        )
        per_doc.append((time.perf_counter() - t0) * 1000)
    loaded = time.perf_counter() - started
    t0 = time.perf_counter()
    cross = audit_collection(audits, rules)
    collection_s = time.perf_counter() - t0
    per_doc.sort()
    p95 = per_doc[int(len(per_doc) * 0.95)]
    print(
        f"audit_document: median {statistics.median(per_doc):.1f} ms, p95 {p95:.1f} ms per document "
        f"({len(audits):,} documents; load + audit {loaded:.1f} s in total)"
    )
    print(f"audit_collection over {len(audits):,} signatures: {collection_s:.2f} s")
    findings = [f for a in audits for f in a.findings] + cross
    print(f"\n{'category':<18}{'planted':>9}{'found':>8}{'precision':>11}{'recall':>8}")
    for name, s in score(manifest, findings, broken).items():
        planted, got = s.true_positives + s.false_negatives, s.true_positives + s.false_positives
        print(f"{name:<18}{planted:>9}{got:>8}{s.precision:>11.3f}{s.recall:>8.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--docs", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=2, help="generations to time (at least 2: determinism)")
    parser.add_argument("--audit", action="store_true", help="also audit the corpus and score it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kassist-corpus-") as tmp:
        first = bench_generation(args.docs, args.seed, max(2, args.runs), Path(tmp))
        if args.audit:
            print()
            bench_audit(first)


if __name__ == "__main__":
    main()
