"""A third blind set for bench/answer_quality.py (``--blind3``): written in session 17 before any
ranking change of that session, measured once with the code of that moment, and never tuned on.
Blind set 2 (answer_quality_blind2.py) was looked at after session 15's final run and is no longer
strictly unseen; this one is the unseen figure of session 17.

Written from what the documents mean, in an employee's words, and aimed at sections no earlier set
asks (the benefits' small print, the code of conduct's press and competitor rules, health and safety
for builders and late workers, public duties, performance plans, interviews, monitoring, the service
desk's identity check, email recovery, Amsterdam's post room and lost property, bonuses after
leaving). The unanswerable ones share words with real sections ("wedding" beside bereavement leave,
"Christmas bonus" beside the annual bonus, "2022 leave policy" beside the 2024 and 2026 editions) or
name an office the corpus does not cover (Paris, Oslo, Prague, Munich: none is a demo-corpus office).
Follow-ups point back with a pronoun. The non-English ones (German, French, Spanish, Dutch,
Portuguese, Italian) name a document too.
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


BLIND3: tuple[Question, ...] = (
    _a("d01", "We just had a baby; how long do I have to add her to my health insurance?", (BENEFITS, FAQ), "30 days"),
    _a("d02", "Does the firm cover my husband's medical insurance premium in full?", BENEFITS, "50%"),
    _a("d03", "How much of a filling or a crown at the dentist do I get back?", BENEFITS, "80%"),
    _a("d04", "If a serious illness keeps me from working for a year, how much of my income continues?", BENEFITS, "70%"),
    _a("d05", "Can I get an e-bike through my wages and save on tax?", BENEFITS, "cycle to work"),
    _a("d06", "Once I've left, can I keep my private medical cover going, and for how long?", BENEFITS, "six months"),
    _a("d07", "A journalist rang me asking about our product plans. What should I do?", CONDUCT, "communications team"),
    _a("d08", "My cousin applied for a job in my team; do I have to tell anyone?", CONDUCT, "conflicts register"),
    _a("d09", "At a trade fair, someone from a competitor wants to chat about what we charge. Is that OK?", CONDUCT, "leave any meeting"),
    _a("d10", "Where do we meet up outside after everyone has been evacuated?", SAFETY, "assembly point"),
    _a("d11", "I'm pregnant; do I get paid time off for my check-ups with the midwife?", SAFETY, "antenatal appointments"),
    _a("d12", "Is it OK to stay alone in the office late at night to finish something?", SAFETY, "tell security"),
    _a("d13", "We've hired a builder to put up shelves in the office. What must they do before starting?", SAFETY, "safety induction"),
    _a("d14", "I was ill for three weeks; what happens when I come back?", LEAVE, "return-to-work conversation"),
    _a("d15", "If a bank holiday lands on a day I don't normally work, do I get another day instead?", LEAVE, "replacement day"),
    _a("d16", "My kid's school shut without warning; can I take paid time off to look after her?", LEAVE, "two days per occurrence"),
    _a("d17", "I sit on the board of my son's school; does the company give me time off for it?", LEAVE, "ten paid days"),
    _a("d18", "If my review says I'm falling short, how long do I get to turn it around?", PERFORMANCE, "60 to 90 days"),
    _a("d19", "After an interview, by when must I write up my opinion of the candidate?", RECRUITMENT, "24 hours"),
    _a("d20", "Can I apply for a job in another department without asking my boss?", RECRUITMENT, "twelve months"),
    _a("d21", "Can I ask a candidate whether they plan to start a family?", RECRUITMENT, "family plans"),
    _a("d22", "Does the company spy on my browsing to check how hard I work?", ACCEPTABLE_USE, "track individual productivity"),
    _a("d23", "As a service desk agent, how do I make sure a caller asking for a password reset is really who they say?", ACCOUNTS, "video call"),
    _a("d24", "A colleague lost the phone with their authenticator app; how long is the stopgap pass valid?", ACCOUNTS, "eight hours"),
    _a("d25", "I deleted an email and then emptied the bin; can it still be brought back?", BACKUP, "30 more days"),
    _a("d26", "Internal tools are painfully slow whenever I'm connected from home through the tunnel", VPN, "nearest gateway"),
    _a("d27", "Can I add a few days of holiday to the end of a business trip?", TRAVEL, "own cost"),
    _a("d28", "Can I expense a cab home after a late work event?", TRAVEL, "21:00"),
    _a("d29", "Can I have my online shopping delivered to the Amsterdam office?", AMSTERDAM, "personal parcels"),
    _a("d30", "I forgot my scarf at the Amsterdam office; how long do they hold on to things people leave behind?", AMSTERDAM, "one month"),
    _a("d31", "My landlord wants proof that I work here; how do I get it?", FAQ, "employment verification letter"),
    _a("d32", "Do I still get my bonus if I leave before it is paid?", (OFFBOARDING, PERFORMANCE), "payment date"),
    _a("d33", "During a big outage, who coordinates, and do they also hunt for the bug?", INCIDENTS, "does not debug"),
    _a("d34", "Can I leave our project plan on the meeting room whiteboard for tomorrow?", SECURITY, "wiped after use"),
    _a("d35", "Do I have to change my password every few months?", SECURITY, "not rotated on a schedule"),
    _a("d36", "I join on the 20th; when will I get my first wages?", ONBOARDING, "next month's salary"),
    _a("d37", "My laptop battery barely lasts any more; will IT swap it?", LAPTOPS, "70%"),
    # No answer in the corpus; each shares words with a real section or names an office/year it does not cover.
    _n("w01", "What time is lunch served at the Paris office?"),
    _n("w02", "How many charging spots for electric cars does the Oslo office have?"),
    _n("w03", "When is reception staffed at the Prague office?"),
    _n("w04", "How do I book a parking space at the Munich office?"),
    _n("w05", "How much is the Christmas bonus for part-time staff?"),
    _n("w06", "Am I allowed to bring my children to the office during school holidays?"),
    _n("w07", "Which airline gives us a corporate frequent flyer deal?"),
    _n("w08", "What is the largest attachment I can send by email?"),
    _n("w09", "How many days of paid leave do I get for my own wedding?"),
    _n("w10", "How much does the company pay towards my private mobile phone contract?"),
    _n("w11", "How many days of annual leave did the 2022 leave policy give?"),
    _n("w12", "Does the company reimburse a burglar alarm for my home?"),
    # Two turns; the second points back with a pronoun.
    _f("h01", "Open the benefits overview.", "How much does it give me to spend on training?", BENEFITS, "1,500 EUR"),
    _f("h02", "Show me the code of conduct.", "What does it say about having a second job?", CONDUCT, "conflicts register"),
    _f("h03", "Find the health and safety policy.", "What does it say if work is stressing me out?", SAFETY, "adjustments to workload"),
    _f("h04", "Open the accounts and access runbook.", "What does it say about people who leave?", ACCOUNTS, "18:00"),
    _f("h05", "Where is the travel and expenses policy?", "What does it allow if I sleep at a friend's place instead of a hotel?", TRAVEL, "40 EUR"),
    _f("h06", "Show me the recruitment and referrals page.", "Who approves the offers in it?", RECRUITMENT, "people partner"),
    # Not English.
    _l("m1", "Wie viele Tage Sonderurlaub bekomme ich, wenn mein Vater stirbt?", LEAVE, "ten days"),
    _l("m2", "Puis-je travailler depuis l'étranger pendant quelques semaines ?", REMOTE, "20 working days"),
    _l("m3", "¿Cuánto me pagan por kilómetro si uso mi propio coche para un viaje de trabajo?", TRAVEL, "0.30 EUR"),
    _l("m4", "Hoe lang worden de gegevens van afgewezen sollicitanten bewaard?", (RETENTION, RECRUITMENT), "six months"),
    _l("m5", "Quantas semanas de licença recebe o pai quando nasce um bebé?", LEAVE, "six weeks"),
    _l("m6", "Entro quanto tempo devo installare un aggiornamento di sicurezza critico?", SECURITY, "48 hours"),
)  # fmt: skip
