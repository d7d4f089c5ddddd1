"""A blind set for bench/answer_quality.py: written before any ranking change of session 14, measured once
with the code of that moment, and never tuned on (``--blind`` runs it; the 76 questions of
answer_quality_questions.py and their tuning/held-out split stay as they were).

Harder than the first set on purpose: most questions are about documents the first set hardly asks
(code of conduct, health and safety, acceptable use, accounts, backups, performance, recruitment),
in words the documents do not use ("elevator" for "lifts", "bitcoin" for "cryptocurrency", "Gmail"
for "personal accounts"); the unanswerable ones share words with real sections (donations,
notice period, fire warden, parking, register); the non-English ones name the document a
multilingual embedder should find, so the same set measures both the language note (English-only
embedder) and first citation (an embedder that reads the language).
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

CONDUCT = "hr/code-of-conduct.txt"
HEALTH = "hr/health-and-safety.txt"
AUP = "it/acceptable-use-policy.txt"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
BACKUP = "it/runbook-backup-and-restore.md"
PERF = "hr/performance-and-compensation.md"
RECRUIT = "hr/recruitment-and-referrals.md"
OFFBOARDING = "hr/offboarding-checklist.md"
CARS = "finance/company-cars-and-mobility.md"
AMSTERDAM = "facilities/amsterdam-office-guide.html"
BENEFITS = "hr/benefits-overview.html"


BLIND: tuple[Question, ...] = (
    _a("b01", "Is a supplier allowed to give me a voucher as a thank-you?", CONDUCT, "gift cards"),
    _a("b02", "What is the most a present from one vendor may be worth?", CONDUCT, "75 EUR"),
    _a("b03", "May I run my own little shop on the side in the evenings?", CONDUCT, "does not compete"),
    _a("b04", "Where can I report suspected fraud without giving my name?", CONDUCT, "Speak Up line"),
    _a("b05", "When the building alarm goes off, may I take the elevator down?", HEALTH, "lifts"),
    _a("b06", "Will the company help pay for spectacles I need for computer work?", HEALTH, "contribution towards glasses"),
    _a("b07", "How soon must I log a mishap that nearly hurt someone while I was working at home?", HEALTH, "24 hours"),
    _a("b08", "Is there somewhere private for a new mum to express milk at the office?", HEALTH, "private room"),
    _a("b09", "Can I mine bitcoin on my work computer overnight?", AUP, "cryptocurrency"),
    _a("b10", "Can I have my work mail sent on to my Gmail automatically?", AUP, "blocked"),
    _a("b11", "Which wireless network should my company notebook join?", AUP, "Northwind-Corp"),
    _a("b12", "After too many wrong passwords, how long until I can sign in again by myself?", ACCOUNTS, "30 minutes"),
    _a("b13", "At what time is a departing colleague's login switched off?", (ACCOUNTS, OFFBOARDING), "18:00"),
    _a("b14", "How long do logins for external freelancers last?", ACCOUNTS, "six months"),
    _a("b15", "I binned a SharePoint file by mistake two weeks ago; can I get it back myself?", BACKUP, "93 days"),
    _a("b16", "Is everything on my laptop's disk copied somewhere safe?", BACKUP, "not backed up as a whole"),
    _a("b17", "What is the usual yearly bonus for someone who is not on commission?", PERF, "10% of base salary"),
    _a("b18", "On which day of the month does my wage land in my account?", PERF, "25th"),
    _a("b19", "How big a raise comes with moving up a level?", PERF, "at least 8%"),
    _a("b20", "What do I earn for recommending a friend who ends up being hired?", RECRUIT, "2,000 EUR"),
    _a("b21", "How long is a vacancy shown to staff before outsiders can apply?", RECRUIT, "five working days"),
    _a("b22", "Is topping up the electric company car at the office free?", CARS, "free"),
    _a("b23", "Is there anywhere to park a car at the Amsterdam office?", AMSTERDAM, "no car parking"),
    _a("b24", "Does the company help with the cost of a nursery for my toddler?", BENEFITS, "childcare"),
    # No answer in the corpus; each shares words with a real section.
    _n("u01", "Which charity does the company match my donations to?"),
    _n("u02", "What is the notice period for ending the office cleaning contract?"),
    _n("u03", "Who is the fire warden on the third floor in Lisbon?"),
    _n("u04", "How much does a monthly parking permit cost in Warsaw?"),
    _n("u05", "How do I register a trademark for a new product name?"),
    _n("u06", "When is this year's company ski trip?"),
    _n("u07", "How heavy a box may I lift on my own at the office?"),
    _n("u08", "What is the exchange rate used for salaries paid in yen?"),
    # Two turns; the second points back with a pronoun.
    _f("p01", "Open the code of conduct.", "What does it say about talking to journalists?", CONDUCT, "communications team"),
    _f("p02", "Where is the health and safety policy?", "And what does it say about staying alone late?", HEALTH, "tell security"),
    _f("p03", "Show me the backup and restore runbook.", "How many earlier versions does it keep?", BACKUP, "500 versions"),
    _f("p04", "Find the performance and compensation policy.", "When does it say promotions happen?", PERF, "April and October"),
    # Not English.
    _l("l1", "¿Cuánto dinero recibo por recomendar a un amigo que acaba contratado?", RECRUIT, "2,000 EUR"),
    _l("l2", "Darf ich Geschenkgutscheine von einem Lieferanten annehmen?", CONDUCT, "gift cards"),
    _l("l3", "Combien de temps mon compte reste-t-il bloqué après trop de mots de passe erronés ?", ACCOUNTS, "30 minutes"),
    _l("l4", "Którego dnia miesiąca wypłacana jest pensja?", PERF, "25th"),
)  # fmt: skip
