"""Versions of one document: the version a question names wins, else the newest (issue 27, session 38).

A knowledge base holds versions of one document as an enterprise's policies come ("Leave Policy v2"
and "v3", the 2025 and 2026 handbook, GPL 2 and GPL 3, MPL 1.1 and MPL 2.0). Their passages say
nearly the same in nearly the same words, and "2.0" or "1.1" is no word the ranking reads: on blind
19 (session 37) a question naming "MPL 2.0" cited MPL 1.1, one naming "LGPL 2.1" or "GPL-2" cited
GPL 3 (7 of 18 licence turns). knowledge/index/versions.py reads the versions a question names and
the version each candidate's title or file name carries; the rerank and the sentence stage put the
named version first and another version of it after the current documents (review s38: only when a
candidate carries the version named, and a year only as an edition, not as a date). Pure: the rule and the
second stage over hand-made candidates, no index.

Session 39 (q5): "the newest leads" only where versions replace each other (policies, licences, editions
by year); a release-notes series keeps plain relevance (each release lists its own changes: the feature
is in the release that brought it, not the newest), and the release a user says they run is not the
one they ask about (blind 20: "we run git 2.39.3" cited 2.39.3's notes, the fix is in 2.39.4's).
"""

from __future__ import annotations

import math
from datetime import date

import pytest

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank
from knowledge.index.version_kinds import Kind, kind
from knowledge.index.versions import Mention, Relation, doc_version, mentions, relations

N, NAMED, OTHER, OLDER = Relation.NONE, Relation.NAMED, Relation.OTHER, Relation.OLDER


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("there's MPL 2.0 code in our product", [Mention(("mpl", "s"), (2,))]),
        ("a binary of a GPL-2 program", [Mention(("gpl",), (2,))]),
        ("we broke the gplv3 by accident", [Mention(("gpl",), (3,))]),
        ("Is the LGPL version 3 complete on its own?", [Mention(("lgpl",), (3,))]),
        ("lgpl 2.1 relation to library gpl", [Mention(("lgpl",), (2, 1))]),
        ("Mozilla Public License 2.0 patents", [Mention(("license", "public", "mozilla"), (2,))]),
        ("what changed in v3", [Mention((), (3,))]),
        ("the second edition of the handbook", [Mention((), (2,))]),
        ("the 3rd edition", [Mention((), (3,))]),
        ("what did version II say", [Mention((), (2,))]),
        ("What did the 2024 leave policy allow?", [Mention((), (2024,), year=True)]),
    ],
)
def test_a_question_names_a_version_with_the_words_before_it(query: str, found: list[Mention]) -> None:
    assert mentions(query) == found


@pytest.mark.parametrize(
    "query",
    [
        "can I carry over 5 days",
        "in 3 days",
        "travel request 4821 status",
        "what does the GPL say",
        "I am 35",
    ],
)
def test_a_number_that_follows_no_name_or_version_word_is_no_version(query: str) -> None:
    assert [m for m in mentions(query) if not m.family] == []
    assert all(m.family for m in mentions(query))


def test_versions_compare_as_numbers_trailing_zeros_dropped() -> None:
    assert doc_version("MPL 2.0", "l/MPL-2.0.txt").number == mentions("MPL 2")[0].number == (2,)
    assert doc_version("LGPL 2.1", "l/LGPL-2.1.txt").number == (2, 1) != (2,)
    assert doc_version("Runbook", "ops/runbook-1.10.md").number == (1, 10)


def test_a_documents_family_is_its_title_without_version_status_or_date() -> None:
    archived = doc_version("Leave Policy (2024 edition, superseded)", "archive/leave-policy-2024.md")
    assert (archived.family, archived.number) == (frozenset({"leave", "policy"}), (2024,))
    gpl = doc_version("GNU GENERAL PUBLIC LICENSE Version 3, 29 June 2007", "x/copying.txt")
    assert (gpl.family, gpl.number) == (frozenset({"gnu", "general", "public", "license"}), (3,))
    assert "gpl" in gpl.initials
    named_by_file = doc_version("MPL 2.0", "licenses/MPL-2.0.txt")
    assert (named_by_file.family, named_by_file.number) == (frozenset({"mpl"}), (2,))
    assert doc_version("Leave Policy", "hr/leave-policy.md").number is None


LICENCES = [
    ("MPL 1.1", "licenses/MPL-1.1.txt"),
    ("Mozilla Public License Version 2.0", "licenses/MPL-2.0.txt"),
    ("GPL 2", "licenses/GPL-2.txt"),
    ("GPL 3", "licenses/GPL-3.txt"),
    ("LGPL 2.1", "licenses/LGPL-2.1.txt"),
    ("LGPL 3", "licenses/LGPL-3.txt"),
    ("Apache 2.0", "licenses/Apache-2.0.txt"),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # A family's acronym is its title's initials: "MPL" is "Mozilla Public License".
        ("there's MPL 2.0 code in our product", [OTHER, NAMED, OLDER, N, OLDER, N, N]),
        ("Mozilla Public License 2.0 and patents", [OTHER, NAMED, OLDER, N, OLDER, N, N]),
        # "GPL" is not "LGPL", and "LGPL" not "GPL": whole words, never a part of one.
        ("a binary of a GPL-2 program", [OLDER, N, NAMED, OTHER, OLDER, N, N]),
        (
            "Is the LGPL version 3 complete, or does it lean on the GPL?",
            [OLDER, N, OLDER, N, OTHER, NAMED, N],
        ),
        ("lgpl 2.1 relation to library gpl", [OLDER, N, OLDER, N, NAMED, OTHER, N]),
        # No version named: each family's newest leads, the older ones lose a little.
        ("what does the GPL say about patents", [OLDER, N, OLDER, N, OLDER, N, N]),
        # A name no candidate goes by names no version of theirs.
        ("section 3 of the GPL", [OLDER, N, OLDER, N, OLDER, N, N]),
    ],
)
def test_relations_of_licence_versions(query: str, expected: list[Relation]) -> None:
    # A licence says so in its text ("the terms of this License"): a newer one replaces the older.
    kinds = [
        kind(title, path, "You may convey copies under the terms of this License.")
        for title, path in LICENCES
    ]
    assert kinds == [Kind.SUPERSEDING] * len(LICENCES)
    assert relations(query, LICENCES, kinds) == expected


def test_a_version_named_without_its_documents_name_picks_among_siblings() -> None:
    docs = [
        ("Leave Policy v2", "hr/leave-v2.md"),
        ("Leave Policy v3", "hr/leave-v3.md"),
        ("Expenses", "e.md"),
    ]
    assert relations("what did version 2 say about carry-over", docs) == [N, OTHER, N]
    assert relations("how much leave can I carry over", docs) == [OLDER, N, N]


def test_a_year_picks_its_edition_and_the_newest_leads_otherwise() -> None:
    docs = [
        ("Holiday Calendar 2025", "hr/holidays-2025.md"),
        ("Holiday Calendar 2026", "hr/holidays-2026.md"),
    ]
    assert relations("which days were holidays in the 2025 calendar", docs) == [N, OTHER]
    assert relations("which days are public holidays", docs) == [OLDER, N]


def test_a_document_named_in_two_versions_keeps_both() -> None:
    assert relations("compare GPL 2 and GPL 3", LICENCES[2:4]) == [NAMED, NAMED]


def _hit(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=path, collection="licences", title=title, source_path=path, heading=None,
        position=0, text=text, effective_date=None, score=0.0, doc_chunks=10,
    )  # fmt: skip


OLD = _hit(
    "m1", "MPL 1.1", "licenses/MPL-1.1.txt",
    "You may create a Larger Work by combining Covered Code with other code not governed by the terms of "
    "this License and distribute the Larger Work as a single product.",
)  # fmt: skip
NEW = _hit(
    "m2", "Mozilla Public License Version 2.0", "licenses/MPL-2.0.txt",
    "You may create and distribute a Larger Work under terms of Your choice, provided that You also comply "
    "with the requirements of this License for the Covered Software.",
)  # fmt: skip


def test_the_version_the_question_names_leads_a_closer_sibling() -> None:
    query = "there's MPL 2.0 code inside our bigger closed product, is that allowed"
    ranked = rerank([OLD, NEW], query, 2, dense={"m1": 0.55, "m2": 0.45})
    assert [h.chunk_id for h in ranked] == ["m2", "m1"]


def test_without_a_version_the_closer_passage_still_leads_an_older_version_by_much() -> None:
    # The newest-first rule is a small penalty, not a demotion: a much closer older version leads.
    query = "can Covered Code be combined into a Larger Work as a single product"
    ranked = rerank([OLD, NEW], query, 2, dense={"m1": 0.60, "m2": 0.40})
    assert [h.chunk_id for h in ranked] == ["m1", "m2"]
    even = rerank([OLD, NEW], "mozilla licence larger work", 2, dense={"m1": 0.50, "m2": 0.50})
    assert [h.chunk_id for h in even] == ["m2", "m1"]


def test_the_relevance_the_abstention_bar_reads_is_unchanged_by_versions() -> None:
    unversioned = NEW.model_copy(
        update={"title": "Mozilla Public License", "source_path": "licenses/MPL.txt"}
    )
    dense = {"m1": 0.5, "m2": 0.1}
    plain = {
        h.chunk_id: h.relevance for h in rerank([OLD, unversioned], "MPL 2.0 larger work", 2, dense=dense)
    }
    named = {h.chunk_id: h.relevance for h in rerank([OLD, NEW], "MPL 2.0 larger work", 2, dense=dense)}
    assert named == plain


def test_a_number_counting_a_series_is_no_version() -> None:
    # Weekly notes of week 31 and week 37 are two meetings, not two versions of one.
    assert mentions("the notes of week 31") == mentions("part 2 of the guide") == []
    docs = [("Data Platform weekly meeting notes, week 18", "it/notes-week-18.md"),
            ("Data Platform weekly meeting notes, week 42", "it/notes-week-42.md")]  # fmt: skip
    assert relations("what did data platform decide about backups", docs) == [N, N]
    assert doc_version(*docs[0]).number is None


def _looked(title: str, chunks: int, chunk: str) -> SearchHit:
    return _hit(
        chunk, title, f"policies/{chunk}.md", "Expense claims are filed within 30 days of the trip."
    ).model_copy(update={"doc_chunks": chunks, "doc_id": chunk})


def test_document_length_is_read_only_where_an_office_or_team_variant_is_looked_at() -> None:
    # A source is longer than the office pages quoting it; without such a page length is no evidence
    # (a reference chapter restating short pages): order_model's variant_len (session 38, q3).
    from knowledge.index import order_model

    col = order_model.FEATURES.index("variant_len")

    class M:
        cosine, order = 0.5, None

    def rows(looked: list[SearchHit]) -> list[float]:
        matches = {h.chunk_id: M() for h in looked}
        base = {h.doc_id: 0.5 for h in looked}
        out = order_model.feature_rows(
            looked, looked, "expense claims deadline", matches, base, [False] * len(looked)
        )
        return [round(float(x), 6) for x in out[:, col]]

    policy, chapter = _looked("Travel and Expenses Policy", 20, "p"), _looked("Finance Reference", 60, "r")
    office = _looked("Expense claims: Singapore office 2026", 3, "s")
    assert rows([policy, chapter]) == [0.0, 0.0]
    assert rows([policy, office]) == [round(math.log(21), 6), round(math.log(4), 6)]


LEAVE = [
    ("Leave Policy 2024", "hr/leave-2024.md"),
    ("Leave Policy 2025", "hr/leave-2025.md"),
    ("Travel Policy", "hr/travel.md"),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # A year next to the document's name or a version word names its edition ...
        ("What did the 2024 leave policy allow for carry-over?", [N, OTHER, N]),
        ("Leave Policy 2024: how many days carry over", [N, OTHER, N]),
        ("carry-over in the 2024 edition", [N, OTHER, N]),
        ("how many leave days in 2025's policy", [OTHER, N, N]),
        # ... elsewhere it is a date, and the newest policy leads (review s38, R3-3b).
        ("Until when can I take leave days left over from 2024?", [OLDER, N, N]),
        ("I joined in 2024, how many leave days do I get?", [OLDER, N, N]),
    ],
)
def test_a_year_names_an_edition_only_next_to_its_name_or_a_version_word(
    query: str, expected: list[Relation]
) -> None:
    assert relations(query, LEAVE) == expected


def test_a_version_no_candidate_carries_names_no_sibling_as_another() -> None:
    docs = [("Leave Policy v2", "hr/leave-v2.md"), ("Leave Policy v3", "hr/leave-v3.md")]
    assert relations("what does Leave Policy v4 say", docs) == [OLDER, N]
    assert relations("what does version 4 say", docs) == [OLDER, N]


def _leave(chunk: str, title: str, text: str) -> SearchHit:
    return _hit(chunk, title, f"hr/{chunk}.md", text).model_copy(update={"collection": "kb"})


def test_another_version_goes_after_current_pages_only_when_the_named_one_is_there() -> None:
    # The answer quotes the version asked and the current pages, not another version (session 38:
    # placing it right after its named sibling cost blind 19's l01 its fact, a GPL 2 quote in a GPL 3
    # answer); with no candidate carrying the version named, nothing is demoted (review s38, R3-3).
    hits = [
        _leave("v2", "Leave Policy v2", "Employees get 25 days of annual leave; unused days carry over until March."),
        _leave("tr", "Travel Policy", "Book travel through the portal; economy class for flights under 6 hours."),
        _leave("v3", "Leave Policy v3", "Employees get 27 days of annual leave; up to 5 unused days carry over."),
    ]  # fmt: skip
    dense = {"v2": 0.70, "tr": 0.45, "v3": 0.40}
    ranked = rerank(hits, "How many days of annual leave does Leave Policy v3 give?", 3, dense=dense)
    assert [h.chunk_id for h in ranked] == ["v3", "tr", "v2"]
    ranked = rerank(hits, "How many days of annual leave does Leave Policy v5 give?", 3, dense=dense)
    assert [h.chunk_id for h in ranked] == ["v2", "v3", "tr"]


# Release notes: each release lists its own changes, none replaces another (session 39, q5; blind 20).
NOTES = [
    ("Git 2.31 Release Notes", "relnotes/git-2.31.0.txt"),
    ("Git 2.39 Release Notes", "relnotes/git-2.39.0.txt"),
    ("Git v2.39.3 Release Notes", "relnotes/git-2.39.3.txt"),
    ("Git v2.39.4 Release Notes", "relnotes/git-2.39.4.txt"),
]


@pytest.mark.parametrize(
    ("title", "path", "text", "dated", "expected"),
    [
        ("Git v2.39.4 Release Notes", "relnotes/git-2.39.4.txt", "", False, Kind.SERIES),
        ("CHANGELOG 4.2", "docs/changelog-4.2.md", "", False, Kind.SERIES),
        ("What's New in Widget 3", "docs/whatsnew-3.md", "", False, Kind.SERIES),
        ("Widget 3.1", "docs/widget-3.1.md", "Fixes since v3.0: the export no longer hangs.", False, Kind.SERIES),
        ("Leave Policy v3", "hr/leave-v3.md", "", False, Kind.SUPERSEDING),
        ("Widget 3", "docs/widget-3.md", "", True, Kind.SUPERSEDING),  # an effective date
        ("Widget 3", "docs/widget-3.md", "This version supersedes Widget 2.", False, Kind.SUPERSEDING),
        ("GPL 3", "licenses/GPL-3.txt", "Each licensee is addressed as you. This License applies to any program.", False, Kind.SUPERSEDING),
        # A policy listing its changes since the last edition is still a policy.
        ("Travel Policy v4", "hr/travel-v4.md", "Changes since version 3: rail first under 500 km.", False, Kind.SUPERSEDING),
        ("E.1. Release 16.1", "doc/release-16-1.html", "", False, Kind.SERIES),
        ("PostgreSQL 16.1", "doc/pg-16.1.txt", "This release contains a variety of fixes from 16.0.", False, Kind.SERIES),
        ("VPN Setup Guide v3", "it/vpn-v3.md", "This release adds split tunnelling.", False, Kind.SUPERSEDING),
        ("Widget 3", "docs/widget-3.md", "Install the client from the portal.", False, Kind.UNKNOWN),
    ],
)  # fmt: skip
def test_a_documents_kind_comes_from_its_own_signals(
    title: str, path: str, text: str, dated: bool, expected: Kind
) -> None:
    assert kind(title, path, text, dated=dated) is expected


def test_release_notes_keep_plain_relevance_without_a_version_named() -> None:
    assert relations("config knob so rebase uses fork-point without passing the flag", NOTES) == [N, N, N, N]


def test_the_release_a_question_asks_about_leads_and_demotes_no_sibling_notes() -> None:
    # Its siblings list other changes, and the next feature release repeats a point release's fixes.
    assert relations("Does git 2.39.4 carry the fix for CVE-2024-32002?", NOTES) == [N, N, N, NAMED]
    assert relations("what did git 2.31 change in rebase", NOTES) == [NAMED, N, N, N]


@pytest.mark.parametrize(
    ("query", "running"),
    [
        ("We run git 2.39.3 on our build hosts; could a crafted clone run code?", (2, 39, 3)),
        ("I'm on git 2.30 and force-pushing still clobbered a commit", (2, 30)),
        ("we're still on git 2.36, which point release fixed it", (2, 36)),
        ("we have installed git 2.39.4 and lfs broke", (2, 39, 4)),
    ],
)
def test_a_release_the_user_runs_is_not_the_one_asked_about(query: str, running: tuple[int, ...]) -> None:
    found = [m for m in mentions(query) if m.number == running]
    assert found and all(m.running for m in found)
    # Named as run, it demotes no sibling and leads none: the notes holding the answer decide.
    assert NAMED not in relations(query, NOTES) and OTHER not in relations(query, NOTES)


def test_a_version_asked_about_is_not_one_run() -> None:
    assert not any(m.running for m in mentions("Does git 2.35.2 carry the fix for CVE-2022-24765?"))
    assert not any(m.running for m in mentions("fsck on git 2.37.3 reports old tree modes as info"))
    assert not any(m.running for m in mentions("hooks running during clone in git 2.39.4"))


def _note(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return _hit(chunk, title, path, text).model_copy(update={"collection": "notes", "doc_id": path})


def test_a_feature_is_answered_from_the_release_that_brought_it_not_the_newest() -> None:
    # Blind 20's a11: 2.39's notes mention rebase too, a little further from the question; with
    # "the newest leads" applied to release notes the 2.39 notes came first.
    brought = _note("n31", *NOTES[0], "git rebase learned the rebase.forkPoint configuration variable.")
    newest = _note(
        "n39", *NOTES[1], "git rebase --update-refs learned to skip branches checked out elsewhere."
    )
    query = "config knob so rebase uses fork-point without passing the flag each time"
    ranked = rerank([newest, brought], query, 2, dense={"n31": 0.52, "n39": 0.50})
    assert [h.chunk_id for h in ranked] == ["n31", "n39"]


def test_we_run_a_release_answers_from_the_release_with_the_fix() -> None:
    # Blind 20's a55: the user runs 2.39.3; 2.39.4's notes hold the fix they ask about.
    ran = _note("r3", *NOTES[2], "Git v2.39.3 Release Notes. This release addresses CVE-2023-25652 in apply.")
    fix = _note(
        "r4", *NOTES[3],
        "Recursive clones on case-insensitive filesystems that support symbolic links are susceptible to "
        "case confusion that can be exploited to execute code during a clone.",
    )  # fmt: skip
    query = "We run git 2.39.3 on macOS; could a case-confusion trick run code during a recursive clone?"
    ranked = rerank([ran, fix], query, 2, dense={"r3": 0.45, "r4": 0.50})
    assert [h.chunk_id for h in ranked] == ["r4", "r3"]


def test_policies_that_replace_each_other_still_put_the_newest_first() -> None:
    # An effective date makes a family superseding: a question naming no version gets the newest.
    old = _leave("v2", "Leave Policy v2", "Employees get 25 days of annual leave; unused days carry over.")
    new = _leave("v3", "Leave Policy v3", "Employees get 27 days of annual leave; unused days carry over.")
    old, new = (
        h.model_copy(update={"effective_date": date(2025 + i, 1, 1)}) for i, h in enumerate((old, new))
    )
    ranked = rerank([old, new], "how many days of annual leave do I get", 2, dense={"v2": 0.52, "v3": 0.50})
    assert [h.chunk_id for h in ranked] == ["v3", "v2"]
    # ... and one the question names leads, its sibling after the current pages.
    ranked = rerank([new, old], "how many days did Leave Policy v2 give", 2, dense={"v2": 0.50, "v3": 0.52})
    assert [h.chunk_id for h in ranked] == ["v2", "v3"]
