"""The questions of bench/answer_quality.py, written from what the shipped handbook MEANS, in other words.

Each answerable question names the document(s) a user expects first (paths under
knowledge/corpus/files) and a short fact that a correct answer must contain. Unanswerable ones have
no answer anywhere in the corpus (some share words with documents: a hard negative). Follow-ups are
two turns on one thread, the second pointing back with a pronoun. The other-language ones must get a
note that the embedder reads English only. Nothing here is copied from a document's sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["answerable", "unanswerable", "followup", "language"]

LEAVE = "hr/leave-policy-handbook-2026.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
RETENTION = "security/data-retention-policy.md"
BENEFITS = "hr/benefits-overview.html"
REMOTE = "hr/remote-work-policy.md"
VPN = "it/runbook-vpn-troubleshooting.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
SECURITY = "security/information-security-policy.html"
CARS = "finance/company-cars-and-mobility.md"
ONBOARDING = "hr/onboarding-guide.md"
AMSTERDAM = "facilities/amsterdam-office-guide.html"
OFFBOARDING = "hr/offboarding-checklist.md"
INCIDENTS = "it/runbook-incident-response.md"
PROCUREMENT = "finance/procurement-policy.html"
FAQ = "hr/people-ops-faq.txt"
PRIVACY = "security/employee-privacy-notice.md"
PERFORMANCE = "hr/performance-and-compensation.md"
RECRUITMENT = "hr/recruitment-and-referrals.md"


@dataclass(frozen=True)
class Question:
    id: str
    kind: Kind
    text: str
    docs: tuple[str, ...] = ()  # acceptable first citations (empty: none expected)
    fact: str = ""  # must appear in the answer text (case-insensitive)
    first: str = ""  # follow-ups: the first turn


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


# The four kinds of question, shared by this set and the blind sets (answer_quality_blind*.py).
def _a(qid: str, text: str, doc: str | tuple[str, ...], fact: str) -> Question:
    return Question(qid, "answerable", text, _docs(doc), fact)


def _n(qid: str, text: str) -> Question:
    return Question(qid, "unanswerable", text)


def _f(qid: str, first: str, text: str, doc: str, fact: str) -> Question:
    return Question(qid, "followup", text, (doc,), fact, first)


def _l(qid: str, text: str, doc: str | tuple[str, ...], fact: str) -> Question:
    return Question(qid, "language", text, _docs(doc), fact)


QUESTIONS: tuple[Question, ...] = (
    _a("a01", "How much paid holiday does a full-timer get per year?", LEAVE, "28 days"),
    _a("a02", "If I'm on a four-day week, what is my vacation allowance?", LEAVE, "22.4"),
    _a("a03", "How far ahead must I ask before taking a whole week off?", LEAVE, "two weeks in advance"),
    _a("a04", "Can I roll unused vacation over into next year, and how much of it?", LEAVE, "five unused days"),
    _a("a05", "Is it possible to purchase extra days off?", LEAVE, "five extra days"),
    _a("a06", "I feel unwell this morning; by what time must my boss hear from me?", LEAVE, "10:00"),
    _a("a07", "After how many days off ill do I need a note from a doctor?", LEAVE, "eighth day"),
    _a("a08", "How long is the fully paid break for the parent who gives birth?", LEAVE, "26 weeks"),
    _a("a09", "How much time off does the second parent get when a baby arrives?", LEAVE, "six weeks"),
    _a("a10", "My grandmother passed away; how many paid days can I take?", LEAVE, "ten days"),
    _a("a11", "Can I take a long unpaid break after many years with the company?", LEAVE, "one to three months"),
    _a("a12", "Do I still get my wages while I serve on a jury?", LEAVE, "full salary"),
    _a("a13", "How many days a year can I spend helping a charity on company time?", LEAVE, "two paid volunteering days"),
    _a("a14", "Can I come in for a few days during maternity leave without ending it?", LEAVE, "ten keeping-in-touch days"),
    _a("a15", "When may someone still on probation actually use the holiday they have built up?", LEAVE, "three months"),
    _a("a16", "By when do I have to file my expense claims?", TRAVEL, "60 days"),
    _a("a17", "What is the most I may pay for one night in a London hotel?", TRAVEL, "250 EUR"),
    _a("a18", "Am I allowed to fly business class on a long-haul trip?", TRAVEL, "nine hours"),
    _a("a19", "What do I get back per kilometre when I drive my private car for work?", TRAVEL, "0.30 EUR"),
    _a("a20", "How much may I spend per head when I take a customer out to dinner?", TRAVEL, "100 EUR"),
    _a("a21", "I lost the slip for a taxi ride, what now?", TRAVEL, "missing receipt declaration"),
    _a("a22", "Who has to sign off on a trip abroad before I book it?", TRAVEL, "department director"),
    _a("a23", "What may I spend on food per day when I stay away overnight for work?", TRAVEL, "75 EUR"),
    _a("a24", "How long are office camera recordings kept?", RETENTION, "28 days"),
    _a("a25", "For how many years do we hold on to payroll records?", RETENTION, "ten years"),
    _a("a26", "When do chat messages get wiped automatically?", RETENTION, "two years"),
    _a("a27", "What happens to the data of a job applicant we turned down?", (RETENTION, RECRUITMENT), "six months"),
    _a("a28", "What share of my pay does the company put into my retirement savings?", BENEFITS, "6%"),
    _a("a29", "Will the company pay towards my fitness club membership?", BENEFITS, "40 EUR per month"),
    _a("a30", "How much can I spend on courses and conferences each year?", BENEFITS, "1,500 EUR"),
    _a("a31", "What discount do staff get when they buy company stock?", BENEFITS, "15%"),
    _a("a32", "How many days each week am I expected to be at my desk in the office?", REMOTE, "two days a week"),
    _a("a33", "May I work from a beach in another country for a while?", REMOTE, "20 working days"),
    _a("a34", "Is there money to furnish a workspace at home?", REMOTE, "500 EUR"),
    _a("a35", "During which hours must I be reachable when I work from home?", REMOTE, "10:00 and 15:00"),
    _a("a36", "Websites on the intranet will not load although the tunnel shows as connected", VPN, "DNS"),
    _a("a37", "The remote access client keeps dropping my connection every few minutes", VPN, "wired connection"),
    _a("a38", "How often do we get a new laptop?", LAPTOPS, "every four years"),
    _a("a39", "I spilled coffee over my notebook computer, what happens now?", LAPTOPS, "loan laptop"),
    _a("a40", "How long does my account passphrase need to be?", SECURITY, "14 characters"),
    _a("a41", "My work phone was stolen; who do I tell and how quickly?", SECURITY, "within one hour"),
    _a("a42", "Can I copy files onto a thumb drive?", SECURITY, "blocked"),
    _a("a43", "Who qualifies for a leased company vehicle?", CARS, "director level"),
    _a("a44", "How much do I get each month if I take the mobility budget instead of a car?", CARS, "400 EUR"),
    _a("a45", "What time should I turn up at reception on my first day?", ONBOARDING, "09:30"),
    _a("a46", "Is lunch provided at the Amsterdam office?", AMSTERDAM, "free lunch buffet"),
    _a("a47", "Where can I leave my bicycle at the Amsterdam office?", AMSTERDAM, "basement"),
    _a("a48", "How much notice do I have to give when I quit?", OFFBOARDING, "one month"),
    _a("a49", "How fast must the team react to a SEV2 outage?", INCIDENTS, "30 minutes"),
    _a("a50", "Which purchases need a formal tender?", PROCUREMENT, "50,000 EUR"),
    _a("a51", "Can I ask to work part-time or start later in the day?", FAQ, "26 weeks"),
    _a("a52", "Does my manager get told what illness I have when I call in sick?", PRIVACY, "not the nature of your illness"),
    # No answer anywhere in the corpus; several share words with real documents (hard negatives).
    Question("n01", "unanswerable", "Can I bring my dog to the Tokyo office?"),
    Question("n02", "unanswerable", "How do I file a patent for my invention?"),
    Question("n03", "unanswerable", "What is the dress code?"),
    Question("n04", "unanswerable", "Who won the company football tournament last year?"),
    Question("n05", "unanswerable", "What is Northwind's ticker symbol on the stock exchange?"),
    Question("n06", "unanswerable", "How do I book the company yacht for a weekend?"),
    Question("n07", "unanswerable", "What is the recipe for the canteen's lasagne?"),
    Question("n08", "unanswerable", "How do I nominate a colleague for employee of the month?"),
    Question("n09", "unanswerable", "Can the company help me adopt a rescue cat?"),
    Question("n10", "unanswerable", "How do I reserve the ping pong table?"),
    Question("n11", "unanswerable", "What is the maximum flying height for the office drone?"),
    Question("n12", "unanswerable", "Which astrology sign is the CEO?"),
    # Two turns; the second points back at the document the first one found.
    Question("f01", "followup", "What does it say about going by train?", (TRAVEL,), "under four hours",
             "Where is the travel and expenses policy?"),
    Question("f02", "followup", "How long does it keep email?", (RETENTION,), "three years",
             "Find the data retention policy."),
    Question("f03", "followup", "Now review what it specifies regarding earned leaves for probationary hires.",
             (LEAVE,), "first day", "Locate our company's 2026 Employee Leave Policy handbook."),
    Question("f04", "followup", "What does it say about moving abroad for good?", (REMOTE,),
             "change to your employment contract", "Open the remote and hybrid work policy."),
    Question("f05", "followup", "What does it say about a slow connection?", (VPN,), "speed test",
             "Show me the IT runbook for VPN connection problems."),
    Question("f06", "followup", "What does that say about dental cover?", (BENEFITS,), "80%",
             "Where is the employee benefits overview?"),
    # Not English: the embedder reads English only, and the answer must say so.
    Question("l01", "language", "¿Cuántos días de vacaciones pagadas tengo al año?"),
    Question("l02", "language", "Combien de jours de congé maladie sont payés à plein salaire ?"),
    Question("l03", "language", "Wie lange werden die Videoaufnahmen der Bürokameras gespeichert?"),
    Question("l04", "language", "Hoeveel dagen per jaar mag ik vanuit het buitenland werken?"),
    Question("l05", "language", "Quanto tempo tenho para enviar as minhas despesas de viagem?"),
    Question("l06", "language", "Quanti giorni di ferie non godute posso riportare all'anno successivo?"),
)  # fmt: skip


def split(questions: tuple[Question, ...] = QUESTIONS) -> tuple[list[Question], list[Question]]:
    """A fixed 50/50 split, alternating within each kind: (tuning half, held-out half)."""
    tune: list[Question] = []
    held: list[Question] = []
    seen: dict[str, int] = {}
    for q in questions:
        n = seen.get(q.kind, 0)
        seen[q.kind] = n + 1
        (tune if n % 2 == 0 else held).append(q)
    return tune, held
