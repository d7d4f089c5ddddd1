"""A fourth blind set for bench/answer_quality.py (``--blind4``): written in session 18 before any
ranking or abstention change of that session, measured once with the code of that moment and once
at the end, and never tuned on (session 18 fits its rules on blind sets 2 and 3 only).

Written from what the documents mean, in an employee's words, and aimed mostly at sections the
earlier sets do not ask (booking outside the travel portal, lost luggage, passports, PagerDuty's
escalation and handover, mitigation first, supplier vetting and split purchases, the company car's
drivers and fuel, share holding and enrollment windows, backup childcare, fire drills, visitors,
stillbirth, pre-adoption and carer's leave, review feedback, raise and promotion dates, restricted
data by email, test data, browser plugins, shared mailboxes, new joiner accounts, version history,
Amsterdam's printing, weekend access and couriers, portable personal data, grievances, NDAs after
leaving, social media). The unanswerable ones share words with real sections ("university tuition"
beside childcare support, "a company loan for a house" beside the mortgage letter, "the 2019
handbook" beside the 2024 and 2026 leave editions, "the Christmas party" beside the end-of-year
closure) or name an office the corpus does not cover (Vienna, Stockholm, Brussels, Copenhagen,
Milan: none is a demo-corpus office). Follow-ups point back with a pronoun. The non-English ones
(German, French, Spanish, Italian, Dutch, Portuguese, Polish) name a document too.
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

BENEFITS = "hr/benefits-overview.html"
FAQ = "hr/people-ops-faq.txt"
CONDUCT = "hr/code-of-conduct.txt"
SAFETY = "hr/health-and-safety.txt"
LEAVE = "hr/leave-policy-handbook-2026.md"
PERFORMANCE = "hr/performance-and-compensation.md"
RECRUITMENT = "hr/recruitment-and-referrals.md"
ACCEPTABLE_USE = "it/acceptable-use-policy.txt"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
BACKUP = "it/runbook-backup-and-restore.md"
VPN = "it/runbook-vpn-troubleshooting.md"
TRAVEL = "finance/travel-and-expenses-policy.md"
AMSTERDAM = "facilities/amsterdam-office-guide.html"
OFFBOARDING = "hr/offboarding-checklist.md"
INCIDENTS = "it/runbook-incident-response.md"
SECURITY = "security/information-security-policy.html"
ONBOARDING = "hr/onboarding-guide.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"
PROCUREMENT = "finance/procurement-policy.html"
CARS = "finance/company-cars-and-mobility.md"
PRIVACY = "security/employee-privacy-notice.md"


BLIND4: tuple[Question, ...] = (
    _a("e01", "The airline's own website is cheaper than our booking tool; will I be paid back if I book there?", TRAVEL, "screenshot"),
    _a("e02", "My suitcase never showed up at the airport on a work trip; what should I do before I leave?", TRAVEL, "property irregularity report"),
    _a("e03", "My passport runs out next month and I need it for a client visit; who pays for the new one?", TRAVEL, "passport renewals"),
    _a("e04", "For a stay of two weeks, can I rent a flat instead of a hotel room?", TRAVEL, "five nights"),
    _a("e05", "How much money can I take out of a cash machine with the company card on a trip?", TRAVEL, "200 EUR"),
    _a("e06", "The engineer on call didn't react to the alert; who gets woken up next?", INCIDENTS, "secondary"),
    _a("e07", "On which day and at what time does the standby week hand over to the next person?", INCIDENTS, "Mondays at 10:00"),
    _a("e08", "The app is down for customers; do we dig for the cause first or get it working again?", INCIDENTS, "rolling back"),
    _a("e09", "When can we say an outage is over?", INCIDENTS, "stable for 30 minutes"),
    _a("e10", "A new vendor will handle our client data; how long do the checks take before we can order?", PROCUREMENT, "three weeks"),
    _a("e11", "Can I break one big order into two smaller ones so my director doesn't have to approve it?", PROCUREMENT, "not allowed"),
    _a("e12", "Two suppliers quote about the same price; is there a rule about which one to pick?", PROCUREMENT, "environmental impact"),
    _a("e13", "I work in sales; how much can the monthly lease of my company car be?", CARS, "700 EUR"),
    _a("e14", "Can my 19-year-old son borrow my company car at the weekend?", CARS, "employee and their partner"),
    _a("e15", "Could I pick a plug-in hybrid as my next company car?", CARS, "fully electric"),
    _a("e16", "How long must I hang on to shares I bought cheaply through the staff scheme before selling?", BENEFITS, "one year"),
    _a("e17", "When in the year can I switch my insurance and other perks?", BENEFITS, "1 to 30 November"),
    _a("e18", "My nanny cancelled this morning; does the company help with last-minute childcare?", BENEFITS, "ten days"),
    _a("e19", "How often do we practise clearing the building for a fire?", SAFETY, "twice a year"),
    _a("e20", "A friend is coming to meet me at the office; does she need to do anything at the door?", SAFETY, "visitor badge"),
    _a("e21", "Our baby was stillborn; how much time off am I given?", LEAVE, "eight weeks"),
    _a("e22", "We are adopting; is time off paid for the meetings with the agency before the child comes?", LEAVE, "five pre-adoption appointments"),
    _a("e23", "My mother has cancer and I need to look after her; what time off can I get?", LEAVE, "carer's leave"),
    _a("e24", "How early before the baby is due can I begin my maternity leave?", LEAVE, "eleven weeks"),
    _a("e25", "How many colleagues give input for my yearly appraisal?", PERFORMANCE, "three to five"),
    _a("e26", "From what date does a pay rise show up in my salary?", PERFORMANCE, "1 April"),
    _a("e27", "At what times of year are people moved up a level?", PERFORMANCE, "April and October"),
    _a("e28", "Can I email a spreadsheet of colleagues' medical details to HR?", SECURITY, "never be sent by email"),
    _a("e29", "I'm a developer; may I copy real customer records onto my laptop to test a feature?", SECURITY, "anonymised datasets"),
    _a("e30", "Can I add any add-on I like to my web browser?", SECURITY, "approved list"),
    _a("e31", "Is it fine to keep my family's holiday photo collection on my work laptop?", ACCEPTABLE_USE, "photo libraries"),
    _a("e32", "My team needs a common inbox; how do we get one?", ACCOUNTS, "owner"),
    _a("e33", "How long before a new hire's start date is their login created?", ACCOUNTS, "five working days"),
    _a("e34", "I saved over a spreadsheet by accident; can I get back the copy from yesterday?", BACKUP, "version history"),
    _a("e35", "How many colour pages may I print each month at the Amsterdam office?", AMSTERDAM, "100 pages"),
    _a("e36", "I want to work at the Amsterdam office on a Saturday; what do I need to do?", AMSTERDAM, "two working days in advance"),
    _a("e37", "Can I get my personal data from the company in a form I can take elsewhere?", PRIVACY, "portable format"),
    _a("e38", "My manager treats me unfairly and talking didn't help; how do I make a formal complaint?", FAQ, "ten working days"),
    _a("e39", "After I resign, does my duty to keep company secrets end?", (CONDUCT, OFFBOARDING), "continue"),
    _a("e40", "Can I post about my job on Instagram?", CONDUCT, "your views are your own"),
    # No answer in the corpus; each shares words with a real section or names an office/year it does not cover.
    _n("n01", "What are the opening hours of the Vienna office?"),
    _n("n02", "Is there a gym inside the Stockholm office building?"),
    _n("n03", "How do I reserve a desk at the Brussels office?"),
    _n("n04", "Who are the first aiders at the Copenhagen office?"),
    _n("n05", "What is the wifi password for the printers in the Milan office?"),
    _n("n06", "Does the company pay for my child's university tuition?"),
    _n("n07", "Can I get a company loan to buy a house?"),
    _n("n08", "How many days off do I get when I move house?"),
    _n("n09", "What was the sick leave rule in the 2019 handbook?"),
    _n("n10", "Can I bring my partner to the company Christmas party?"),
    _n("n11", "Do employees' families get a discount on our products?"),
    _n("n12", "How many paid days off do I get to study for an exam?"),
    _n("n13", "What is the dress code for meeting clients?"),
    _n("n14", "Who won the employee of the year award?"),
    # Two turns; the second points back with a pronoun.
    _f("g01", "Open the procurement policy.", "How fast does it say we pay small local firms?", PROCUREMENT, "14-day"),
    _f("g02", "Show me the data retention policy.", "How long does it keep security logs?", RETENTION, "one year"),
    _f("g03", "Find the remote and hybrid work policy.", "What does it say about checking my desk setup at home?", REMOTE, "self-assessment"),
    _f("g04", "Open the onboarding guide.", "What does it say about goals for my first three months?", ONBOARDING, "30-60-90"),
    _f("g05", "Where is the VPN troubleshooting runbook?", "When does it say to hand the problem to the network team?", VPN, "more than five users"),
    _f("g06", "Show me the company cars and mobility page.", "What does it tell me to do after a crash?", CARS, "24 hours"),
    # Not English.
    _l("k1", "Wie viel zahlt die Firma mir für eine neue Brille?", BENEFITS, "200 EUR"),
    _l("k2", "Tous les combien de temps mon ordinateur portable est-il remplacé ?", LAPTOPS, "four years"),
    _l("k3", "¿Durante cuántos años se guardan los registros de nóminas?", RETENTION, "ten years"),
    _l("k4", "Quanti giorni di ferie non usati posso portare all'anno successivo?", LEAVE, "five"),
    _l("k5", "Hoeveel krijg ik per maand terug voor mijn sportschoolabonnement?", BENEFITS, "40 EUR"),
    _l("k6", "Quanto tempo tenho para entregar as minhas despesas de viagem?", TRAVEL, "60 days"),
    _l("k7", "Ile wynosi premia za polecenie kandydata, który zostanie zatrudniony?", RECRUITMENT, "2,000 EUR"),
)  # fmt: skip
