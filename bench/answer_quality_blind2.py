"""A second blind set for bench/answer_quality.py (``--blind2``): written in session 15 before any
ranking change of that session, measured once with the code of that moment, and never tuned on.
The first blind set (answer_quality_blind.py) was studied in session 15 and is no longer unseen;
this one is the unseen figure.

Same shape as the first blind set, other documents and other words: most answerable questions are
about documents neither earlier set asks much (procurement, incident response, laptops, the privacy
notice, onboarding, offboarding, the People Operations FAQ), phrased the way an employee would ask
("dent the leased car", "my building pass", "paste into ChatGPT"). The unanswerable ones share words
with real sections or name an office or year the corpus does not cover (Madrid, Dublin, Sydney,
Tokyo, 2031). Follow-ups point back with a pronoun and most name no word of the document. The
non-English ones (German twice, Polish twice, Spanish, French, Italian) name a document too.
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

PROCUREMENT = "finance/procurement-policy.html"
INCIDENTS = "it/runbook-incident-response.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
PRIVACY = "security/employee-privacy-notice.md"
ONBOARDING = "hr/onboarding-guide.md"
OFFBOARDING = "hr/offboarding-checklist.md"
CARS = "finance/company-cars-and-mobility.md"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"
SECURITY = "security/information-security-policy.html"
FAQ = "hr/people-ops-faq.txt"
BENEFITS = "hr/benefits-overview.html"
AMSTERDAM = "facilities/amsterdam-office-guide.html"
LEAVE = "hr/leave-policy-handbook-2026.md"


BLIND2: tuple[Question, ...] = (
    _a("c01", "Can a manager put their signature on a 40,000 euro supplier agreement?", PROCUREMENT, "25,000 EUR"),
    _a("c02", "How many offers from rival vendors do I need before spending 12,000 euros?", PROCUREMENT, "two competing quotes"),
    _a("c03", "The vendor's bill arrived without our order reference; will it still be paid?", PROCUREMENT, "returned to the supplier unpaid"),
    _a("c04", "How quickly do we normally settle a supplier's bill?", PROCUREMENT, "30 days"),
    _a("c05", "Can I just put a new online tool on my corporate credit card?", PROCUREMENT, "IT service portal"),
    _a("c06", "When the whole product is down, how fast must the person on duty answer the alert?", INCIDENTS, "5 minutes"),
    _a("c07", "How much extra do I get paid for a week of standby duty?", INCIDENTS, "250 EUR per week"),
    _a("c08", "How often do we have to tell customers what is going on during a big outage?", INCIDENTS, "every 30 minutes"),
    _a("c09", "How soon after a serious outage is the no-blame retrospective held?", INCIDENTS, "five working days"),
    _a("c10", "My notebook has become sluggish, what should I try before calling IT?", LAPTOPS, "at least once a week"),
    _a("c11", "Can I read Slack on my own private mobile?", LAPTOPS, "app protection policy"),
    _a("c12", "Can a developer get a bigger screen on their work computer?", LAPTOPS, "16-inch"),
    _a("c13", "Can I see everything HR keeps on file about me, and how long until they reply?", PRIVACY, "one month"),
    _a("c14", "Where can I complain if I think my employer mishandles my personal information?", PRIVACY, "Dutch Data Protection Authority"),
    _a("c15", "Which e-learning modules must I finish in my first weeks?", ONBOARDING, "30 days"),
    _a("c16", "What do I pay if I lose my building pass a second time?", ONBOARDING, "15 EUR"),
    _a("c17", "Besides my boss, who can a newcomer turn to with awkward little questions?", ONBOARDING, "onboarding buddy"),
    _a("c18", "Will my pass let me into the building at 22:00 on a weekday?", (ONBOARDING, AMSTERDAM), "21:00"),
    _a("c19", "I'm quitting: when do I have to hand back my laptop?", OFFBOARDING, "last day"),
    _a("c20", "Are holidays I never took paid out when I leave the firm?", OFFBOARDING, "unused annual leave"),
    _a("c21", "How much of the repair bill is mine if I dent the leased car?", CARS, "300 EUR"),
    _a("c22", "What happens to travel allowance money I haven't used by the end of the year?", CARS, "paid out in cash"),
    _a("c23", "Is there a monthly contribution towards my home broadband bill?", REMOTE, "30 EUR"),
    _a("c24", "How long do copies of client data survive in our backups?", RETENTION, "35 days"),
    _a("c25", "Am I allowed to paste a customer's personal details into ChatGPT?", SECURITY, "customer personal data"),
    _a("c26", "How quickly must I install an urgent security patch on my laptop?", SECURITY, "48 hours"),
    _a("c27", "Can I get admin rights on my laptop to install something, and for how long?", SECURITY, "four hours"),
    _a("c28", "Can my pooch come to work with me in Berlin?", FAQ, "Fridays"),
    _a("c29", "How big is the payout to my family if I die while employed here?", BENEFITS, "four times your annual base salary"),
    _a("c30", "How many free therapy sessions can I have through the support programme?", BENEFITS, "eight"),
    # No answer in the corpus; each shares words with a real section or names an office/year it does not cover.
    _n("v01", "What time is the free lunch served at the Madrid office?"),
    _n("v02", "How far ahead can I book a desk at the Dublin office?"),
    _n("v03", "How many motorbike parking spaces does the Sydney office have?"),
    _n("v04", "How many vacation days do interns get at the Tokyo office?"),
    _n("v05", "What will the mileage rate for private cars be in 2031?"),
    _n("v06", "What is the company's policy on visible tattoos and piercings?"),
    _n("v07", "How do I claim overtime pay for weekend shifts in the warehouse?"),
    _n("v08", "Which supplier delivers and waters our office plants?"),
    _n("v09", "Who pays the fine if I get a speeding ticket in a company car?"),
    _n("v10", "Does the pension plan invest in cryptocurrency?"),
    _n("v11", "How do I book the rooftop terrace for a team barbecue?"),
    # Two turns; the second points back with a pronoun.
    _f("g01", "Open the procurement policy.", "What does it say about taking on a vendor we have never used?", PROCUREMENT, "three weeks"),
    _f("g02", "Show me the major incident response runbook.", "Who is allowed to start one?", INCIDENTS, "anyone can declare an incident"),
    _f("g03", "Find the employee privacy notice.", "Who do they pass my details on to?", PRIVACY, "payroll and benefits providers"),
    _f("g04", "Where is the company cars and mobility budget page?", "Can my partner drive it too?", CARS, "their partner"),
    _f("g05", "Open the laptops and equipment runbook.", "And what happens to the old ones?", LAPTOPS, "securely wipes"),
    _f("g06", "Show me the People Operations FAQ.", "What does it say if I have a complaint about my manager?", FAQ, "written grievance"),
    # Not English.
    _l("k1", "Wie schnell muss ich ein gestohlenes Diensthandy melden?", SECURITY, "within one hour"),
    _l("k2", "Wie hoch ist das monatliche Mobilitätsbudget, wenn ich auf den Firmenwagen verzichte?", CARS, "400 EUR"),
    _l("k3", "Ile dni płatnego urlopu przysługuje mi w ciągu roku?", LEAVE, "28 days"),
    _l("k4", "¿Puedo llevar a mi perro a la oficina de Berlín?", FAQ, "Fridays"),
    _l("k5", "Quel est le montant de l'allocation unique pour équiper mon bureau à domicile ?", REMOTE, "500 EUR"),
    _l("k6", "Per quanto tempo vengono conservate le email aziendali?", RETENTION, "three years"),
    _l("k7", "Jak długo przechowywane są nagrania z kamer w biurze?", RETENTION, "28 days"),
)  # fmt: skip
