"""The questions of the fifteenth blind set (bench/answer_quality_blind15.py): session 28, helper u.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind15.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact, (3) no turn repeats or nearly repeats a turn of an earlier set (main set, blind
1-14) by words, and (4) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The
result is in the runner's docstring.

Sources. The handbook questions go to the ten documents the main set and blind 1-14 ask least,
counted before writing (questions naming the document): backup and restore 31, the privacy notice
31, offboarding 34, the people-ops FAQ 34, company cars 35, recruitment 39, remote work 39, the
Amsterdam guide 40, procurement 40, laptops 41 (blind 14's eight documents, now 43-52, are left
alone; the superseded 2024 leave policy, at 14, holds almost nothing a user asks now). The
demo-corpus questions ask only demo documents no earlier set lists (136 of the 296 were never asked)
and weight kinds of fact no set asked or asked once: a page's effective date, its document id, the
team and office it applies to, an employee number printed on it, as well as the kinds blind 14 found
weak (last review date, maintainers, approval limits named for another team).

Registers (``tag``) as blind 11-14: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``,
``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``; ``variant`` names an office the
handbook does not split by (a company-wide rule asked for a named office: the canonical document
answers; blind 14 found these made the assistant abstain). Unanswerable kinds weighted to the hard
ones: ``near``, ``finer``, ``premise``, ``absent``, ``never``, ``offdomain``. Conversations (2-3
turns, the last scored): ``pronoun``, ``ellipsis``, ``correction``, ``switch``. Non-English
questions in languages (and scripts) no earlier answer set used (Xhosa, Sesotho, Quechua, Tatar,
Faroese, West Frisian, Occitan, Breton, Samoan, Javanese, Turkmen, Kurmanji) expect the
English-only note and name a document for "language first citation" as blind 5-14 do.
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

BACKUP = "it/runbook-backup-and-restore.md"
PRIVACY = "security/employee-privacy-notice.md"
OFFBOARD = "hr/offboarding-checklist.md"
FAQ = "hr/people-ops-faq.txt"
CARS = "finance/company-cars-and-mobility.md"
RECRUIT = "hr/recruitment-and-referrals.md"
REMOTE = "hr/remote-work-policy.md"
AMS = "facilities/amsterdam-office-guide.html"
PROC = "finance/procurement-policy.html"
LAPTOP = "it/runbook-laptops-and-equipment.md"

# Demo-corpus documents (generated with --docs 300 --seed 7) no earlier set lists; --check proves
# each is the only one holding its question's fact.
D_DESK_MG_2026 = "facilities/desk-booking-manager-guide-2026-00160.md"
D_LUNCH_QR = "facilities/lunch-and-kitchen-quick-reference-00014.txt"
D_HOURS_PD = "facilities/opening-hours-product-design-00232.pdf"
D_POST_SA_2025 = "facilities/post-and-deliveries-sales-americas-2025-00076.md"
D_REPORTING_MARTIN = "finance/handover-reporting-database-lucas-martin-00139.md"
D_MOBILITY_MG_2026 = "finance/mobility-budget-manager-guide-2026-00026.md"
D_PAYTERMS_AMS = "finance/payment-terms-amsterdam-office-00102.md"
D_TAXIS_FAQ_2025 = "finance/taxis-and-ride-sharing-faq-2025-00250.docx"
D_APPLIES_TA = "finance/when-this-policy-applies-talent-acquisition-00004.md"
D_EQUIP_6472 = "hr/berlin-equipment-request-6472-00007.html"
D_EQUIP_6472_COPY = "hr/berlin-equipment-request-6472-copy-00034.pdf"
D_WAREHOUSE_BAKKER = "hr/handover-finance-data-warehouse-yusuf-bakker-00272.md"
D_ADDRESS_QR = "hr/how-do-i-update-my-address-or-bank-details-quick-reference-00259.txt"
D_PARTNER_MG_2025 = "hr/who-is-my-people-partner-manager-guide-2025-00237.docx"
D_CLIENT_QR_2025 = "it/client-not-installed-or-outdated-quick-reference-2025-00195.md"
D_DISCONNECT_FAQ = "it/frequent-disconnections-faq-00068.html"
D_PWRESET_FAQ = "it/password-reset-faq-00041.html"
D_PROHIBITED_QR = "it/prohibited-activities-quick-reference-00115.md"
D_PURPOSE_QR = "it/purpose-quick-reference-00297.txt"
D_SLOW_LONDON = "it/slow-laptop-london-office-00135.txt"
D_RECORDS_TORONTO = "security/employee-records-toronto-office-00035.pdf"
D_CUSTDATA_QR = "security/handling-customer-data-quick-reference-00151.pdf"
D_HEALTH_CS = "security/health-data-and-sickness-absence-customer-success-00092.docx"
D_PHISHING_MG = "security/phishing-and-suspicious-email-manager-guide-00180.md"
D_SECLOGS_QR = "security/security-logs-quick-reference-00153.md"
D_LONDON_1533 = "security/london-access-request-1533-00157.pdf"
D_MFA_FAQ = "security/multi-factor-authentication-faq-00134.html"

BLIND15: tuple[Q9, ...] = (
    # Handbook, in the documents earlier sets ask least
    _a("h01", "chat", "accidentally binned a spreadsheet from onedrive 2 months ago, can i still fish it out myself?", BACKUP, "recycle bin for 93 days"),
    _a("h02", "yesno", "Is my entire laptop copied somewhere in case the disk dies?", BACKUP, "laptops are not backed up as a whole"),
    _a("h03", "ramble", "so I keep my scripts in a folder called dev straight on the C drive, not in Documents, and a colleague said something scary about that. what actually happens to that folder if the machine gives up one day?", BACKUP, "are lost if the laptop fails"),
    _a("h04", "terse", "sharepoint how many old versions per file", BACKUP, "keep the last 500 versions of every document"),
    _a("h05", "whatif", "If ransomware scrambled just one Word file of mine, what's the quickest way to undo it?", BACKUP, "recover from ransomware encryption of a single file"),
    _a("h06", "chat", "emptied my deleted items in outlook yesterday, oops. any way back?", BACKUP, "for 30 more days can be recovered"),
    _a("h07", "chat", "who has to say yes before someone restores production data", BACKUP, "require approval from the service owner"),
    _a("h08", "variant", "Does the Toronto office also run restore tests every quarter?", BACKUP, "restore tests are run every quarter"),
    _a("h09", "yesno", "is some software deciding my pay or promotion without a human involved?", PRIVACY, "we do not use your data for automated decisions"),
    _a("h10", "chat", "could payroll send my personal info to a country outside the EEA?", PRIVACY, "only with appropriate safeguards such as standard contractual clauses"),
    _a("h11", "terse", "dpo reply deadline data access request", PRIVACY, "we respond within one month"),
    _a("h12", "wrongtitle", "The 'Staff Data Protection Statement' - where can I complain outside the company?", PRIVACY, "the dutch data protection authority"),
    _a("h13", "polite", "Could you tell me what exactly my team lead is informed about while I'm off ill?", PRIVACY, "told only that you are absent and when you are expected back"),
    _a("h14", "context", "I had an appointment with the company doctor about my back; will my boss hear what it is?", PRIVACY, "without disclosing diagnoses unless you agree"),
    _a("h15", "chat", "which legal entity is actually responsible for my personal data", PRIVACY, "controller: northwind analytics b.v."),
    _a("h16", "variant", "For Singapore staff, which outside parties receive our employee data?", PRIVACY, "payroll and benefits providers, insurers, the pension provider"),
    _a("h17", "chat", "resigned this morning. how soon do people ops put my leaving date on paper?", OFFBOARD, "confirms your last working day in writing within five working days"),
    _a("h18", "yesno", "Is what I say in the exit chat reported with my name on it?", OFFBOARD, "the feedback is reported anonymously"),
    _a("h19", "typo", "do i get my tax form thingy wen i leave or do i hav to chase it", OFFBOARD, "sent within a month of your last day"),
    _a("h20", "whatif", "If I forget to send back my security key after leaving, what can happen?", OFFBOARD, "may be deducted from your final pay"),
    _a("h21", "chat", "leaving soon - do i get paid for holiday days i never took?", OFFBOARD, "pay for any unused annual leave"),
    _a("h22", "terse", "time my login stops working on last day", OFFBOARD, "disabled at 18:00 on your last working day"),
    _a("h23", "ramble", "My bonus normally lands in March but I'm leaving at the end of February, and I keep hearing different stories from people about whether I still get it or not, so what's the actual rule?", OFFBOARD, "depends on being employed on the payment date"),
    _a("h24", "variant", "In the Lisbon office, how long is the notice period for a manager who resigns?", OFFBOARD, "three months for managers"),
    _a("h25", "chat", "need a plain employment letter for the bank, nothing about pay on it - how long does it take?", FAQ, "generated automatically within one working day"),
    _a("h26", "context", "My landlord wants proof of my job and what I earn. How long does a letter showing my salary take?", FAQ, "take up to three days"),
    _a("h27", "yesno", "Started in September. When may I first ask to start work at 7 instead of 9?", FAQ, "after 26 weeks of service"),
    _a("h28", "chat", "my manager is sitting on my part-time request, how long do they get to answer", FAQ, "must respond within four weeks"),
    _a("h29", "terse", "deadline to register newborn in workday", FAQ, "within 30 days"),
    _a("h30", "whatif", "If the grievance outcome goes against me, how long do I have to contest it?", FAQ, "appeal the outcome within five working days"),
    _a("h31", "variant", "At the Warsaw office can I bring my dog in on Fridays?", FAQ, "other offices do not allow pets"),
    _a("h32", "yesno", "The year-end office shutdown - is that taken from my own days off?", FAQ, "do not count against your annual leave"),
    _a("h33", "chat", "my lease is up - could the next one be a petrol car?", CARS, "only fully electric cars may be chosen"),
    _a("h34", "compare", "Is the lease cap higher for directors or for sales people, and by how much?", CARS, "900 eur for directors and 700 eur for sales roles"),
    _a("h35", "yesno", "Can my grown-up son drive my company car?", CARS, "only the employee and their partner may drive the car"),
    _a("h36", "yesno", "Am I allowed to take the company car on a holiday to Italy?", CARS, "including holidays abroad in europe"),
    _a("h37", "chat", "if i take the mobility budget and don't use all of it, what happens to the rest", CARS, "unspent budget is paid out in cash"),
    _a("h38", "whatif", "If I plug the company car in at home, how does the electricity get paid back?", CARS, "reimburses the electricity used for the car at cost"),
    _a("h39", "variant", "Our Warsaw sales guy says his car lease ends after three years - is that the rule in Warsaw?", CARS, "leased for four years"),
    _a("h40", "chat", "been in my role 14 months, do i need my boss's ok to apply for an internal job?", RECRUIT, "may apply without their manager's permission"),
    _a("h41", "terse", "if we open a role, can we go straight to linkedin or do our own people get first dibs for a while", RECRUIT, "advertised internally for at least five working days"),
    _a("h42", "yesno", "Can I get the referral bonus for someone hired into the team I manage?", RECRUIT, "managers cannot receive a bonus for hiring into their own team"),
    _a("h43", "chat", "how fast do i have to hand in my interview scorecard", RECRUIT, "within 24 hours"),
    _a("h44", "compare", "Referral bonus: how much more is it for a hard-to-fill engineering role than a normal one?", RECRUIT, "3,000 eur for hard-to-fill engineering roles"),
    _a("h45", "whatif", "If a candidate we turned down asks when their CV gets wiped, what do I tell them?", RECRUIT, "deleted six months after the process closes"),
    _a("h46", "polite", "Could you remind me which topics I mustn't raise with interviewees?", RECRUIT, "family plans, religion or health"),
    _a("h47", "chat", "which jobs are office-based no matter what", REMOTE, "hardware lab staff, are office-based"),
    _a("h48", "yesno", "My daughter wants to borrow my company notebook for a school project, is that ok?", REMOTE, "do not let family members use your work devices"),
    _a("h49", "whatif", "If I want to work from Portugal for three weeks in summer, how far ahead must I ask?", REMOTE, "at least four weeks in advance"),
    _a("h50", "chat", "remote-contract person here, is there a cap on how many office journeys I claim a month", REMOTE, "up to four office visits per month"),
    _a("h51", "variant", "Do Berlin employees also get the one-off 500 EUR for a home desk and chair?", REMOTE, "one-off home office allowance of 500 eur"),
    _a("h52", "chat", "how do i even get into the amsterdam bike cellar", AMS, "entered from the side street with your badge"),
    _a("h53", "terse", "amsterdam meeting room not checked in, release after how long", AMS, "within ten minutes of the start"),
    _a("h54", "yesno", "Am I allowed to get my Zalando orders sent to Keizersgracht?", AMS, "personal parcels may not be sent to the office"),
    _a("h55", "chat", "vendor wants paying in a week, can i just promise them that", PROC, "without approval from accounts payable"),
    _a("h56", "terse", "max contract value a manager can sign", PROC, "managers may sign contracts up to 25,000 eur"),
    _a("h57", "yesno", "Can I put a SaaS free trial that needs our customer data on my corporate card?", PROC, "must be requested through the it service portal"),
    _a("h58", "whatif", "If two quotes come out about equal, which supplier should win?", PROC, "prefer the supplier with lower environmental impact"),
    _a("h59", "chat", "supplier billed us but nobody raised a PO, will finance still pay it?", PROC, "returned to the supplier unpaid"),
    _a("h60", "chat", "cracked my screen, am i going to be without a laptop for days", LAPTOP, "a loan laptop is couriered to you the next working day"),
    _a("h61", "terse", "laptop battery replacement threshold", LAPTOP, "less than 70% of its original capacity"),
    _a("h62", "yesno", "my headphones' mic died, can I just walk to the service desk for a new one?", LAPTOP, "replaced from stock at the service desk without a ticket"),
    _a("h63", "chat", "do engineers get a bigger laptop screen?", LAPTOP, "engineers may choose a 16-inch model"),
    _a("h64", "whatif", "If my phone isn't a company one, can I still have Slack on it?", LAPTOP, "enrolled in the company's app protection policy"),
    # Demo-corpus documents no earlier set asked; kinds of fact no set asked or asked once
    _d("d01", "terse", "desk booking manager guide 2026 - who maintains it", D_DESK_MG_2026, "leila garcia and mateo sharma from site reliability maintain this page"),
    _d("d02", "chat", "what's the document id of the lunch and kitchen quick reference", D_LUNCH_QR, "document id: fac-00014"),
    _d("d03", "terse", "opening hours product design page effective date", D_HOURS_PD, "effective date: 2020-01-30"),
    _d("d04", "context", "I'm in legal and privacy and use the reporting database handover by Lucas Martin. What's the line manager's approval limit for us?", D_REPORTING_MARTIN, "for legal and privacy, requests up to 1850 eur"),
    _d("d05", "chat", "who looks after the 2026 mobility budget manager guide", D_MOBILITY_MG_2026, "oliver demir and yusuf schmidt from talent acquisition maintain this page"),
    _d("d06", "wrongtitle", "'Payment Terms - Amsterdam' page: what's its document id?", D_PAYTERMS_AMS, "document_id: fin-00102"),
    _d("d07", "terse", "taxis ride sharing faq 2025 last reviewed when", D_TAXIS_FAQ_2025, "last reviewed: 2026-04-29"),
    _d("d08", "yesno", "Has the talent acquisition 'when this policy applies' page been in force since 2023?", D_APPLIES_TA, "effective date: 16 september 2023"),
    _d("d09", "chat", "berlin equipment request 6472, who's the local contact and their backup", (D_EQUIP_6472, D_EQUIP_6472_COPY), "lucas schmidt is the local contact; aisha meyer covers"),
    _d("d10", "context", "Since when has the finance data warehouse handover from Yusuf Bakker been in effect?", D_WAREHOUSE_BAKKER, "effective date: august 3, 2023"),
    _d("d11", "terse", "address or bank details quick reference local contact", D_ADDRESS_QR, "elena demir is the local contact; sven garcia covers"),
    _d("d12", "polite", "Could you tell me who looks after the 2025 manager guide on finding your people partner?", D_PARTNER_MG_2025, "priya schmidt and grace sharma from product design maintain this page"),
    _d("d13", "chat", "client not installed or outdated 2025 quick ref, who maintains that", D_CLIENT_QR_2025, "diego petrova and yusuf jansen from data platform maintain this page"),
    _d("d14", "yesno", "Frequent disconnections FAQ for product design: can my line manager sign off 1,500 EUR?", D_DISCONNECT_FAQ, "for product design, requests up to 1400 eur"),
    _d("d15", "chat", "password reset faq for singapore analytics engineering - who do i ask locally", D_PWRESET_FAQ, "daniel schmidt is the local contact; fatima walsh covers"),
    _d("d16", "terse", "prohibited activities quick reference effective date", D_PROHIBITED_QR, "effective date: 2025-09-12"),
    _d("d17", "chat", "purpose quick reference for warsaw - who coordinates", D_PURPOSE_QR, "rahul petrova coordinates"),
    _d("d18", "terse", "slow laptop london office document id", D_SLOW_LONDON, "document id: it-00135"),
    _d("d19", "context", "I'm on the Toronto employee records page. When did someone last review it?", D_RECORDS_TORONTO, "last reviewed: august 10, 2026"),
    _d("d20", "chat", "who maintains the handling customer data quick reference from 2019", D_CUSTDATA_QR, "daniel okafor and daniel bakker from security operations maintain this page"),
    _d("d21", "chat", "health data and sickness absence page for customer success, date of last review?", D_HEALTH_CS, "last reviewed: 2025-06-13"),
    _d("d22", "typo", "phising manager guide aprovals register london who keeps it", D_PHISHING_MG, "yusuf demir keeps the london register of approvals"),
    _d("d23", "terse", "security logs quick ref local contact", D_SECLOGS_QR, "grace sharma is the local contact; mateo rossi covers"),
    _d("d24", "chat", "london access request 1533 - which employee number do i put on claims", D_LONDON_1533, "quote your employee number (684514726)"),
    _d("d25", "terse", "multi-factor authentication faq effective since", D_MFA_FAQ, "effective date: april 10, 2026"),
    # Unanswerable, weighted to the hard kinds
    _n("u01", "near", "How many versions of a Confluence page are kept?"),
    _n("u02", "near", "What's the monthly lease limit for a company van?"),
    _n("u03", "near", "Is there a bonus for recommending a new supplier?"),
    _n("u04", "near", "Can I book an Amsterdam meeting room for a private birthday drink?"),
    _n("u05", "near", "How many scans may I make on the Amsterdam printers?"),
    _n("u06", "near", "What's the monthly allowance for my mobile phone bill when I work from home?"),
    _n("u07", "near", "How long is the notice period for interns?"),
    _n("u08", "near", "What's the signing limit for team leads who aren't managers?"),
    _n("u09", "finer", "What is the name of our company car leasing partner?"),
    _n("u10", "finer", "Which floor of the Amsterdam office has the e-bike chargers?"),
    _n("u11", "finer", "Which public garage near Keizersgracht gives the badge discount?"),
    _n("u12", "finer", "Which doctor runs the occupational health service?"),
    _n("u13", "finer", "Which courier company picks up our outgoing shipments?"),
    _n("u14", "finer", "How much does sending a loan laptop cost my cost centre?"),
    _n("u15", "finer", "What IBAN does payroll pay my salary from?"),
    _n("u16", "premise", "Since laptops are backed up nightly now, how do I restore my Downloads folder?"),
    _n("u17", "premise", "Now that hybrid cars are allowed again, which models can I lease?"),
    _n("u18", "premise", "Given the referral bonus was cut to 500 EUR, is it still paid after probation?"),
    _n("u19", "premise", "As exit interviews are compulsory, may I refuse to answer some questions?"),
    _n("u20", "premise", "Since pets are allowed in every office now, can I bring my cat to Amsterdam?"),
    _n("u21", "premise", "Because the home office allowance is now paid every year, when is the next payment?"),
    _n("u22", "premise", "Since the privacy officer must answer within a week now, why is mine taking longer?"),
    _n("u23", "absent", "Who runs reception at the Rotterdam office?"),
    _n("u24", "absent", "Who coordinates the Zurich office's payment terms page?"),
    _n("u25", "absent", "What did the 2017 mobility budget say about taxis?"),
    _n("u26", "absent", "Who is the local contact on Berlin equipment request 9999?"),
    _n("u27", "absent", "What does the Sydney office's lunch quick reference say?"),
    _n("u28", "absent", "Which person holds the Milan register of approvals?"),
    _n("u29", "absent", "What did the 2020 recruitment policy say about referral bonuses?"),
    _n("u30", "never", "Does northwind have a staff orchestra?"),
    _n("u31", "never", "Do staff working at trade fairs have to wear a uniform?"),
    _n("u32", "never", "Will the company cover a relocation agent's fee when I move abroad?"),
    _n("u33", "never", "Can I play music on a speaker at my desk?"),
    _n("u34", "never", "Are there rules about livestreaming from inside the office?"),
    _n("u35", "offdomain", "how do you say thank you in japanese"),
    _n("u36", "offdomain", "who painted the mona lisa"),
    _n("u37", "offdomain", "convert 30 celsius to fahrenheit"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("my contract with a supplier is worth 40,000 EUR", "am I allowed to sign it myself as a manager?"), PROC, "managers may sign contracts up to 25,000 eur"),
    _c("c02", "ellipsis", ("cleared out a sharepoint folder by accident last week", "and the emails I bin in outlook?"), BACKUP, "for 30 more days can be recovered"),
    _c("c03", "correction", ("who maintains the mfa faq", "sorry, I meant since when it's in effect"), D_MFA_FAQ, "effective date: april 10, 2026", "demo"),
    _c("c04", "switch", ("when's the free lunch in amsterdam", "unrelated: do my confidentiality duties end once I leave?"), OFFBOARD, "your confidentiality obligations and any restrictive covenants in your contract continue"),
    _c("c05", "pronoun", ("my new laptop arrived this morning", "how long until it gets swapped for a newer one?"), LAPTOP, "laptops are replaced every four years"),
    _c("c06", "ellipsis", ("can I work from Spain for a few weeks", "what if I wanted to settle there permanently?"), REMOTE, "not covered by the 20-day rule"),
    _c("c07", "correction", ("how big is the referral bonus for a normal role", "no wait, I meant by when I have to submit the referral"), RECRUIT, "before the candidate applies"),
    _c("c08", "switch", ("who keeps the register on the phishing manager guide", "other topic: can I get my HR data in a file I can take elsewhere?"), PRIVACY, "receive a copy in a portable format"),
    _c("c09", "pronoun", ("I scraped my company car against a pillar in the car park", "who pays to fix it?"), CARS, "the first 300 eur of damage caused by the driver is charged to the employee"),
    _c("c10", "ellipsis", ("do interviewers need training first", "what about the final panel, how many people sit on it?"), RECRUIT, "a final panel with two or three interviewers"),
    _c("c11", "correction", ("local contact on the security logs quick reference", "sorry, I meant the talent acquisition 'when this policy applies' page"), D_APPLIES_TA, "tomasz larsen is the local contact", "demo"),
    _c("c12", "switch", ("how much is the mobility budget", "forget that. who approves a 20k purchase?", "and do I need quotes for it?"), PROC, "require at least two competing quotes"),
    _c("c13", "pronoun", ("I opened a new bank account for my salary", "which system do I update that in?"), FAQ, "update your personal details yourself in workday"),
    # Not English (languages and scripts no earlier set used)
    _l("k01", "xh", "Iifayile ezicinyiweyo zihlala ixesha elingakanani kwi-recycle bin ye-OneDrive?", BACKUP, "recycle bin for 93 days"),
    _l("k02", "st", "Na nka tla le ntja ya ka ofising?", FAQ, "dogs are welcome in the berlin office on fridays"),
    _l("k03", "qu", "Hayk'a p'unchawtataq huk suyumanta llamk'ayta atiyman?", REMOTE, "up to 20 working days per calendar year"),
    _l("k04", "tt", "Компания машинасын шәхси максатларда кулланырга ярыймы?", CARS, "company cars may be used privately"),
    _l("k05", "fo", "Hvussu leingi er uppsagnartíðin hjá einum leiðara?", OFFBOARD, "three months for managers"),
    _l("k06", "fy", "Hoefolle krij ik as ik ien oanrin dy't oannommen wurdt?", RECRUIT, "referral bonus of 2,000 eur"),
    _l("k07", "oc", "Cossí pòdi tornar a una version mai anciana d'un document?", BACKUP, "to view or restore an earlier version"),
    _l("k08", "br", "Pegoulz e vez cheñchet ma urzhiataer-hezoug?", LAPTOP, "laptops are replaced every four years"),
    _l("k09", "sm", "O ā aʻu aiā e uiga i faʻamatalaga patino e uiga ia te aʻu?", PRIVACY, "ask to access, correct or delete your personal data"),
    _l("k10", "jv", "Pira regane kontrak paling gedhe sing bisa ditandatangani direktur?", PROC, "directors up to 250,000 eur"),
    _l("k11", "tk", "Işden gidenimde noutbugymy haçan gaýtarmaly?", OFFBOARD, "return your laptop, phone, badge, security key"),
    _l("k12", "ku", "Ez li ofîsa Amsterdamê maseyekê çawa rezerv dikim?", AMS, "book a desk in the robin app"),
)  # fmt: skip
