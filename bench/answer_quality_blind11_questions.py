"""The questions of the eleventh blind set (bench/answer_quality_blind11.py): session 24, helper h6.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind11.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact (one right answer per team/office/year/request), (3) no question (any turn) repeats or
nearly repeats a question of an earlier set (main set, blind 1-10) by words, and (4) no English turn
is within MiniLM cosine 0.8 of an earlier set's turn (the same topic in other words). The result is
in the runner's docstring.

Sources. The handbook questions go to the documents earlier sets ask least (counted over the main
set and blind 1-10 before writing: the backup runbook, the offboarding checklist, the privacy notice,
the People Operations FAQ, recruitment, company cars, the laptop runbook, remote work, the Amsterdam
guide, the superseded 2024 leave policy) and to the parts of their sentences no earlier fact quotes
where one exists. The demo-corpus questions (``kassist demo-corpus``) ask team/office headers (local
contact and cover), works council additions (weeks ahead, coordinator), approval limits and register
keepers on requests and meeting notes, page maintainers, and a reception number that differs between
a 2025 and a 2026 version of one page; no earlier blind set asks the same document, and a team/office
pair that two documents share is asked by a detail of the document's title the way a user would name
it (the lost-property page, the referral FAQ), or both documents are listed when they are copies.

Registers (``tag``): ``chat`` (lower case, no punctuation), ``terse`` (keywords only), ``ramble`` (a
long message, circumstances first), ``context``, ``whatif``, ``twopart``, ``compare``, ``typo``
(misspelt words), ``wrongtitle`` (quotes a title close to but not the document's), ``polite`` ("I was
wondering whether ..."), ``yesno``. Unanswerable kinds as blind 9-10, weighted to the hard ones:
``near``, ``finer``, ``premise``, ``absent`` (an office/team/year/request the corpus lacks),
``never``, ``offdomain``. Conversations (2-3 turns, the last scored): ``pronoun``, ``ellipsis``,
``correction`` (names another office, year or subject), ``switch`` (a new topic that must NOT
inherit the previous document). Non-English questions in languages no earlier set used (Malay,
Georgian, Tamil, Maltese, Amharic, Galician, Yoruba, Khmer, Mongolian, Irish) expect the
English-only note and name a document for "language first citation" as blind 5-10 do.
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

ACCOUNTS = "it/runbook-accounts-and-access.txt"
AMS = "facilities/amsterdam-office-guide.html"
ARCHIVE = "archive/leave-policy-2024.md"
BACKUP = "it/runbook-backup-and-restore.md"
CARS = "finance/company-cars-and-mobility.md"
FAQ = "hr/people-ops-faq.txt"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
LEAVE = "hr/leave-policy-handbook-2026.md"
OFFBOARD = "hr/offboarding-checklist.md"
PRIVACY = "security/employee-privacy-notice.md"
RECRUIT = "hr/recruitment-and-referrals.md"
REMOTE = "hr/remote-work-policy.md"
RETENTION = "security/data-retention-policy.md"

# Demo-corpus documents (generated with --docs 300 --seed 7); --check proves each is the only one
# holding its question's fact.
D_TA_BERLIN = "facilities/desk-booking-quick-reference-00172.docx"
D_SALESEMEA_BERLIN = "finance/submitting-expense-claims-manager-guide-2025-00257.txt"
D_FINOPS_AMS = "security/customer-data-faq-00051.html"
D_SRE_BERLIN = (
    "hr/respect-and-anti-harassment-faq-00137.md",
    "hr/respect-and-anti-harassment-faq-copy-00270.md",
)
D_PD_LONDON = (
    "hr/who-is-my-people-partner-product-design-2026-00001.md",
    "hr/who-is-my-people-partner-product-design-2026-copy-00017.md",
)
D_TA_TORONTO_REFERRAL = "hr/employee-referral-bonus-faq-2026-00140.md"
D_WORKPLACE_LISBON_LOST = "facilities/lost-property-manager-guide-00057.md"
D_DP_TORONTO_UNPAID = "hr/unpaid-leave-manager-guide-00077.md"
D_CS_NY_BREACHES = "hr/breaches-of-the-code-quick-reference-2026-00124.docx"
D_WC_TORONTO_DP = "finance/charging-and-fuel-quick-reference-00118.docx"
D_WC_WARSAW_SECOPS = "finance/visas-and-travel-documents-security-operations-00222.docx"
D_WC_AMS_CS = "it/frequent-disconnections-amsterdam-office-00058.html"
D_WC_LISBON_AE = "security/multi-factor-authentication-manager-guide-00054.txt"
D_WC_LONDON_DP = "hr/how-do-i-get-an-employment-verification-letter-london-office-00242.txt"
D_WC_NY_SALESEMEA = "hr/warsaw-expense-request-9366-00117.html"
D_WC_BERLIN_SALESAM = "hr/talent-acquisition-weekly-meeting-notes-week-19-00246.pdf"
D_WC_LONDON_SRE = "facilities/handover-workday-daniel-haddad-00226.txt"
D_SALESEMEA_NOTES_11 = "facilities/sales-emea-weekly-meeting-notes-week-11-00281.md"
D_LISBON_ACCESS_3233 = "finance/lisbon-access-request-3233-00126.pdf"
D_LP_NOTES_14 = "facilities/legal-and-privacy-weekly-meeting-notes-week-14-00141.txt"
D_LISBON_TRAVEL_6034 = "facilities/lisbon-travel-request-6034-00011.pdf"
D_BIKES_SALESEMEA = "facilities/bicycle-parking-sales-emea-00191.html"
D_DESK_LONDON = "facilities/desk-booking-london-office-00244.md"
D_ROOMS_2026 = "facilities/meeting-rooms-quick-reference-2026-00048.html"
D_ROOMS_2025 = "facilities/meeting-rooms-quick-reference-2025-00112.html"
D_GRAFANA_PETROVA = "facilities/handover-grafana-ingrid-petrova-00158.docx"


BLIND11: tuple[Q9, ...] = (
    # Handbook, in the documents and sentence parts earlier sets ask least
    _a("h01", "whatif", "A spreadsheet I binned back in spring is gone from the recycle bin. Can the service desk still dig it out of a backup?", BACKUP, "for up to one year"),
    _a("h02", "twopart", "How far back does SharePoint keep old copies of a document, and would that help if ransomware scrambled one of my files?", BACKUP, "last 500 versions"),
    _a("h03", "ramble", "So I was tidying my inbox on Monday, shift-deleted a whole folder and then emptied Deleted Items as well because I thought it was all junk, and now finance is asking for an invoice that was in there. Is there any way to get it back myself?", BACKUP, "recover items deleted from this folder"),
    _a("h04", "whatif", "Suppose my laptop's disk dies tomorrow: what happens to the stuff sitting in my Downloads folder?", BACKUP, "are lost if the laptop fails"),
    _a("h05", "terse", "prod db pitr window days", BACKUP, "point-in-time recovery for 35 days"),
    _a("h06", "context", "I'm handing in my notice next week. What should I do about the files on my own OneDrive before I go?", OFFBOARD, "move files from your personal drive to the team's shared drive"),
    _a("h07", "whatif", "What happens if I'm travelling on my last day and only send the work phone back two weeks later?", OFFBOARD, "deducted from your final pay"),
    _a("h08", "yesno", "Am I obliged to sit the leaving interview with HR?", OFFBOARD, "participation is voluntary"),
    _a("h09", "twopart", "Will the holiday I haven't used be paid out when I leave, and in which pay run does that money come?", OFFBOARD, "paid on the next regular pay date"),
    _a("h10", "typo", "after i resgin who confrims my final working day in writting and how quick", OFFBOARD, "confirms your last working day in writing within five working days"),
    _a("h11", "polite", "I was wondering whether the medical details I give to occupational health end up with anyone else?", PRIVACY, "without disclosing diagnoses unless you agree"),
    _a("h12", "terse", "subject access request response time", PRIVACY, "we respond within one month"),
    _a("h13", "yesno", "Does the company let an algorithm make big decisions about me, like who gets fired?", PRIVACY, "automated decisions that significantly affect you"),
    _a("h14", "compare", "After someone quits, does their salary administration stick around longer than the rest of their HR file?", PRIVACY, "payroll records for ten years"),
    _a("h15", "wrongtitle", "The 'Staff Data Protection Statement' - which regulator can I go to if I'm unhappy with how my data is handled?", PRIVACY, "dutch data protection authority"),
    _a("h16", "context", "We're reorganising my team next quarter and I need HR advice on it. Where do I look up which People partner covers my department?", FAQ, "listed on the department's intranet page"),
    _a("h17", "whatif", "If I put my new bank account into Workday on the 20th, which account does this month's pay land in?", FAQ, "before the 15th of the month take effect in that month's payroll"),
    _a("h18", "polite", "I'd like to move to a compressed four-day week; I was wondering how long I need to have worked here before I'm allowed to ask?", FAQ, "after 26 weeks of service"),
    _a("h19", "ramble", "Things with my manager have been bad for months, I've tried talking to him twice and it goes nowhere, and now I think I need to put something formal in. If I do, can I have someone from the union sit in with me?", FAQ, "union representative"),
    _a("h20", "terse", "christmas to new year office closure annual leave deducted?", FAQ, "do not count against your annual leave"),
    _a("h21", "context", "We got married in October and I've only just realised I never told anyone at work. Is there a time limit for recording that?", FAQ, "in workday within 30"),
    _a("h22", "chat", "an internal job ad went up on monday, when can recruiters start looking at outside applicants", RECRUIT, "at least five working days before external candidates"),
    _a("h23", "twopart", "What are the stages of our hiring process, and how soon after an interview must I submit my scorecard?", RECRUIT, "within 24 hours"),
    _a("h24", "whatif", "If I'm a team lead and my old colleague gets hired onto my own team through my referral, do I still get the bonus?", RECRUIT, "managers cannot receive a bonus for hiring into their own team"),
    _a("h25", "polite", "Before I join my first interview panel, I was wondering what the mandatory interviewer course actually covers?", RECRUIT, "structured interviewing"),
    _a("h26", "terse", "verbal offer written confirmation deadline", RECRUIT, "within two working days"),
    _a("h27", "compare", "Is the monthly lease ceiling for a sales rep's car lower than a director's?", CARS, "700 eur for sales roles"),
    _a("h28", "whatif", "If I don't qualify for a company car and take the mobility money instead, what happens to whatever I haven't spent by December?", CARS, "paid out in cash at the end of the year"),
    _a("h29", "yesno", "Does using the company car at weekends show up as extra tax on my payslip?", CARS, "taxable benefit in kind"),
    _a("h30", "chat", "company car lease runs for how many years", CARS, "leased for four years"),
    _a("h31", "typo", "can i still chose a hybird or petrol car when my new leese starts next year", CARS, "only fully electric cars"),
    _a("h32", "terse", "laptop replacement cycle years", LAPTOPS, "replaced every four years"),
    _a("h33", "whatif", "If I knock a glass of water over my laptop, how long will I be stuck without a computer?", LAPTOPS, "couriered to you the next working day"),
    _a("h34", "yesno", "Do developers get to pick a bigger laptop than everyone else?", LAPTOPS, "engineers may choose a 16-inch model"),
    _a("h35", "polite", "My laptop crawls even after a reboot, so I was wondering how much free disk it's supposed to have?", LAPTOPS, "at least 20 gb"),
    _a("h36", "chat", "left my work phone on the tram last night, what do i do", LAPTOPS, "reported like a lost laptop"),
    _a("h37", "compare", "Over a year, is the monthly internet contribution worth more than the one-off desk and chair allowance?", REMOTE, "one-off home office allowance of 500 eur"),
    _a("h38", "whatif", "I'm on a fully remote contract and my manager wants me in the office next Thursday. Can I claim the train fare?", REMOTE, "up to four office visits per month"),
    _a("h39", "context", "I'm working from Lisbon and my team sits in Amsterdam. Which hours do I have to be reachable?", REMOTE, "between 10:00 and 15:00 in your local time zone"),
    _a("h40", "wrongtitle", "What does the 'Hybrid Working Charter' say about relocating to Portugal for good?", REMOTE, "not covered by the 20-day rule"),
    _a("h41", "yesno", "When I'm on a video call from my kitchen, is there any rule about papers lying around behind me?", REMOTE, "keep confidential documents out of sight during video calls"),
    _a("h42", "terse", "amsterdam office saturday access request", AMS, "two working days in advance"),
    _a("h43", "chat", "booked a room but nobody turned up, does it free itself", AMS, "within ten minutes of the start"),
    _a("h44", "whatif", "If my bike stays in the Amsterdam basement for the six weeks I'm on holiday, will it still be there?", AMS, "bicycles left for more than four weeks are removed"),
    _a("h45", "typo", "is ther a free luch in the amsterdm office and from what time", AMS, "from 12:00 to 13:30"),
    _a("h46", "twopart", "I sent a document to print in Amsterdam but nothing came out. How am I supposed to collect it?", AMS, "release it by tapping your badge"),
    _a("h47", "compare", "Under the superseded 2024 leave rules, how many unused days could you roll over, compared with now?", ARCHIVE, "up to three unused days"),
    _a("h48", "context", "I left my scarf in a meeting room in Amsterdam about three weeks ago. Would reception still have it?", AMS, "kept at reception for one month"),
    _a("h49", "polite", "I was wondering whether the company ever gives old laptops away rather than binning them?", LAPTOPS, "donation to charity"),
    _a("h50", "ramble", "Our team's been arguing about this at lunch: a colleague says that if a restore of production data is needed, the on-call engineer can just do it on their own authority, but I'm sure someone has to sign it off first. Who's right?", BACKUP, "require approval from the service owner"),
    # Demo corpus: team/office/year variants, requests and meeting notes (no handbook document answers)
    _d("d01", "chat", "talent acq berlin who's our local person", D_TA_BERLIN, "diego khan is the local contact"),
    _d("d02", "context", "I've just moved from Warsaw to Berlin, still in Sales EMEA. Who do I ask about local stuff now?", D_SALESEMEA_BERLIN, "lucas de vries is the local contact"),
    _d("d03", "terse", "finops ams local contact", D_FINOPS_AMS, "sven sharma is the local contact"),
    _d("d04", "polite", "I was wondering who the on-site contact is for the SRE folks in Berlin?", D_SRE_BERLIN, "daniel haddad is the local contact"),
    _d("d05", "yesno", "Is there someone who stands in when the product design contact in London is on holiday?", D_PD_LONDON, "ingrid khan covers"),
    _d("d06", "wrongtitle", "The 'Referral Bonus Q&A 2026' for talent acquisition in Toronto: who's named as the local contact?", D_TA_TORONTO_REFERRAL, "rahul chen is the local contact"),
    _d("d07", "ramble", "We found a laptop bag in the Lisbon office and I run the workplace team's lost-and-found now, but the manager guide for lost property says to check with the local contact first and I can't find the name anywhere. Who is it?", D_WORKPLACE_LISBON_LOST, "sofia de vries is the local contact; yusuf haddad covers"),
    _d("d08", "context", "I manage someone on Data Platform in Toronto who wants unpaid leave. The manager guide on it lists a local contact - who?", D_DP_TORONTO_UNPAID, "yusuf petrova is the local contact"),
    _d("d09", "twopart", "Customer Success in New York: who's the local contact on the 2026 quick reference about breaches of the code, and who covers when they're away?", D_CS_NY_BREACHES, "rahul meyer is the local contact; mateo rossi covers"),
    _d("d10", "terse", "toronto data platform rota weeks ahead works council", D_WC_TORONTO_DP, "toronto office follows this guidance with one local addition agreed with the works council: data platform schedules are published 5 weeks ahead"),
    _d("d11", "whatif", "If I transfer into Security Operations in Warsaw, how far in advance would I see my schedule?", D_WC_WARSAW_SECOPS, "warsaw office follows this guidance with one local addition agreed with the works council: security operations schedules are published 6 weeks ahead"),
    _d("d12", "polite", "I was wondering who coordinates the works council rule on rotas for Customer Success in Amsterdam?", D_WC_AMS_CS, "sven petrova coordinates"),
    _d("d13", "compare", "Do Analytics Engineering people in Lisbon get their rotas more than a month ahead?", D_WC_LISBON_AE, "lisbon office follows this guidance with one local addition agreed with the works council: analytics engineering schedules are published 3 weeks ahead"),
    _d("d14", "chat", "who runs the works council rota thing for data platform in london", D_WC_LONDON_DP, "amara demir coordinates"),
    _d("d15", "typo", "sales emea rotas new yrok how many weeks in advnace", D_WC_NY_SALESEMEA, "new york office follows this guidance with one local addition agreed with the works council: sales emea schedules are published 3 weeks ahead"),
    _d("d16", "context", "I'm joining Sales Americas in Berlin and I like to plan around my shifts. How many weeks ahead do they come out there?", D_WC_BERLIN_SALESAM, "berlin office follows this guidance with one local addition agreed with the works council: sales americas schedules are published 4 weeks ahead"),
    _d("d17", "wrongtitle", "In the 'Sales EMEA week 11 stand-up notes', up to what amount can a line manager approve?", D_SALESEMEA_NOTES_11, "for sales emea, requests up to 350 eur"),
    _d("d18", "chat", "who is the keeper of approvals on lisbon access request 3233", D_LISBON_ACCESS_3233, "ingrid nowak keeps the lisbon register"),
    _d("d19", "polite", "I was wondering who keeps the register of approvals mentioned in the legal & privacy notes from week 14?", D_LP_NOTES_14, "priya meyer keeps the berlin register"),
    _d("d20", "whatif", "On Lisbon travel request 6034, if a legal and privacy line manager gets a 1,900 EUR request, can they approve it alone?", D_LISBON_TRAVEL_6034, "for legal and privacy, requests up to 1950 eur"),
    _d("d21", "terse", "bike parking page sales emea maintainers", D_BIKES_SALESEMEA, "amara chen and priya martin"),
    _d("d22", "yesno", "Is the London desk booking page older than 2024? When did it take effect?", D_DESK_LONDON, "july 8, 2023"),
    _d("d23", "wrongtitle", "The 2026 'Meeting Rooms Cheat Sheet' - what Warsaw reception number does it give?", D_ROOMS_2026, "020 378 7187"),
    _d("d24", "chat", "who maintains the 2025 meeting rooms quick ref", D_ROOMS_2025, "aisha mensah and yusuf mensah"),
    _d("d25", "context", "Ingrid Petrova handed Grafana over before she left. Who does that handover note say is the local contact for the team?", D_GRAFANA_PETROVA, "daniel de vries is the local contact"),
    # No answer in the corpus, weighted to the hard kinds
    _n("u01", "near", "How long can I get back a Slack message I deleted by mistake?"),
    _n("u02", "near", "How often do company phones get replaced?"),
    _n("u03", "near", "How many seats does the biggest meeting room in the Amsterdam office have?"),
    _n("u04", "near", "How long can I keep the loan laptop while mine is being repaired?"),
    _n("u05", "near", "Can I appeal if my manager turns down my request to work part-time, and by when?"),
    _n("u06", "near", "Does the mobility budget cover taxi rides to the airport?"),
    _n("u07", "finer", "Which courier firm collects returned laptops from people working from home?"),
    _n("u08", "finer", "What is the minimum battery range an electric company car must have?"),
    _n("u09", "finer", "On what day in January do we have to sign the yearly code of conduct confirmation?"),
    _n("u10", "finer", "Which screening agency runs our pre-employment background checks?"),
    _n("u11", "finer", "How much does parking in the garage near the Amsterdam office cost per day after the discount?"),
    _n("u12", "finer", "Which company doctor does the return-to-work check after long sickness?"),
    _n("u13", "premise", "Since deleted OneDrive files now stay in the recycle bin for a whole year, why would I ever need the service desk?"),
    _n("u14", "premise", "Now that the notice period for managers has gone down to two weeks, can I leave before the end of the month?"),
    _n("u15", "premise", "Seeing as we can work from abroad for 60 days a year now, does the Mobility team still need to check anything?"),
    _n("u16", "premise", "Since the home office allowance went up to 1,500 EUR this year, can I put it towards a standing desk?"),
    _n("u17", "premise", "Now that dogs are allowed in every office on Fridays, do I still have to register mine with facilities?"),
    _n("u18", "premise", "As exit interviews became compulsory in 2026, what happens if I refuse to attend mine?"),
    _n("u19", "absent", "Who's the local go-to person for the Procurement team in Madrid?"),
    _n("u20", "absent", "How many weeks in advance are site reliability rotas published at the Paris office?"),
    _n("u21", "absent", "What did the 2022 edition of the leave policy say about bereavement?"),
    _n("u22", "absent", "Is there a switchboard number for our Munich site?"),
    _n("u23", "absent", "Who maintains the Data Platform weekly meeting notes for week 53?"),
    _n("u24", "absent", "On Toronto travel request 9999, who keeps the register of approvals?"),
    _n("u25", "never", "Do family members get a discount on the analytics software we sell?"),
    _n("u26", "never", "How do I sign up for the staff lottery syndicate?"),
    _n("u27", "never", "Can I get part of next month's salary paid early because of an emergency?"),
    _n("u28", "never", "Who do I talk to about setting up a payroll giving scheme to a charity of my choice?"),
    _n("u29", "offdomain", "convert 45 degrees fahrenheit to celsius"),
    _n("u30", "offdomain", "what's a good name for a pet tortoise"),
    # Conversations: only the last turn is scored
    _c("c01", "ellipsis", ("who is the point person on site for TA in berlin", "and for sales emea?"), D_SALESEMEA_BERLIN, "lucas de vries is the local contact; mateo larsen covers", "demo"),
    _c("c02", "correction", ("data platform team in london: how long before a shift do we see the rota", "hmm no, toronto, not london"), D_WC_TORONTO_DP, "sofia iyer coordinates", "demo"),
    _c("c03", "pronoun", ("HR just booked me in for a chat about why I'm leaving", "who gets to see what I say in it?"), OFFBOARD, "reported anonymously"),
    _c("c04", "switch", ("finance ops amsterdam - local contact please", "unrelated: does HR pass my data to the pension provider?"), PRIVACY, "the pension provider"),
    _c("c05", "pronoun", ("I'm thinking of going for an internal opening on another team", "do I need to let my manager know about it?"), RECRUIT, "should tell their manager once they are invited to interview"),
    _c("c06", "correction", ("how many days a year can I work from another country", "sorry, I meant moving there for good"), REMOTE, "change to your employment contract"),
    _c("c07", "switch", ("who do the sales americas people in amsterdam go to on site", "separate question: can my personnel data end up on servers outside europe?"), PRIVACY, "standard contractual clauses"),
    _c("c08", "ellipsis", ("how long do deleted files stay in the onedrive recycle bin", "and deleted emails?"), BACKUP, "for 30 more days"),
    _c("c09", "pronoun", ("which page covers the product design team in london", "and the named contact person on it is?"), D_PD_LONDON, "sven garcia is the local contact; ingrid khan covers", "demo"),
    _c("c10", "correction", ("how many weeks ahead are site reliability rotas published in warsaw", "my mistake - the london office"), D_WC_LONDON_SRE, "london office follows this guidance with one local addition agreed with the works council: site reliability schedules are published 2 weeks ahead", "demo"),
    _c("c11", "switch", ("who is the people partner for my department", "how do I reach them?", "different subject: is there vegan food in the amsterdam canteen?"), AMS, "vegetarian and vegan options are always available"),
    _c("c12", "ellipsis", ("what notice period do normal employees have when resigning", "and managers?"), OFFBOARD, "three months for managers"),
    _c("c13", "pronoun", ("IT says my laptop is due for a refresh", "how long will it take me to get the new one set up?"), LAPTOPS, "about an hour"),
    _c("c14", "correction", ("what did the 2024 leave policy give for bereavement", "sorry, I mean under the current 2026 handbook"), LEAVE, "ten days of paid bereavement leave"),
    # Not English (languages no earlier set used)
    _l("k01", "ms", "Berapa lama fail yang dipadam kekal dalam tong kitar semula OneDrive?", BACKUP, "93 days"),
    _l("k02", "ka", "რამდენია სახლის ოფისის ერთჯერადი დახმარება?", REMOTE, "one-off home office allowance of 500 eur"),
    _l("k03", "ta", "பணியாளர் பரிந்துரை போனஸ் எவ்வளவு?", RECRUIT, "2,000 eur"),
    _l("k04", "mt", "Kemm-il ġimgħa qabel irrid nitlob biex naħdem minn pajjiż ieħor?", REMOTE, "at least four weeks in advance"),
    _l("k05", "am", "የባንክ ሂሳቤን መረጃ እንዴት መቀየር እችላለሁ?", FAQ, "update your personal details yourself in workday"),
    _l("k06", "gl", "Canto tempo se gardan os datos dos candidatos rexeitados?", RECRUIT, "six months after the process closes"),
    _l("k07", "yo", "Ṣe ìforọ̀wánilẹ́nuwò ìjáde láti iṣẹ́ jẹ́ dandan?", OFFBOARD, "participation is voluntary"),
    _l("k08", "km", "តើកុំព្យូទ័រយួរដៃត្រូវបានជំនួសរៀងរាល់ប៉ុន្មានឆ្នាំ?", LAPTOPS, "replaced every four years"),
    _l("k09", "mn", "Компанийн машиныг хэн жолоодож болох вэ?", CARS, "only the employee and their partner may drive the car"),
    _l("k10", "ga", "Cé hé an teagmhálaí áitiúil don fhoireann earcaíochta tallainne in oifig Bheirlín?", D_TA_BERLIN, "diego khan is the local contact; sven mensah covers", "demo"),
)  # fmt: skip
