"""h21 s38 H21-3 (strict xfail): the audit of a run whose documents are near-duplicates of each other
compares every pair, twice.

knowledge/audit/collection._near_duplicates finds candidate pairs with MinHash LSH, then, for each
document, computes the similarity to every candidate (``np.mean`` of two signatures). LSH spares the
pairs that are not alike; in a cluster of n documents that are alike every pair is a candidate: n**2
comparisons. The audit step and the report step each compute the run's findings
(graph/ingestion/nodes.audit, store_report). Measured on the session's 2-core machine, copies of one
small page: 1,000 documents 28 s, 2,000 98 s, 4,000 336 s - per computation. Templated pages
(per-employee letters, per-product sheets, a wiki's generated pages) are such a cluster; a folder run
of 5,000 of them (the scale docs/ingestion.md's crash-safety is written for) holds its worker for
about twenty minutes at its end, redone at a resume, and an upload of 1,000 copies (Starlette's file
limit) about a minute.

Expected: the near-duplicate rule's cost grows about linearly with the documents (compare each to its
cluster's representative, or cap the candidates per document): 1,000 copies within seconds, with a
finding for each copy as now. The rule runs in a child process, timed from after its imports and
killed at the deadline."""

from __future__ import annotations

from deadline_child import output_within

COPIES = 1_000
RULE = (
    "import sys; from datetime import date; import numpy as np; "
    "from knowledge.audit import audit_document; from knowledge.audit.collection import audit_collection; "
    "from knowledge.audit.rules import AuditRules; import datasketch; "
    "rules = AuditRules(); "
    "page = 'Leave policy: employees get 25 days of annual leave a year. ' * 20; "
    "sig = audit_document('d', 'letter.md', page, {'title': 'Leave', 'owner': 'hr'}, rules, "
    "today=date(2026, 12, 7)).signature; "
    "sig = sig.model_copy(update={'minhash': np.asarray(sig.minhash, dtype=np.uint64)}); "
    "entries = [(f'd{i}', f'letters/{i}.md', sig) for i in range(int(sys.argv[1]))]; "
    "print('ready', flush=True); "
    "found = audit_collection(entries, rules); "
    "print(sum(f.rule == 'near_duplicate' for f in found))"
)


def test_a_run_of_1000_alike_documents_is_audited_in_seconds() -> None:
    out = output_within(
        RULE,
        str(COPIES),
        what=f"the near-duplicate rule over {COPIES:,} alike documents",
        waits="(and a run computes it twice: its audit and its report)",
    )
    assert int(out.strip()) == COPIES, out  # every copy is still reported
