"""``audit_collection``: rules across documents, from their signatures alone.

Near-duplicates: MinHash LSH bands (datasketch's for the threshold) find candidate pairs without
comparing every pair; a pair whose estimated Jaccard similarity reaches the threshold joins one
cluster, and every member of a cluster gets one finding naming its closest twin. Exact copies are
compared as one, and a bucket's members only with its first ones (CANDIDATES_PER_BUCKET): linear in
the documents, whatever their likeness.

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


# A bucket's members each compared with at most its first CANDIDATES_PER_BUCKET (in path order): in a
# cluster of alike documents (templated pages, per-employee letters) every pair shares a bucket, and
# comparing every pair cost n**2 (5,000 such pages: about 20 minutes, twice a run; session 38 H21-3).
# A collection whose buckets are smaller - any that is not such a cluster - is compared pair by pair.
CANDIDATES_PER_BUCKET = 256


def _near_duplicates(entries: list[Entry], rules: AuditRules) -> list[Finding]:
    usable = [(i, e) for i, e in enumerate(entries) if len(e[2].minhash)]  # a list or an array
    if len(usable) < 2:
        return []
    num_perm = len(usable[0][1][2].minhash)
    usable = [(i, e) for i, e in usable if len(e[2].minhash) == num_perm]
    # datasketch's package imports its LSH forest's scipy.integrate (~0.7 s): loaded for this step only.
    # Its index gives the bands (rows per band) for the threshold; the buckets are built here, so that
    # exact copies are one entry and a bucket's candidates can be bounded.
    from datasketch import MinHashLSH

    bands = MinHashLSH(threshold=rules.near_duplicate_threshold, num_perm=num_perm).hashranges
    # Exact copies (the same signature) are one group, compared with the others once.
    groups: dict[bytes, list[int]] = {}
    for i, e in usable:
        groups.setdefault(np.asarray(e[2].minhash, dtype=np.uint64).tobytes(), []).append(i)
    members = list(groups.values())  # in path order of their first member
    values = np.frombuffer(b"".join(groups), dtype=np.uint64).reshape(len(members), num_perm)
    del groups
    buckets: dict[tuple[int, bytes], list[int]] = defaultdict(list)
    for g in range(len(members)):
        for band, (lo, hi) in enumerate(bands):
            buckets[band, values[g, lo:hi].tobytes()].append(g)
    heads = {key: np.asarray(gs[:CANDIDATES_PER_BUCKET]) for key, gs in buckets.items() if len(gs) > 1}
    parent = list(range(len(members)))

    def root(g: int) -> int:
        while parent[g] != g:
            parent[g] = parent[parent[g]]
            g = parent[g]
        return g

    near: dict[int, tuple[float, int]] = {}  # a group's closest other group: (similarity, group)

    def closer(g: int, similarity: float, h: int) -> None:
        # The closest; at equal similarity the one first in path order.
        if (similarity, -h) > (near.get(g, (-1.0, 0))[0], -near.get(g, (-1.0, 0))[1]):
            near[g] = (similarity, h)

    for g in range(len(members)):
        found = [
            heads[key]
            for band, (lo, hi) in enumerate(bands)
            if (key := (band, values[g, lo:hi].tobytes())) in heads
        ]
        if not found:
            continue
        candidates = np.unique(np.concatenate(found))
        candidates = candidates[candidates != g]
        similar = (values[candidates] == values[g]).mean(axis=1)
        for h, similarity in zip(candidates.tolist(), similar.tolist(), strict=True):
            if similarity < rules.near_duplicate_threshold:
                continue
            parent[root(g)] = root(h)
            closer(g, similarity, h)
            closer(h, similarity, g)  # both ways: h may compare with its bucket's first ones only
    del buckets, heads, values
    best: dict[int, tuple[float, int]] = {}
    for g, docs in enumerate(members):
        for i in docs:
            if len(docs) > 1:  # its copies: identical signatures, nothing is closer
                best[i] = (1.0, docs[1] if i == docs[0] else docs[0])
            elif g in near:
                best[i] = (near[g][0], members[near[g][1]][0])
    group_of = {i: g for g, docs in enumerate(members) for i in docs}
    clusters: dict[int, int] = defaultdict(int)
    for i in best:
        clusters[root(group_of[i])] += 1
    findings = []
    for i, (similarity, j) in sorted(best.items()):
        doc_id, path, _sig = entries[i]
        others = clusters[root(group_of[i])] - 1
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
