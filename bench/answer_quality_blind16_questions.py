"""The questions of the sixteenth blind set (bench/answer_quality_blind16.py): session 29, helper u.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind16.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact, (3) no turn repeats or nearly repeats a turn of an earlier set (main set, blind
1-15) by words, and (4) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The
result is in the runner's docstring.

Sources. The handbook questions go to the documents the main set and blind 1-15 ask least, counted
before writing (questions listing the document, blind 15 included): the privacy notice 41, backup and
restore 42, the benefits overview 42, acceptable use 43, performance and compensation 43, the
Amsterdam guide 44, the people-ops FAQ 44, company cars 44, offboarding 45, remote work 46; the
superseded 2024 leave policy (14) is asked only by naming its year on purpose. Every sentence of
these documents already holds an earlier set's fact, so the sentences chosen are the ones asked
once or twice where a document has them (the alumni network, the dpo's address, the pension's 9%
cap, team neighbourhoods on anchor days, the promotion panel, ...). Weighted to what blind 15 found weak:
handbook sections that demo pages also carry (version history, restore approval, access reviews,
the annual review cycle, travel and purchase approval), company-wide rules asked for a named office
(``variant``, checked: no demo page of that office holds the fact) and year variants of the 2024
leave policy. The demo-corpus questions ask only demo documents no earlier set lists (110 of the 296
were never asked) and weight the kinds of fact blind 15 found but did not quote: effective dates,
maintainers, last-review dates, employee numbers, approval limits, registers, coordinators.

Registers (``tag``) as blind 11-15: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``,
``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``, ``variant``. Unanswerable kinds weighted
to the hard ones: ``near``, ``finer``, ``premise``, ``absent``, ``never``, ``offdomain``. Conversations
(2-3 turns, the last scored): ``pronoun``, ``ellipsis``, ``correction``, ``switch``. Non-English
questions in languages (and scripts) no earlier answer set used (Haitian Creole, Cebuano, Hawaiian,
Shona, Chichewa, Wolof, Guarani, Corsican, Romansh, Inuktitut in syllabics, Tswana, Tamazight in
Tifinagh) expect the English-only note and name a document for "language first citation".
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

PRIVACY = "security/employee-privacy-notice.md"
BACKUP = "it/runbook-backup-and-restore.md"
BENEFITS = "hr/benefits-overview.html"
AUP = "it/acceptable-use-policy.txt"
PERF = "hr/performance-and-compensation.md"
AMS = "facilities/amsterdam-office-guide.html"
FAQ = "hr/people-ops-faq.txt"
CARS = "finance/company-cars-and-mobility.md"
OFFBOARD = "hr/offboarding-checklist.md"
REMOTE = "hr/remote-work-policy.md"
LEAVE2024 = "archive/leave-policy-2024.md"
INFOSEC = "security/information-security-policy.html"
TRAVEL = "finance/travel-and-expenses-policy.md"
PROC = "finance/procurement-policy.html"

# Demo-corpus documents (generated with --docs 300 --seed 7) no earlier set lists; --check proves
# each is the only one holding its question's fact.
D_SOURCING_QR = "finance/sustainability-and-ethical-sourcing-quick-reference-00167.pdf"
D_SOURCING_SG = "finance/sustainability-and-ethical-sourcing-singapore-office-2026-00266.html"
D_RESIGNING_QR = "hr/resigning-quick-reference-00285.md"
D_BUILD_GARCIA = "it/handover-build-server-jan-garcia-00186.pdf"
D_SECOPS_W29 = "it/security-operations-weekly-meeting-notes-week-29-00091.txt"
D_FAIRCOMP_SG = "hr/fair-competition-singapore-office-00241.md"
D_PASSWORDS_LP = "security/passwords-and-passphrases-legal-and-privacy-2026-00069.md"
D_TAXIS_SR = "finance/taxis-and-ride-sharing-site-reliability-00114.txt"
D_REPORTING_KHAN = "it/handover-reporting-database-sofia-khan-00227.pdf"
D_CUSTDATA_SR = "security/handling-customer-data-site-reliability-2025-00235.html"
D_VISAS_MG = "finance/visas-and-travel-documents-manager-guide-00043.txt"
D_CARRYOVER_MG = "hr/carrying-over-unused-leave-manager-guide-2026-00197.txt"
D_PUBLIC_FAQ = "security/working-in-public-places-faq-00294.txt"
D_PURPOSE_CS = "it/purpose-customer-success-00021.txt"
D_MEALS_FAQ = "finance/meals-and-daily-allowance-faq-2026-00196.txt"
D_USB_LONDON = "security/removable-media-and-usb-drives-london-office-2025-00265.pdf"
D_BRIBERY_WP = "hr/anti-bribery-and-corruption-workplace-00194.txt"
D_CLASSIF_SE = "security/data-classification-sales-emea-00074.md"
D_CAR_MG_2026 = "finance/choosing-a-company-car-manager-guide-2026-00165.pdf"
D_SOFTWARE_SG = "security/software-installation-singapore-office-00025.md"
D_PERSONAL_MG_2025 = "security/what-personal-data-we-hold-about-you-manager-guide-2025-00002.md"
D_EXPENSE_8989 = "security/amsterdam-expense-request-8989-00003.md"
D_HOMEOFFICE_LONDON = "hr/equipment-and-home-office-london-office-00254.pdf"
D_SLOW_NY = "it/slow-laptop-new-york-office-2025-00036.md"
D_MFA_QR = "security/multi-factor-authentication-quick-reference-00213.txt"
D_POST_FAQ = "facilities/post-and-deliveries-faq-00252.md"
D_BUILD_DEMIR = "security/handover-build-server-sofia-demir-00110.pdf"

BLIND16: tuple[Q9, ...] = (
    # Handbook: the benefits overview
    _a("h01", "chat", "does the company pay health insurance for my husband too or just me", BENEFITS, "50% of the premium for a partner and children"),
    _a("h02", "terse", "dentist reimbursement cap per year", BENEFITS, "up to 1,000 eur per year"),
    _a("h03", "yesno", "Does HR find out if I ring the counselling helpline?", BENEFITS, "the company never learns who used it"),
    _a("h04", "variant", "For people in the London office, is the pension top-up from the company also capped at 9 percent?", BENEFITS, "maximum company contribution of 9%"),
    _a("h05", "whatif", "If I died while employed, what would my family get from the company's life cover?", BENEFITS, "four times your annual base salary"),
    _a("h06", "typo", "can i swich my pention investmnts wenever i like or only once a yr", BENEFITS, "can be changed at any time through the pension provider's website"),
    _a("h07", "ramble", "so the company paid about 4k for my cloud architect certification last spring and now, eight months later, I've got an offer somewhere else that I kind of want to take - is there some catch with that money?", BENEFITS, "you repay a share of the cost"),
    _a("h08", "yesno", "Could I sell the discounted company shares I bought a month after getting them?", BENEFITS, "shares must be held for at least one year"),
    _a("h09", "chat", "does leftover training money roll into next year", BENEFITS, "unused budget does not carry over"),
    _a("h10", "variant", "Berlin parent here: how many days of emergency backup childcare can I use?", BENEFITS, "ten days per year of emergency backup childcare"),
    _a("h11", "chat", "do i pay anything for the life insurance and disability cover", BENEFITS, "both are free of charge"),
    _a("h12", "chat", "once i've left, can i stay on the company health plan somehow", BENEFITS, "continue health insurance privately at the company's group rate"),
    # Handbook: acceptable use
    _a("h13", "chat", "can i stream the football on the office connection during my break", AUP, "use significant bandwidth or break any other policy"),
    _a("h14", "chat", "any rules on hitting reply-all to huge lists", AUP, "with large distribution lists"),
    _a("h15", "chat", "i sell candles on etsy on the side, can i run that from the company laptop", AUP, "to run a private business"),
    _a("h16", "terse", "visitor wifi daily password where", AUP, "whose daily password is available at reception"),
    _a("h17", "yesno", "Are the system logs used to check how productive I am?", AUP, "never used to track individual productivity"),
    _a("h18", "whatif", "If I wanted to scan our staging server for weak spots myself, whose go-ahead do I need?", AUP, "without written authorisation from security"),
    _a("h19", "variant", "In the Singapore office, may I hook my own iPad up to the corporate network?", AUP, "personal laptops and tablets must not be connected to the corporate network"),
    _a("h20", "wrongtitle", "The 'IT Usage Rules' - apart from staff, who else do they cover?", AUP, "applies to all employees, contractors and guests who use them"),
    _a("h21", "polite", "Would you mind telling me who may look at the logs during an investigation and who has to approve that?", AUP, "in an investigation approved by legal and people operations"),
    # Handbook: performance and compensation
    _a("h22", "chat", "when do raises actually hit my pay", PERF, "take effect on 1 april"),
    _a("h23", "terse", "promotion rounds which months", PERF, "twice a year, in april and october"),
    _a("h24", "yesno", "Does getting promoted always mean at least 8% more pay?", PERF, "salary increase of at least 8%"),
    _a("h25", "ramble", "my manager hinted after my rating that I might end up on one of those improvement plans, I'm freaking out a bit, how long do they usually run and is there a set length?", PERF, "timeline of 60 to 90 days"),
    _a("h26", "chat", "junior dev here, stayed late 3 evenings cos my lead asked, do i get anything for it", PERF, "paid overtime at 125% of their hourly rate"),
    _a("h27", "whatif", "If the 25th lands on a Sunday, when does my salary arrive?", PERF, "on the previous working day"),
    _a("h28", "variant", "For a director in the Lisbon office, what's the target bonus range?", PERF, "15% to 25% for managers and directors"),
    _a("h29", "compare", "Roughly what share of staff end up rated above expectations versus everyone else?", PERF, "about 20% of employees are expected to exceed expectations"),
    _a("h31", "chat", "who decides on the promotion nominations in the end", PERF, "a promotion panel reviews the cases"),
    _a("h32", "chat", "when is the mid-year check in", PERF, "a lighter mid-year check-in in june"),
    _a("h33", "chat", "someone offered me a salary above the band for my level, who has to sign that off", PERF, "exceptions need approval from the compensation committee"),
    # Handbook: backup and restore (sections demo pages also carry)
    _a("h34", "chat", "someone overwrote our team excel on sharepoint with junk, how do i get yesterday's copy back", BACKUP, 'open the file\'s "version history"'),
    _a("h35", "terse", "prod database point in time recovery how far back", BACKUP, "point-in-time recovery for 35 days"),
    _a("h37", "chat", "file vanished from onedrive about 5 months ago, too late now?", BACKUP, "the service desk can restore from backup for up to one year"),
    _a("h38", "whatif", "If I need an email from two years back that's gone from my mailbox, who can get it?", BACKUP, "restored from the archive by the service desk within the three-year retention period"),
    _a("h39", "chat", "my team needs last tuesday's production data back, whose sign-off do we need", BACKUP, "require approval from the service owner"),
    _a("h40", "chat", "what should i do so my code doesn't vanish if the laptop dies", BACKUP, "push code to the git server frequently"),
    # Handbook: privacy notice
    _a("h41", "chat", "what sort of info does northwind actually keep on me", PRIVACY, "we hold your contact details, identity documents"),
    _a("h43", "terse", "data protection officer email", PRIVACY, "dpo@northwind.example"),
    _a("h44", "whatif", "If I don't want my data used for something anymore, can I object to it?", PRIVACY, "to restrict or object to its use"),
    _a("h45", "variant", "For Toronto staff, are the suppliers handling our employee data bound by agreements?", PRIVACY, "bound by data processing agreements"),
    # Handbook: Amsterdam guide
    _a("h47", "chat", "do we have fixed seats for my team in amsterdam on our office days", AMS, "each team has a neighbourhood on one floor where its members sit on anchor days"),
    _a("h48", "chat", "when does business post reach our team's pigeonhole in amsterdam", AMS, "distributed to team pigeonholes by 11:00"),
    _a("h49", "yesno", "Does a six-seat meeting room in Amsterdam have video conferencing?", AMS, "rooms with more than eight seats have video conferencing equipment"),
    _a("h50", "chat", "left my scarf at keizersgracht, how long do they hang on to stuff", AMS, "kept at reception for one month"),
    _a("h52", "chat", "heating's broken in the amsterdam office, where do i report it", AMS, "through the facilities portal or in the #facilities slack channel"),
    # Handbook: people-ops FAQ
    _a("h54", "chat", "how do i find out who my people partner is", FAQ, "listed on the department's intranet page"),
    _a("h55", "yesno", "Can I bring a union rep to the grievance meeting?", FAQ, "you may bring a colleague or union representative"),
    _a("h56", "variant", "Is a guide dog OK in the London office?", FAQ, "except assistance dogs, which are welcome everywhere"),
    _a("h57", "chat", "what am i supposed to try before putting in a formal complaint about my boss", FAQ, "resolve the issue informally with your manager first"),
    # Handbook: company cars
    _a("h58", "chat", "i do about 25k km a year for sales, does that get me a car", CARS, "sales employees who drive more than 20,000 business kilometres a year"),
    _a("h59", "variant", "In the Warsaw office, is charging the company car at the office free as well?", CARS, "charging at the office is free"),
    _a("h60", "terse", "public charging company car how to pay", CARS, "paid with the charging card provided with the car"),
    _a("h62", "variant", "If I have an accident with the company car in Lisbon, by when must the leasing partner hear about it?", CARS, "report the damage to the leasing partner within 24 hours"),
    # Handbook: offboarding
    _a("h63", "chat", "how do i actually resign, who do i email", OFFBOARD, "send a resignation email to your manager and to people operations"),
    _a("h64", "terse", "handover plan agree when", OFFBOARD, "in your first week of notice"),
    _a("h66", "chat", "fully remote and leaving, how do i get the laptop back to them", OFFBOARD, "prepaid courier label"),
    _a("h67", "chat", "is there an alumni group for ex-northwind people", OFFBOARD, "northwind alumni network on linkedin"),
    # Handbook: the superseded 2024 leave policy, asked by its year on purpose
    _a("h68", "variant", "Under the 2024 edition, how was annual leave worked out for part-timers?", LEAVE2024, "part-time employees receive a pro-rata entitlement"),
    _a("h69", "variant", "What did the 2024 edition of the leave rules give partners after a birth?", LEAVE2024, "partners receive two weeks of paid leave"),
    # Handbook: remote work
    _a("h72", "chat", "on hybrid, how many days a week do i have to be in", REMOTE, "at least two days a week"),
    _a("h73", "terse", "home workstation self assessment deadline", REMOTE, "within your first month"),
    _a("h74", "yesno", "Can my manager make me come in on extra days while I'm still onboarding?", REMOTE, "additional office days during onboarding"),
    _a("h75", "chat", "is there money every month for my internet at home", REMOTE, "monthly allowance of 30 eur towards internet and electricity"),
    # Handbook sections demo pages also carry (access reviews, travel and purchase approval)
    _a("h76", "chat", "how often does my manager go through who on the team still needs access to stuff", INFOSEC, "managers review their team's access to critical systems every quarter"),
    _a("h77", "whatif", "If a trip to a client in Paris comes to 2,000 EUR, who besides my budget holder has to approve?", TRAVEL, "also need approval from your department director"),
    _a("h78", "chat", "we want to buy something for 60k, what's the process", PROC, "formal tender run by procurement"),
    # Demo-corpus documents no earlier set asked; kinds of fact blind 15 found but did not quote
    _d("d01", "terse", "ethical sourcing quick ref last review date", D_SOURCING_QR, "last reviewed: august 3, 2025"),
    _d("d02", "chat", "who owns the resigning quick reference page", D_RESIGNING_QR, "grace demir and aisha walsh from talent acquisition maintain this page"),
    _d("d03", "context", "I'm reading Jan Garcia's build server handover. When did someone last go over it?", D_BUILD_GARCIA, "last reviewed: 1 april 2026"),
    _d("d04", "terse", "secops week 29 meeting notes local contact", D_SECOPS_W29, "oliver khan is the local contact"),
    _d("d05", "chat", "fair competition page for singapore - what employee number does it say to put on claims", D_FAIRCOMP_SG, "quote your employee number (879565724)"),
    _d("d06", "yesno", "Passwords and passphrases 2026 page, legal and privacy: can my line manager approve a 1,000 EUR request?", D_PASSWORDS_LP, "for legal and privacy, requests up to 900 eur"),
    _d("d07", "chat", "taxis and ride sharing for site reliability, in force since when", D_TAXIS_SR, "effective date: october 21, 2026"),
    _d("d08", "chat", "who looks after sofia khan's reporting database handover", D_REPORTING_KHAN, "hannah okafor and diego bakker from talent acquisition maintain this page"),
    _d("d09", "terse", "handling customer data site reliability 2025 employee number", D_CUSTDATA_SR, "quote your employee number (458417305)"),
    _d("d10", "polite", "Could you tell me who maintains the visas and travel documents manager guide?", D_VISAS_MG, "grace iyer and tomasz haddad from site reliability maintain this page"),
    _d("d11", "chat", "leave carry-over manager guide 2026, what date did it start applying", D_CARRYOVER_MG, "effective date: 2 march 2026"),
    _d("d12", "typo", "workng in public places faq amsterdam aprovals register who has it", D_PUBLIC_FAQ, "elena sharma keeps the amsterdam register of approvals"),
    _d("d13", "terse", "purpose customer success page last reviewed", D_PURPOSE_CS, "last reviewed: may 22, 2026"),
    _d("d14", "wrongtitle", "The 'Meal Allowance Questions 2026' page - who coordinates it?", D_MEALS_FAQ, "lucas jansen coordinates"),
    _d("d15", "context", "I'm in talent acquisition and reading the London USB drives page from 2025. Up to what amount does my line manager approve?", D_USB_LONDON, "for talent acquisition, requests up to 550 eur"),
    _d("d16", "chat", "what's the doc id of the anti-bribery page for workplace", D_BRIBERY_WP, "document id: hr-00194"),
    _d("d17", "chat", "data classification for sales emea, who keeps that page up to date", D_CLASSIF_SE, "daniel haddad and diego garcia from sales emea maintain this page"),
    _d("d18", "yesno", "Is the 2026 manager guide on picking a company car effective from 2020?", D_CAR_MG_2026, "effective date: december 9, 2020"),
    _d("d19", "chat", "singapore software installation page: who do i go to there, and who covers for them", D_SOFTWARE_SG, "fatima jansen is the local contact; rahul walsh covers"),
    _d("d20", "terse", "personal data we hold manager guide 2025 last reviewed", D_PERSONAL_MG_2025, "last reviewed: 2025-11-26"),
    _d("d21", "chat", "amsterdam expense request 8989, who coordinates", D_EXPENSE_8989, "sven chen coordinates"),
    _d("d22", "context", "I work from the London office and read the equipment and home office page. Who maintains it?", D_HOMEOFFICE_LONDON, "tomasz demir and sofia nowak from workplace maintain this page"),
    _d("d23", "chat", "the new york slow laptop page from 2025 asks for an employee number on claims, which one", D_SLOW_NY, "quote your employee number (786179170)"),
    _d("d24", "yesno", "MFA quick reference for customer success: is 2,500 EUR within the line manager's limit?", D_MFA_QR, "for customer success, requests up to 2000 eur"),
    _d("d25", "terse", "sustainability singapore office 2026 page effective date", D_SOURCING_SG, "effective date: 2025-08-31"),
    _d("d26", "terse", "post and deliveries faq employee number", D_POST_FAQ, "quote your employee number (621337232)"),
    # Unanswerable, weighted to the hard kinds
    _n("u01", "near", "How much does the dental cover pay towards braces for my kids?"),
    _n("u02", "near", "How much notice do I have to give before using emergency backup childcare?"),
    _n("u03", "near", "What raise do I get if I'm promoted two levels at once?"),
    _n("u04", "near", "How long do jobs wait in the follow-me print queue before they're deleted?"),
    _n("u05", "near", "How long can I recover a deleted OneNote page?"),
    _n("u06", "near", "What's the monthly lease limit for an electric motorbike?"),
    _n("u07", "near", "How long may a bicycle stay in the Berlin office's bike storage?"),
    _n("u08", "near", "What does the company pay into the pension for interns?"),
    _n("u09", "finer", "Which insurer runs the company health plan?"),
    _n("u10", "finer", "What's the name of our pension provider?"),
    _n("u11", "finer", "Which partner nurseries near the Berlin office can I use?"),
    _n("u12", "finer", "What's the exact salary band for a level 4 engineer in Germany?"),
    _n("u13", "finer", "Which certificate authority issues the northwind-corp network certificates?"),
    _n("u14", "finer", "Which meditation apps count for the wellbeing allowance?"),
    _n("u15", "finer", "Who sits on the compensation committee?"),
    _n("u16", "premise", "Since the gym allowance went up to 60 EUR, can I claim it every month now?"),
    _n("u17", "premise", "Now that the pension match is 5%, how do I raise my own contribution to get it all?"),
    _n("u18", "premise", "Since promotions happen every quarter now, when is the next round?"),
    _n("u19", "premise", "Given that personal laptops may join the corporate network once registered, how do I register mine?"),
    _n("u20", "premise", "Now that the learning budget carries over, how much do I have left from last year?"),
    _n("u21", "premise", "Since bonuses are paid in June now, what date will mine arrive?"),
    _n("u22", "premise", "As the share plan discount is 25% now, how many shares can I buy?"),
    _n("u23", "absent", "What's on Warsaw equipment request 0012?"),
    _n("u24", "absent", "What do the Helsinki office's kitchen rules say?"),
    _n("u25", "absent", "What did the 2019 benefits overview say about the gym allowance?"),
    _n("u26", "absent", "Which team maintains the onboarding buddy page for the Johannesburg office?"),
    _n("u27", "absent", "Which colleague holds the approvals register for the Reykjavik office?"),
    _n("u28", "absent", "What did the 2022 performance review policy say about ratings?"),
    _n("u29", "absent", "Who coordinates the Cape Town opening hours page?"),
    _n("u30", "never", "Do we get free tickets for the company's football stadium box?"),
    # Relabelled in session 33 (helper u's find): the 2026 leave handbook's "Sabbatical" section
    # answers it ("After five years of continuous service, you may request an unpaid sabbatical");
    # it was "never", so an abstention counted as right and the answer as wrong.
    _a("u31", "yesno", "Can I take a sabbatical after five years?", "hr/leave-policy-handbook-2026.md", "unpaid sabbatical of one to three months"),
    _n("u32", "never", "Is there a staff discount on our own software products?"),
    _n("u33", "never", "Are there nap rooms in our offices?"),
    _n("u34", "never", "Is there a company book club?"),
    _n("u35", "never", "Can we order company-branded hoodies for the team?"),
    _n("u36", "offdomain", "what's the chemical symbol for gold"),
    _n("u37", "offdomain", "who wrote don quixote"),
    _n("u38", "offdomain", "what's 15 percent of 240"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("I bought shares through the purchase plan in March", "when am I allowed to sell them?"), BENEFITS, "shares must be held for at least one year"),
    _c("c02", "pronoun", ("my manager rated me 'does not meet expectations'", "what does that lead to?"), PERF, "leads to a performance improvement plan"),
    _c("c03", "pronoun", ("the ethical sourcing quick reference", "who maintains it?"), D_SOURCING_QR, "sofia khan and hannah khan from sales emea maintain this page", "demo"),
    _c("c04", "pronoun", ("I left my umbrella in the Amsterdam office weeks ago", "what happens to it if nobody picks it up?"), AMS, "unclaimed items are donated to charity"),
    _c("c05", "ellipsis", ("how much does the dental cover pay back", "and for glasses?"), BENEFITS, "up to 200 eur towards glasses or contact lenses"),
    _c("c06", "ellipsis", ("what day of the month does salary come in", "and the payslips?"), PERF, "payslips are published in workday two days before payment"),
    _c("c07", "ellipsis", ("is personal use of my work laptop ok", "what about slack on my own phone?"), AUP, "personal phones may access email and slack only through the managed apps"),
    _c("c08", "correction", ("who coordinates amsterdam expense request 8989", "sorry, I meant who's the local contact on it"), D_EXPENSE_8989, "chloe nowak is the local contact", "demo"),
    _c("c09", "correction", ("how much is the wellbeing allowance", "no, I meant how I claim it"), BENEFITS, "claim the wellbeing allowance quarterly in navan expense"),
    _c("c10", "correction", ("what's the notice period for managers", "actually, I meant for regular staff"), OFFBOARD, "usually one month"),
    _c("c11", "switch", ("how much life insurance do I have", "different question: what happens to my pension when I leave?"), BENEFITS, "your pension remains yours and stays invested"),
    _c("c12", "switch", ("who keeps the berlin register on sofia demir's build server handover", "never mind. is the amsterdam office open at 7 in the morning?"), AMS, "open from 07:00 to 21:00"),
    _c("c13", "switch", ("who nominates people for promotion", "scrap that - when can I change my benefit choices each year?"), BENEFITS, "runs from 1 to 30 november"),
    # Not English (languages and scripts no earlier answer set used)
    _l("k01", "ht", "Konbyen konpayi an mete nan pansyon mwen sou salè de baz mwen?", BENEFITS, "the company contributes 6% of your base salary"),
    _l("k02", "ceb", "Kanus-a ibayad ang sweldo matag bulan?", PERF, "salaries are paid on the 25th of each month"),
    _l("k03", "haw", "Hiki iaʻu ke hoʻopili i kaʻu kamepiula hana i ka pūnaewele malihini?", AUP, "never to the guest network"),
    _l("k04", "sn", "Ndinowana mari yakawanda sei yekudzidza pagore?", BENEFITS, "personal learning budget of 1,500 eur per year"),
    _l("k05", "ny", "Kodi ndingabwezeretse bwanji fayilo yomwe ndinachotsa mu OneDrive ndekha?", BACKUP, "select the file and choose"),
    _l("k06", "wo", "Ci biro bu Amsterdam, ban waxtu lañuy joxe añ bu amul pay?", AMS, "from 12:00 to 13:30 every working day"),
    _l("k07", "gn", "Mboy ára areko ajerure jey hag̃ua che queja ñemohu'ã?", FAQ, "appeal the outcome within five working days"),
    _l("k08", "co", "Quantu hè u limitu mensile di leasing per a vittura di un direttore?", CARS, "900 eur for directors"),
    _l("k09", "rm", "Cura vegnan las promoziuns decididas durant l'onn?", PERF, "promotions happen twice a year"),
    _l("k10", "iu", "ᓇᐅᒃ ᐊᒻᓯᑐᑕᒻ ᐱᓕᕆᕝᕕᒃ ᐃᓂᖃᖅ?", AMS, "keizersgracht 500"),
    _l("k11", "tn", "Ke duela jang fa ke tsenya motlakase mo koloing ya kompanie kwa ntle ga ofisi?", CARS, "public charging is paid with the charging card"),
    _l("k12", "zgh", "ⵎⵏⵛⴽ ⴰⵔ ⵉⵜⵜⵔⴰⵔ ⵓⵙⵎⵓⵔⵙ ⵏ ⵜⵖⵎⴰⵙ ⴳ ⵓⵙⴳⴳⵯⴰⵙ?", BENEFITS, "dental cover reimburses 80%"),
)  # fmt: skip
