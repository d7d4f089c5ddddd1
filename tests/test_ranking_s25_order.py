"""The document a reader wants first among pages that repeat it (issue 27, session 25): the canonical
policy before the office pages that copy one of its sections word for word and the meeting note that
quotes it, for a question in a user's own words; the office's page when the question names the
office. Searched on both backends and asked through the real assistant graph (extractive responder,
local MiniLM) on a small corpus built here, with the sentence stage's learned document order
(knowledge/index/order_model.py) in place.

Where the learned order and the hand-set one (order_model's ``base_order`` alone, the order before
session 25) disagree: a policy and a short summary page restating one of its sections. The summary's
one sentence is a little closer to the question, so the hand-set order put the summary first; the
learned weights count for the policy its other passages among those looked at, its length, and the
summary's title against the summary, and put the policy first. With order_model.json's weights set
to base_order alone these four cases fail on both backends (measured); the wording is not any
development set's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant_support import ask, assistant, embedder, ingested

from knowledge.index import KnowledgeIndex, order_model

pytestmark = pytest.mark.timeout(900)

TENANT = "order"
POLICY = "facilities/cycling-and-parking-policy.md"
STORAGE = (
    "Bicycles are kept in the locked storage room on the ground floor, which opens with your staff "
    "badge. Folding bikes may be brought to your desk if they fit under it."
)
POLICY_TEXT = f"""# Cycling and Parking Policy

Owner: Facilities. Applies to every office.

## Bicycle storage

{STORAGE} Bikes left in the storage room for more than thirty days without a name tag are removed.

## Car parking permits

Parking permits are issued for one calendar year to staff with a medical need or a contract that
requires a car. Apply through the facilities portal at least two weeks before the permit should start.

## Electric vehicle charging

Charging points in the garage may be used for up to four hours a day. Move the car once charging ends,
so that a colleague can use the point.

## Showers and lockers

Showers and lockers on the ground floor are open from 6:00 to 22:00. Lockers are emptied every Friday.
"""
OFFICES = ("Oslo", "Lyon")


def office_path(office: str) -> str:
    return f"facilities/bicycle-storage-{office.lower()}-office-2026.md"


def office_page(office: str) -> str:
    return (
        f"# Bicycle storage: {office} office 2026\n\nThis page applies to the {office} office.\n\n"
        f"## Bicycle storage\n\n{STORAGE}\n"
    )


NOTE = "facilities/facilities-weekly-meeting-notes-week-12.md"
NOTE_TEXT = (
    "# Facilities weekly meeting notes, week 12\n\nAttendees: Mia, Tom, Sara.\n\n"
    f"Tom reminded everyone of the rule: {STORAGE}\n\nNext meeting: Thursday.\n"
)


def write_corpus(root: Path) -> Path:
    corpus = root / "corpus"
    (corpus / "facilities").mkdir(parents=True)
    (corpus / POLICY).write_text(POLICY_TEXT, encoding="utf-8")
    for office in OFFICES:
        (corpus / office_path(office)).write_text(office_page(office), encoding="utf-8")
    (corpus / NOTE).write_text(NOTE_TEXT, encoding="utf-8")
    return corpus


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    corpus = write_corpus(tmp_path_factory.mktemp("ranking-order"))
    with ingested(
        corpus, request, tmp_path_factory, "rank-order", tenant=TENANT, collection="handbook"
    ) as url:
        yield url


USERS_WORDS = [
    "where am i supposed to leave my bike when i cycle in to work?",
    "can I bring my folding bike up to my desk",
]


@pytest.mark.parametrize("question", USERS_WORDS)
def test_the_canonical_policy_comes_before_the_office_pages_and_the_note_that_copy_it(
    url: str, question: str
) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=4)
    assert [h.source_path for h in hits][:1] == [POLICY]


def test_a_question_naming_the_office_gets_that_office_page_first(url: str) -> None:
    with KnowledgeIndex.from_url(url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search("where do bikes go at the Lyon office?", k=4)
    assert [h.source_path for h in hits][:1] == [office_path("Lyon")]


def test_the_assistant_cites_the_policy_and_quotes_its_rule(url: str) -> None:
    with assistant(url) as graph:
        result = ask(graph, USERS_WORDS[0], "order-bike", tenant=TENANT)
    assert [c["path"] for c in result.get("citations", [])][:1] == [POLICY]
    assert "locked storage room" in str(result["messages"][-1].content)


def test_the_shipped_weights_name_the_features_the_index_computes() -> None:
    data = json.loads(order_model.WEIGHTS.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == order_model.FEATURES
    assert order_model.weights().shape == (len(order_model.FEATURES),)


SUMMARIES = {
    "it/password-policy.md": "# Password and Account Security Policy\n\n## Resetting your password\n\nReset a "
    "forgotten password at the self-service portal with your phone's authenticator app; the service desk resets it "
    "only after checking your identity on a video call.\n\n## Password length\n\nPasswords have at least 14 "
    "characters.\n\n## Shared accounts\n\nShared accounts are not allowed.\n\n## Multi-factor authentication\n\n"
    "Every account uses multi-factor authentication with the authenticator app. A lost phone is reported to the "
    "service desk the same day.\n\n## Locked accounts\n\nAn account locks after ten failed sign-ins and unlocks "
    "itself after thirty minutes.\n\n## Password managers\n\nUse the company's password manager for work "
    "passwords; browser password storage is switched off on company laptops.\n\n## Phishing\n\nReport a "
    "suspicious email with the report button in Outlook. Never enter your password on a page a link in an email "
    "opened.\n",
    "it/password-summary.md": "# Password rules summary\n\nForgot your password? Reset it at the self-service "
    "portal with the authenticator app on your phone; the service desk only resets it after a video call to check "
    "who you are. At least 14 characters.\n",
    "travel/travel-policy.md": "# Business Travel Policy\n\n## Booking\n\nBook flights and hotels through the "
    "travel desk at least 14 days before departure; bookings made later need the budget owner's approval.\n\n"
    "## Class of travel\n\nEconomy class for flights under six hours.\n\n## Travel insurance\n\nThe company's "
    "travel insurance covers every business trip automatically.\n\n## Per diems\n\nA daily allowance covers "
    "meals and local transport abroad; the amounts per country are on the finance portal.\n\n## Rail travel\n\n"
    "Take the train for trips under four hours; first class is allowed for journeys over two hours.\n\n## Rental "
    "cars\n\nRent the smallest car that fits the people travelling. Refuel before returning it.\n\n## Travel "
    "safety\n\nRegister every trip in the travel app so the security team can reach you in an emergency.\n",
    "travel/travel-faq.md": "# Travel FAQ: a summary for new starters\n\nHow far ahead do I book? Book flights "
    "and hotels with the travel desk 14 days before you leave; later bookings need approval from the budget owner. "
    "Economy for flights under six hours.\n",
}
# question -> the policy the learned order puts first (the hand-set order put the summary page first)
LEARNED_FIRST = {
    "how many characters does a password need?": "it/password-policy.md",
    "how far in advance do I have to book a work trip?": "travel/travel-policy.md",
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def summaries_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("ranking-order-summaries")
    for path, text in SUMMARIES.items():
        (root / "corpus" / path).parent.mkdir(parents=True, exist_ok=True)
        (root / "corpus" / path).write_text(text, encoding="utf-8")
    with ingested(
        root / "corpus",
        request,
        tmp_path_factory,
        "rank-order-summaries",
        tenant=TENANT,
        collection="handbook",
    ) as url:
        yield url


@pytest.mark.parametrize("question", list(LEARNED_FIRST))
def test_the_learned_order_puts_the_policy_before_the_summary_page_the_hand_set_order_put_first(
    summaries_url: str, question: str
) -> None:
    with KnowledgeIndex.from_url(summaries_url, embedder=embedder()) as index:
        hits = index.for_tenant(TENANT).search(question, k=4)
    assert [h.source_path for h in hits][:1] == [LEARNED_FIRST[question]]
