"""The questions of the seventh blind set (bench/answer_quality_blind7.py): session 20, helper h3.

Written before the round's changes, by someone who does not tune, from sentences that no earlier set
(the main set and blind sets 1-6) asks: ``python bench/answer_quality_blind7.py --check`` proves it
mechanically (no earlier set's answering fact occurs in a corpus sentence holding one of these facts)
and checks that each fact is in its expected document. Result when written (session 20, 06:55 UTC):
see the runner's docstring.

Style, unlike every earlier set (the code has been tuned near those): how people actually type into a
work chat: fragments without a question word ("amsterdam reception number"), a situation told first
and the question last, typos and dropped letters ("recieve", "dont", "laptp"), slang and shorthand
("fired", "nmap", "prod dump", "EAP"), compound questions (the fact checked is the first part's),
yes/no questions whose answer sits mid-paragraph, and numbers, dates and addresses buried inside a
longer sentence (Keizersgracht 500, 10 December 2025, 20 to 40 minutes, twelve monthly deductions).

Unanswerable, of several kinds: near misses sharing words with a real section but asking a detail it
does not give (the airline with a corporate deal, the dental provider's name, weekend overtime rates
beyond the one given); an office, country or year the corpus lacks (Sydney, Mumbai, the 2021 code:
none of the demo corpus's offices, Amsterdam, Berlin, London, New York, Singapore, Lisbon, Toronto,
Warsaw, is used, since those have variant documents); premises the text contradicts (blind 5's and
blind 6's convention: a question built on a false premise, "now that SMS codes are allowed ...", has
no answer in the corpus and counts as unanswerable); subjects the corpus never covers; and
out-of-domain requests. Follow-ups start with a real question (not "open document X", the shape of
every earlier set's follow-ups) and point back with "it", "that", "them", "those". The non-English
questions (Danish, Finnish, Czech, Hungarian, Romanian, Greek, Indonesian, Japanese: none of the
earlier sets' languages) must get the note that the embedder reads English only (``LANGUAGE_NOTE``);
like blind 5's and 6's they name the expected document for "language first citation".
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

AMSTERDAM = "facilities/amsterdam-office-guide.html"
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


BLIND7: tuple[Question, ...] = (
    # Amsterdam office
    _a("c01", "amsterdam office address? need it for a taxi", AMSTERDAM, "Keizersgracht 500"),
    _a("c02", "amsterdam reception number", AMSTERDAM, "555 0100"),
    _a("c03", "left my charger + notebook on a hot desk last night... will it still be there", AMSTERDAM, "cleaning team removes"),
    _a("c04", "found a jacket in the meeting room weeks ago and nobody claimed it, what do you guys do with that stuff", AMSTERDAM, "donated to charity"),
    _a("c05", "radiator on our floor is dead again, where do i report it", AMSTERDAM, "heating or cleaning issues"),
    _a("c06", "WATER coming through the ceiling in amsterdam, who do i call right now", AMSTERDAM, "reported to reception by phone"),
    # Procurement
    _a("c07", "do i raise the PO before or after the consultant starts? they already started lol", PROCUREMENT, "before the supplier starts work"),
    _a("c08", "we want a new saas thing for the team. besides my manager who has to look at it", PROCUREMENT, "security reviews the vendor"),
    _a("c09", "vendor sent their own contract template, can i just sign it myself", PROCUREMENT, "reviewed by legal before signature"),
    _a("c10", "supplier wants paying in 7 days not 30, can i just say yes", PROCUREMENT, "accounts payable"),
    _a("c11", "what does the supplier code of conduct actually cover, like topics", PROCUREMENT, "labour rights"),
    _a("c12", "purchasing questions - which email", PROCUREMENT, "procurement@northwind.example"),
    # Travel
    _a("c13", "is the travel policy i'm reading current? when was it last looked at", TRAVEL, "15 February 2026"),
    _a("c14", "trip request in navan - what info do they want from me", TRAVEL, "purpose, dates, destination"),
    _a("c15", "why cant i just book my hotel on booking.com and expense it", TRAVEL, "locate travellers in an emergency"),
    _a("c16", "does the company pay my train from home to the office every day", TRAVEL, "commuting between home and your usual office"),
    _a("c17", "want to take a client to a football match next month, ok or do i need a sign off", TRAVEL, "clear business purpose"),
    # Benefits
    _a("c18", "i work for northwind in germany, does the benefits overview even apply to me", BENEFITS, "Netherlands, Germany and the United Kingdom"),
    _a("c19", "can i up my pension contributions now or is there a window", BENEFITS, "at any time through the pension provider"),
    _a("c20", "is the EAP only for me or can my partner call them too", BENEFITS, "household members"),
    _a("c21", "if i phone the counselling line does my manager find out", BENEFITS, "never learns who used it"),
    _a("c22", "havent touched my training budget this year, does it roll into next", BENEFITS, "does not carry over"),
    # Code of conduct
    _a("c23", "when did the board sign off the current code of conduct", CONDUCT, "10 December 2025"),
    _a("c24", "the code doesnt cover my situation at all. how am i supposed to decide", CONDUCT, "reported in the press"),
    _a("c25", "he says it was only a joke and he didnt mean it. can it still be harassment?", CONDUCT, "whatever the intention"),
    _a("c26", "customs guy wants 20 bucks to speed up our shipment, apparently everyone pays it there. ok?", CONDUCT, "facilitation payments"),
    _a("c27", "can i send our roadmap deck to a partner company", CONDUCT, "non-disclosure agreement"),
    _a("c28", "what even counts as inside information", CONDUCT, "significant non-public information"),
    _a("c29", "may i print flyers for my party's campaign on the office printer", CONDUCT, "company resources for political campaigns"),
    _a("c30", "if i report my boss and it turns out i was wrong, could they punish me for it", CONDUCT, "retaliation"),
    # Health and safety
    _a("c31", "where's the list of first aiders", SAFETY, "notice board of every floor"),
    _a("c32", "sprained my ankle badly on the office stairs. i filed the report, do i need to tell anyone else", SAFETY, "manager and the facilities team immediately"),
    _a("c33", "how often am i supposed to get away from the screen", SAFETY, "at least once an hour"),
    _a("c34", "planning to stay in the office alone til midnight to finish a deck, any rule about that", SAFETY, "avoid working alone"),
    # Leave
    _a("c35", "me and a colleague both want the last 2 weeks of august off. who gets it", LEAVE, "first-come, first-served"),
    _a("c36", "found cheap non refundable flights, can i book them before my leave gets approved", LEAVE, "non-refundable travel"),
    _a("c37", "they let me go during probation, what about the holiday days i earned but never took", LEAVE, "paid out in the final salary"),
    _a("c38", "if i buy extra leave how is it taken out of my pay, all at once?", LEAVE, "twelve monthly payroll deductions"),
    _a("c39", "how do i log a volunteering day in workday", LEAVE, "name of the organisation"),
    _a("c40", "will 2 months unpaid leave eat into my holiday allowance", LEAVE, "annual leave accrual proportionally"),
    _a("c41", "handed in my notice today. do i have to burn my remaining leave before i go", LEAVE, "during the notice period where business needs allow"),
    # Offboarding and onboarding
    _a("c42", "resigned, what's the very first thing to sort out with my manager", OFFBOARDING, "handover plan"),
    _a("c43", "is the leaver survey anonymous or does my manager see it", OFFBOARDING, "reported anonymously"),
    _a("c44", "starting in jan. when will i hear from people ops before day one", ONBOARDING, "two weeks before you start"),
    _a("c45", "what laptop can new joiners pick", ONBOARDING, "MacBook Pro or Dell Latitude"),
    _a("c46", "how long do the mandatory e-learning courses take each", ONBOARDING, "20 to 40 minutes"),
    _a("c47", "is the security awareness training a one time thing", ONBOARDING, "repeated every year"),
    # People ops FAQ, performance, recruitment
    _a("c48", "just had a baby - can i change my benefits even though enrollment is closed", FAQ, "outside the enrollment window"),
    _a("c49", "do the days between xmas and new year come out of my 28 days", FAQ, "do not count against your annual leave"),
    _a("c50", "who sits in on the PIP meetings apart from me and my manager", PERFORMANCE, "first and last meetings"),
    _a("c51", "what happens if i don't hit my PIP goals", PERFORMANCE, "formal capability procedure"),
    _a("c52", "candidate wants more than the top of the band, who can ok that", PERFORMANCE, "compensation committee"),
    _a("c53", "im senior and worked loads of extra hours this month, do i get overtime", PERFORMANCE, "reasonable additional hours"),
    _a("c54", "my friend is applying tomorrow, do i put in the referral before or after", RECRUITMENT, "before the candidate applies"),
    # Remote work
    _a("c55", "which roles can even get a fully remote contract", REMOTE, "engineering and sales roles"),
    _a("c56", "thinking of moving to portugal for good, what's step 1", REMOTE, "before making any commitments"),
    # IT
    _a("c57", "is it fine to do my online banking on the work laptp during lunch", ACCEPTABLE_USE, "online banking"),
    _a("c58", "wanna run nmap against our office network to debug something, allowed?", ACCEPTABLE_USE, "written authorisation from security"),
    _a("c59", "does the company look at what websites i visit", ACCEPTABLE_USE, "web traffic"),
    _a("c60", "got an email 'from the CFO' asking the desk to reset her password asap - do we just do it", ACCOUNTS, "email or a phone call alone"),
    _a("c61", "user lost the phone with their authenticator, how do i get the temp password to them", ACCOUNTS, "through the user's manager"),
    _a("c62", "we fired someone this morning, when does their access go", ACCOUNTS, "disable access immediately"),
    _a("c63", "a distribution list with people from a partner company in it, can i make one", ACCOUNTS, "external members"),
    _a("c64", "ransomware scrambled one spreadsheet, whats the quickest fix", BACKUP, "ransomware encryption of a single file"),
    _a("c65", "are the files on my desktop backed up or only onedrive", BACKUP, "synchronised to OneDrive automatically"),
    _a("c66", "is it fine to say in the public update that the outage was our cloud provider's fault", INCIDENTS, "name suppliers in public updates"),
    _a("c67", "during the outage we noticed logins from an unknown IP. what now", INCIDENTS, "page the security on-call engineer"),
    _a("c68", "should i just reimage the hacked server to get it clean", INCIDENTS, "do not wipe affected machines"),
    _a("c69", "what's the kit every new employee gets - is there a monitor for home", LAPTOPS, "27-inch monitor"),
    _a("c70", "dropped my laptop for the third time this year, will my team have to pay?", LAPTOPS, "charged to your cost centre"),
    _a("c71", "the monitor on the office desk just stays black", LAPTOPS, "input source"),
    _a("c72", "vpn keeps saying authentication failed", VPN, "password may have expired"),
    _a("c73", "flying to a country where vpns are blocked next month, anything to do in advance", VPN, "travel laptop configuration"),
    _a("c74", "installed globalprotect but it still wont connect", VPN, "reboot is required"),
    # Retention, privacy, security
    _a("c75", "customer is leaving us, can they get their data out first", RETENTION, "export their data at any time"),
    _a("c76", "why cant we keep all the old data just in case", RETENTION, "damage of a breach"),
    _a("c77", "which legal entity is the controller of my employee data", PRIVACY, "Northwind Analytics B.V."),
    _a("c78", "does some algorithm decide things about me automatically, like promotions", PRIVACY, "automated decisions"),
    _a("c79", "does my manager get told my diagnosis when i'm off sick", PRIVACY, "occupational health service"),
    _a("c80", "can my hr data end up on servers in the US", PRIVACY, "standard contractual clauses"),
    _a("c81", "guy from 'IT support' on the phone wants my password to fix my mailbox, should i give it", SECURITY, "will never ask for it"),
    _a("c82", "which password manager are we meant to use", SECURITY, "1Password"),
    _a("c83", "clicked a dodgy link and typed my password in. am i going to get in trouble", SECURITY, "will not be blamed"),
    _a("c84", "are q3 numbers before we publish them confidential or just internal", SECURITY, "financial results before publication"),
    _a("c85", "can i pull a prod dump onto my laptop to debug a bug", SECURITY, "do not copy production data"),
    _a("c86", "laptop stolen from my car. police report done, what do i send security", SECURITY, "crime reference number"),
    _a("c87", "can i use the free chatgpt for work stuff", SECURITY, "only with public information"),
    # No answer in the corpus.
    # near misses: the section exists, the detail does not
    _n("u01", "which airline do we have the corporate deal with"),
    _n("u02", "whats the name of the dental insurance company"),
    _n("u03", "how many sev1 incidents did we have last quarter"),
    _n("u04", "what's the overtime rate on a sunday, is it double"),
    _n("u05", "who is the data protection officer by name"),
    _n("u06", "what size is the monitor in the amsterdam meeting rooms"),
    # an office, country or year the corpus lacks
    _n("u07", "whats the address of the sydney office"),
    _n("u08", "how many public holidays does the mumbai office get"),
    _n("u09", "what did the 2021 code of conduct say about gifts"),
    # premises the text contradicts (blind 5's and 6's convention: unanswerable)
    _n("u10", "now that sms codes are allowed for mfa, how do i switch mine to text"),
    _n("u11", "since we can carry over all unused leave now, is there any upper limit"),
    # never covered
    _n("u12", "is there a company policy on dating a coworker"),
    _n("u13", "can i get a standing desk at home paid by the company on top of the allowance, and how do i return it"),
    _n("u14", "does northwind offer stock options to new hires, with what vesting"),
    _n("u15", "is there a company choir or band i can join"),
    _n("u16", "can i bring my kids to the office during school holidays"),
    # out of domain
    _n("u17", "convert 250 usd to eur"),
    _n("u18", "what's the capital of australia"),
    _n("u19", "write a bash one-liner that renames all .txt files to .md"),
    _n("u20", "best pancake recipe without eggs?"),
    _n("u21", "translate 'good morning' into german"),
    # Two turns: the first is a real question, the second points back with a pronoun.
    _f("p01", "whats a sev1", "and what do i run to assign the roles for it?", INCIDENTS, "/incident role"),
    _f("p02", "does the company look at my email", "and who has to approve it if they review it in an investigation?", ACCEPTABLE_USE, "approved by legal and people operations"),
    _f("p03", "how do i update my bank details", "is that the same place where i update my address?", FAQ, "personal information"),
    _f("p04", "is mfa mandatory for the vpn", "and if i lose the key i use for it?", SECURITY, "revoked and re-enrolled"),
    _f("p05", "i need to return my old laptop", "do i have to drop it at the desk or can i post it?", LAPTOPS, "prepaid courier label"),
    _f("p06", "how is my salary band decided", "and where can i see those bands?", PERFORMANCE, "published on the intranet"),
    _f("p07", "the vpn connects but the intranet won't load", "what if it's only one site that does that?", VPN, "check the status page"),
    # Not English.
    _l("k1", "Hvad er adressen på kontoret i Amsterdam?", AMSTERDAM, "Keizersgracht 500"),
    _l("k2", "Saako työkannettavalla hoitaa verkkopankkia lounastauolla?", ACCEPTABLE_USE, "online banking"),
    _l("k3", "Můžu si stáhnout produkční data na notebook kvůli ladění?", SECURITY, "do not copy production data"),
    _l("k4", "Ha a próbaidő alatt elbocsátanak, mi lesz a ki nem vett szabadságommal?", LEAVE, "paid out in the final salary"),
    _l("k5", "Ce fac dacă am dat click pe un link suspect și mi-am introdus parola?", SECURITY, "will not be blamed"),
    _l("k6", "Ποιος διαχειριστής κωδικών πρόσβασης χρησιμοποιείται στην εταιρεία;", SECURITY, "1Password"),
    _l("k7", "Apakah data saya boleh dikirim ke luar Wilayah Ekonomi Eropa?", PRIVACY, "standard contractual clauses"),
    _l("k8", "新入社員はどのノートパソコンを選べますか？", ONBOARDING, "MacBook Pro or Dell Latitude"),
)  # fmt: skip
