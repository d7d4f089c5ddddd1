"""The questions of the sixth blind set (bench/answer_quality_blind6.py): session 19, helper h3.

Written before the round's changes, by someone who does not tune, from sentences that no earlier set
(the main set and blind sets 1-5) asks: ``python bench/answer_quality_blind6.py --check`` proves it
mechanically (no earlier set's answering fact occurs in a corpus sentence holding one of these facts)
and checks that each fact is in its expected document.

Style: the way employees type into a chat box, not the tidy "How long ... ?" of the earlier sets:
lower case, typos ("reimbursd", "vaccation"), chat shorthand ("pls", "xmas", "PO", "amex"),
situations instead of policy words ("took 3 customers to dinner"), yes/no questions, compound
questions joined by "and" (the fact checked is the first part's), and numbers, dates and durations
that sit mid-paragraph (15:00, 15th of the month, 15 weeks, version 6.2).

Unanswerable, of several kinds: near misses sharing words with a real section but asking a detail it
does not give (a shower beside the bike racks, blood donation beside volunteering days); an office,
country or year the corpus lacks (Madrid, Dublin, the 2022 policy: the demo corpus's offices are
Amsterdam, Berlin, London, New York, Singapore, Lisbon, Toronto and Warsaw, so none of those is
used); a premise the text contradicts (a *paid* sabbatical, which the handbook says is unpaid:
blind 5's convention, n01 "Is a sabbatical paid at full salary?", counts such a question as
unanswerable, and so does this set); subjects the corpus never covers; and out-of-domain requests.
Follow-ups point back with a pronoun ("it", "that", "they"). The non-English questions (Dutch,
Polish, Portuguese, Italian, Swedish, Turkish) must get the note that the embedder reads English
only (``LANGUAGE_NOTE``); like blind 5's they name the expected document for "language first
citation".
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

AMSTERDAM = "facilities/amsterdam-office-guide.html"
CARS = "finance/company-cars-and-mobility.md"
PROCUREMENT = "finance/procurement-policy.html"
TRAVEL = "finance/travel-and-expenses-policy.md"
BENEFITS = "hr/benefits-overview.html"
CONDUCT = "hr/code-of-conduct.txt"
SAFETY = "hr/health-and-safety.txt"
LEAVE = "hr/leave-policy-handbook-2026.md"
OFFBOARDING = "hr/offboarding-checklist.md"
ONBOARDING = "hr/onboarding-guide.md"
FAQ = "hr/people-ops-faq.txt"
PERFORMANCE = "hr/performance-and-compensation.md"
RECRUITMENT = "hr/recruitment-and-referrals.md"
REMOTE = "hr/remote-work-policy.md"
ACCEPTABLE_USE = "it/acceptable-use-policy.txt"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
BACKUP = "it/runbook-backup-and-restore.md"
INCIDENTS = "it/runbook-incident-response.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
VPN = "it/runbook-vpn-troubleshooting.md"
RETENTION = "security/data-retention-policy.md"
PRIVACY = "security/employee-privacy-notice.md"
SECURITY = "security/information-security-policy.html"


BLIND6: tuple[Question, ...] = (
    # Travel and expenses
    _a("b01", "whats the max flight length where i still have to fly economy", TRAVEL, "up to six hours"),
    _a("b02", "day trip to a client, back home by 7pm. can i expense lunch?", TRAVEL, "more than ten hours"),
    _a("b03", "do i need the detailed receipt or is the card slip ok for a 40 euro dinner", TRAVEL, "amounts over 25 EUR"),
    _a("b04", "how do i qualify for a company credit card", TRAVEL, "more than four times a year"),
    _a("b05", "passport got stolen abroad at 3am, where do i find the emergency number", TRAVEL, "back of your badge"),
    _a("b06", "if i tack a weekend onto a conference in lisbon does the company pay the extra hotel nights", TRAVEL, "during personal days"),
    _a("b07", "took 3 customers to dinner - what do i have to put on the claim", TRAVEL, "names and companies"),
    _a("b08", "Do I have to take the cheapest flight even if it has two layovers and leaves at 5am?", TRAVEL, "direct flight within two hours"),
    _a("b09", "airline lost my suitcase on a work trip. am i insured for that?", TRAVEL, "medical emergencies, lost luggage"),
    # Procurement
    _a("b10", "how long does a PO usually take to come thru", PROCUREMENT, "two to three working days"),
    _a("b11", "bought a saas tool on my own card without asking anyone, will i get reimbursd?", PROCUREMENT, "Unapproved software"),
    _a("b12", "the contractor has to start tomorrow and there's no PO yet, who can sign off on that", PROCUREMENT, "CFO approval"),
    _a("b13", "do we ever check our big vendors against the supplier code of conduct or is it a one-off", PROCUREMENT, "strategic suppliers"),
    # Cars
    _a("b14", "can i take the lease car on vaccation to italy", CARS, "holidays abroad in Europe"),
    _a("b15", "how do i pay when i charge the company EV at a motorway charger", CARS, "charging card"),
    _a("b16", "will I have to pay tax on my company car and where will I see it?", CARS, "benefit in kind"),
    # Benefits
    _a("b17", "does the health insurance cover physio", BENEFITS, "physiotherapy"),
    _a("b18", "how often can i claim my gym money back", BENEFITS, "quarterly"),
    _a("b19", "what happens to my pension pot if i quit", BENEFITS, "transfer it to another provider"),
    _a("b20", "instead of the km money can the company just pay my train pass?", BENEFITS, "season ticket"),
    # Code of conduct
    _a("b21", "im on the insider list, when am i allowed to sell my shares", CONDUCT, "open trading windows"),
    _a("b22", "would northwind chip in for my local party's election campaign", CONDUCT, "does not make donations"),
    _a("b23", "we're mid-tender and one bidder wants to send the team a christmas hamper, is that fine", CONDUCT, "during a tender"),
    _a("b24", "i manage a team and knew about a breach but kept quiet. am i in trouble too?", CONDUCT, "also accountable"),
    _a("b25", "my cousin applied for a job in my team, is that a conflict of interest?", CONDUCT, "hiring a relative"),
    # Health and safety
    _a("b26", "colleague just collapsed at their desk what number do i call", SAFETY, "112"),
    _a("b27", "do i really need to do the workstation assessment thing?", SAFETY, "more than an hour a day"),
    _a("b28", "after the fire alarm when are we allowed back inside", SAFETY, "fire service or the warden"),
    # Leave
    _a("b29", "when do i have to tell HR that i'm pregnant", LEAVE, "15 weeks"),
    _a("b30", "my best friend passed away, do I get any days off", LEAVE, "three paid days"),
    _a("b31", "whats the deadline to use the days i carried over from last year", LEAVE, "31 March"),
    _a("b32", "can i save my unused volunteering days for next year", LEAVE, "cannot be carried over"),
    _a("b33", "I took more holiday than I'd built up and now I'm leaving, what happens", LEAVE, "deducted from your final pay"),
    _a("b34", "when does next year's bank holiday list come out", LEAVE, "in December"),
    # Joining, leaving, people ops
    _a("b35", "is there an exit interview and when does it happen", OFFBOARDING, "last two weeks"),
    _a("b36", "new starter here - when will i get my login details?", ONBOARDING, "the day before you start"),
    _a("b37", "what's the notice period while I'm still on probation, for me and for them", ONBOARDING, "on both sides"),
    _a("b38", "i'm switching banks. if i update it on the 20th does this month's salary go to the new account?", FAQ, "15th of the month"),
    _a("b39", "is the office open between xmas and new year", FAQ, "close between Christmas and New Year"),
    _a("b40", "can I bring my guide dog into the office?", FAQ, "assistance dogs"),
    # Performance and pay
    _a("b41", "roughly what share of people get 'exceeds expectations'", PERFORMANCE, "20%"),
    _a("b42", "on a PIP how often do i meet my manager", PERFORMANCE, "every two weeks"),
    _a("b43", "when do i find out my raise and bonus for the year", PERFORMANCE, "total compensation statement"),
    _a("b44", "sales folks on commission - do they get the annual bonus as well?", PERFORMANCE, "not on a sales commission plan"),
    # Recruitment, remote
    _a("b45", "if i refer someone into my own team as their manager, do i still get the referral money", RECRUITMENT, "own team"),
    _a("b46", "I've been asked to sit on an interview panel, anything I need to do first?", RECRUITMENT, "interviewer training"),
    _a("b47", "I'm fully remote; if they call me into the office is the train paid, and how often?", REMOTE, "four office visits per month"),
    _a("b48", "can i work remotely from literally any country", REMOTE, "sanctions"),
    # IT
    _a("b49", "can i plug my own ipad into the office network", ACCEPTABLE_USE, "must not be connected"),
    _a("b50", "is it ok to forward work stuff to my gmail so i can read it at home", ACCEPTABLE_USE, "personal accounts"),
    _a("b51", "requested jira access, how long after my manager approves?", ACCOUNTS, "one working day"),
    _a("b52", "my account keeps locking itself again and again, why??", ACCOUNTS, "old password"),
    _a("b53", "our contractor's account expires soon - does anyone get a heads up?", ACCOUNTS, "two weeks before expiry"),
    _a("b54", "i need an email from two years ago that i deleted, is it gone for good", BACKUP, "three-year retention period"),
    _a("b55", "not sure if this is a sev2 or a sev3, which one do i pick", INCIDENTS, "choose the higher one"),
    _a("b56", "prod is down - should we dig for the root cause first or get it back up", INCIDENTS, "Restore service before"),
    _a("b57", "where do postmortems end up after an incident", INCIDENTS, "engineering wiki"),
    _a("b58", "my laptop is almost due for replacement, do i have to chase IT about it", LAPTOPS, "two months before"),
    _a("b59", "headset broke, do I need to raise a ticket for a new one?", LAPTOPS, "without a ticket"),
    _a("b60", "whats the vpn portal address again", VPN, "vpn.northwind.example"),
    _a("b61", "which globalprotect version counts as too old", VPN, "6.2"),
    _a("b62", "do i need the vpn on for slack and email", VPN, "work without it"),
    # Security, privacy, retention
    _a("b63", "legal put a hold on some files but their retention period ran out - can I delete them now?", RETENTION, "overrides every retention period"),
    _a("b64", "can i just get my MFA codes by text message", SECURITY, "SMS codes are not accepted"),
    _a("b65", "am i allowed to paste internal docs into an AI chatbot, and which ones", SECURITY, "ChatGPT Enterprise"),
    _a("b66", "shortcut to lock my mac screen?", SECURITY, "Control + Command + Q"),
    _a("b67", "what classification do api keys and passwords fall under", SECURITY, "credentials and encryption keys"),
    _a("b68", "who do i email with a gdpr question about my own data", PRIVACY, "dpo@northwind.example"),
    # Amsterdam office
    _a("b69", "someone's sitting in a room i booked and never showed up for theirs. how long till a no-show booking is freed?", AMSTERDAM, "ten minutes"),
    _a("b70", "latest time to book a courier for same day pickup", AMSTERDAM, "15:00"),
    _a("b71", "what time does the post get to our pigeonholes", AMSTERDAM, "11:00"),
    _a("b72", "how do i print in the amsterdam office and pick it up", AMSTERDAM, "Follow-Me"),
    # No answer in the corpus.
    # near misses: the section exists, the detail does not
    _n("u01", "is there a shower at the amsterdam office for people who cycle in?"),
    _n("u02", "do i get paid time off to donate blood"),
    _n("u03", "how many days off do i get when i move house"),
    _n("u04", "what's the name of the pension provider's investment fund with the lowest fees"),
    _n("u05", "which floor is the hardware lab on"),
    # an office, country or year the corpus lacks
    _n("u06", "what are the public holidays for the madrid office in 2027"),
    _n("u07", "how many vacation days did the 2022 leave policy give"),
    _n("u08", "how do i book a desk at the Dublin office?"),
    # a premise the text contradicts (blind 5's convention: unanswerable)
    _n("u09", "since sabbaticals are paid now, how many months of paid sabbatical can i take"),
    # never covered
    _n("u10", "is there a tattoo policy for customer facing staff?"),
    _n("u11", "can i get an interest-free loan from the company to buy a car"),
    _n("u12", "is there a prayer room in the office"),
    _n("u13", "what's the process for a secondment to another team abroad"),
    # out of domain
    _n("u14", "whats the weather in amsterdam tomorrow"),
    _n("u15", "write me a limerick about expense reports"),
    _n("u16", "who won the world cup in 2022"),
    _n("u17", "how do i make a sourdough starter"),
    # Two turns; the second points back with a pronoun.
    _f("p01", "pull up the procurement policy pls", "what does it say about new suppliers?", PROCUREMENT, "onboarded in Coupa"),
    _f("p02", "open the incident response runbook", "who updates the status page according to it?", INCIDENTS, "communications lead"),
    _f("p03", "show me the data retention policy", "and what does it say IT does with old laptops?", RETENTION, "certificate of destruction"),
    _f("p04", "find the onboarding guide", "what does that one say about my first payslip", ONBOARDING, "tax details"),
    _f("p05", "the people ops faq please", "what does it say about raising a grievance?", FAQ, "informally with your manager"),
    _f("p06", "open the code of conduct", "does it say anything about chatting with competitors at conferences", CONDUCT, "industry events"),
    # Not English.
    _l("k1", "Tot hoe laat kan ik een koerier boeken die nog dezelfde dag ophaalt?", AMSTERDAM, "15:00"),
    _l("k2", "Czy mogę używać samochodu służbowego na wakacjach za granicą?", CARS, "holidays abroad in Europe"),
    _l("k3", "Posso receber códigos de MFA por SMS?", SECURITY, "SMS codes are not accepted"),
    _l("k4", "Quando devo comunicare all'ufficio del personale che sono incinta?", LEAVE, "15 weeks"),
    _l("k5", "Hur ofta kan jag få tillbaka pengar för gymmet?", BENEFITS, "quarterly"),
    _l("k6", "Kurumsal kredi kartı almak için yılda kaç kez seyahat etmem gerekiyor?", TRAVEL, "more than four times a year"),
)  # fmt: skip
