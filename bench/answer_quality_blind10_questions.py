"""The questions of the tenth blind set (bench/answer_quality_blind10.py): session 23, helper h6.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind10.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact (so a team/office/year question has one right answer), and (3) no question (any
turn) repeats or nearly repeats a question of an earlier set (main set, blind 1-9); it also counts,
for information, the facts whose sentence an earlier set already asks (after nine sets almost every
substantive handbook sentence holds an earlier fact: this set asks another part of the sentences
earlier sets ask least, and says so instead of pretending otherwise).

Sources. 47 answerable questions are answered by the handbook, in sections earlier sets ask least
(bereavement for friends, jury service, public duties, care emergencies, hotel gifts, fines, visas,
car damage and private use, split purchases, partner health premiums, training repayment, pension
changes, journalists, political donations, competitor talk, 112 and the defibrillator, nursing
rooms, contractors' safety induction, P45s, referral bonuses for engineers, internal applications,
reply-all, crypto mining, version history, paper shredding, whiteboards, incident roles, sev2
acknowledgement, leaver mailboxes, contractor accounts, working abroad, courier cut-off). 26 are answered only
by demo-corpus documents (``kassist demo-corpus``): team/office headers (local contact, cover), works
council additions (weeks ahead, coordinator), request documents (approval limits, register keepers),
meeting-note maintainers, a document's effective date and a reception number; the question names the
team, office, year or request the way a user would (abbreviated, lower case, in a wrong-but-close
title), and no question of blind 9 asks the same team and office.

Registers (``tag``): blind 9's ``chat``, ``context``, ``words``, ``yesno``, ``whatif``, ``number``,
plus ``ramble`` (a long rambling message, the question somewhere inside), ``wrongtitle`` (quotes a
title close to but not the document's), ``twopart`` (two questions in one; the fact answers one of
them), ``compare`` ("is X longer than Y"; the fact answers the side the expected document holds).
Unanswerable kinds as blind 9 (``near``, ``premise``, ``finer``, ``absent``, ``never``,
``offdomain``), weighted to the hard ones. Conversations (2-3 turns, the last scored): ``pronoun``,
``ellipsis``, ``correction`` (names another office, team or role), ``switch`` (a new topic that must
NOT inherit the previous document). Non-English questions in languages no earlier set used
(Bengali, Urdu, Persian, Latvian, Icelandic, Basque, Welsh, Albanian, Armenian, Nepali, Uzbek) expect
the English-only note and name a document for "language first citation" as in blind 5-9.
"""

from __future__ import annotations

from answer_quality_blind9_questions import Q9

ACCOUNTS = "it/runbook-accounts-and-access.txt"
AMS = "facilities/amsterdam-office-guide.html"
AUP = "it/acceptable-use-policy.txt"
BACKUP = "it/runbook-backup-and-restore.md"
BENEFITS = "hr/benefits-overview.html"
CARS = "finance/company-cars-and-mobility.md"
CONDUCT = "hr/code-of-conduct.txt"
INCIDENTS = "it/runbook-incident-response.md"
LEAVE = "hr/leave-policy-handbook-2026.md"
OFFBOARD = "hr/offboarding-checklist.md"
PROCUREMENT = "finance/procurement-policy.html"
RECRUIT = "hr/recruitment-and-referrals.md"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"
SAFETY = "hr/health-and-safety.txt"
SECURITY = "security/information-security-policy.html"
TRAVEL = "finance/travel-and-expenses-policy.md"
VPN = "it/runbook-vpn-troubleshooting.md"

# Demo-corpus documents (generated with --docs 300 --seed 7); --check proves each is the only one
# holding its question's fact.
D_FINOPS_BERLIN = "security/device-encryption-and-updates-quick-reference-2026-00144.html"
D_SRE_TORONTO = "security/what-personal-data-we-hold-about-you-manager-guide-00149.txt"
D_WORKPLACE_AMS = "hr/handover-payroll-sftp-server-leila-jansen-00211.md"
D_SALESEMEA_TORONTO = "it/handover-grafana-leila-bakker-00174.txt"
D_SECOPS_AMS = "it/amsterdam-equipment-request-2708-00046.md"
D_PD_AMS = "it/monitors-docks-and-headsets-quick-reference-00063.pdf"
D_NY_BADGES_2026 = "hr/office-badges-and-building-access-new-york-office-2026-00204.md"
D_SALESAM_WARSAW = "finance/new-york-expense-request-5240-00171.md"
D_WC_AMS_DP = "security/legal-holds-faq-00132.md"
D_WC_WARSAW_SALESEMEA = "hr/reporting-accidents-and-near-misses-sales-emea-00064.md"
D_WC_NY_FINOPS = "facilities/post-and-deliveries-finance-operations-00060.md"
D_WC_NY_LEGAL = "it/contractor-accounts-quick-reference-2026-00179.html"
D_WC_SG_TA = "security/new-york-travel-request-1547-00130.md"
D_RECEPTION_NY = "facilities/printing-faq-00100.docx"
D_SALESAM_NOTES_25 = "facilities/sales-americas-weekly-meeting-notes-week-25-00292.md"
D_DP_NOTES_18 = "facilities/data-platform-weekly-meeting-notes-week-18-00288.docx"
D_DESK_LISBON_2026 = "facilities/desk-booking-lisbon-office-2026-00183.md"
D_POST_AMS_2026 = "facilities/post-and-deliveries-amsterdam-office-2026-00271.md"
D_SG_TRAVEL_6540 = "finance/singapore-travel-request-6540-00190.pdf"
D_WARSAW_TRAVEL_7338 = "facilities/warsaw-travel-request-7338-00200.txt"
D_LONDON_ACCESS_9388 = "finance/london-access-request-9388-00142.docx"
D_WORKPLACE_NOTES_12 = "finance/workplace-weekly-meeting-notes-week-12-00296.md"
D_SG_EQUIPMENT_4173 = "facilities/singapore-equipment-request-4173-00224.pdf"
D_LEGAL_TORONTO = "security/handover-reporting-database-diego-schmidt-00207.html"
D_SRE_AMS = "security/clean-desk-manager-guide-00113.txt"
D_WC_AMS_PD = "finance/payment-terms-amsterdam-office-2026-00086.md"
D_FINOPS_NY = "it/handover-workday-daniel-okafor-00219.txt"
D_WC_LISBON_SECOPS = "archive/security-operations-weekly-meeting-notes-week-29-v1.5-00283.txt"
D_AE_NOTES_46 = "finance/analytics-engineering-weekly-meeting-notes-week-46-00022.md"


def _docs(doc: str | tuple[str, ...]) -> tuple[str, ...]:
    return doc if isinstance(doc, tuple) else (doc,)


def _a(qid: str, tag: str, text: str, doc: str | tuple[str, ...], fact: str) -> Q9:
    return Q9(qid, "answerable", text, _docs(doc), fact, tag=tag)


def _d(qid: str, tag: str, text: str, doc: str | tuple[str, ...], fact: str) -> Q9:
    return Q9(qid, "answerable", text, _docs(doc), fact, tag=tag, source="demo")


def _n(qid: str, tag: str, text: str) -> Q9:
    return Q9(qid, "unanswerable", text, tag=tag)


def _c(qid: str, tag: str, turns: tuple[str, ...], doc: str | tuple[str, ...], fact: str, src: str = "handbook") -> Q9:  # fmt: skip
    *before, last = turns
    first = before[0] if before else ""
    return Q9(qid, "followup", last, _docs(doc), fact, first, tag=tag, source=src, before=tuple(before))


def _l(qid: str, lang: str, text: str, doc: str | tuple[str, ...], fact: str, src: str = "handbook") -> Q9:  # fmt: skip
    return Q9(qid, "language", text, _docs(doc), fact, tag=lang, source=src)


BLIND10: tuple[Q9, ...] = (
    # Handbook, in the sections earlier sets ask least
    _a("h01", "twopart", "My wife is due in May. Can I take my partner leave in bits spread over the year, and until when?", LEAVE, "in one block or in weekly blocks"),
    _a("h02", "ramble", "ok so this is a bit of a weird one, I was meant to be away over new year but my manager asked me to cover the office on new year's day because half the team is off and I said yes, obviously, but now I'm wondering what I actually get back for it and by when I'd have to use it", LEAVE, "day off in lieu"),
    _a("h03", "compare", "Do I get fewer paid days off when a close friend dies than when my grandmother dies?", LEAVE, "other relatives or close friends"),
    _a("h04", "wrongtitle", "The 'Holiday and Absence Guide' - what does it allow when my kid's daycare arrangement suddenly falls through?", LEAVE, "care arrangement breaking down"),
    _a("h05", "yesno", "I'm four months along and my role means carrying stock boxes around the office. Does the company do anything special for that?", SAFETY, "individual risk assessment"),
    _a("h06", "chat", "can i sell some of my unused holiday back to the company for cash", LEAVE, "selling leave back to the company is not allowed"),
    _a("h07", "whatif", "If I take two weeks unpaid to sort out family stuff abroad, does it eat into how much holiday I earn?", LEAVE, "annual leave accrual proportionally"),
    _a("h08", "context", "Got a letter from the court yesterday, I've been picked for jury duty in March. Do I lose pay while I'm there?", LEAVE, "you keep your full salary during jury service"),
    _a("h09", "compare", "Is the meal allowance on overnight trips higher than what I can claim for a gift when I stay with friends?", TRAVEL, "75 eur per day"),
    _a("h10", "ramble", "I'm flying out to a conference and my sister lives about twenty minutes from the venue so I'd rather crash at hers than book a hotel, which also saves the company money, but I'd like to bring her something nice as a thank-you - can I expense anything for that?", TRAVEL, "gift to your host"),
    _a("h11", "twopart", "Does the company pay for my visa, and how early should I start applying?", TRAVEL, "start visa applications at least six weeks before departure"),
    _a("h12", "whatif", "If I got a speeding ticket driving a rental car on a business trip, can I claim it back?", TRAVEL, "fines for traffic or parking offences are never reimbursed"),
    _a("h13", "yesno", "Can I get a taxi reimbursed if I'm lugging a big demo kit to the client site?", TRAVEL, "when carrying heavy equipment"),
    _a("h14", "wrongtitle", "What does the 'Business Travel Handbook' say about flying business class on a ten-hour flight?", TRAVEL, "business class for flights longer than nine hours"),
    _a("h15", "whatif", "I dented the company car in a car park and it was my fault - will I have to pay anything?", CARS, "first 300 eur of damage"),
    _a("h16", "context", "We're driving to Croatia for our summer holiday and I'd rather not rent something. Can I take my leased company car for that?", CARS, "company cars may be used privately"),
    _a("h17", "chat", "can i split a 60k order into two smaller ones so it doesnt need a tender", PROCUREMENT, "splitting a purchase to stay below a threshold"),
    _a("h18", "twopart", "Who signs off a purchase of 80k euros, and does it have to go through a tender?", PROCUREMENT, "formal tender run by procurement"),
    _a("h19", "ramble", "My partner just got laid off, so we're moving her and the kids onto my company health insurance. I know it's not free for them, but roughly how much of their premium does the company cover? we're trying to budget for next year", BENEFITS, "50% of the premium for a partner and children"),
    _a("h20", "number", "dental - what percent gets reimbursed and up to what max", BENEFITS, "up to 1,000 eur per year"),
    _a("h21", "whatif", "If the company paid 4,000 EUR for my certification and I hand in my notice after eight months, do I owe anything?", BENEFITS, "you repay a share of the cost"),
    _a("h22", "wrongtitle", "In the 'Employee Perks Summary', when am I allowed to change my pension contributions?", BENEFITS, "pension provider's website"),
    _a("h23", "chat", "coworker keeps making jokes about my accent, he says its just banter", CONDUCT, "whatever the intention"),
    _a("h24", "twopart", "Can I own shares in one of our suppliers, and if I do, where do I have to declare it?", CONDUCT, "conflicts register in workday"),
    _a("h25", "whatif", "Someone from a newspaper DM'd me on LinkedIn about the layoff rumours. Am I allowed to reply?", CONDUCT, "refer journalists who contact you to the communications team"),
    _a("h26", "yesno", "Does the company donate to any political parties?", CONDUCT, "does not make donations to political parties"),
    _a("h27", "context", "At a trade fair last week a rep from a competitor started chatting about what they'd bid on a public tender. I walked off, but do I need to tell anyone?", CONDUCT, "leave any meeting where such topics come up and tell legal"),
    _a("h28", "number", "What's the number to ring first if someone collapses at the office?", SAFETY, "call 112 first"),
    _a("h29", "words", "I'm pumping breast milk since coming back from leave. Is there somewhere private in the office?", SAFETY, "private room with a fridge"),
    _a("h30", "yesno", "the contractor repainting our floor next week - does he need some kind of safety briefing before he starts", SAFETY, "safety induction"),
    _a("h31", "compare", "Are a leaver's accounts shut off before or after the end of their last working day?", (OFFBOARD, ACCOUNTS), "disabled at 18:00"),
    _a("h32", "twopart", "When do I get my P45 after leaving, and is my bonus still paid if I've gone by then?", OFFBOARD, "sent within a month of your last day"),
    _a("h33", "ramble", "A friend of mine from my old job is a really strong backend engineer and I told her about our open role last week; she's thinking of applying this weekend. I heard there's a referral bonus but I don't know how it works or whether it's different for engineers?", RECRUIT, "3,000 eur for hard-to-fill engineering roles"),
    _a("h34", "whatif", "I've been in my role for 14 months and want to apply for an internal opening. Does my manager have to agree?", RECRUIT, "without their manager's permission"),
    _a("h35", "chat", "our team keeps hitting reply-all on the 400 person list, is there any guidance on that", AUP, "reply all"),
    _a("h36", "yesno", "Would anyone mind if my work laptop mined a little crypto overnight while it's idle anyway?", AUP, "mine cryptocurrency"),
    _a("h37", "words", "I overwrote half of our team's planning doc in SharePoint by mistake. Can I go back to yesterday's copy?", BACKUP, "version history"),
    _a("h38", "wrongtitle", "According to the 'Records Destruction Standard', how do paper files get disposed of?", RETENTION, "shredded on site"),
    _a("h39", "chat", "how do i give someone the comms lead role in the incident slack channel", INCIDENTS, "/incident role"),
    _a("h40", "compare", "Does the on-call engineer get longer to acknowledge a sev2 page than a sev1?", INCIDENTS, "15 minutes for sev2"),
    _a("h41", "yesno", "Can a manager get into a leaver's mailbox after they've gone?", ACCOUNTS, "delegated to the manager on request"),
    _a("h42", "words", "Our freelance designer's login - when does it stop working?", ACCOUNTS, "expire after six months or at the end of the contract"),
    _a("h43", "twopart", "we use the whiteboards a lot in workshops - is there a rule for afterwards, and what about the flipchart pages we print?", SECURITY, "wiped after use"),
    _a("h44", "context", "My fiance lives in Spain and I'd love to spend a few weeks working from her flat in the summer. How much notice do I need to give?", REMOTE, "at least four weeks in advance"),
    _a("h45", "ramble", "So our customer needs the signed originals by tomorrow, I'm at the Amsterdam office, legal only just finished the redlines and I still have to print and sign everything - what time do I have to get a courier booked by for it to leave today?", AMS, "before 15:00 for same-day collection"),
    _a("h46", "number", "how many days a year can I take for public duties like being a magistrate", LEAVE, "ten paid days per year are granted for public duties"),
    _a("h47", "words", "Our build agent is in the cloud and the reviewer wants to know: how often are restores of the production databases actually tested?", BACKUP, "restore tests are run every quarter"),
    # Demo corpus: team/office/year variants, requests and meeting notes (no handbook document answers)
    _d("d01", "chat", "berlin finance ops - who do we ping locally", D_FINOPS_BERLIN, "sven schmidt is the local contact"),
    _d("d02", "words", "Our SREs in Toronto - who is the on-site person we go to with local questions?", D_SRE_TORONTO, "sven walsh is the local contact"),
    _d("d03", "context", "I'm the new office coordinator for the Workplace team in Amsterdam and I've got a pile of questions about the space. Who's the local contact for my team there?", D_WORKPLACE_AMS, "leila chen is the local contact"),
    _d("d04", "ramble", "Bit of background: I'm on the Sales EMEA team but I've just been seconded to the Toronto office for six months and nobody there seems to know who handles local questions for us. Who is it, and who do I go to if that person is off?", D_SALESEMEA_TORONTO, "lucas sharma is the local contact"),
    _d("d05", "number", "For Security Operations at the Amsterdam office, who's the backup contact?", D_SECOPS_AMS, "leila de vries covers"),
    _d("d06", "yesno", "Is Amara Sharma the main local contact for Product Design in Amsterdam, or only the stand-in?", D_PD_AMS, "aisha garcia is the local contact; amara sharma covers"),
    _d("d07", "wrongtitle", "The 'Office Access and Badges - NYC 2026' page: who's the site reliability contact on it?", D_NY_BADGES_2026, "hannah mensah is the local contact"),
    _d("d08", "chat", "sales americas warsaw local contact", D_SALESAM_WARSAW, "chloe chen is the local contact"),
    _d("d09", "number", "Under the Amsterdam works council addition, how far ahead do Data Platform rotas have to be out?", D_WC_AMS_DP, "amsterdam office follows this guidance with one local addition agreed with the works council: data platform schedules are published 4 weeks ahead"),
    _d("d10", "compare", "Are Sales EMEA rotas in Warsaw published as far in advance as the ones in Lisbon?", D_WC_WARSAW_SALESEMEA, "warsaw office follows this guidance with one local addition agreed with the works council: sales emea schedules are published 2 weeks ahead"),
    _d("d11", "chat", "ny finance ops rota how many weeks ahead", D_WC_NY_FINOPS, "new york office follows this guidance with one local addition agreed with the works council: finance operations schedules are published 5 weeks ahead"),
    _d("d12", "words", "Who owns the works council scheduling arrangement for the legal people in New York?", D_WC_NY_LEGAL, "mei rossi coordinates"),
    _d("d13", "whatif", "If I join Talent Acquisition in Singapore, how much notice of my rota should I expect?", D_WC_SG_TA, "singapore office follows this guidance with one local addition agreed with the works council: talent acquisition schedules are published 4 weeks ahead"),
    _d("d14", "number", "number for the front desk at the NYC office?", D_RECEPTION_NY, "+31 6 3416 7882"),
    _d("d15", "wrongtitle", "Who maintains the 'Sales Americas weekly minutes, wk 25' page?", D_SALESAM_NOTES_25, "leila khan and ingrid nowak"),
    _d("d16", "chat", "who looks after the data platform week 18 meeting notes", D_DP_NOTES_18, "leila sharma and rahul jansen"),
    _d("d17", "number", "Since when has the 2026 Lisbon desk booking page been in effect?", D_DESK_LISBON_2026, "august 28, 2025"),
    _d("d18", "words", "the 2026 amsterdam page about post and parcels - who's the contact listed?", D_POST_AMS_2026, "hannah martin is the local contact"),
    _d("d19", "yesno", "Does Singapore travel request 6540 say who holds the register of approvals?", D_SG_TRAVEL_6540, "hannah haddad keeps the new york register of approvals"),
    _d("d20", "number", "On Warsaw travel request 7338, what's the most a Talent Acquisition line manager can approve?", D_WARSAW_TRAVEL_7338, "requests up to 1200 eur"),
    _d("d21", "chat", "london access request 9388 - who keeps the register", D_LONDON_ACCESS_9388, "kwame jansen keeps the london register"),
    _d("d22", "twopart", "In the Workplace weekly notes for week 12, what's the approval limit for a Workplace line manager, and who decides above it?", D_WORKPLACE_NOTES_12, "for workplace, requests up to 1300 eur"),
    _d("d23", "context", "We've got equipment request 4173 open in Singapore and I'm in Security Operations there. Who's our local contact according to it?", D_SG_EQUIPMENT_4173, "hannah de vries is the local contact"),
    _d("d24", "ramble", "I keep getting bounced between people. I'm on the legal and privacy team, based in Toronto, and I just want to know who the local point of contact is supposed to be and who covers for them when they're out, because the person I was told about seems to be on leave", D_LEGAL_TORONTO, "mateo khan covers"),
    _d("d25", "words", "site reliability, amsterdam office - who's the go-to person", D_SRE_AMS, "oliver schmidt is the local contact"),
    _d("d26", "number", "How many weeks in advance are Product Design schedules out at the Amsterdam office under the works council deal?", D_WC_AMS_PD, "amsterdam office follows this guidance with one local addition agreed with the works council: product design schedules are published 6 weeks ahead"),
    # No answer in the corpus
    _n("u01", "near", "How long are recordings of Teams video calls kept under the retention policy?"),
    _n("u02", "near", "What's the nightly hotel limit in Tokyo?"),
    _n("u03", "near", "Is there a reduced mobility budget for part-time employees?"),
    _n("u04", "near", "How many desks does each team neighbourhood have in the Amsterdam office?"),
    _n("u05", "near", "what's the password for the northwind-corp wifi"),
    _n("u06", "near", "How many days of emergency backup childcare do I get at the Lisbon office?"),
    _n("u07", "finer", "What is the excess on the company travel insurance for lost luggage?"),
    _n("u08", "finer", "Which leasing company do we use for the company cars, and what's their phone number?"),
    _n("u09", "finer", "How many mental health first aiders are there in the Berlin office?"),
    _n("u10", "finer", "What brand of e-bike can I lease through the cycle to work scheme?"),
    _n("u11", "finer", "What's the phone number of the occupational health service?"),
    _n("u12", "finer", "how many places does the partner nursery near the berlin office keep for our staff"),
    _n("u13", "premise", "Since the 2026 handbook cut bereavement leave for a parent to three days, can I add unpaid days on top?"),
    _n("u14", "premise", "now that business class is allowed on every flight over four hours, do i book it in navan or through the travel desk"),
    _n("u15", "premise", "Since company cars can be hybrids again from this year, which models are on the list?"),
    _n("u16", "premise", "Given that encrypted USB sticks are allowed again, which brands are approved?"),
    _n("u17", "premise", "Since the referral bonus was doubled to 4,000 EUR, when is it paid out?"),
    _n("u18", "premise", "As dental now reimburses 100% with no yearly cap, do I still need to send in receipts?"),
    _n("u19", "absent", "Our Customer Success folks in Dublin need a local point person - who is it?"),
    _n("u20", "absent", "Was the anchor-day rule different in the 2022 edition of the remote work policy?"),
    _n("u21", "absent", "how far ahead are data platform rotas published at the sao paulo office"),
    _n("u22", "absent", "what's the reception phone number at the Zurich office"),
    _n("u23", "absent", "Which person handles on-site questions for Marketing at the London office?"),
    _n("u24", "never", "Does the company help pay off student loans?"),
    _n("u25", "never", "How do I publish a side project as open source under the company GitHub organisation?"),
    _n("u26", "never", "Is there any rule against having my 10-year-old sit with me at my desk for a day during half-term?"),
    _n("u27", "never", "What is the process for getting a company-paid parking space in Berlin?"),
    _n("u28", "never", "How do I get a company credit check done before signing with a new customer?"),
    _n("u29", "offdomain", "translate 'see you at the offsite' into Italian"),
    _n("u30", "offdomain", "what is the boiling point of water at the top of everest"),
    # Conversations: only the last turn is scored
    _c("c01", "ellipsis", ("finance operations amsterdam: who handles local questions?", "and in new york?"), D_FINOPS_NY, "ingrid rossi is the local contact; kwame petrova covers", "demo"),
    _c("c02", "correction", ("how far ahead does the works council say security operations rotas go out in amsterdam", "no, I meant lisbon"), D_WC_LISBON_SECOPS, "lisbon office follows this guidance with one local addition agreed with the works council: security operations schedules are published 4 weeks ahead", "demo"),
    _c("c03", "pronoun", ("what's the rule on accepting gifts from suppliers", "and do I still have to write it down somewhere if I turn one down?"), CONDUCT, "whether you accepted it or not"),
    _c("c04", "switch", ("SRE berlin, who is our person on the ground", "different question: if a lawsuit is coming, can we still clean out old files on schedule?"), RETENTION, "overrides every retention period"),
    _c("c05", "pronoun", ("I'm thinking about a sabbatical next year", "how far ahead do I need to ask for it?", "and could I take another one three years after that?"), LEAVE, "only one sabbatical can be taken in any five-year period"),
    _c("c06", "correction", ("what's the hotel limit in london", "sorry, I meant new york"), TRAVEL, "300 usd in new york"),
    _c("c07", "switch", ("on access request 9388 in london, whose job is the approvals register?", "ok, unrelated: can I put my kid's tablet on the corporate wifi"), AUP, "personal laptops and tablets must not be connected"),
    _c("c08", "ellipsis", ("how long are old expense claims archived", "and signed contracts?"), RETENTION, "signed contracts are kept for ten years after they expire"),
    _c("c09", "pronoun", ("I just joined Security Operations in Singapore", "who's our local contact?", "and who is the backup when she's out?"), D_SG_EQUIPMENT_4173, "mateo nowak covers", "demo"),
    _c("c10", "switch", ("talent acquisition berlin: local point of contact?", "how do I report a near miss at work?"), SAFETY, "incident reporting form on the intranet"),
    _c("c11", "correction", ("does the company pay a commuting allowance per kilometre in germany", "sorry, I meant the netherlands"), BENEFITS, "0.23 eur per kilometre"),
    _c("c12", "ellipsis", ("who maintains the customer success week 23 meeting notes", "and the analytics engineering week 46 ones?"), D_AE_NOTES_46, "grace mensah and kwame mensah", "demo"),
    _c("c13", "pronoun", ("what is split tunnelling in globalprotect", "where do I switch it on?"), VPN, "enabled in the client's settings"),
    _c("c14", "switch", ("product design london - which colleague looks after local matters", "and the backup?", "totally different: what are our standard payment terms for suppliers?"), PROCUREMENT, "30 days from receipt of a correct invoice"),
    # Not English (languages no earlier set used)
    _l("k01", "bn", "বিদেশে ব্যবসায়িক ভ্রমণে আমার লাগেজ হারিয়ে গেলে কী করব?", TRAVEL, "property irregularity report"),
    _l("k02", "ur", "کیا جیوری ڈیوٹی کے دوران مجھے پوری تنخواہ ملے گی؟", LEAVE, "full salary during jury service"),
    _l("k03", "fa", "آیا می‌توانم ایمیل کاری را به طور خودکار به جیمیل شخصی‌ام بفرستم؟", AUP, "automatic forwarding"),
    _l("k04", "lv", "Cik ilgi tiek glabāti algu un nodokļu ieraksti?", RETENTION, "payroll and tax records"),
    _l("k05", "is", "Hversu mikið greiðir fyrirtækið af tannlæknakostnaði?", BENEFITS, "80% of routine"),
    _l("k06", "eu", "Zenbat egun ordaindu hartzen ditut senide hurbil bat hiltzen bada?", LEAVE, "ten days of paid bereavement leave"),
    _l("k07", "cy", "Pwy yw'r cyswllt lleol ar gyfer y tîm gweithrediadau cyllid yn Berlin?", D_FINOPS_BERLIN, "sven schmidt is the local contact; fatima jansen covers", "demo"),
    _l("k08", "sq", "A mund ta përdor makinën e kompanisë për pushime jashtë vendit?", CARS, "company cars may be used privately"),
    _l("k09", "hy", "Որքա՞ն է ընկերության մեքենայի ամսական վարձակալության սահմանը տնօրենների համար:", CARS, "900 eur for directors"),
    _l("k10", "ne", "सुरक्षा र पहुँच लगहरू कति समयसम्म राखिन्छन्?", RETENTION, "security and access logs"),
    _l("k11", "uz", "Kompaniya xizmat safari uchun viza to'lovlarini qoplaydimi?", TRAVEL, "visa fees"),
)  # fmt: skip
