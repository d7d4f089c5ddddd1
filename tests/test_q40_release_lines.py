"""A question about a release line ("which 20.x", "node 20", "the 18 line") is answered from that line's
release notes; a release written out ("Did 20.3.0 ...") names its own notes; a version asked past ("did
a later 18 release fix what 18.5 did not?") names nothing (issue 27, item 2; session 40, q6).

Session 39's blind 21 (docs/benchmarks.md, "Session 39 (u7)"): a runtime's release notes are titled by
their version alone ("v20.9.0"), so "node 20" named no family and release questions were answered
from a page naming no version or from another line's notes ("node 20 v8 chromium version" -> 18.0.0).
Both families' kinds: release notes (a series, read from their own "Notable Changes" headings and
dated release lines) and a licence family whose versions replace each other. Pure: versions.relations
and the rerank over hand-made candidates, no index.
"""

from __future__ import annotations

import pytest

from knowledge.index.models import SearchHit
from knowledge.index.rerank import rerank
from knowledge.index.version_kinds import Kind, kind
from knowledge.index.versions import Relation, relations

RELEASES = [("v18.0.0", "notes/v18.0.0.md"), ("v18.5.0", "notes/v18.5.0.md"), ("v18.9.1", "notes/v18.9.1.md"),
            ("v20.0.0", "notes/v20.0.0.md"), ("v20.3.0", "notes/v20.3.0.md"), ("v20.5.0", "notes/v20.5.0.md"),
            ("Deprecated APIs: the old parser", "api/old-parser.md")]  # fmt: skip
SERIES = [Kind.SERIES] * 6 + [Kind.UNKNOWN]
LICENCES = [("Widget Licence 2", "licences/WL-2.txt"), ("Widget Licence 2.1", "licences/WL-2.1.txt"),
            ("Widget Licence 3", "licences/WL-3.txt")]  # fmt: skip


def _named(question: str, relation: Relation) -> set[str]:
    return {
        t for (t, _), r in zip(RELEASES, relations(question, RELEASES, SERIES), strict=True) if r is relation
    }


@pytest.mark.parametrize(
    "question",
    ["which 20.x added a way to shard tests across machines?", "split test suite across CI machines, node 20",
     "is the 20 line patched for the rapid reset attack?"],
)  # fmt: skip
def test_a_release_line_asked_about_puts_its_releases_forward_and_no_other(question: str) -> None:
    assert _named(question, Relation.LINE) == {"v20.0.0", "v20.3.0", "v20.5.0"}
    assert _named(question, Relation.NAMED) == set()  # 20.0.0 is one release of the line, not the line
    assert _named(question, Relation.OTHER) == set()  # a series: the other line keeps plain relevance


def test_a_release_written_out_carries_its_version_but_does_not_lead_for_it() -> None:
    # "Did 20.3.0 ...?", "Is 3.5.1 the final fix?": a later release's notes may answer (its bypass of an
    # incomplete fix; review r5 s40, R5-8), so a version with no name before it names nothing ...
    assert _named("Did 20.3.0 declare the old runtime end-of-life?", Relation.NAMED) == set()
    # ... while one with its document's name still does (a licence, review s38).
    assert relations("the old Widget Licence 2 - what did it call itself?", LICENCES)[0] is Relation.NAMED


def test_a_release_asked_past_names_nothing() -> None:
    question = "were the request smuggling fixes in 18.5 complete, or did a later 18 release fix them again?"
    assert _named(question, Relation.NAMED) == set()


def test_the_release_a_question_starts_from_is_not_the_one_asked_for() -> None:
    # "18.5.0 broke it - is there a release that fixes it?": the releases after it answer, not 18.5.0's notes.
    question = "18.5.0 broke our proxy for us, is there a release that fixes it?"
    assert _named(question, Relation.NAMED) == set()
    assert "v18.5.0" not in _named(question, Relation.LINE)
    assert {"v18.9.1", "v20.5.0"} <= _named(question, Relation.LINE)
    # A page naming no version gains nothing from a release question.
    assert "Deprecated APIs: the old parser" not in _named(question, Relation.LINE)


@pytest.mark.parametrize(
    "question",
    ["We patched to 18.5.0 for the proxy CVE. Are we safe now?", "Does 18.5.0 fully fix the proxy CVE?",
     "we upgraded to 18.5.0 for it - was that fix complete?"],
)  # fmt: skip
def test_a_release_the_user_has_or_asks_to_be_complete_is_not_the_answer(question: str) -> None:
    # A later release may carry the bypass of an incomplete fix (review r5, s40): 18.5.0 names nothing.
    assert "v18.5.0" not in _named(question, Relation.NAMED)


def test_a_version_the_title_writes_as_asked_is_named_not_a_line() -> None:
    # "Licence 2" is the title's own version, beside 2.1: the question names it, not a "2.x" line.
    got = relations("the old Widget Licence 2 - what did it call itself?", LICENCES)
    assert got == [Relation.NAMED, Relation.OTHER, Relation.OTHER]


def test_release_notes_are_read_as_a_series_from_their_own_headings() -> None:
    text = "## 2023-10-24, Version 20.9.0 'Iron' (LTS), @someone\n\n### Notable Changes\n\nThis release ..."
    assert kind("v20.9.0", "notes/v20.9.0.md", text) is Kind.SERIES
    assert (
        kind("v4.2.0", "notes/v4.2.0.md", "### Breaking changes\n\nThe --serial flag is gone.") is Kind.SERIES
    )
    assert (
        kind("Widget Licence 3", "licences/WL-3.txt", "This License supersedes version 2.")
        is Kind.SUPERSEDING
    )


def _hit(chunk: str, title: str, path: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=path, collection="kb", title=title, source_path=path, heading=None,
        position=0, text=text, effective_date=None, score=0.0, doc_chunks=3,
    )  # fmt: skip


def test_the_line_named_leads_a_closer_sounding_release_of_another_line() -> None:
    hits = [
        _hit("a", "v18.0.0", "notes/v18.0.0.md",
             "## 2022-04-19, Version 18.0.0\n\n### Notable Changes\n\nV8 is updated to 10.1, part of Chromium 101."),
        _hit("b", "v20.0.0", "notes/v20.0.0.md",
             "## 2023-04-18, Version 20.0.0\n\n### Notable Changes\n\nV8 is updated to 11.3, part of Chromium 113."),
        _hit("c", "Deprecated APIs: the old parser", "api/old-parser.md",
             "The old parser is deprecated; V8's own parser replaces it."),
    ]  # fmt: skip
    dense = {"a": 0.63, "b": 0.61, "c": 0.55}
    assert rerank(hits, "v8 chromium version", 3, dense=dense)[0].chunk_id == "a"  # control: no line named
    assert rerank(hits, "node 20 v8 chromium version", 3, dense=dense)[0].chunk_id == "b"
    assert rerank(hits, "which 20.x has chromium 113's v8", 3, dense=dense)[0].chunk_id == "b"
