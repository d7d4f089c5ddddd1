"""The conversations of bench/followups_dev.py: multi-turn follow-ups over the shipped handbook.

Written in session 22 (helper g7) BEFORE any change to the follow-up handling, from what the
handbook's documents mean, to find out how follow-ups that are not "open X, what does it say about
Y" fare: pronouns, ellipsis ("and for partners?"), definite references ("the policy you
mentioned"), corrections ("no, I meant the 2024 one"), comparisons with the previous document,
topic switches that must NOT inherit the document in focus, follow-ups after an abstention, and
chat register. Every turn names the document a user expects first (empty: the knowledge base has no
answer and the turn should abstain) and a short fact a right answer contains.

A development set: it is tuned on (the even conversations, :func:`split`), the odd half validates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal[
    "opening",  # the conversation's first question (or a new question after a switch)
    "pronoun",  # "does it apply to interns?"
    "ellipsis",  # "and for partners?", "what about London?"
    "definite",  # "the policy you mentioned", "that runbook"
    "correction",  # "no, I meant the 2024 one"
    "comparison",  # "how does that compare with the 2024 policy?"
    "switch",  # a new topic: must not inherit the focus
    "after_abstain",  # the turn after an abstention
    "chat",  # chat register follow-ups ("k. and if i'm sick more than a week??")
    "unanswerable",  # no answer in the knowledge base: should abstain
]

LEAVE = "hr/leave-policy-handbook-2026.md"
LEAVE_2024 = "archive/leave-policy-2024.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
RETENTION = "security/data-retention-policy.md"
BENEFITS = "hr/benefits-overview.html"
REMOTE = "hr/remote-work-policy.md"
VPN = "it/runbook-vpn-troubleshooting.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
SECURITY = "security/information-security-policy.html"
CARS = "finance/company-cars-and-mobility.md"
ONBOARDING = "hr/onboarding-guide.md"
OFFBOARDING = "hr/offboarding-checklist.md"
INCIDENTS = "it/runbook-incident-response.md"
FAQ = "hr/people-ops-faq.txt"
CONDUCT = "hr/code-of-conduct.txt"
ACCOUNTS = "it/runbook-accounts-and-access.txt"


@dataclass(frozen=True)
class Turn:
    kind: Kind
    text: str
    docs: tuple[str, ...] = ()  # acceptable first citations (empty: should abstain)
    fact: str = ""  # must appear in the answer text (case-insensitive)


@dataclass(frozen=True)
class Conversation:
    id: str
    turns: tuple[Turn, ...]


def _t(kind: Kind, text: str, doc: str | tuple[str, ...] = (), fact: str = "") -> Turn:
    return Turn(kind, text, doc if isinstance(doc, tuple) else (doc,), fact)


def _c(cid: str, *turns: Turn) -> Conversation:
    return Conversation(cid, turns)


CONVERSATIONS: tuple[Conversation, ...] = (
    # Pronouns after a real first question.
    _c("c01", _t("opening", "How long is the paid leave for the parent who gives birth?", LEAVE, "26 weeks"),
       _t("pronoun", "Can it start before the baby is due?", LEAVE, "eleven weeks before")),
    _c("c02", _t("opening", "Find the 2026 leave policy handbook.", LEAVE, "Leave Policy Handbook 2026"),
       _t("pronoun", "What does it say about earned leave for probationary hires?", LEAVE, "2.33 days"),
       _t("pronoun", "And does it apply to part-timers?", LEAVE, "pro-rata")),
    _c("c03", _t("opening", "Who is allowed to declare a production incident?", INCIDENTS, "Anyone can declare"),
       _t("pronoun", "How fast must on-call acknowledge it for a SEV1?", INCIDENTS, "5 minutes")),
    _c("c04", _t("opening", "Open the travel and expenses policy.", TRAVEL, "Travel and Expenses Policy"),
       _t("pronoun", "Does it apply to contractors as well?", TRAVEL, "contractors"),
       _t("pronoun", "What does it say about taking the train?", TRAVEL, "under four hours")),
    _c("c05", _t("opening", "What's the company's policy on gifts from suppliers?", CONDUCT, "75 EUR"),
       _t("pronoun", "Do I have to record them somewhere?", CONDUCT, "gifts register")),
    _c("c06", _t("opening", "How much does the company put into my pension?", BENEFITS, "6%"),
       _t("pronoun", "When am I enrolled in it?", BENEFITS, "after one month")),
    # Ellipsis: no verb, or "and for ...?"
    _c("c07", _t("opening", "How much parental leave do birth parents get?", LEAVE, "26 weeks"),
       _t("ellipsis", "And for partners?", LEAVE, "six weeks")),
    _c("c08", _t("opening", "What is the hotel limit per night for business trips?", TRAVEL, "180 EUR"),
       _t("ellipsis", "What about London?", TRAVEL, "250 EUR"),
       _t("ellipsis", "And New York?", TRAVEL, "300 USD")),
    _c("c09", _t("opening", "How long do we keep emails before they are deleted?", RETENTION, "three years"),
       _t("ellipsis", "And Slack messages?", RETENTION, "two years")),
    _c("c10", _t("opening", "How quickly must the on-call engineer acknowledge a SEV1 page?", INCIDENTS, "5 minutes"),
       _t("ellipsis", "and for SEV2?", INCIDENTS, "15 minutes")),
    _c("c11", _t("opening", "Who does the code of conduct apply to?", CONDUCT, "contractors"),
       _t("ellipsis", "What about gifts?", CONDUCT, "75 EUR")),
    _c("c12", _t("opening", "What's the monthly lease limit for a director's company car?", CARS, "900 EUR"),
       _t("ellipsis", "And for sales roles?", CARS, "700 EUR")),
    # Definite references to what the assistant cited.
    _c("c13", _t("opening", "How many days can I work from another country each year?", REMOTE, "20 working days"),
       _t("definite", "What does the policy you mentioned say about moving abroad for good?", REMOTE,
          "change to your employment contract")),
    _c("c14", _t("opening", "My VPN connects but the intranet won't load, what do I do?", VPN, "flushdns"),
       _t("definite", "What does that runbook say about connecting from abroad?", VPN, "two weeks before the trip")),
    _c("c15", _t("opening", "How long is a personnel file kept after someone leaves?", RETENTION, "seven years"),
       _t("definite", "In that same document, how long are camera recordings kept?", RETENTION, "28 days")),
    _c("c16", _t("opening", "What is the learning budget per year?", BENEFITS, "1,500 EUR"),
       _t("definite", "Does that overview say anything about dental cover?", BENEFITS, "80%")),
    # Corrections: the user meant another edition or another document.
    _c("c17", _t("opening", "How many days of annual leave do full-timers get?", LEAVE, "28 days"),
       _t("correction", "No, I meant the 2024 one.", LEAVE_2024, "25 days")),
    _c("c18", _t("opening", "From which day of sickness do I need a doctor's note?", LEAVE, "eighth day"),
       _t("correction", "sorry, I meant under the old 2024 leave policy", LEAVE_2024, "fourth day")),
    _c("c19", _t("opening", "How many unused leave days can I carry over?", LEAVE, "five unused days"),
       _t("correction", "Actually I was asking about the previous edition of the leave policy.", LEAVE_2024,
          "three unused days")),
    _c("c20", _t("opening", "Which laptop models do we get?", LAPTOPS, "Dell Latitude"),
       _t("correction", "No, I meant for new joiners before their first day: how do they choose it?", ONBOARDING,
          "pre-boarding portal")),
    # Comparisons with the previous document.
    _c("c21", _t("opening", "How much bereavement leave do I get when a parent dies?", LEAVE, "ten days"),
       _t("comparison", "Is that more than the 2024 policy gave?", LEAVE_2024, "Five days")),
    _c("c22", _t("opening", "How long is paid partner leave after a birth?", LEAVE, "six weeks"),
       _t("comparison", "How does that compare with the 2024 leave policy?", LEAVE_2024, "two weeks")),
    _c("c23", _t("opening", "By what time must I call in sick?", LEAVE, "10:00"),
       _t("comparison", "was it the same in the old 2024 edition?", LEAVE_2024, "09:00")),
    # Topic switches: a new question that must not be answered from the document in focus.
    _c("c24", _t("opening", "How many days of annual leave do full-timers get?", LEAVE, "28 days"),
       _t("switch", "ok thanks. how do I reset my password?", ACCOUNTS, "Okta self-service")),
    _c("c25", _t("opening", "What is the hotel limit in Paris?", TRAVEL, "250 EUR"),
       _t("switch", "Got it. Different question: how long do we keep security logs?", RETENTION, "one year")),
    _c("c26", _t("opening", "Open the remote and hybrid work policy.", REMOTE, "Remote and Hybrid Work Policy"),
       _t("switch", "thanks! unrelated, but is it possible to buy extra days of leave?", LEAVE, "five extra days")),
    _c("c27", _t("opening", "How do I declare an incident?", INCIDENTS, "/incident declare"),
       _t("switch", "cool. what's the mileage rate if I drive my own car for work?", TRAVEL, "0.30 EUR")),
    _c("c28", _t("opening", "What does the dental cover reimburse?", BENEFITS, "80%"),
       _t("switch", "ok. who approves my trip abroad?", TRAVEL, "department director")),
    _c("c29", _t("opening", "Find the data retention policy.", RETENTION, "Data Retention and Deletion Policy"),
       _t("switch", "Now something else: what happens to my laptop if I spill coffee on it?", LAPTOPS,
          "loan laptop")),
    _c("c30", _t("opening", "Show me the offboarding checklist.", OFFBOARDING, "Offboarding Checklist"),
       _t("chat", "ok thanks. and when do my accounts get switched off?", OFFBOARDING, "18:00"),
       _t("switch", "Totally different topic: how many volunteering days do we get?", LEAVE, "two paid volunteering")),
    # After an abstention: the focus stays only when the user continues the earlier topic.
    _c("c31", _t("opening", "How long can I work abroad per year?", REMOTE, "20 working days"),
       _t("unanswerable", "Can I bring my cat to the Tokyo office?"),
       _t("after_abstain", "OK. Back to working abroad: how far ahead do I have to ask?", REMOTE, "four weeks")),
    _c("c32", _t("opening", "What's the daily meal allowance when travelling?", TRAVEL, "75 EUR"),
       _t("unanswerable", "Who won the company football tournament last year?"),
       _t("after_abstain", "fine. what does the travel policy say about lost receipts?", TRAVEL,
          "missing receipt declaration")),
    _c("c33", _t("unanswerable", "What is the dress code at the head office?"),
       _t("after_abstain", "And what are the core hours when working from home?", REMOTE, "10:00 and 15:00")),
    _c("c34", _t("unanswerable", "How do I file a patent for my invention?"),
       _t("unanswerable", "what about trademarks?")),
    _c("c35", _t("opening", "How much is the home office allowance?", REMOTE, "500 EUR"),
       _t("unanswerable", "Can I expense a standing desk from IKEA Tokyo?"),
       _t("after_abstain", "what about the monthly internet allowance?", REMOTE, "30 EUR")),
    _c("c36", _t("opening", "Are dogs allowed in the office?", FAQ, "Berlin office on Fridays"),
       _t("ellipsis", "And cats?", FAQ, "do not allow pets")),
    # Chat register.
    _c("c37", _t("opening", "how many sick days r paid at full salary", LEAVE, "20 working days"),
       _t("chat", "k. and if im off sick more than a week do i need a note??", LEAVE, "eighth day")),
    _c("c38", _t("opening", "expense claims deadline?", TRAVEL, "60 days"),
       _t("chat", "and if i miss it lol", TRAVEL, "90 days")),
    _c("c39", _t("opening", "lost my laptop on the train, who do i tell", SECURITY, "within one hour"),
       _t("chat", "do i need to tell the police too?", SECURITY, "crime reference number")),
    _c("c40", _t("opening", "wait whats the mfa app we use", SECURITY, "Okta Verify"),
       _t("chat", "can i just use sms codes instead", SECURITY, "SMS codes are not accepted")),
    _c("c41", _t("opening", "onboarding buddy - how long do they stick around?", ONBOARDING, "three months"),
       _t("chat", "and how often do we meet?", ONBOARDING, "once a week")),
    _c("c42", _t("opening", "how long is the notice period when I quit", OFFBOARDING, "one month"),
       _t("chat", "ugh ok. do I get paid for the holidays I didnt take", (OFFBOARDING, LEAVE), "final salary"),
       _t("chat", "and the exit interview, do i have to go?", OFFBOARDING, "voluntary")),
    _c("c43", _t("opening", "What does the company pay towards glasses?", BENEFITS, "200 EUR"),
       _t("pronoun", "How often can I get an eye test with it?", BENEFITS, "every two years"),
       _t("switch", "ok thanks. how do i get a company car?", CARS, "director level")),
    _c("c44", _t("opening", "How much can I claim for the gym each month?", BENEFITS, "40 EUR"),
       _t("chat", "how do i claim it", BENEFITS, "quarterly"),
       _t("switch", "btw whats the rule for taxis after a late meeting", TRAVEL, "21:00")),
)  # fmt: skip


def split(
    conversations: tuple[Conversation, ...] = CONVERSATIONS,
) -> tuple[list[Conversation], list[Conversation]]:
    """(tuning half, validation half): the even conversations (c02, c04, ...) and the odd ones."""
    tune = [c for c in conversations if int(c.id[1:]) % 2 == 0]
    held = [c for c in conversations if int(c.id[1:]) % 2 == 1]
    return tune, held
