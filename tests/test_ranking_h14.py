"""The source over a page made from it (knowledge/index/rerank.py, knowledge/index/search.py), on a
real index with local embeddings, both backends: a "quick reference" page that restates sections of
several policies word for word, as long as the policy it quotes, is shown after the policy; a quoted
sentence with a hyphen or quotes is still looked up; a section heading does not hide a shared sentence.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from assistant_support import TENANT, embedder
from databases import fresh_database

from knowledge.corpus import demo_corpus_path
from knowledge.index import KnowledgeIndex
from knowledge.index.passages import long_sentences
from knowledge.index.rerank import QUOTE_WORDS, derived_copy
from knowledge.index.search import plain_runs, source_probe, source_probes
from knowledge.ingest import ingest_directory

BACKUP = "it/runbook-backup-and-restore.md"
VPN = "it/runbook-vpn-troubleshooting.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
CARD = "it/service-desk-quick-reference.md"
EMAIL = "Restoring deleted email"


def _sections(rel: str) -> dict[str, str]:
    text = (demo_corpus_path() / rel).read_text()
    return {
        part.split("\n", 1)[0].strip(): part.split("\n", 1)[1].strip() for part in text.split("\n## ")[1:]
    }


def _corpus(root: Path) -> Path:
    for rel in (BACKUP, VPN, LAPTOPS):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(demo_corpus_path() / rel, root / rel)
    # A reference card: sections of three runbooks restated word for word, more of them than the
    # backup runbook has, so that length alone would choose the card.
    copied = [(h, b) for rel in (VPN, LAPTOPS) for h, b in list(_sections(rel).items())[:4]]
    copied.insert(2, (EMAIL, _sections(BACKUP)[EMAIL]))
    (root / CARD).write_text(
        "# Service desk: quick reference\n\nOwner: IT service desk.\n\n"
        + "\n\n".join(f"## {h}\n\n{b}" for h, b in copied)
        + "\n"
    )
    return root


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def kb(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("ranking-h14")
    corpus = _corpus(root / "docs")

    def opened(url: str) -> Iterator[Any]:
        with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
            ingest_directory(index.for_tenant(TENANT), corpus, collection="handbook")
            yield index.for_tenant(TENANT)

    if request.param == "sqlite":
        yield from opened(f"sqlite:///{root / 'kassist.db'}")
        return
    with fresh_database(request.getfixturevalue("pg_server_url"), "kassist_rank_h14") as url:
        yield from opened(url)


def test_the_policy_comes_before_the_reference_card_that_restates_it(kb: Any) -> None:
    hits = kb.search("I deleted an email and emptied the bin; can it still be brought back?", k=5)
    assert hits[0].source_path == BACKUP
    assert "three-year retention period" in hits[0].text
    cards = [h for h in hits if h.source_path == CARD and "Older email" in h.text]
    assert all(h.duplicate_of == hits[0].chunk_id for h in cards)  # a copy, marked so


def test_a_card_that_copies_nothing_here_still_answers(kb: Any) -> None:
    # Only the card's title says it is derived: what it alone holds is still found.
    hits = kb.search("What is the owner of the service desk quick reference?", k=3)
    assert CARD in [h.source_path for h in hits]


def test_a_quoted_sentence_with_a_hyphen_or_quotes_is_looked_up_by_its_plain_words() -> None:
    hyphen = "Older email can be restored from the archive by the service desk within the three-year retention period."
    assert (
        source_probe(hyphen) == "Older email can be restored from the archive by the service desk within the"
    )
    quoted = 'Deleted email stays in the "Deleted items" folder until emptied, and for 30 more days can be recovered.'
    assert plain_runs(quoted) == ["folder until emptied, and for 30 more days can be recovered."]
    assert all(len(r.split()) >= QUOTE_WORDS for r in plain_runs(hyphen + " " + quoted))
    assert plain_runs('Open the file\'s "Version history" now.') == []
    # Several sentences: the one sharing the question's words first.
    text = (
        "Laptops are replaced every four years, or earlier if they fail and cannot be repaired. "
        "Older email can be restored from the archive by the service desk within three years."
    )
    assert source_probes(text, "restore an old email")[0].startswith("Older email")
    assert len(source_probes(text, "restore an old email", limit=1)) == 1


def test_a_section_heading_does_not_hide_a_sentence_two_pages_share() -> None:
    body = _sections(BACKUP)[EMAIL].split(" Older email")[0]  # one sentence, right under the heading
    source = f"Recovering files quickly.\n\n## {EMAIL}\n\n{body}"
    copy = f"## Mail\n\n{body}"
    assert long_sentences(source, QUOTE_WORDS) & long_sentences(copy, QUOTE_WORDS)


def test_derived_titles() -> None:
    assert derived_copy("Service desk: quick reference")
    assert derived_copy("Travel policy summary 2026")
    assert derived_copy("purpose quick reference 00297")
    assert not derived_copy("People Operations: Frequently Asked Questions")  # often the canonical page
    assert not derived_copy("Employee Benefits Overview 2026")
    assert not derived_copy("IT Runbook: Restoring Deleted Files and Backups")
