"""An "X office" a question names is a place the passages must mention only when X can be a place:
"how many office trips" and "how much office space" name none (graph/assistant/names.office_names).
Before, "many" was asked of the passages and a question about a limit on office visits abstained
with "nothing mentions mani". Pure functions: no index, no model."""

from __future__ import annotations

from graph.assistant.answering import judge
from graph.assistant.names import office_names


def test_a_question_word_before_office_names_no_place() -> None:
    assert (
        office_names("as a field engineer, is there a limit on how many office trips a quarter I may expense")
        == set()
    )
    assert office_names("how much office space does each team get?") == set()
    assert office_names("in the lisbon office, how long is the notice period?") == {"lisbon"}
    assert office_names("Can I park at the Oslo Office?") == {"oslo"}


def test_office_visits_are_answered_from_a_passage_that_never_says_many() -> None:
    text = "Remote employees may claim travel for up to four office visits per month at cost."
    hit = {"doc_id": "remote", "chunk_id": "r1", "title": "Remote Work Policy", "heading": "Office visits",
           "text": text, "source_path": "remote.md", "relevance": 0.62, "sentence_cosine": 0.6,
           "best_sentence": text}  # fmt: skip
    verdict = judge(
        "is there a limit to how many office visits per month I can claim?", [hit], embedder="local"
    )
    assert verdict.answerable, verdict.reason
