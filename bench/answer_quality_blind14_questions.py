"""The questions of the fourteenth blind set (bench/answer_quality_blind14.py): session 27, helper h2.

Written before the round's changes were measured on it, by someone who does not tune; nobody else
reads this file. ``python bench/answer_quality_blind14.py --check`` proves mechanically that (1) every
fact is in a sentence of one of its expected documents (the handbook AND the generated demo corpus,
``--docs 300 --seed 7``), (2) no demo-corpus document outside the expected list holds a demo
question's fact, (3) no turn repeats or nearly repeats a turn of an earlier set (main set, blind
1-13) by words, and (4) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The
result is in the runner's docstring.

Sources. The handbook questions go to the documents the main set and blind 1-13 ask least, counted
before writing (questions naming the document, blind 13 included): the superseded 2024 leave policy
13, the acceptable-use policy 31, the data retention policy 36, health and safety 37, the VPN
runbook 37, the accounts runbook 37, onboarding 39, incident response 39 (blind 13 went to backup,
privacy, offboarding, the FAQ and cars, now 31-35; they are left alone here). Inside them every
substantive sentence already holds at least one earlier set's fact, so the questions go to the
sentences holding the fewest, and to the parts of a sentence earlier sets did not quote. The
demo-corpus questions ask only demo documents no earlier set lists (160 of the 296 were never
asked), and kinds of fact asked rarely or never: a page's last review date, a reception number, an
out-of-hours number, an approval limit in a document named for another team or office.

Registers (``tag``) as blind 11-13: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``,
``twopart``, ``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``; ``variant`` names an
office or year the handbook does not split by (the canonical document answers). Unanswerable kinds
weighted to the hard ones: ``near``, ``finer``, ``premise``, ``absent``, ``never``, ``offdomain``.
Conversations (2-3 turns, the last scored): ``pronoun``, ``ellipsis``, ``correction``, ``switch``.
Non-English questions in languages (and scripts) no earlier answer set used (Tajik, Uyghur,
Tibetan, Dhivehi, Odia, Assamese, Sindhi, Tigrinya, Igbo, Malagasy, Esperanto, Scottish Gaelic)
expect the English-only note and name a document for "language first citation" as blind 5-13 do.
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, demo, unanswerable, conversation, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _d, _l, _n

ARCHIVE = "archive/leave-policy-2024.md"
AUP = "it/acceptable-use-policy.txt"
RETAIN = "security/data-retention-policy.md"
SAFETY = "hr/health-and-safety.txt"
VPN = "it/runbook-vpn-troubleshooting.md"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
ONBOARD = "hr/onboarding-guide.md"
INCIDENT = "it/runbook-incident-response.md"

# Demo-corpus documents (generated with --docs 300 --seed 7) no earlier set lists; --check proves
# each is the only one holding its question's fact.
D_GRAFANA_DEVRIES = "facilities/handover-grafana-yusuf-de-vries-00253.md"
D_LOST_FAQ = "facilities/lost-property-faq-00084.md"
D_PRINTING_FAQ = "facilities/printing-faq-00109.md"
D_HOURS_FAQ_2025 = "facilities/opening-hours-faq-2025-00278.html"
D_BUILD_DEMIR = "finance/handover-build-server-tomasz-demir-00093.pdf"
D_SFDC_JANSEN = "finance/handover-salesforce-aisha-jansen-00062.pdf"
D_APPLIES_EMEA_2026 = "finance/when-this-policy-applies-sales-emea-2026-00192.html"
D_INSURANCE_LISBON = "finance/travel-insurance-and-emergencies-lisbon-office-00098.md"
D_OFFERS_MG = "hr/offers-manager-guide-00184.txt"
D_PENSION_FAQ_2025 = "hr/pension-plan-faq-2025-00150.docx"
D_PARTNER_FAQ_2025 = "hr/who-is-my-people-partner-faq-2025-00279.docx"
D_RESIGN_MG = "hr/resigning-manager-guide-00039.md"
D_MITIGATION_LONDON = "it/mitigation-first-london-office-00072.txt"
D_MONITORING_MG = "it/monitoring-manager-guide-00182.html"
D_SCOPE_FAQ = "it/scope-and-symptoms-faq-00181.txt"
D_DISCONNECT_FAQ = "it/frequent-disconnections-faq-00027.docx"
D_LEGAL_HOLDS_FAQ = "security/legal-holds-faq-00103.html"
D_NY_TRAVEL_6152 = "security/new-york-travel-request-6152-00020.md"
D_MAIL_LONDON = "security/email-and-chat-messages-london-office-00173.txt"
D_HOME_ALLOW_FAQ = "hr/home-office-allowance-faq-00055.docx"
D_CUST_SINGAPORE = "security/customer-data-singapore-office-00289.pdf"
D_PERSONAL_NY_2025 = "it/personal-use-new-york-office-2025-00255.txt"
D_SUPPLIERS_QR = "finance/new-suppliers-quick-reference-00049.pdf"
D_VISITORS_FAQ = "hr/visitors-and-contractors-faq-00189.md"

BLIND14: tuple[Q9, ...] = (
    # Handbook, in the documents (and sentences) earlier sets ask least
    _a("h01", "chat", "ok to check my bank app on the work laptop over lunch?", AUP, "occasional personal use of your work laptop"),
    _a("h02", "terse", "personal photo library on company laptop allowed", AUP, "do not store large personal files such as photo libraries"),
    _a("h03", "yesno", "Is it fine to run my little side business's bookkeeping from the office PC?", AUP, "to run a private business"),
    _a("h04", "whatif", "If I wanted to poke at our intranet for security holes on my own initiative, what would I need first?", AUP, "without written authorisation from security"),
    _a("h05", "chat", "can i just set outlook to auto-send everything to my gmail", AUP, "automatic forwarding of email to external addresses is blocked"),
    _a("h06", "compare", "Is the traffic logging used to rank who works hardest, or just for investigations?", AUP, "never used to track individual productivity"),
    _a("h07", "ramble", "we've got a supplier coming for a workshop on thursday and they'll want to get online, and last time someone gave them the password to our normal network which I gather was wrong - where do they actually get the login for their network?", AUP, "daily password is available at reception"),
    _a("h08", "context", "Can I hook my home Chromebook up to the office LAN to read specs on a second screen?", AUP, "personal laptops and tablets must not be connected to the corporate network"),
    _a("h09", "typo", "wich wifi do i put my company laptpo on in the office", AUP, "connect company laptops to the \"northwind-corp\" network"),
    _a("h10", "wrongtitle", "What does the 'IT Usage Rules' document say about hitting reply-all?", AUP, "be careful with \"reply all\""),
    _a("h11", "variant", "In the Berlin office, may I read work Slack on my private phone through any app I like?", AUP, "only through the managed apps"),
    _a("h12", "chat", "our customer cancelled last month, how long till their account data is wiped", RETAIN, "deleted within 90 days after the contract ends"),
    _a("h13", "terse", "customer data backups overwrite period", RETAIN, "backups containing customer data are overwritten within 35 days"),
    _a("h14", "yesno", "Can a rejected candidate ask to stay on file for future openings?", RETAIN, "stay in the talent pool for up to two years"),
    _a("h15", "whatif", "If I find a box of 2014 purchase orders in a cupboard, are we still meant to keep them?", RETAIN, "kept for ten years after the end of the financial year"),
    _a("h16", "compare", "Do Slack messages hang around longer than emails do?", RETAIN, "slack messages for two years"),
    _a("h17", "context", "Legal told us yesterday that a dispute may go to court. Can I still tidy up the old project folder?", RETAIN, "do not delete, alter or move held information"),
    _a("h18", "chat", "where do printed hr docs go when we're done with them", RETAIN, "locked confidential waste bins"),
    _a("h19", "polite", "Could you tell me how long a supplier contract is held after it runs out?", RETAIN, "signed contracts are kept for ten years after they expire"),
    _a("h20", "twopart", "What happens to an old laptop's disk before it is given away, and is there proof of it?", RETAIN, "keeps a certificate of destruction for each device"),
    _a("h21", "chat", "fire alarm going off, can i grab my laptop bag first", SAFETY, "do not stop to collect belongings"),
    _a("h22", "context", "Someone collapsed in the kitchen just now. Do I phone reception or the ambulance first?", SAFETY, "call 112 first"),
    _a("h23", "terse", "aed and first aid box where", SAFETY, "next to the reception desk and in the kitchens"),
    _a("h24", "whatif", "If I twisted my ankle tripping on a cable in my own flat during a work call, do I need to report it?", SAFETY, "including while working from home or travelling"),
    _a("h25", "yesno", "My eyes get tired at the monitor and the optician says I need reading lenses. Any money towards those?", SAFETY, "contribution towards glasses needed for screen work"),
    _a("h26", "ramble", "I sometimes stay late to finish things when everyone has gone, which I know isn't ideal, but if I really have to be there alone in the evening what am I supposed to do to stay safe?", SAFETY, "tell security at reception when you arrive and leave"),
    _a("h27", "chat", "is there a room for pumping milk at work", SAFETY, "a private room with a fridge in every office"),
    _a("h28", "yesno", "Do I have to take annual leave for my prenatal check-ups?", SAFETY, "paid time off is given for antenatal appointments"),
    _a("h29", "context", "A builder is coming to redo the ceiling in our meeting room next week. What must facilities do with him before he starts?", SAFETY, "receive a safety induction from facilities"),
    _a("h30", "variant", "How often does the Lisbon office run fire drills?", SAFETY, "fire drills are held twice a year"),
    _a("h31", "chat", "at the airport and the vpn just spins, wifi says connected", VPN, "accept the network's terms page"),
    _a("h32", "terse", "new joiner vpn-users group delay", VPN, "within four hours of account creation"),
    _a("h33", "context", "The VPN says I'm connected but the wiki won't resolve at all. What commands does the desk have me run on my Mac?", VPN, "sudo dscacheutil -flushcache"),
    _a("h34", "yesno", "Internal sites dead but Google loads fine over the tunnel - is there a client setting the desk looks at?", VPN, "check that split tunnelling is enabled"),
    _a("h35", "whatif", "If my speed test is much slower with the VPN on, what should I change in the client?", VPN, "switch the client to the nearest gateway manually"),
    _a("h36", "typo", "globalprotect verison too old what do i do", VPN, "older than version 6.2"),
    _a("h37", "chat", "can i use nordvpn instead of the company one", VPN, "do not advise users to install third-party vpn apps"),
    _a("h38", "polite", "Would you tell me what counts as enough complaints for first line to pass a tunnel outage on?", VPN, "when more than five users report vpn problems within 30 minutes"),
    _a("h39", "compare", "Do I need the VPN to open Workday the way I do for the finance systems?", VPN, "email, slack and workday work without it"),
    _a("h40", "chat", "windows adapter keeps sleeping and killing my tunnel, which power option do i untick", VPN, "allow the computer to turn off this device to save power"),
    _a("h41", "terse", "failed sign-ins before lockout", ACCOUNTS, "accounts lock for 30 minutes after ten failed sign-in attempts"),
    _a("h42", "whatif", "If I left my phone with the authenticator app in a taxi, how do I sign in today?", ACCOUNTS, "temporary access pass valid for eight hours"),
    _a("h43", "context", "I keep getting locked out every morning even after resetting. What's usually behind that?", ACCOUNTS, "old password saved on a phone or in a mapped drive"),
    _a("h44", "chat", "how long after my manager approves do i actually get into the new tool", ACCOUNTS, "within one working day of approval"),
    _a("h45", "yesno", "Does getting into a production database need more than my manager's OK?", ACCOUNTS, "also needs approval from the security team"),
    _a("h46", "twopart", "Our team wants a common inbox like support@. Who has to request it, and who ends up in charge of it?", ACCOUNTS, "by a manager, who becomes the owner"),
    _a("h47", "whatif", "If a new hire's first day moves back a week, what has to happen so their login isn't made too early?", ACCOUNTS, "people operations must update workday"),
    _a("h48", "chat", "when exactly does a leaver lose their logins", ACCOUNTS, "at 18:00 local time on their last working day"),
    _a("h49", "terse", "freelancer account expiry", ACCOUNTS, "expire after six months or at the end of the contract"),
    _a("h50", "context", "I sponsor a freelancer whose login ends in January. Will anything nudge me before it lapses?", ACCOUNTS, "the sponsor receives a reminder two weeks before expiry"),
    _a("h51", "chat", "what time do i show up on day one", ONBOARD, "arrive at 09:30 at reception"),
    _a("h52", "yesno", "Will I get my work login details before I start?", ONBOARD, "sent to your personal email the day before you start"),
    _a("h53", "compare", "Is my probation longer than the buddy period?", ONBOARD, "your first six months are a probation period"),
    _a("h54", "whatif", "If my manager isn't sure about me at the end of probation, can they just keep extending it?", ONBOARD, "probation can be extended once, by up to three months"),
    _a("h55", "chat", "lost my badge again, second time, do i pay for the new one", ONBOARD, "15 eur after that"),
    _a("h56", "terse", "badge access hours weekdays", ONBOARD, "from 07:00 to 21:00 on working days"),
    _a("h57", "variant", "I join the Toronto team on the 20th. When is my first pay?", ONBOARD, "paid together with the next month's salary"),
    _a("h58", "chat", "when does pagerduty on-call hand over to the next person", INCIDENT, "changing over on mondays at 10:00 cet"),
    _a("h59", "yesno", "Do I get anything extra for being on call?", INCIDENT, "an allowance of 250 eur per week"),
    _a("h60", "context", "I'm incident commander on tonight's outage and I know the code best. Should I dig into the logs myself?", INCIDENT, "the incident commander does not debug"),
    _a("h61", "whatif", "If customer data may have leaked in an incident, who decides whether to tell the regulator, and how fast?", INCIDENT, "the privacy team decides within 24 hours"),
    _a("h62", "terse", "incident resolved criteria", INCIDENT, "monitoring has been stable for 30 minutes"),
    _a("h63", "wrongtitle", "What does the 'Outage Playbook' list as the go-to ways to stop the bleeding?", INCIDENT, "rolling back the last deployment"),
    _a("h64", "compare", "In the old 2024 leave rules, was the sick call-in deadline earlier than 10 am?", ARCHIVE, "before 09:00 on the first day of absence"),
    # Demo corpus: documents no earlier set lists; some ask kinds of fact no earlier set asked
    _d("d01", "terse", "grafana handover yusuf de vries last review date", D_GRAFANA_DEVRIES, "last reviewed: 2026-08-26."),
    _d("d02", "chat", "lost property faq - who do i talk to and who's their backup", D_LOST_FAQ, "oliver demir is the local contact; mei martin covers"),
    _d("d03", "polite", "Could you tell me who the local contact is on the printing FAQ?", D_PRINTING_FAQ, "sven okafor is the local contact"),
    _d("d04", "context", "The 2025 opening hours FAQ mentions the Warsaw front desk. What number do I ring?", D_HOURS_FAQ_2025, "the warsaw reception is on 020 712 5035"),
    _d("d05", "whatif", "If I'm in Workplace and need 1,750 EUR of kit, can my line manager approve it under the build server handover by Tomasz Demir?", D_BUILD_DEMIR, "for workplace, requests up to 1800 eur"),
    _d("d06", "chat", "salesforce handover from aisha jansen, whose out of hours number is on it", D_SFDC_JANSEN, "daniel nowak can be reached on 020 553 7023 outside office hours"),
    _d("d07", "yesno", "Sales EMEA 2026 'when this policy applies' page: can a line manager OK a 600 EUR request?", D_APPLIES_EMEA_2026, "for sales emea, requests up to 550 eur"),
    _d("d08", "typo", "travel insurence lisbon office page, who keeps lisbon aprovals register", D_INSURANCE_LISBON, "priya okafor keeps the lisbon register"),
    _d("d09", "terse", "offers guide for managers - date of its latest review", D_OFFERS_MG, "last reviewed: 2025-08-04."),
    _d("d10", "chat", "who looks after the 2025 pension plan faq page", D_PENSION_FAQ_2025, "jan garcia and hannah demir from analytics engineering maintain this page"),
    _d("d11", "context", "I'm reading the 2025 FAQ on finding my people partner and have a question about it. Who's the local contact, and who covers?", D_PARTNER_FAQ_2025, "amara de vries is the local contact; noah garcia covers"),
    _d("d12", "wrongtitle", "In the 'Resignation Guide for Managers', who is the works council coordinator?", D_RESIGN_MG, "lucas garcia coordinates"),
    _d("d13", "chat", "mitigation first page for london - local contact + backup?", D_MITIGATION_LONDON, "oliver walsh is the local contact; amara petrova covers"),
    _d("d14", "compare", "On the monitoring manager guide, is the Sales EMEA line-manager limit above or below 1,500 EUR?", D_MONITORING_MG, "for sales emea, requests up to 1450 eur"),
    _d("d15", "ramble", "there's a FAQ about VPN scope and symptoms that I was reading because my connection is flaky, and at the bottom it lists a reception in London, which number is that?", D_SCOPE_FAQ, "the london reception is on +49 151 7905 0173"),
    _d("d16", "terse", "frequent disconnections faq docx last reviewed", D_DISCONNECT_FAQ, "last reviewed: 3 september 2026."),
    _d("d17", "polite", "May I ask who I'd contact locally about the legal holds FAQ, and who stands in for them?", D_LEGAL_HOLDS_FAQ, "chloe meyer is the local contact; kwame chen covers"),
    _d("d18", "chat", "on the 6152 trip paperwork for NYC, which person logs the approvals?", D_NY_TRAVEL_6152, "daniel nowak keeps the new york register"),
    _d("d19", "terse", "email and chat messages london office review date", D_MAIL_LONDON, "last reviewed: october 14, 2026."),
    _d("d20", "chat", "who maintains the home office allowance faq", D_HOME_ALLOW_FAQ, "chloe walsh and sven martin from sales americas maintain this page"),
    _d("d21", "whatif", "Under the Singapore customer data page, if product design wants to spend 1,000 EUR, is the line manager enough?", D_CUST_SINGAPORE, "for product design, requests up to 1050 eur"),
    _d("d22", "polite", "Could you say who the local contact is on the New York 2025 personal use page?", D_PERSONAL_NY_2025, "fatima martin is the local contact; priya bakker covers"),
    _d("d23", "chat", "new suppliers quick ref lists a london front desk phone - what is it", D_SUPPLIERS_QR, "the london reception is on (303) 888-1312"),
    _d("d24", "terse", "visitors contractors faq amsterdam register keeper", D_VISITORS_FAQ, "chloe okafor keeps the amsterdam register"),
    # No answer in the corpus, weighted to the hard kinds
    _n("u01", "near", "Is gaming on the work laptop during lunch breaks allowed if it doesn't use much bandwidth?"),
    _n("u02", "near", "How long do we keep the audio of customer support phone calls?"),
    _n("u03", "near", "How many failed sign-ins lock a contractor's account on the VPN portal specifically?"),
    _n("u04", "near", "What is the weekly allowance for people on call for the service desk rather than engineering?"),
    _n("u05", "near", "How long do we keep CCTV footage from the car park as opposed to inside the building?"),
    _n("u06", "near", "Do visitors' children need their own visitor badge?"),
    _n("u07", "near", "Who pays for a second replacement of a lost laptop charger?"),
    _n("u08", "near", "How soon must a sev3 page be acknowledged?"),
    _n("u09", "finer", "What is the exact address of the Amsterdam fire assembly point?"),
    _n("u10", "finer", "Which high-street chain do we send people to for the free eye test?"),
    _n("u11", "finer", "What is today's guest Wi-Fi password?"),
    _n("u12", "finer", "What is the IP address of the Frankfurt VPN gateway?"),
    _n("u13", "finer", "Which courses are in the learning platform's data protection module?"),
    _n("u14", "finer", "Which of my colleagues on floor 3 is a trained mental health first aider?"),
    _n("u15", "finer", "What colour are the lids of the confidential waste bins?"),
    _n("u16", "premise", "Since personal use of work laptops was banned last spring, can I still read the news at lunch?"),
    _n("u17", "premise", "Now that Slack messages are kept forever, how do I delete an embarrassing one?"),
    _n("u18", "premise", "As badge access is 24/7 now, can I come in on Sunday night?"),
    _n("u19", "premise", "Since probation was cut to three months, when does mine end if I started in June?"),
    _n("u20", "premise", "Given that the on-call allowance is 500 EUR a week, is it taxed?"),
    _n("u21", "premise", "Because the VPN no longer works from abroad, what should I use on a trip to Spain?"),
    _n("u22", "premise", "Since fire drills are monthly now, do I have to take part in every one?"),
    _n("u23", "absent", "What does the Paris office guide say about the fire assembly point?"),
    _n("u24", "absent", "Back in 2019, how many years were paper invoices held under the records rules then?"),
    _n("u25", "absent", "Oslo printing page: whom do I ring locally?"),
    _n("u26", "absent", "Whose name is on the approvals log for the Madrid site?"),
    _n("u27", "absent", "What did the 2021 onboarding guide say about the welcome lunch?"),
    _n("u28", "absent", "On New York travel request 9999, who coordinates?"),
    _n("u29", "absent", "What does the procurement team's own on-call rota say about weekend cover?"),
    _n("u30", "never", "Can I bring my bicycle into the lift?"),
    _n("u31", "never", "Does the company pay for a gym membership near my home?"),
    _n("u32", "never", "Is there a policy on wearing headphones in open-plan areas?"),
    _n("u33", "never", "Is there a prize for the tidiest desk each quarter?"),
    _n("u34", "never", "Are there rules for using AI image generators for marketing material?"),
    _n("u35", "offdomain", "what's a good recipe for banana bread"),
    _n("u36", "offdomain", "what is the tallest mountain in africa"),
    _n("u37", "offdomain", "suggest three board games for four players"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("my contractor Ana's account was set up by me as sponsor", "what happens to it when her contract finishes?"), ACCOUNTS, "expire after six months or at the end of the contract"),
    _c("c02", "ellipsis", ("do we keep the access logs of the finance system forever", "what if they're evidence in an ongoing probe?"), RETAIN, "for as long as the investigation lasts"),
    _c("c03", "correction", ("who maintains the offers manager guide", "sorry, I meant when it was last reviewed"), D_OFFERS_MG, "last reviewed: 2025-08-04.", "demo"),
    _c("c04", "switch", ("is the guest wifi ok for my work laptop", "totally different thing: by when must the compulsory online training be finished?"), ONBOARD, "within your first 30 days"),
    _c("c05", "pronoun", ("I'm paging for a sev1 right now", "how quickly does the on-call engineer need to answer it?"), INCIDENT, "within 5 minutes for sev1"),
    _c("c06", "ellipsis", ("my ex-teammate left in 2020, does hr still have his folder", "what about accounting records?"), RETAIN, "kept for ten years after the end of the financial year"),
    _c("c07", "correction", ("what's the escalation rule in the vpn runbook", "no wait, I meant what to do about hotel wifi"), VPN, "accept the network's terms page"),
    _c("c08", "switch", ("who's my onboarding buddy supposed to be", "other question - who can declare an incident?"), INCIDENT, "anyone can declare an incident"),
    _c("c09", "pronoun", ("my colleague fainted at her desk", "is there one of those heart-restart devices near her?"), SAFETY, "a defibrillator (aed) are located next to the reception desk"),
    _c("c10", "ellipsis", ("when do new joiners get their accounts", "and the laptop order?"), ACCOUNTS, "equipment orders are triggered at the same time"),
    _c("c11", "correction", ("local contact on the legal holds faq", "sorry, the lost property faq I mean"), D_LOST_FAQ, "oliver demir is the local contact", "demo"),
    _c("c12", "switch", ("what's the personal-use rule for my work laptop", "never mind that. after a sev2, when is the review held?", "and is it about finding who's to blame?"), INCIDENT, "blameless post-incident review"),
    _c("c13", "pronoun", ("I want to change my MFA phone", "does someone at security check those changes later?"), ACCOUNTS, "the security team reviews all mfa resets weekly"),
    # Not English (languages and scripts no earlier set used)
    _l("k01", "tg", "Ҳангоми садои бонги ҳариқ ба куҷо бояд равам?", SAFETY, "go to the assembly point shown on the floor plan"),
    _l("k02", "ug", "قانچە قېتىم خاتا كىرسەم ھېساباتىم قۇلۇپلىنىدۇ؟", ACCOUNTS, "after ten failed sign-in attempts"),
    _l("k03", "bo", "ལས་ཀའི་གློག་ཀླད་ཐོག་སྒེར་གྱི་པར་རིས་ཉར་ཆོག་གམ།", AUP, "do not store large personal files"),
    _l("k04", "dv", "ޕޭޖަރޑިއުޓީ ކުރާ މީހުންނަށް ހަފްތާއަކު ކިހާވަރެއް ލިބޭތޯ؟", INCIDENT, "an allowance of 250 eur per week"),
    _l("k05", "or", "ଇମେଲ୍ କେତେ ବର୍ଷ ରଖାଯାଏ?", RETAIN, "email is kept for three years"),
    _l("k06", "as", "ভিপিএন সংযোগ হোৱাৰ পিছতো আভ্যন্তৰীণ ছাইট নুখুলিলে কি সমস্যা হয়?", VPN, "this is usually a dns problem"),
    _l("k07", "sd", "مان پنهنجي پهرين ڏينهن تي ڪهڙي وقت پهچان؟", ONBOARD, "arrive at 09:30 at reception"),
    _l("k08", "ti", "ኣብ ቤት ጽሕፈት ዝበጽሑ ጋሻ ክምዝገቡ ኣለዎም ድዩ?", SAFETY, "all visitors must be registered in advance"),
    _l("k09", "ig", "Onye na-akwado ikike ịbanye na sistemụ ọhụrụ?", ACCOUNTS, "the request goes to the system owner for approval"),
    _l("k10", "mg", "Firy andro no hitehirizana ny firaketana momba ny karama sy ny hetra?", RETAIN, "payroll and tax records are kept for ten years"),
    _l("k11", "eo", "Kiom ofte la deĵora inĝeniero devas respondi al sev2-alarmo?", INCIDENT, "15 minutes for sev2"),
    _l("k12", "gd", "Dè cho fada 's a mhaireas clàran camara na h-oifis?", RETAIN, "video recordings from office cameras are deleted after 28 days"),
)  # fmt: skip
