"""``audit_collection``: rules across documents, from their signatures alone.

Near-duplicates: MinHash LSH (datasketch) finds candidate pairs without comparing every pair; a pair
whose estimated Jaccard similarity reaches the threshold joins one cluster, and every member of a
cluster gets one finding naming its closest twin.

Superseded versions: documents of one policy family (same reference, or same title once years,
versions and edition words are removed) are ordered by year, version and dates; every edition older
than the newest is superseded by it. A document that says it is archived or superseded, and has no
newer edition in the collection, is reported as such.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import date

import numpy as np

from knowledge.audit.lifecycle import MINHASH_SCHEME, MINHASH_SEED
from knowledge.audit.masking import mask_sensitive
from knowledge.audit.models import DocSignature, DocumentAudit, Finding
from knowledge.audit.rules import AuditRules

Entry = tuple[str, str, DocSignature]


def audit_collection(
    docs: Sequence[DocumentAudit] | Sequence[tuple[str, str, DocSignature]], rules: AuditRules
) -> list[Finding]:
    """Near-duplicate and superseded findings over ``docs`` (doc_id, path, signature), in path order."""
    entries: list[Entry] = sorted(
        (
            (d.doc_id, d.path, d.signature) if isinstance(d, DocumentAudit) else (d[0], d[1], d[2])
            for d in docs
        ),
        key=lambda e: (e[1], e[0]),
    )
    findings: list[Finding] = []
    if rules.enabled_category("near_duplicate"):
        findings.extend(_near_duplicates(entries, rules))
    if rules.enabled_category("superseded"):
        findings.extend(_superseded(entries, rules))
    return sorted(findings, key=lambda f: (f.path, f.category))


def _near_duplicates(entries: list[Entry], rules: AuditRules) -> list[Finding]:
    usable = [(i, e) for i, e in enumerate(entries) if len(e[2].minhash)]  # a list or an array
    if len(usable) < 2:
        return []
    num_perm = len(usable[0][1][2].minhash)
    usable = [(i, e) for i, e in usable if len(e[2].minhash) == num_perm]
    # datasketch's package imports its LSH forest's scipy.integrate (~0.7 s): loaded for this step only.
    from datasketch import LeanMinHash, MinHashLSH

    values = {i: np.asarray(e[2].minhash, dtype=np.uint64) for i, e in usable}
    lsh = MinHashLSH(threshold=rules.near_duplicate_threshold, num_perm=num_perm)
    for i, _ in usable:
        lsh.insert(i, LeanMinHash(seed=MINHASH_SEED, hashvalues=values[i], scheme=MINHASH_SCHEME))
    parent = {i: i for i, _ in usable}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    best: dict[int, tuple[float, int]] = {}
    for i, _ in usable:
        for j in lsh.query(LeanMinHash(seed=MINHASH_SEED, hashvalues=values[i], scheme=MINHASH_SCHEME)):
            if j == i:
                continue
            similarity = float(np.mean(values[i] == values[j]))
            if similarity < rules.near_duplicate_threshold:
                continue
            parent[root(i)] = root(j)
            if similarity > best.get(i, (-1.0, -1))[0] or (
                similarity == best[i][0] and entries[j][1] < entries[best[i][1]][1]
            ):
                best[i] = (similarity, j)
    # datasketch's index keeps a bound method of itself (``_H``): a reference cycle, so without this
    # its tables (about 2.5 MB per 1,000 documents) live until the next full garbage collection, and
    # the report step, which computes the findings again, builds a second index on top of them.
    vars(lsh).pop("_H", None)
    del lsh, values
    clusters: dict[int, int] = defaultdict(int)
    for i in best:
        clusters[root(i)] += 1
    findings = []
    for i, (similarity, j) in sorted(best.items()):
        doc_id, path, _sig = entries[i]
        others = clusters[root(i)] - 1
        also = f" and {others - 1} more" if others > 1 else ""
        excerpt = f"{similarity:.0%} similar to {entries[j][1]}{also}"
        findings.append(rules.finding(doc_id, path, "near_duplicate", excerpt))
    return findings


def _short(title: str, limit: int = 80) -> str:
    # Quoted in the report members read: masked as its excerpts are (h13 s34 C4: a key in a title).
    title = mask_sensitive(title)
    return title if len(title) <= limit else title[: limit - 1] + "…"


def _version_key(sig: DocSignature) -> tuple[int, tuple[int, ...], date, date]:
    version = tuple(int(p) for p in re.findall(r"\d+", sig.version or ""))
    return (
        sig.year or (sig.effective.year if sig.effective else 0),
        version,
        sig.effective or date.min,
        sig.reviewed or date.min,
    )


def _superseded(entries: list[Entry], rules: AuditRules) -> list[Finding]:
    families: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry[2].family:
            families[entry[2].family].append(entry)
    flagged: dict[str, str] = {}
    for members in families.values():
        if len(members) < 2:
            continue
        newest = max(members, key=lambda e: (_version_key(e[2]), e[2].status is None))
        for doc_id, _path, sig in members:
            if _version_key(sig) < _version_key(newest[2]):
                flagged[doc_id] = (
                    f"'{_short(sig.title)}' is superseded by '{_short(newest[2].title)}' ({newest[1]})"
                )
    for doc_id, _path, sig in entries:
        if doc_id not in flagged and sig.status in (
            "superseded",
            "archived",
            "obsolete",
            "withdrawn",
            "retired",
        ):
            flagged[doc_id] = f"'{_short(sig.title)}' is marked {sig.status} but is still in the collection"
    return [
        rules.finding(doc_id, path, "superseded", flagged[doc_id])
        for doc_id, path, _sig in entries
        if doc_id in flagged
    ]
