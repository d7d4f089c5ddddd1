"""The questions of the twelfth blind set (bench/answer_quality_blind12.py): session 25, helper h6.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind12.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact, (3) no turn repeats or nearly repeats a turn of an earlier set (main set, blind
1-11) by words, and (4) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The
result is in the runner's docstring.

Sources. The handbook questions go to the documents the main set and blind 1-11 ask least (counted
before writing, questions naming the document: the superseded 2024 leave policy 7, acceptable use 22,
the backup runbook 22, the privacy notice 24, offboarding 25, the People Operations FAQ 25, data
retention 26, the VPN runbook 27, company cars 27, the accounts runbook 27, recruitment 28,
procurement 29, onboarding 30, incident response 31, health and safety 31), weighted to the ones blind
11 did not already aim at (acceptable use, data retention, VPN, accounts, procurement, onboarding,
incident response, health and safety). The demo-corpus questions ask 82-fewer documents: only demo
documents no earlier set lists (handover notes, requests, meeting notes, office pages: local contact
and cover, works-council rota additions and coordinators, approval limits and register keepers, page
maintainers), named the way users name them.

Registers (``tag``) as blind 11: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``, ``twopart``,
``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``. Unanswerable kinds weighted to the hard
ones: ``near``, ``finer``, ``premise``, ``absent``, ``never``, ``offdomain``. Conversations (2-3 turns,
the last scored): ``pronoun``, ``ellipsis``, ``correction``, ``switch``. Non-English questions in
languages no earlier answer set used (Kazakh, Lao, Sinhala, Macedonian, Zulu, Luxembourgish,
Belarusian, Punjabi, Burmese, Somali) expect the English-only note and name a document for
"language first citation" as blind 5-11 do.
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

ACCOUNTS = "it/runbook-accounts-and-access.txt"
ARCHIVE = "archive/leave-policy-2024.md"
AUP = "it/acceptable-use-policy.txt"
BACKUP = "it/runbook-backup-and-restore.md"
HS = "hr/health-and-safety.txt"
INCIDENT = "it/runbook-incident-response.md"
ONBOARD = "hr/onboarding-guide.md"
PROCURE = "finance/procurement-policy.html"
RETENTION = "security/data-retention-policy.md"
VPN = "it/runbook-vpn-troubleshooting.md"

# Demo-corpus documents (generated with --docs 300 --seed 7) no earlier set lists; --check proves
# each is the only one holding its question's fact.
D_JIRA_MARTIN = "facilities/handover-jira-oliver-martin-00105.pdf"
D_REPORTING_BAKKER = "facilities/handover-reporting-database-diego-bakker-00178.md"
D_FDW_KHAN = "facilities/handover-finance-data-warehouse-kwame-khan-00161.txt"
D_LONDON_EQUIP_6235 = "facilities/london-equipment-request-6235-00038.md"
D_LUNCH_MANAGER = "facilities/lunch-and-kitchen-manager-guide-00240.docx"
D_ROOMS_PD_2025 = "facilities/meeting-rooms-product-design-2025-00251.md"
D_POST_SRE_2026 = "facilities/post-and-deliveries-site-reliability-2026-00260.html"
D_HOURS_PD_2026 = "facilities/opening-hours-product-design-2026-00094.pdf"
D_SRE_NOTES_35 = "facilities/site-reliability-weekly-meeting-notes-week-35-00220.txt"
D_AMS_TRAVEL_3140 = "finance/amsterdam-travel-request-3140-00121.txt"
D_CHARGING_LISBON = "finance/charging-and-fuel-lisbon-office-00083.pdf"
D_SALESEMEA_NOTES_30 = "it/sales-emea-weekly-meeting-notes-week-30-00122.md"
D_SG_ACCESS_3934 = "it/singapore-access-request-3934-00216.txt"
D_AMS_TRAVEL_9137 = "security/amsterdam-travel-request-9137-00075.html"
D_AE_NOTES_18 = "security/analytics-engineering-weekly-meeting-notes-week-18-00276.md"
D_GENAI_WARSAW = "security/generative-ai-tools-warsaw-office-00185.md"
D_HOLDS_NY = "security/legal-holds-new-york-office-00162.md"
D_FINOPS_NOTES_37 = "security/finance-operations-weekly-meeting-notes-week-37-00245.docx"
D_SALESFORCE_LARSEN = "security/handover-salesforce-lucas-larsen-00053.pdf"
D_MFA_WARSAW = "security/multi-factor-authentication-warsaw-office-00248.html"
D_GENAI_SG_2026 = "security/generative-ai-tools-singapore-office-2026-00120.pdf"
D_PRINTING_FAQ_TORONTO = "facilities/printing-faq-00221.pdf"
D_BERLIN_TRAVEL_5624 = "security/berlin-travel-request-5624-00166.pdf"
D_DESK_TORONTO = "facilities/desk-booking-toronto-office-00187.pdf"
D_KEEP_DP = "security/how-long-we-keep-it-data-platform-00284.md"
D_POST_SRE_TORONTO = "facilities/post-and-deliveries-site-reliability-00188.pdf"


BLIND12: tuple[Q9, ...] = (
    # Handbook, in the documents earlier sets ask least
    _a("h01", "chat", "whats the rule on personal stuff like checking the news on my work machine during breaks", AUP, "occasional personal use of your work laptop"),
    _a("h02", "yesno", "Could I store a bunch of films on my company laptop to watch on the train?", AUP, "do not store large personal files"),
    _a("h03", "whatif", "If I wanted to run a port scan on our own test servers to check them, would that be fine?", AUP, "without written authorisation from security"),
    _a("h04", "terse", "auto forward outlook to gmail", AUP, "automatic forwarding of email to external addresses is blocked"),
    _a("h05", "ramble", "Honestly I'm a bit paranoid after reading the news - does the company actually look at which websites I visit and use that to see if I'm slacking off during the day?", AUP, "never used to track individual productivity"),
    _a("h06", "context", "A supplier is visiting us on Thursday and wants to get online. Where do they get the wifi password?", AUP, "daily password is available at reception"),
    _a("h07", "typo", "is it ok to hook my privat tablet up to the corp lan", AUP, "must not be connected to the corporate network"),
    _a("h08", "compare", "Do customer backups get overwritten sooner than the customer account data is deleted after a contract ends?", RETENTION, "overwritten within 35 days"),
    _a("h09", "whatif", "A candidate we turned down wants us to keep her CV in case something else opens up. For how long can we hold on to it then?", RETENTION, "for up to two years"),
    _a("h10", "terse", "signed supplier contract retention years after expiry", RETENTION, "signed contracts are kept for ten years after they expire"),
    _a("h11", "chat", "how long do we keep emails before they auto delete", RETENTION, "email is kept for three years"),
    _a("h12", "chat", "cctv recordings from the lobby - when are they wiped?", RETENTION, "deleted after 28 days"),
    _a("h13", "context", "Legal told our team that the Hendricks files are under a hold. Can I at least move them to the archive folder?", RETENTION, "do not delete, alter or move held information"),
    _a("h14", "yesno", "Are the confidential paper bins shredded somewhere off site?", RETENTION, "shredded on site"),
    _a("h15", "twopart", "I'm in a hotel and the VPN just won't connect. Is there something I should do in the browser first, and what's the portal address supposed to be?", VPN, "accept the network's terms page"),
    _a("h16", "terse", "globalprotect connected but wiki won't load mac", VPN, "sudo dscacheutil -flushcache"),
    _a("h17", "whatif", "If a new starter's account was created this morning, how long until they can log in to the VPN?", VPN, "within four hours of account creation"),
    _a("h18", "chat", "globalprotect disconnects constantly on wifi, windows 11, what setting should i change", VPN, "allow the computer to turn off this device to save power"),
    _a("h19", "compare", "My speed test is 80 Mbps without the VPN and 30 with it. Is that bad enough to change gateway?", VPN, "a drop of more than 50% points to the gateway"),
    _a("h20", "wrongtitle", "In the 'Remote Access Troubleshooting Guide', which client version is the oldest one still acceptable?", VPN, "older than version 6.2"),
    _a("h21", "context", "About half the sales floor says the VPN has been failing for the last twenty minutes. At what point does the service desk hand it to the network team?", VPN, "more than five users report vpn problems within 30 minutes"),
    _a("h22", "yesno", "Can I just install NordVPN myself for my trip to a country that blocks VPNs?", VPN, "do not advise users to install third-party vpn apps"),
    _a("h23", "ramble", "I mistyped my password a bunch of times this morning because caps lock was on, and now it says my account is locked, and I have a client demo in an hour. Will it unlock by itself and when?", ACCOUNTS, "lock for 30 minutes after ten failed sign-in attempts"),
    _a("h24", "whatif", "If I lose my phone with Okta Verify on it while abroad, how do I get back in?", ACCOUNTS, "temporary access pass valid for eight hours"),
    _a("h25", "terse", "shared mailbox request who owns it", ACCOUNTS, "becomes the owner"),
    _a("h26", "chat", "my contractor's account runs out next month, can it be extended", ACCOUNTS, "can request an extension"),
    _a("h27", "context", "I'm leaving on Friday. When exactly will my accounts stop working that day?", ACCOUNTS, "18:00 local time on their last working day"),
    _a("h28", "polite", "I was wondering whether I could get access to the outgoing colleague's mailbox after they've gone?", ACCOUNTS, "delegated to the manager on request"),
    _a("h29", "typo", "how long til my acess request to the finanse share drive is done after approvel", ACCOUNTS, "within one working day of approval"),
    _a("h30", "compare", "Does a 30,000 EUR purchase need more than the sign-off a 3,000 EUR one needs?", PROCURE, "at least two competing quotes"),
    _a("h31", "whatif", "What happens to a supplier's invoice if it arrives without a PO number on it?", PROCURE, "returned to the supplier unpaid"),
    _a("h32", "terse", "new vendor data handling assessment weeks", PROCURE, "takes up to three weeks"),
    _a("h33", "yesno", "Can I buy a SaaS tool on my corporate card and expense it?", PROCURE, "not bought with a corporate card"),
    _a("h34", "context", "I'm a manager and we want to sign a 40k consulting contract. Am I allowed to sign it myself?", PROCURE, "managers may sign contracts up to 25,000 eur"),
    _a("h35", "chat", "our usual payment terms for suppliers, how many days", PROCURE, "30 days from receipt of a correct invoice"),
    _a("h36", "wrongtitle", "Does the 'Vendor Purchasing Rules' document say anything about choosing greener suppliers?", PROCURE, "lower environmental impact"),
    _a("h37", "twopart", "When does my work email login arrive before I start, and where is it sent?", ONBOARD, "sent to your personal email the day before you start"),
    _a("h38", "whatif", "My contract begins on 18 June. Will there be any pay for June at the end of that month?", ONBOARD, "paid together with the next month's salary"),
    _a("h39", "chat", "lost my office badge second time this year, do i have to pay", ONBOARD, "15 eur after that"),
    _a("h40", "polite", "I was wondering until what time in the evening my badge will open the office door?", ONBOARD, "07:00 to 21:00"),
    _a("h41", "ramble", "I joined three weeks ago and my manager keeps mentioning some 90 day thing, and honestly I'm too embarrassed to ask what's expected of me by when. What am I supposed to have done by day 60?", ONBOARD, "take ownership of your first project"),
    _a("h42", "terse", "probation extension max", ONBOARD, "by up to three months"),
    _a("h43", "yesno", "Is the buddy I get as a new starter someone from my own team?", ONBOARD, "from another team"),
    _a("h44", "context", "The checkout page is down for every customer. Who should I page and how fast must they respond?", INCIDENT, "within 5 minutes for sev1"),
    _a("h45", "chat", "does pagerduty duty come with any money", INCIDENT, "250 eur per week"),
    _a("h46", "whatif", "If the incident commander is the best debugger we have, should she jump in and fix the bug herself?", INCIDENT, "the incident commander does not debug"),
    _a("h47", "terse", "status page update frequency major outage", INCIDENT, "at least every 30 minutes"),
    _a("h48", "twopart", "When can we call an incident resolved, and who posts that on the status page?", INCIDENT, "stable for 30 minutes"),
    _a("h49", "typo", "can i be in the offfice alone late at nite", HS, "tell security at reception when you arrive and leave"),
    _a("h50", "compare", "Is the free eye test for screen workers every year or less often than that?", HS, "free eye test every two years"),
    _a("h51", "context", "I'm expecting and have a scan at the hospital next Tuesday morning. Does that time count as leave?", HS, "paid time off is given for antenatal appointments"),
    _a("h52", "wrongtitle", "What does the 'Workplace Safety Handbook' say about how fast to report a near miss?", HS, "within 24 hours"),
    _a("h53", "compare", "Back in the 2024 leave rules, was the partner's paid leave after a birth longer or shorter than two weeks?", ARCHIVE, "partners receive two weeks of paid leave"),
    _a("h54", "polite", "I was wondering what the old 2024 policy said about the deadline for taking carried-over days?", ARCHIVE, "must be taken by 31 march"),
    _a("h55", "yesno", "Can we still recover an Outlook item that was purged from Recoverable Items?", BACKUP, "recover items deleted from this folder"),
    # Demo corpus: documents no earlier set lists
    _d("d01", "chat", "jira handover from oliver martin - who's local contact there", D_JIRA_MARTIN, "sofia sharma is the local contact"),
    _d("d02", "twopart", "Diego Bakker's handover of the reporting database: who is the local contact, and who covers for them?", D_REPORTING_BAKKER, "kwame walsh is the local contact; tomasz okafor covers"),
    _d("d03", "terse", "finance data warehouse handover kwame khan singapore approvals register", D_FDW_KHAN, "elena petrova keeps the singapore register"),
    _d("d04", "context", "I'm looking at London equipment request 6235. For analytics engineering, what's the most a line manager can sign off there?", D_LONDON_EQUIP_6235, "for analytics engineering, requests up to 700 eur"),
    _d("d05", "whatif", "If I move to Data Platform in Singapore, how early would my schedule be out according to the lunch and kitchen manager guide?", (D_LUNCH_MANAGER, D_KEEP_DP), "singapore office follows this guidance with one local addition agreed with the works council: data platform schedules are published 5 weeks ahead"),
    _d("d06", "yesno", "Does the 2025 product design meeting rooms page name someone who covers when the local contact is off?", D_ROOMS_PD_2025, "priya demir covers"),
    _d("d07", "typo", "site reliabilty post and deliverys 2026 page - aproval limit for line managers", D_POST_SRE_2026, "for site reliability, requests up to 400 eur"),
    _d("d08", "chat", "who looks after the product design opening hours page 2026", D_HOURS_PD_2026, "noah demir and jan mensah"),
    _d("d09", "polite", "I was wondering who the local contact is in the site reliability notes from week 35?", D_SRE_NOTES_35, "oliver walsh is the local contact; jan garcia covers"),
    _d("d10", "terse", "amsterdam travel req 3140 local contact", D_AMS_TRAVEL_3140, "noah haddad is the local contact"),
    _d("d11", "context", "I've just moved to Lisbon and need to sort out charging my car. The charging and fuel page for the Lisbon office - who's the person to ask there?", D_CHARGING_LISBON, "daniel nowak is the local contact"),
    _d("d12", "compare", "In the Sales EMEA notes of week 30, can a line manager approve a 1,800 EUR request without the head of department?", D_SALESEMEA_NOTES_30, "for sales emea, requests up to 1850 eur"),
    _d("d13", "chat", "singapore access request 3934 who coordinates the works council bit", D_SG_ACCESS_3934, "sofia meyer coordinates"),
    _d("d14", "wrongtitle", "On the 'Amsterdam Trip Approval 9137', who keeps the register of approvals?", D_AMS_TRAVEL_9137, "kwame garcia keeps the amsterdam register"),
    _d("d15", "ramble", "I was reading through the analytics engineering weekly meeting notes from week 18 because I missed that meeting, and there's a line saying to check with the local contact before changing anything, but I can't spot the name. Who is it?", D_AE_NOTES_18, "chloe larsen is the local contact"),
    _d("d16", "terse", "who's the go-to person named on the warsaw genAI tools page", D_GENAI_WARSAW, "tomasz petrova is the local contact"),
    _d("d17", "whatif", "NY legal holds page: what's the line-manager cap for legal & privacy spend?", D_HOLDS_NY, "for legal and privacy, requests up to 550 eur"),
    _d("d18", "polite", "I was wondering who keeps the Toronto approvals register according to the finance ops notes of week 37?", D_FINOPS_NOTES_37, "tomasz de vries keeps the toronto register"),
    _d("d19", "context", "Lucas Larsen left us his Salesforce handover. It mentions a works council addition for New York - who coordinates that?", D_SALESFORCE_LARSEN, "daniel sharma coordinates"),
    _d("d20", "chat", "mfa page for the warsaw office, whos keeping the warsaw approvals register", D_MFA_WARSAW, "amara walsh keeps the warsaw register"),
    _d("d21", "terse", "generative ai singapore 2026 page maintainers", D_GENAI_SG_2026, "daniel petrova and amara bakker"),
    _d("d22", "yesno", "According to the printing FAQ, do Sales EMEA people in Toronto get their rota more than two weeks ahead?", D_PRINTING_FAQ_TORONTO, "toronto office follows this guidance with one local addition agreed with the works council: sales emea schedules are published 2 weeks ahead"),
    _d("d23", "twopart", "Berlin travel request 5624: what can a workplace line manager approve on their own, and who keeps the Berlin register?", D_BERLIN_TRAVEL_5624, "for workplace, requests up to 750 eur"),
    _d("d24", "context", "I work in legal and privacy at the Toronto office and use the desk booking page a lot. How many weeks ahead are our rotas published?", D_DESK_TORONTO, "toronto office follows this guidance with one local addition agreed with the works council: legal and privacy schedules are published 2 weeks ahead"),
    # No answer in the corpus, weighted to the hard kinds
    _n("u01", "near", "How long are Microsoft Teams chat messages kept before they are deleted?"),
    _n("u02", "near", "Can contractors use the guest Wi-Fi on their own laptops?"),
    _n("u03", "near", "How long do accounts stay locked after five wrong passwords?"),
    _n("u04", "near", "Who approves a purchase of exactly 50,000 EUR when the CFO is on holiday?"),
    _n("u05", "near", "How long do we have to publish the post-incident review for a SEV3?"),
    _n("u06", "near", "Which gateway should I choose when connecting to the VPN from Singapore?"),
    _n("u07", "near", "Do new joiners get a company phone on their first day?"),
    _n("u08", "finer", "Which antivirus product runs on our company laptops?"),
    _n("u09", "finer", "What is the exact speed of the Northwind-Corp Wi-Fi in the Amsterdam office?"),
    _n("u10", "finer", "How many fire wardens are there on each floor?"),
    _n("u11", "finer", "Which shredding company empties the confidential waste bins?"),
    _n("u12", "finer", "How much does the company contribute towards glasses for screen work, in euros?"),
    _n("u13", "finer", "Who is the current incident commander on the SRE rota this week?"),
    _n("u14", "premise", "Since Slack messages are now kept for ten years, can I rely on Slack as our record of decisions?"),
    _n("u15", "premise", "Now that managers can sign contracts up to 100,000 EUR, do I still need Legal to look at the terms?"),
    _n("u16", "premise", "Given that the probation period was cut to three months, when is my second check-in?"),
    _n("u17", "premise", "As personal laptops are allowed on the corporate network now, which SSID should mine join?"),
    _n("u18", "premise", "Since on-call pay went up to 500 EUR a week, is time off in lieu for nights gone?"),
    _n("u19", "premise", "Now that the VPN portal moved to vpn.northwind.io, do I need to reinstall the client?"),
    _n("u20", "absent", "Where is the fire assembly point for the Oslo office?"),
    _n("u21", "absent", "Which person on site looks after the Robotics group in Toronto?"),
    _n("u22", "absent", "Under the 2021 version of the retention policy, how long were Slack messages kept?"),
    _n("u23", "absent", "On Oslo access request 4444, which line-manager limit applies to Workplace?"),
    _n("u24", "absent", "What is the approval limit for line managers in the Marketing team?"),
    _n("u25", "never", "Is there a company choir rehearsal room I can book in the evenings?"),
    _n("u26", "never", "How do I claim the cycle-to-work scheme tax rebate on a new e-bike?"),
    _n("u27", "never", "Does the company reimburse a tuxedo or gown for the annual gala?"),
    _n("u28", "never", "What's the process for getting a company credit card raised above its limit for a conference?"),
    _n("u29", "offdomain", "how many tablespoons are in a cup"),
    _n("u30", "offdomain", "who won the chess world championship in 1972"),
    _n("u31", "absent", "How many weeks ahead are Procurement schedules published at the Lisbon office?"),
    _n("u32", "finer", "What is the name of the employee assistance programme's provider and its phone number?"),
    # Conversations: only the last turn is scored
    _c("c01", "ellipsis", ("how many failed logins before my account locks", "and for how long?"), ACCOUNTS, "lock for 30 minutes"),
    _c("c02", "correction", ("who is the local contact on the jira handover by oliver martin", "wait, I meant who covers for them"), D_JIRA_MARTIN, "diego sharma covers", "demo"),
    _c("c03", "pronoun", ("we need a new analytics tool with a free trial that needs our data", "how do I get it approved?"), PROCURE, "requested through the it service portal"),
    _c("c04", "switch", ("what's the approval limit on amsterdam travel request 9137 for legal and privacy", "unrelated - how long are invoices retained?"), RETENTION, "accounting records are kept for ten years"),
    _c("c05", "pronoun", ("GlobalProtect rejects my login with a red error", "what should I try first?"), VPN, "sign in to the okta dashboard in a browser"),
    _c("c06", "correction", ("site reliability rota lead time in warsaw?", "oops, I meant the toronto office"), D_POST_SRE_TORONTO, "toronto office follows this guidance with one local addition agreed with the works council: site reliability schedules are published 4 weeks ahead", "demo"),
    _c("c07", "ellipsis", ("access logs: retention period?", "and if there's an ongoing investigation?"), RETENTION, "as long as the investigation lasts"),
    _c("c08", "switch", ("who maintains the generative ai tools page for singapore 2026", "different topic: what's our first-aid number for an emergency?"), HS, "call 112 first"),
    _c("c09", "pronoun", ("someone on my team thinks a customer database was accessed by an outsider", "who decides if we have to tell the regulator?"), INCIDENT, "the privacy team decides within 24 hours"),
    _c("c10", "correction", ("under the 2024 leave rules how many weeks did a birth parent get", "no wait, I wanted the bereavement days, same edition"), ARCHIVE, "five days of paid bereavement leave"),
    _c("c11", "ellipsis", ("which mandatory courses do new starters do", "by when?"), ONBOARD, "within your first 30 days"),
    _c("c12", "switch", ("how do I join the vpn from a hotel", "other question: do contractors need a sponsor for their account?"), ACCOUNTS, "need a sponsoring employee"),
    _c("c13", "pronoun", ("I have a SEV2 running right now", "when must the review of it happen?"), INCIDENT, "held within five working days"),
    _c("c14", "correction", ("what can a manager approve alone for purchases", "I meant signing contracts, not purchases"), PROCURE, "managers may sign contracts up to 25,000 eur"),
    # Not English (languages no earlier set used)
    _l("k01", "kk", "Бірнеше рет қате құпия сөз енгізсем, тіркелгім қанша уақытқа бұғатталады?", ACCOUNTS, "lock for 30 minutes"),
    _l("k02", "lo", "ຂ້ອຍສາມາດໃຊ້ອີເມວສ່ວນຕົວສຳລັບວຽກບໍລິສັດໄດ້ບໍ?", AUP, "do not use personal email for company business"),
    _l("k03", "si", "ආරක්ෂක කැමරා වීඩියෝ කොපමණ කාලයක් තබා ගන්නේද?", RETENTION, "deleted after 28 days"),
    _l("k04", "mk", "Колку долго трае пробната работа за нови вработени?", ONBOARD, "first six months are a probation period"),
    _l("k05", "zu", "Ngingakwazi yini ukusebenzisa i-Wi-Fi yezivakashi kukhompyutha yenkampani?", AUP, "never to the guest network"),
    _l("k06", "lb", "Bis wéini muss ech e Fournisseur an Coupa ageschriwwen hunn?", PROCURE, "before the first order"),
    _l("k07", "be", "Як хутка трэба апублікаваць першае абнаўленне на старонцы статусу падчас буйнога інцыдэнту?", INCIDENT, "within 15 minutes of declaring the incident"),
    _l("k08", "pa", "ਅੱਗ ਦਾ ਅਲਾਰਮ ਵੱਜਣ 'ਤੇ ਕੀ ਮੈਂ ਲਿਫਟ ਵਰਤ ਸਕਦਾ ਹਾਂ?", HS, "do not use the lifts"),
    _l("k09", "my", "VPN ဖောက်သည်ဗားရှင်းဟောင်းနေလျှင် ဘယ်ကနေ ပြန်တပ်ဆင်ရမလဲ?", VPN, "company portal"),
    _l("k10", "so", "Yaa ansixin kara iibsiga in ka badan 50,000 EUR?", PROCURE, "approval from the chief financial officer"),
)  # fmt: skip
