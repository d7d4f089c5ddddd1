"""A fifth blind set for bench/answer_quality.py (``--blind5``): written in session 18 (helper h14's
round, 02:15 UTC) before that round's candidate-recall changes, measured once with the code of that
moment and once at the end, and never tuned on (the round judges its changes on blind sets 2-4).

Written from what the documents mean, in an employee's words, about sentences no earlier set asks
(checked mechanically: no earlier set's answering fact occurs in the sentences these facts come
from): seat and bag fees, first class on trains, alcohol, fines, personal use of the corporate card,
officials as guests, the payroll cut-off for claims, the Dutch commuting allowance, the pension
ceiling, gifts, side jobs, who owns one's work, the yearly code confirmation, the defibrillator,
pregnancy and lone working, jury service, self-certified sickness, phased return, partners' leave,
overtime, payslips, rating scale, interview steps, written offers, anchor days, family use of work
devices, guest Wi-Fi, phones, leavers' mailboxes, lost MFA devices, the recycle bin, unsynchronised
folders, severities, declaring an incident, captive portals, third-party VPNs, broken laptops,
personnel files, paper waste, sickness privacy, Amsterdam's meeting rooms and desk booking, salary
letters, flexible working, the budget holder's limit, signing authority, home charging and resigning.
The unanswerable ones share words with real sections (a sabbatical *paid*, parking *spaces* beside the
garage discount, a *partner's* training budget, lounges beside the corporate card) or ask what no
document holds. Follow-ups point back with a pronoun; the non-English ones name no document.
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
LAPTOPS = "it/runbook-laptops-and-equipment.md"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"
PROCUREMENT = "finance/procurement-policy.html"
CARS = "finance/company-cars-and-mobility.md"
PRIVACY = "security/employee-privacy-notice.md"


BLIND5: tuple[Question, ...] = (
    _a("f01", "On a work flight, do I get my money back for picking a seat and putting a suitcase in the hold?", TRAVEL, "one checked bag"),
    _a("f02", "Am I ever allowed to sit in first class on the train for a business trip?", TRAVEL, "work on the train"),
    _a("f03", "Can I claim the glass of wine I had with dinner while travelling?", TRAVEL, "Alcohol is not reimbursed"),
    _a("f04", "I got a parking ticket while driving to a customer; will the company cover it?", TRAVEL, "fines"),
    _a("f05", "Is it OK to buy something private with the company credit card if I pay it back right away?", TRAVEL, "even if repaid"),
    _a("f06", "I'd like to take a government official out to lunch; whose permission do I need?", (TRAVEL, CONDUCT), "prior approval from Legal"),
    _a("f07", "My manager approved my expense claim; when will the money reach my account?", TRAVEL, "20th of the month"),
    _a("f08", "I live in the Netherlands; do I get anything for the kilometres I travel to the office?", BENEFITS, "0.23 EUR"),
    _a("f09", "What is the most the company will pay into my pension?", BENEFITS, "9%"),
    _a("f10", "A supplier sent me a bottle of champagne; do I have to write that down somewhere?", CONDUCT, "more than 50 EUR"),
    _a("f11", "Can I run a small business of my own in the evenings?", CONDUCT, "side business"),
    _a("f12", "Who owns the software I write for my job?", CONDUCT, "belongs to the company"),
    _a("f13", "How often must I confirm I've read the code of conduct?", CONDUCT, "January"),
    _a("f14", "Where can I find the defibrillator in the office?", SAFETY, "next to the reception desk"),
    _a("f15", "I'm expecting a baby; will anything change about my work setup for safety?", SAFETY, "individual risk assessment"),
    _a("f16", "Can I work by myself in the hardware lab late in the evening?", SAFETY, "not allowed"),
    _a("f17", "I got a letter calling me for jury duty; what should I do?", LEAVE, "as soon as you receive the summons"),
    _a("f18", "For how many days can I be off sick without a doctor's note?", LEAVE, "seven calendar days"),
    _a("f19", "After a long illness, can I come back on shorter hours at first?", LEAVE, "phased return"),
    _a("f20", "My wife is giving birth soon; how much paid leave do I get as the partner?", LEAVE, "weeks of paid parental leave"),
    _a("f21", "I'm on a junior level and my manager asked me to work late; do I get paid extra?", PERFORMANCE, "125%"),
    _a("f22", "When can I see my payslip before payday?", PERFORMANCE, "two days before payment"),
    _a("f23", "What ratings can I get in my annual review?", PERFORMANCE, "four-point scale"),
    _a("f24", "How many rounds of interviews does a candidate go through?", RECRUITMENT, "four steps"),
    _a("f25", "A candidate accepted on the phone; how soon must the offer follow on paper?", RECRUITMENT, "two working days"),
    _a("f26", "How many days a week is everyone expected in the office?", REMOTE, "two anchor days"),
    _a("f27", "Can my kids use my work laptop for their homework?", REMOTE, "family members"),
    _a("f28", "Which wifi should a visitor use?", ACCEPTABLE_USE, "Northwind-Guest"),
    _a("f29", "Can I read work email on my own phone?", ACCEPTABLE_USE, "managed apps"),
    _a("f30", "How long is a former colleague's mailbox kept after they leave?", ACCOUNTS, "90 days"),
    _a("f31", "I lost the phone with my authenticator app; what does IT do first?", ACCOUNTS, "revoke the factor"),
    _a("f32", "I deleted a file in OneDrive by mistake; how do I get it back myself?", BACKUP, "recycle bin"),
    _a("f33", "Are the files in my Downloads folder backed up?", BACKUP, "lost if the laptop fails"),
    _a("f34", "A small feature is broken but there is a workaround; how serious an incident is that?", INCIDENTS, "SEV3"),
    _a("f35", "How do I officially start an incident?", INCIDENTS, "/incident declare"),
    _a("f36", "The VPN won't connect on the hotel wifi; what should I try?", VPN, "terms page"),
    _a("f37", "Can I just install a different VPN app that works better?", VPN, "third-party VPN apps"),
    _a("f38", "I spilled coffee on my laptop; what now?", LAPTOPS, "open a ticket"),
    _a("f39", "How long does the company keep an ex-employee's personnel file?", (RETENTION, PRIVACY), "seven years"),
    _a("f40", "How should I throw away printed confidential documents?", RETENTION, "confidential waste bins"),
    _a("f41", "When I'm off sick, does my manager find out what illness I have?", PRIVACY, "not the nature"),
    _a("f42", "How do I reserve a meeting room in the Amsterdam office?", AMSTERDAM, "Outlook"),
    _a("f43", "How far in advance can I reserve a desk in Amsterdam?", AMSTERDAM, "bookings open two weeks"),
    _a("f44", "I asked for an employment letter that shows my salary; how long will it take?", FAQ, "up to three days"),
    _a("f45", "I asked to work a compressed week; how long does my manager have to answer?", FAQ, "four weeks"),
    _a("f46", "Up to what amount can my budget holder approve a purchase alone?", PROCUREMENT, "5,000 EUR"),
    _a("f47", "Who is allowed to sign a contract with a supplier?", PROCUREMENT, "delegated signing authority"),
    _a("f48", "Who pays for charging my electric company car at home?", CARS, "charging point"),
    _a("f49", "How do I hand in my notice?", OFFBOARDING, "resignation email"),
    # No answer in the corpus; several share words with a real section.
    _n("n01", "Is a sabbatical paid at full salary?"),
    _n("n02", "How do I get a reserved parking space in the company garage?"),
    _n("n03", "Can I bring my child to the office during the school holidays?"),
    _n("n04", "Does the company pay for language lessons for my partner?"),
    _n("n05", "Which airport lounges can I use with the corporate card?"),
    _n("n06", "What is the maximum salary for a senior engineer?"),
    _n("n07", "How many shares do new hires get as a signing bonus?"),
    _n("n08", "What is on the canteen menu on Fridays?"),
    _n("n09", "Does the company reimburse my home internet bill?"),
    _n("n10", "Who is the fire warden on the third floor?"),
    # Two turns; the second points back with a pronoun.
    _f("g01", "Open the health and safety guide.", "What does it say to do when the fire alarm goes off?", SAFETY, "nearest emergency exit"),
    _f("g02", "Show me the acceptable use policy.", "What does it say about reply all?", ACCEPTABLE_USE, "reply all"),
    _f("g03", "Find the backup and restore runbook.", "How often does it say restores are tested?", BACKUP, "every quarter"),
    _f("g04", "Open the recruitment and referrals page.", "Where does it say candidate data may be kept?", RECRUITMENT, "only in Greenhouse"),
    # Not English.
    _l("k1", "Wie viele Tage darf ich mich bei Krankheit ohne Attest selbst krankmelden?", LEAVE, "seven calendar days"),
    _l("k2", "Combien sont payées les heures supplémentaires pour un employé junior ?", PERFORMANCE, "125%"),
    _l("k3", "¿Cuánto me pagan por kilómetro para ir a la oficina en los Países Bajos?", BENEFITS, "0.23 EUR"),
)  # fmt: skip
