"""A page's title scope counts as named by the question only through a name the candidates write as
one (session 24): a word the question capitalises because it quotes a title ("the 'Holiday and
Absence Guide'") names no "manager guide" page, while an office the candidates write as a name
("the Oslo office") and a year still do. Pure checks of the second stage (knowledge/index/rerank.py)."""

from __future__ import annotations

from knowledge.index.facets import named_values
from knowledge.index.models import SearchHit
from knowledge.index.passages import stem, terms
from knowledge.index.rerank import rerank


def _hit(chunk: str, title: str, text: str) -> SearchHit:
    return SearchHit(
        chunk_id=chunk, doc_id=f"doc-{chunk}", collection="c", title=title, source_path=f"{chunk}.md",
        heading=None, position=0, text=text, effective_date=None, score=0.0,
    )  # fmt: skip


POLICY = _hit(
    "policy",
    "Leave Policy Handbook",
    "Emergency care leave gives you up to two paid days when childcare suddenly breaks down, "
    "so that you can arrange other care for your children.",
)
GUIDE = _hit(
    "guide",
    "Passwords and passphrases: manager guide",
    "Managers remind their teams to use a passphrase of at least four words and never to reuse "
    "a password on another site.",
)
OSLO = _hit(
    "oslo",
    "Desk booking: Oslo office",
    "Desks at the Oslo office are booked in the app the day before. The Oslo office opens at eight "
    "and the Oslo office reception keeps the spare keys.",
)
DENSE = {"policy": 0.47, "guide": 0.40, "oslo": 0.40}


def test_a_quoted_titles_capitalised_word_scopes_no_page() -> None:
    query = "The 'Holiday and Absence Guide' - what does it allow when my kid's daycare falls through?"
    assert [h.chunk_id for h in rerank([GUIDE, POLICY, OSLO], query, 3, dense=DENSE)][:1] == ["policy"]


def test_a_name_the_candidates_write_still_scopes_its_page() -> None:
    query = "When can I book a desk at the Oslo office?"
    assert [h.chunk_id for h in rerank([GUIDE, POLICY, OSLO], query, 3, dense=DENSE)][:1] == ["oslo"]


def test_the_relevance_is_unchanged_by_which_names_scope_a_page() -> None:
    query = "The 'Holiday and Absence Guide' - what does it allow when my kid's daycare falls through?"
    by_id = {h.chunk_id: h for h in rerank([GUIDE, POLICY, OSLO], query, 3, dense=DENSE)}
    # The bonus a scope gave was for the order only: the guide page is no more relevant without it.
    assert (by_id["guide"].relevance or 0.0) < (by_id["policy"].relevance or 0.0)


def test_a_name_of_common_words_is_a_value_when_the_name_is_always_capitalised() -> None:
    # "Security Operations" is capitalised wherever the name stands; its words alone are written in
    # lower case about as often (security training, operations), so neither passes the word test.
    texts = [
        "This guidance applies to the Security Operations team in the Oslo office. Ana Holm is the contact.",
        "This guidance applies to the Security Operations team in the Madrid office. Ben Vidal is the contact.",
        "Annual security training is run by the security team; the operations desk logs the results.",
        "The security review checks that operations staff have finished their security training.",
        "Your manager confirms that day-to-day operations are covered while you are away.",
    ]
    question = terms("who is the backup contact for security operations in oslo")
    assert {stem("security"), stem("operations")} <= named_values(question, texts, [])
    # A question naming one of the words alone names no value by it.
    assert stem("security") not in named_values(terms("who runs security training in oslo"), texts, [])
