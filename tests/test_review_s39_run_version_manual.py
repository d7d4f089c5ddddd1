"""r4 s39 (review of 977e696, R3-22): a user who says which version they run gets another version's manual.

977e696 reads "we run git 2.39.3" as a fact about the user, not a version asked about: blind 20's
release notes, where the fix is in a LATER release's notes. It applies that to every family that is not
superseding - a version named after "run/running/installed" or "I'm/we're on" names nothing and
demotes nothing - and a product's manuals ("VPN Client 5.2 Administrator Guide", "... 6.0 ...") carry
no signal of either kind (version_kinds.Kind.UNKNOWN). For a manual, the version the user runs is the
one whose steps apply to them: "We run VPN client 5.2 - how do I turn on split tunnelling?" ranked the
5.2 guide first at 977e696^ (NAMED, its sibling OTHER), and ranks the 6.0 guide's other steps first
now, where dense similarity puts it a little ahead. The same question without "we run" still gets 5.2.
Pure: the second stage over hand-made candidates, as tests/test_rank_versions.py."""

from __future__ import annotations

import pytest

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank

GUIDES = [
    ("VPN Client 5.2 Administrator Guide", "it/vpn-client-5.2-admin-guide.md"),
    ("VPN Client 6.0 Administrator Guide", "it/vpn-client-6.0-admin-guide.md"),
]


def _hit(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=path, collection="it", title=title, source_path=path, heading=None,
        position=0, text=text, effective_date=None, score=0.0, doc_chunks=10,
    )  # fmt: skip


RUNS = _hit(
    "g52", *GUIDES[0], "Split tunnelling: open Settings > Routing and tick 'Send only company traffic'."
)
OTHER = _hit("g60", *GUIDES[1], "Split tunnelling: in the Profiles tab choose Edit profile > Traffic rules.")


@pytest.mark.parametrize(
    "query",
    [
        "We run VPN client 5.2 - how do I turn on split tunnelling?",
        "We're on VPN client 5.2; how do I enable split tunnelling?",
        # Not even run: a version being installed or deployed is the one the question is about.
        "Which steps enable split tunnelling when installing VPN client 5.2?",
        "Steps for deploying VPN client 5.2 with split tunnelling",
    ],
)
def test_the_manual_of_the_version_the_user_runs_leads(query: str) -> None:
    ranked = rerank([OTHER, RUNS], query, 2, dense={"g52": 0.50, "g60": 0.52})
    assert [h.chunk_id for h in ranked] == ["g52", "g60"]


def test_the_manual_of_the_version_asked_about_leads() -> None:
    query = "How do I enable split tunnelling in VPN client 5.2?"
    ranked = rerank([OTHER, RUNS], query, 2, dense={"g52": 0.50, "g60": 0.52})
    assert [h.chunk_id for h in ranked] == ["g52", "g60"]


# Still open after 28f8541/c92e2e1 (R4-12's class): 28f8541 named guides and manuals superseding, so the
# cases above pass; a family whose title names no listed kind ('Setup Notes', 'Cheat Sheet', 'Quick
# Start': Kind.UNKNOWN) still takes the version the user runs for none. Only a release series' run
# version is not the one asked about (its fix is in a later release's notes).


@pytest.mark.parametrize("kind", ["Setup Notes", "Cheat Sheet", "Quick Start"])
def test_the_notes_of_the_version_the_user_runs_lead_a_family_with_no_kind_signal(kind: str) -> None:
    slug = kind.lower().replace(" ", "-")
    runs = _hit(
        "v52", f"X200 Firmware 5.2 {kind}", f"kb/x200-5.2-{slug}.md", "Guest Wi-Fi: open Network > Guest."
    )
    other = _hit(
        "v60", f"X200 Firmware 6.0 {kind}", f"kb/x200-6.0-{slug}.md", "Guest Wi-Fi: Wireless > Profiles."
    )
    query = "We run X200 firmware 5.2 - how do I enable guest Wi-Fi?"
    ranked = rerank([other, runs], query, 2, dense={"v52": 0.50, "v60": 0.52})
    assert [h.chunk_id for h in ranked] == ["v52", "v60"]
