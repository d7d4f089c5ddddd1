"""An acronym typed in capitals that the passages found do not spell out (issue 27, session 22).

The names check abstains on a name the knowledge base does not mention: "RFP" when nothing says
"request for proposal". An acronym the knowledge base itself uses, as written ("CFO", "the CFOs",
"U.S."), is a word it mentions even when the passages found for one question do not hold it: the
question is not about something the base lacks. Spelled-out words elsewhere in the base do not
count: over a whole corpus, words whose initials make an acronym are found for almost any one
("resources for political" for RFP), so only the passages' own expansions excuse it.
Both backends (``db_url``), a real index and embedder.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from assistant_support import embedder

from graph.assistant.answering import judge
from knowledge.index import KnowledgeIndex
from knowledge.ingest import ingest_directory

pytestmark = pytest.mark.timeout(900)

_DOCS = {
    "finance/procurement.md": "# Procurement\n\nOrders above 250,000 EUR need CFO approval. "
    "Contracts with U.S. suppliers are signed by the legal team.\n",
    "finance/controller.md": "# Finance team\n\nThe Chief Data Officer owns the reporting database. "
    "Ask us before you export it.\n",
    "hr/benefits.md": "# Benefits\n\n## Employee assistance programme\n\nFree confidential counselling, "
    "24 hours a day, for you and your household.\n\n## Interview process\n\nTwo rounds.\n\n"
    "## Multi-factor authentication\n\nEvery account needs a second factor.\n",
    "it/password-reset.md": "# Password resets\n\nThe service desk never resets a password on an "
    "e-mail request: the person calls the desk and is verified by a callback to their registered "
    "phone number, whoever they say they are.\n",
}


def _hit(text: str) -> dict[str, object]:
    return {"title": "Password resets", "heading": "Password resets", "text": text,
            "source_path": "it/password-reset.md", "relevance": 0.5, "cosine": 0.5,
            "sentence_cosine": 0.5, "best_sentence": text}  # fmt: skip


@pytest.fixture
def kb(db_url: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    root = tmp_path / "docs"
    for rel, text in _DOCS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    with KnowledgeIndex.from_url(db_url, embedder=embedder()) as index:
        tenant = index.for_tenant("acme")
        ingest_directory(tenant, root, collection="handbook")
        yield tenant


def test_an_acronym_the_base_uses_elsewhere_is_no_missing_name(kb) -> None:  # type: ignore[no-untyped-def]
    # The passage found answers; "CFO" is in another document of the base, as written.
    h = _hit(_DOCS["it/password-reset.md"].split("\n\n", 1)[1])
    q = "An e-mail 'from the CFO' asks the desk to reset her password now: do we do it?"
    assert not judge(q, [h], embedder="x").answerable  # the passages alone: a missing name
    assert judge(q, [h], embedder="x", uses=kb.uses).answerable
    # Plural and dotted forms are the same word.
    assert judge(
        "Do CFOs get a password reset without a callback?", [h], embedder="x", uses=kb.uses
    ).answerable
    assert judge("Can the US team reset a password by e-mail?", [h], embedder="x", uses=kb.uses).answerable


def test_an_acronym_the_base_neither_uses_nor_the_passages_spell_out_stays_missing(kb) -> None:  # type: ignore[no-untyped-def]
    h = _hit(_DOCS["it/password-reset.md"].split("\n\n", 1)[1])
    verdict = judge("Does an RFP need a password reset?", [h], embedder="x", uses=kb.uses)
    assert not verdict.answerable and "rfp" in verdict.reason
    # Only in lower case ("ask us") or spelled out in another document ("Chief Data Officer") is
    # not the acronym: both stay missing.
    assert not judge("Can the CDO reset a password by e-mail?", [h], embedder="x", uses=kb.uses).answerable
    assert not kb.uses("CDO")
    assert kb.uses("CFO") and kb.uses("US") and not kb.uses("RFP")


def test_an_acronym_a_heading_of_the_base_spells_out_is_no_missing_name(kb) -> None:  # type: ignore[no-untyped-def]
    # "Employee assistance programme" is a section of the base: EAP names it, wherever the passages
    # found are. Two letters are too few ("Interview process" is no "IP"), and running text is not
    # a heading ("Chief Data Officer" above stays no "CDO").
    h = _hit(_DOCS["it/password-reset.md"].split("\n\n", 1)[1])
    assert judge("Can the EAP reset my password?", [h], embedder="x", uses=kb.uses).answerable
    assert kb.uses("EAP") and kb.uses("MFA")
    assert not kb.uses("IP") and not kb.uses("CDO") and not kb.uses("EAR")
