"""The questions of the thirteenth blind set (bench/answer_quality_blind13.py): session 26, helper h5.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind13.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact, (3) no turn repeats or nearly repeats a turn of an earlier set (main set, blind
1-12) by words, and (4) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The
result is in the runner's docstring.

Sources. The handbook questions go to the documents the main set and blind 1-12 ask least (counted
before writing, questions naming the document: the superseded 2024 leave policy 10, the backup
runbook 23, the privacy notice 24, offboarding 25, the People Operations FAQ 25, company cars 27,
recruitment 28, the laptops runbook 31, remote work 32, performance and compensation 33, the
Amsterdam office guide 35), and inside them to sentences that hold at most one earlier set's fact
(after twelve sets no substantive handbook sentence holds none). The demo-corpus questions ask only
demo documents no earlier set lists (188 of the 296 were never asked), and besides the kinds of fact
earlier sets asked (local contact and cover, works-council coordinators, approval limits, register
keepers, page maintainers) ask kinds they never asked: a page's effective date, its last review, a
reception number printed on a handover page.

Registers (``tag``) as blind 11-12: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``,
``twopart``, ``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``. Unanswerable kinds weighted
to the hard ones: ``near``, ``finer``, ``premise``, ``absent``, ``never``, ``offdomain``.
Conversations (2 turns, the last scored): ``pronoun``, ``ellipsis``, ``correction``, ``switch``.
Non-English questions in languages no earlier answer set used (Gujarati, Telugu, Kannada,
Malayalam, Marathi, Hausa, Kinyarwanda, Azerbaijani, Kyrgyz, Yiddish, Maori, Pashto) expect the
English-only note and name a document for "language first citation" as blind 5-12 do.
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

AMS = "facilities/amsterdam-office-guide.html"
ARCHIVE = "archive/leave-policy-2024.md"
BACKUP = "it/runbook-backup-and-restore.md"
CARS = "finance/company-cars-and-mobility.md"
FAQ = "hr/people-ops-faq.txt"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
OFFBOARD = "hr/offboarding-checklist.md"
PERF = "hr/performance-and-compensation.md"
PRIVACY = "security/employee-privacy-notice.md"
RECRUIT = "hr/recruitment-and-referrals.md"
REMOTE = "hr/remote-work-policy.md"

# Demo-corpus documents (generated with --docs 300 --seed 7) no earlier set lists; --check proves
# each is the only one holding its question's fact.
D_GRAFANA_HADDAD = "facilities/handover-grafana-lucas-haddad-00040.pdf"
D_WORKDAY_DEMIR = "facilities/handover-workday-ingrid-demir-00066.html"
D_LOST_LONDON = "facilities/lost-property-london-office-00008.md"
D_ROOMS_SRE = "facilities/meeting-rooms-site-reliability-00290.md"
D_HOURS_LP_2025 = "facilities/opening-hours-legal-and-privacy-2025-00229.md"
D_FAC_PROBLEM_DP = "facilities/reporting-a-facilities-problem-data-platform-00145.pdf"
D_FAC_PROBLEM_LP = "facilities/reporting-a-facilities-problem-legal-and-privacy-00262.docx"
D_TAXIS_SECOPS = "finance/taxis-and-ride-sharing-security-operations-00010.md"
D_RAIL_DP = "finance/rail-travel-data-platform-00018.md"
D_SFTP_ROSSI = "finance/handover-payroll-sftp-server-noah-rossi-00217.md"
D_MOBILITY_FAQ = "finance/mobility-budget-faq-00071.html"
D_COMBINING_LP = "finance/combining-business-and-personal-travel-legal-and-privacy-00233.pdf"
D_SUSTAIN_AE = "finance/sustainability-and-ethical-sourcing-analytics-engineering-00128.html"
D_VPN_GW_DEMIR = "it/handover-vpn-gateway-noah-demir-00275.html"
D_CLOSING_FAQ_2026 = "it/closing-an-incident-faq-2026-00287.pdf"
D_HOURS_FAQ = "hr/can-i-change-my-working-hours-faq-00143.txt"
D_CS_NOTES_23 = "hr/customer-success-weekly-meeting-notes-week-23-00234.pdf"
D_DP_NOTES_42 = "it/data-platform-weekly-meeting-notes-week-42-00085.md"
D_WARSAW_EXP_3201 = "hr/warsaw-expense-request-3201-00009.pdf"
D_BERLIN_EQUIP_2693 = "it/berlin-equipment-request-2693-00030.html"
D_ABROAD_AMS = "hr/working-from-another-country-amsterdam-office-00087.html"
D_SUPPLIERS_MG_2025 = "finance/new-suppliers-manager-guide-2025-00012.html"
D_REFRESH_WARSAW = "it/laptop-refresh-cycle-warsaw-office-00280.txt"
D_OUTSIDE_TA = "hr/outside-employment-talent-acquisition-00231.md"
D_SUPPLIERS_DP_2026 = "finance/new-suppliers-data-platform-2026-00099.pdf"
D_DESK_SECOPS = "facilities/desk-booking-security-operations-00080.docx"
D_AMS_TRAVEL_6317 = "it/amsterdam-travel-request-6317-00067.pdf"
D_BRIBERY_SECOPS = "hr/anti-bribery-and-corruption-security-operations-00214.md"


BLIND13: tuple[Q9, ...] = (
    # Handbook, in the documents (and sentences) earlier sets ask least
    _a("h01", "chat", "accidentally binned a spreadsheet on sharepoint like 4 months ago, is it gone for good", BACKUP, "after 93 days, the service desk can restore from backup for up to one year"),
    _a("h02", "terse", "onedrive how many old versions kept per doc", BACKUP, "keep the last 500 versions"),
    _a("h03", "polite", "Could you tell me whether laptops get a complete image backup?", BACKUP, "laptops are not backed up as a whole"),
    _a("h04", "whatif", "If our analytics team wants the production data put back to how it was last Tuesday, who has to okay that?", BACKUP, "require approval from the service owner"),
    _a("h05", "yesno", "Are the full database backups kept in the same region as production?", BACKUP, "copied to a second region every night"),
    _a("h06", "chat", "does my salary info ever leave the EU through some supplier, what protects it", PRIVACY, "appropriate safeguards"),
    _a("h07", "terse", "privacy notice controller entity", PRIVACY, "controller: northwind analytics b.v."),
    _a("h08", "polite", "Would you mind telling me which regulator I could complain to if I'm unhappy with how my personal data is handled?", PRIVACY, "dutch data protection authority"),
    _a("h09", "twopart", "If I ask for a copy of everything HR holds on me, who do I send that to and how fast do they answer?", PRIVACY, "we respond within one month"),
    _a("h10", "yesno", "Do the company's insurers get to see any of my employee data?", PRIVACY, "insurers, the pension provider"),
    _a("h11", "context", "The occupational health doctor saw me last week. Will she pass my diagnosis on to the company?", PRIVACY, "without disclosing diagnoses unless you agree"),
    _a("h12", "chat", "handed in my notice yesterday, when will hr actually confirm my final day", OFFBOARD, "within five working days"),
    _a("h13", "terse", "notice period manager level", OFFBOARD, "three months for managers"),
    _a("h14", "whatif", "If I post my laptop back a couple of weeks after leaving, could they take money off my last pay?", OFFBOARD, "equipment not returned within five working days may be deducted"),
    _a("h15", "yesno", "Do I still get the annual bonus if I quit in February?", OFFBOARD, "bonus eligibility depends on being employed on the payment date"),
    _a("h16", "typo", "when do i get my p45 after i leav", OFFBOARD, "sent within a month of your last day"),
    _a("h17", "context", "I'm on my way out and own a ton of dashboards and a weekly sync. What am I expected to do with those?", OFFBOARD, "transfer ownership of documents, dashboards and recurring meetings"),
    _a("h18", "yesno", "Is the exit chat with people ops compulsory?", OFFBOARD, "participation is voluntary"),
    _a("h19", "chat", "moved flat, where do i change my home address myself", FAQ, "update your personal details yourself in workday"),
    _a("h20", "whatif", "If I switch my salary account to a new bank on the 20th, which payroll uses the new one?", FAQ, "before the 15th of the month take effect in that month's payroll"),
    _a("h21", "ramble", "The bank wants proof of what I earn for a mortgage and they're being pushy about timing - how long would a letter that actually shows my salary take?", FAQ, "take up to three days"),
    _a("h22", "context", "I started four months ago and want to switch to a compressed four-day week. Can I ask for that yet?", FAQ, "after 26 weeks of service"),
    _a("h23", "twopart", "I've put in a formal complaint about how I'm treated. How soon is the meeting, and can a union rep come along?", FAQ, "you may bring a colleague or union representative"),
    _a("h24", "context", "My grievance hearing went against me last Friday. How long have I got to appeal?", FAQ, "you can appeal the outcome within five working days"),
    _a("h25", "compare", "Do the days between Christmas and New Year come out of my holiday allowance like normal leave does?", FAQ, "do not count against your annual leave"),
    _a("h26", "terse", "electric only new car leases from which year", CARS, "only fully electric cars may be chosen for new leases from 2026"),
    _a("h27", "yesno", "When I top up at a public charger on a road trip, do I pay with my own card and claim it back?", CARS, "paid with the charging card provided with the car"),
    _a("h28", "compare", "Is private use of a company car taxed, or is it free like charging at the office?", CARS, "taxable benefit in kind"),
    _a("h29", "whatif", "If I'm in sales and drive about 25,000 km a year for work, do I qualify for a company car?", CARS, "drive more than 20,000 business kilometres a year"),
    _a("h30", "chat", "what decides how big my yearly raise is", PERF, "depend on your rating, your position in the band"),
    _a("h31", "whatif", "If I get a company EV, will someone put a charger at my house?", CARS, "the company installs a charging point"),
    _a("h32", "context", "I need to hire a second analyst for my team. Can I just open the role in Greenhouse today?", RECRUIT, "after the headcount is approved"),
    _a("h33", "terse", "internal advert minimum days before external", RECRUIT, "at least five working days before external candidates"),
    _a("h34", "polite", "Could you tell me who signs off the interview plan for a role before it's advertised?", RECRUIT, "interview plan with the hiring manager before the role is published"),
    _a("h35", "whatif", "My friend already applied last week and only then told me - can I still put her forward for the bonus now?", RECRUIT, "before the candidate applies"),
    _a("h36", "yesno", "Should I talk a candidate over with the other panelists before I write up my scorecard?", RECRUIT, "before discussing the candidate with others"),
    _a("h37", "wrongtitle", "In the 'Hiring and Interview Guide', which topics are off limits to ask candidates?", RECRUIT, "about family plans, religion or health"),
    _a("h38", "chat", "how fast does a verbal offer get put in writing", RECRUIT, "confirmed in writing within two working days"),
    _a("h39", "yesno", "as a dev can I get the bigger 16 inch model?", LAPTOPS, "engineers may choose a 16-inch model"),
    _a("h40", "terse", "wipe returned laptops before reuse", LAPTOPS, "it securely wipes every device before reuse"),
    _a("h41", "context", "Spilled tea all over my Dell this morning and it won't boot. What do I work on while it's being fixed?", LAPTOPS, "a loan laptop is couriered to you the next working day"),
    _a("h42", "ramble", "my machine has been crawling for days, I already restarted it, which is annoying because I keep loads of tabs open for research - what else does IT tell you to check?", LAPTOPS, "at least 20 gb"),
    _a("h43", "whatif", "If my battery only lasts an hour now, will the service desk swap it?", LAPTOPS, "less than 70% of its original capacity"),
    _a("h44", "chat", "plugged into the dock at my desk but the screen stays black", LAPTOPS, "check the input source"),
    _a("h45", "yesno", "Does old company kit ever get given to charities?", LAPTOPS, "donation to charity"),
    _a("h46", "whatif", "Could my manager make me come in more than my usual days while a big launch is on?", REMOTE, "critical project phases"),
    _a("h47", "terse", "internet electricity allowance monthly", REMOTE, "30 eur towards internet and electricity"),
    _a("h48", "context", "New job here and I'll be mostly at home. By when do I have to do the home desk self-check?", REMOTE, "within your first month"),
    _a("h49", "yesno", "Can my partner use my work laptop for her online course in the evenings?", REMOTE, "do not let family members use your work devices"),
    _a("h50", "whatif", "If the home setup assessment flags that my chair is bad, can the company sort one out?", REMOTE, "ergonomic chair"),
    _a("h51", "terse", "promotion raise minimum percent", PERF, "at least 8%"),
    _a("h52", "chat", "are the salary bands published anywhere i can look at them", PERF, "published on the intranet for each country"),
    _a("h53", "compare", "Does a junior get paid extra for additional hours the way a senior does?", PERF, "125% of their hourly rate"),
    _a("h54", "yesno", "Is my spot inside the salary band just down to how long I have been here?", PERF, "depends on your experience and performance"),
    _a("h55", "polite", "I'd like to know roughly what share of people get the top rating each year?", PERF, "about 20% of employees"),
    _a("h56", "context", "I've just been put on an improvement plan. How often will I sit down with my manager about it?", PERF, "every two weeks"),
    _a("h57", "compare", "Under the superseded 2024 leave policy, did full-timers get more or fewer holiday days than now?", ARCHIVE, "25 days of paid annual leave"),
    _a("h58", "typo", "2024 leave polcy - from what day of sickness did u need a doctors note", ARCHIVE, "from the fourth day of absence"),
    _a("h59", "chat", "does the cleaning crew in amsterdam throw out stuff left on desks overnight", AMS, "the cleaning team removes anything left behind"),
    _a("h60", "chat", "printed something confidential in amsterdam, can it sit on the printer till after lunch", AMS, "confidential documents must be collected immediately"),
    _a("h61", "chat", "by what time does the amsterdam post land in our team pigeonhole", AMS, "distributed to team pigeonholes by 11:00"),
    _a("h62", "chat", "radiator by my desk in amsterdam is stone cold, where do i log that", AMS, "through the facilities portal or in the #facilities slack channel"),
    _a("h63", "context", "Half my team's meeting got cancelled. We booked a room in Outlook in Amsterdam - anything we should do?", AMS, "release a booking if your meeting is cancelled"),
    # Demo corpus: documents no earlier set lists; some ask kinds of fact no earlier set asked
    _d("d01", "chat", "grafana handover from lucas haddad - who maintains that page", D_GRAFANA_HADDAD, "diego mensah and chloe okafor from site reliability maintain this page"),
    _d("d02", "terse", "workday handover ingrid demir lisbon approvals register", D_WORKDAY_DEMIR, "tomasz schmidt keeps the lisbon register"),
    _d("d03", "context", "I'm in finance ops at the London office and looking at the lost property page for London. How far ahead do our rotas come out?", D_LOST_LONDON, "finance operations schedules are published 4 weeks ahead"),
    _d("d04", "wrongtitle", "On the 'SRE Meeting Room Rules' page, who keeps the Amsterdam approvals register?", D_ROOMS_SRE, "lucas martin keeps the amsterdam register"),
    _d("d05", "twopart", "Opening hours for legal & privacy (2025 page): how much can a line manager approve, and who keeps the Toronto register?", D_HOURS_LP_2025, "for legal and privacy, requests up to 750 eur"),
    _d("d06", "polite", "Could you tell me who I should contact about the data platform page on reporting facilities problems, and who covers for them?", D_FAC_PROBLEM_DP, "priya okafor is the local contact; leila demir covers"),
    _d("d07", "chat", "legal and privacy facilities problem page - who's got the new york register", D_FAC_PROBLEM_LP, "hannah iyer keeps the new york register"),
    _d("d08", "compare", "On the security operations taxis and ride sharing page, can a line manager approve a 250 EUR request alone?", D_TAXIS_SECOPS, "for security operations, requests up to 200 eur"),
    _d("d09", "terse", "rail travel data platform page effective date", D_RAIL_DP, "effective date: 2026-09-25."),
    _d("d10", "typo", "who maintians the payrol sftp server handover by noah rossi", D_SFTP_ROSSI, "leila martin and daniel rossi from talent acquisition maintain this page"),
    _d("d11", "yesno", "Does the mobility budget FAQ say who stands in when its local contact is away?", D_MOBILITY_FAQ, "jan bakker is the local contact; chloe chen covers"),
    _d("d12", "context", "I'm tacking a few holiday days onto a work trip and found the legal and privacy page on combining business and personal travel. Who's the local contact on it?", D_COMBINING_LP, "kwame petrova is the local contact"),
    _d("d13", "whatif", "If I'm in analytics engineering and want to buy something for 1,600 EUR, does the sustainability and ethical sourcing page for my team let my line manager sign it off?", D_SUSTAIN_AE, "for analytics engineering, requests up to 1700 eur"),
    _d("d14", "chat", "the vpn gateway handover from noah demir lists a london reception number, what is it", D_VPN_GW_DEMIR, "the london reception is on 020 936 6063"),
    _d("d15", "terse", "closing an incident faq 2026 local contact and cover", D_CLOSING_FAQ_2026, "rahul meyer is the local contact; priya walsh covers"),
    _d("d16", "polite", "May I ask who the local contact is on the FAQ about changing my working hours?", D_HOURS_FAQ, "amara walsh is the local contact; aisha nowak covers"),
    _d("d17", "ramble", "I was going through the customer success weekly notes from week 23 since I was off sick that week, and there's a bit about approvals being logged in Amsterdam, but who actually keeps that register?", D_CS_NOTES_23, "mateo mensah keeps the amsterdam register"),
    _d("d18", "terse", "data platform notes wk 42 warsaw register keeper", D_DP_NOTES_42, "oliver larsen keeps the warsaw register"),
    _d("d19", "wrongtitle", "In 'Warsaw Expense Claim 3201', who is named as keeping the Warsaw approvals register?", D_WARSAW_EXP_3201, "diego meyer keeps the warsaw register"),
    _d("d20", "context", "My monitor order is Berlin equipment request 2693. Who's the local contact there if I have questions, and who covers?", D_BERLIN_EQUIP_2693, "diego haddad is the local contact; tomasz nowak covers"),
    _d("d21", "chat", "working from another country page for amsterdam - who coordinates the works council addition", D_ABROAD_AMS, "hannah martin coordinates"),
    _d("d22", "terse", "new suppliers manager guide 2025 last reviewed", D_SUPPLIERS_MG_2025, "last reviewed: 15 july 2026."),
    _d("d23", "chat", "warsaw laptop refresh cycle page, who maintains it", D_REFRESH_WARSAW, "jan walsh and noah rossi from legal and privacy maintain this page"),
    _d("d24", "yesno", "Is there a named cover on the talent acquisition page about outside employment?", D_OUTSIDE_TA, "ingrid haddad is the local contact; elena meyer covers"),
    _d("d25", "context", "I'm on Data Platform in Lisbon and just read the 2026 new suppliers page for my team. How many weeks ahead do our schedules get published?", D_SUPPLIERS_DP_2026, "data platform schedules are published 2 weeks ahead"),
    _d("d26", "polite", "Could you tell me who maintains the security operations desk booking page?", D_DESK_SECOPS, "mateo garcia and sven schmidt from security operations maintain this page"),
    _d("d27", "terse", "amsterdam travel request 6317 works council coordinator", D_AMS_TRAVEL_6317, "rahul khan coordinates"),
    _d("d28", "chat", "anti-bribery page for security ops, who do i talk to locally", D_BRIBERY_SECOPS, "amara chen is the local contact"),
    # No answer in the corpus, weighted to the hard kinds
    _n("u01", "near", "How many earlier versions does the internal wiki keep of each page?"),
    _n("u02", "near", "Are company phones swapped for new ones every four years like laptops?"),
    _n("u03", "near", "Is the referral bonus also paid when the person I refer is hired as an intern?"),
    _n("u04", "near", "How long is an exit interview supposed to last?"),
    _n("u05", "near", "How long are recordings of Slack huddles kept?"),
    _n("u06", "near", "When do contractors who invoice us monthly see their payment in Workday?"),
    _n("u07", "near", "What is the monthly lease limit for a head of department who is not a director?"),
    _n("u08", "near", "Is colour printing also capped at the Berlin office?"),
    _n("u09", "finer", "Which charging-card provider comes with the company cars?"),
    _n("u10", "finer", "What brand of noise-cancelling headset do we hand out?"),
    _n("u11", "finer", "What model is the USB-C dock on the office desks?"),
    _n("u12", "finer", "On which exact day in February is this year's rating calibration meeting?"),
    _n("u13", "finer", "Which floor is the quiet room on in the Amsterdam office?"),
    _n("u14", "finer", "Which scorecard template in Greenhouse do engineering interviewers use?"),
    _n("u15", "finer", "How many employees work out of the Amsterdam office?"),
    _n("u16", "premise", "Since laptops are now replaced every two years, when will mine be swapped?"),
    _n("u17", "premise", "Now that the mobility budget went up to 600 EUR a month, can I spend it on an e-scooter?"),
    _n("u18", "premise", "Given that referral bonuses were scrapped last year, is there any other reward for referring people?"),
    _n("u19", "premise", "As exit interviews are mandatory now, what happens if I skip mine?"),
    _n("u20", "premise", "Since promotion raises are capped at 3%, can my manager argue for more?"),
    _n("u21", "premise", "Since the Amsterdam reception is now open 24 hours, can I pick up a parcel at midnight?"),
    _n("u22", "premise", "Because the privacy notice lets managers see my diagnosis, can I ask them not to look?"),
    _n("u23", "absent", "What does the Madrid office guide say about bicycle parking?"),
    _n("u24", "absent", "What does the 2019 company car policy say about diesel cars?"),
    _n("u25", "absent", "How did the 2020 offboarding checklist handle returning phones?"),
    _n("u26", "absent", "On Lisbon travel request 1111, who is the local contact?"),
    _n("u27", "absent", "Who keeps the Sydney register of approvals?"),
    _n("u28", "absent", "On the Oslo opening hours page, who is the local contact?"),
    _n("u29", "absent", "What does the Dublin office guide say about lost property?"),
    _n("u30", "never", "Is there a rule about bringing children to the company summer party?"),
    _n("u31", "never", "Does the company lend out camping gear to employees?"),
    _n("u32", "never", "Can I get a language course for my spouse reimbursed?"),
    _n("u33", "never", "Is there a policy on bringing my own plants into the office?"),
    _n("u34", "never", "Is there a company-wide step-count challenge with prizes?"),
    _n("u35", "offdomain", "how many moons does jupiter have"),
    _n("u36", "offdomain", "recommend a good sci-fi novel for a long flight"),
    _n("u37", "offdomain", "how do I convert fahrenheit to celsius in my head"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("I deleted a file from sharepoint by mistake", "can I get it back myself?"), BACKUP, "users can restore them themselves"),
    _c("c02", "ellipsis", ("how much is the referral bonus", "and for hard-to-fill engineering roles?"), RECRUIT, "3,000 eur for hard-to-fill engineering roles"),
    _c("c03", "correction", ("who maintains the grafana handover page from lucas haddad", "sorry, I meant who coordinates the works council part"), D_GRAFANA_HADDAD, "leila petrova coordinates", "demo"),
    _c("c04", "switch", ("what's the colour print limit in amsterdam", "new question: when do salary increases take effect?"), PERF, "take effect on 1 april"),
    _c("c05", "pronoun", ("my company car got hit in a car park today", "by when do I have to tell the leasing company about it?"), CARS, "report the damage to the leasing partner within 24 hours"),
    _c("c06", "ellipsis", ("retention of an ex-colleague's HR folder?", "and payroll records?"), PRIVACY, "payroll records for ten years"),
    _c("c07", "correction", ("who keeps the lisbon register on the workday handover by ingrid demir", "no, I wanted the customer success approval limit on it"), D_WORKDAY_DEMIR, "for customer success, requests up to 250 eur", "demo"),
    _c("c08", "switch", ("who do I ask for an employment verification letter", "unrelated: who gets the final say on a job offer"), RECRUIT, "approved by the hiring manager and the people partner"),
    _c("c09", "pronoun", ("I'm thinking of asking for part-time hours", "how long does my manager have to reply to it?"), FAQ, "must respond within four weeks"),
    _c("c10", "ellipsis", ("when are salaries paid", "and if that date is a Sunday?"), PERF, "on the previous working day if the 25th falls on a weekend"),
    _c("c11", "correction", ("what's the monthly cap on a director's company car lease", "sorry I meant for a sales role"), CARS, "700 eur for sales roles"),
    _c("c12", "switch", ("who is the local contact for the mobility budget faq", "other topic: how long can emptied deleted emails still be recovered?"), BACKUP, "for 30 more days"),
    _c("c13", "pronoun", ("the service desk is swapping my old MacBook next month", "how long until I can work on the new one once it arrives?"), LAPTOPS, "takes about an hour"),
    _c("c14", "correction", ("2024 leave edition - sickness reporting deadline", "no, I wanted how part-time staff were handled for annual leave"), ARCHIVE, "part-time employees receive a pro-rata entitlement"),
    # Not English (languages no earlier set used)
    _l("k01", "gu", "ઉમેદવારોનો ડેટા ક્યાં સંગ્રહિત કરવામાં આવે છે?", RECRUIT, "candidate data is stored only in greenhouse"),
    _l("k02", "te", "అప్‌డేట్‌ల కోసం నా ల్యాప్‌టాప్‌ను ఎంత తరచుగా రీస్టార్ట్ చేయాలి?", LAPTOPS, "restart your laptop at least once a week"),
    _l("k03", "kn", "ರಾಜೀನಾಮೆ ನೀಡಲು ನಾನು ಯಾರಿಗೆ ಇಮೇಲ್ ಕಳುಹಿಸಬೇಕು?", OFFBOARD, "send a resignation email to your manager and to people operations"),
    _l("k04", "ml", "ഓഫീസിലെ ഡോക്കിൽ ഒരു കേബിൾ എന്തൊക്കെയാണ് ബന്ധിപ്പിക്കുന്നത്?", LAPTOPS, "a single cable connects power, display and network"),
    _l("k05", "mr", "मी वर्षातून किती दिवस दुसऱ्या देशातून काम करू शकतो?", REMOTE, "up to 20 working days per calendar year"),
    _l("k06", "ha", "Har yaushe ake iya dawo da bayanan database na production?", BACKUP, "point-in-time recovery for 35 days"),
    _l("k07", "rw", "Ese imbwa zemerewe mu biro by'i Berlin ku wa Gatanu?", FAQ, "dogs are welcome in the berlin office on fridays"),
    _l("k08", "az", "Şirkət avtomobili ilə qəza olduqda hansı formanı doldurmalıyam?", CARS, "european accident report form"),
    _l("k09", "ky", "Кызматкерди сунуштагандыгы үчүн бонус канча?", RECRUIT, "referral bonus of 2,000 eur"),
    _l("k10", "yi", "ווען באַקום איך מיין לעצטע געהאַלט נאָכן אַוועקגיין פֿון דער פֿירמע?", OFFBOARD, "is paid on the next regular pay date"),
    _l("k11", "mi", "E hia ngā rā ia wiki me haere au ki te tari?", REMOTE, "at least two days a week"),
    _l("k12", "ps", "د معاش پاڼې څو ورځې مخکې په Workday کې خپرېږي؟", PERF, "payslips are published in workday two days before payment"),
)  # fmt: skip
