"""A version the question names that no candidate carries demotes nothing (r3 s38; of eb38a1a).

eb38a1a (knowledge/index/versions.py) puts the version of a document a question names first and every
other version of it "after the current documents", as an archived edition goes. When none of the
candidates carries the named version, every version of the family is "another version" and the whole
family goes after unrelated documents:

- a product's version in the question ("Does the VPN client 5.2 support split tunnelling?"): the
  VPN guides carry their own version (v2, v3), "vpn" names their family, 5.2 is neither, and the
  printer page (relevance 0.30 against the guides' 0.65-0.67) is the first hit;
- a version the knowledge base does not hold ("Leave Policy v4" where v2 and v3 are indexed): the
  travel policy leads, and the assistant answers a leave question from it.

The rule demotes a sibling because the named version is there to lead; with none there, the family
stays where its relevance puts it (its newest first, as for a question naming no version). Pure: the
rerank over hand-made candidates, no index (< 1 s)."""

from __future__ import annotations

import pytest

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank


def _hit(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=path, collection="kb", title=title, source_path=path, heading=None,
        position=0, text=text, effective_date=None, score=0.0, doc_chunks=10,
    )  # fmt: skip


VPN = [
    _hit("g2", "VPN Setup Guide v2", "it/vpn-setup-v2.md",
         "The VPN client supports split tunnelling: company traffic goes through the tunnel, the rest goes direct."),
    _hit("g3", "VPN Setup Guide v3", "it/vpn-setup-v3.md",
         "The VPN client supports split tunnelling for company subnets; all other traffic goes direct."),
    _hit("p1", "Printer Setup", "it/printer-setup.md",
         "Printers on the office network are added from the print server; drivers install automatically."),
]  # fmt: skip
LEAVE = [
    _hit("l2", "Leave Policy v2", "hr/leave-v2.md",
         "Employees get 25 days of annual leave; unused days carry over until March."),
    _hit("l3", "Leave Policy v3", "hr/leave-v3.md",
         "Employees get 27 days of annual leave; up to 5 unused days carry over."),
    _hit("t1", "Travel Policy", "hr/travel.md",
         "Book travel through the portal; economy class for flights under 6 hours."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hits", "query", "dense", "first"),
    [
        (
            VPN,
            "Does the VPN client 5.2 support split tunnelling?",
            {"g2": 0.62, "g3": 0.64, "p1": 0.30},
            "g3",
        ),
        (
            LEAVE,
            "How many days of annual leave does Leave Policy v4 give?",
            {"l2": 0.6, "l3": 0.62, "t1": 0.3},
            "l3",
        ),
    ],
    ids=["product-version", "version-not-indexed"],
)
def test_a_version_no_candidate_carries_leaves_its_family_first(
    hits: list[SearchHit], query: str, dense: dict[str, float], first: str
) -> None:
    # Control (the same question without the version): the family's newest leads.
    unversioned = query.replace(" 5.2", "").replace(" v4", "")
    assert rerank(hits, unversioned, 3, dense=dense)[0].chunk_id == first
    ranked = rerank(hits, query, 3, dense=dense)
    assert ranked[0].chunk_id == first, [(h.chunk_id, h.title) for h in ranked]
