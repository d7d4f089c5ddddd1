"""The questions of the eighth blind set (bench/answer_quality_blind8.py): session 21, helper h6.

Written before the round's changes were measured, by someone who does not tune, from sentences that
no earlier set (the main set and blind sets 1-7) asks: ``python bench/answer_quality_blind8.py
--check`` proves it mechanically (no earlier set's answering fact occurs in a corpus sentence holding
one of these facts) and checks that each fact is in its expected document. Result when written
(session 21, 10:05 UTC): see the runner's docstring.

Registers, unlike every earlier set (the code has been tuned near those): terse keyword strings with
no grammar ("trip approval who before booking"), long rambling messages of two or three sentences of
context with the real question only at the end, questions told through a scenario or a claim by
someone else ("my manager says ..., is that right?"), negations ("it doesn't count if ..., right?"),
comparisons between two rules or two documents (the superseded 2024 leave policy against today's,
procurement against travel), and numbers asked for by their unit ("how many hours ...", "which
date ..."). Three questions name the superseded 2024 leave policy and expect it (the archive) first:
a user who names an old edition wants it.

Unanswerable, of five kinds (blind 6's and 7's conventions): near misses that share words with a
real section but ask a detail it does not give (the kitchen's closing time, the size of the promotion
panel, this week's incident commander, the adapter models that drop the VPN, the fee of the data
export, the ESPP's holding period); an office, country or year the corpus lacks (Dublin, Sao Paulo,
the 2022 travel policy, the 2027 enrollment dates: none of the demo corpus's offices, which have
variant documents); premises the text contradicts (a question built on a false premise has no answer
in the corpus and counts as unanswerable: "since the exit interview is mandatory now ...", "now that
we may install anything from the web ..."); subjects the corpus never covers; and out-of-domain
requests. Follow-ups start with a real question and point back with "it", "that", "they", "those".
The non-English questions (Norwegian, Slovak, Croatian, Vietnamese, Korean, Chinese, Russian,
Catalan: none of the earlier sets' languages) must get the note that the embedder reads English only
(``LANGUAGE_NOTE``); like blind 5-7's they name the expected document for "language first citation".
"""

from __future__ import annotations

from answer_quality_questions import Question, _a, _f, _l, _n

ARCHIVE = "archive/leave-policy-2024.md"
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


BLIND8: tuple[Question, ...] = (
    # The superseded 2024 leave policy, named by the user (the archive is the expected first citation)
    _a("e01", "2024 leave policy annual days full time", ARCHIVE, "25 days of paid annual leave"),
    _a("e02", "Under the old 2024 leave rules, from which day of being off sick did you need a doctor's note? A colleague says it was the same as now but I doubt it.", ARCHIVE, "fourth day of absence"),
    _a("e03", "how many weeks of fully paid parental leave did the birth parent get in the superseded 2024 policy", ARCHIVE, "16 weeks"),
    # Leave, today's handbook
    _a("e04", "public holidays - on top of annual leave or part of it", LEAVE, "on top of this entitlement"),
    _a("e05", "I joined in March on probation and have built up a few earned leave days I never used. Probation finishes next week. Do those days just disappear when it ends?", LEAVE, "stays in your annual leave balance"),
    _a("e06", "After three months off with a back injury I'm going back to work, but I need a different chair and maybe a lighter workload for a while. Who sorts that out?", LEAVE, "reasonable adjustments"),
    _a("e07", "could i lose my job while i'm away on maternity leave", LEAVE, "your role is protected"),
    _a("e08", "keeping in touch days paid or unpaid, compulsory?", LEAVE, "paid at your normal daily rate"),
    _a("e09", "My grandmother died last week. HR hasn't said anything yet but I'm worried they'll want a death certificate before approving bereavement days. Will they?", LEAVE, "no documentation is required"),
    _a("e10", "my manager says i can't take my remaining holiday during my notice period because of the release. so do i just lose those days?", LEAVE, "paid out in your final salary"),
    # Amsterdam office
    _a("e11", "amsterdam anchor day seating where does my team sit", AMSTERDAM, "neighbourhood on one floor"),
    _a("e12", "I'm vegan and starting at the Amsterdam office on Monday - will there be anything for me at lunch or should I bring food?", AMSTERDAM, "vegan options are always available"),
    _a("e13", "Our 2pm got cancelled. Nobody cares if the Amsterdam room stays booked though, right?", AMSTERDAM, "release a booking"),
    _a("e14", "sent a confidential contract to the printer on the 3rd floor in amsterdam, fine to pick it up after lunch?", AMSTERDAM, "confidential documents must be collected immediately"),
    _a("e15", "lost my keys somewhere in the amsterdam office, who do i ask", AMSTERDAM, "#amsterdam-office"),
    # Cars, procurement, travel
    _a("e16", "My role doesn't come with a company car. Is there anything I get instead, or is it just nothing?", CARS, "mobility budget instead"),
    _a("e17", "procurement policy scope consultants events?", PROCUREMENT, "consultants, events and hardware"),
    _a("e18", "Is booking my hotel for the sales kickoff covered by the procurement policy or by some other policy?", PROCUREMENT, "covered by the travel and expenses policy instead"),
    _a("e19", "trip approval who before booking", TRAVEL, "approval from your budget holder"),
    _a("e20", "how do i get the cheapest train fares for a work trip", TRAVEL, "book in advance"),
    _a("e21", "Landing at the airport at 9 and the client is 40 minutes away. Am I expected to take public transport or can I just grab a taxi?", TRAVEL, "public transport where it is practical"),
    _a("e22", "My passport expires in two months and I have a business trip abroad coming up. Is renewing it on me or does the travel team handle documents?", TRAVEL, "responsible for holding a valid passport"),
    _a("e23", "tacking three vacation days onto a conference trip, what do i do about the holiday part", TRAVEL, "book the leave in workday"),
    # Benefits
    _a("e24", "where are the full benefit plan documents", BENEFITS, "benefits section of workday"),
    _a("e25", "Just got married. Anything I need to change for my life insurance?", BENEFITS, "beneficiary nomination up to date"),
    _a("e26", "I own a few ESPP shares. Can I sell them whenever I like, even the day before results come out?", BENEFITS, "insider trading rules in the code of conduct"),
    # Code of conduct
    _a("e27", "does the code of conduct bind contractors and directors or only staff", CONDUCT, "officers, directors and contractors"),
    _a("e28", "Not sure if accepting this speaking fee is fine. Who should I check with before I do anything?", CONDUCT, "legal team before acting"),
    _a("e29", "What happened at the Christmas party doesn't count as harassment since it wasn't at work, right?", CONDUCT, "at company events, online and when travelling"),
    _a("e30", "conflict of interest definition", CONDUCT, "appear to influence"),
    _a("e31", "We hired a local agent to win a government deal in a new market. Is there anything they have to go through on the bribery side before they act for us?", CONDUCT, "pass due diligence"),
    _a("e32", "what's the worst that can happen if I break the code of conduct", CONDUCT, "up to and including dismissal"),
    # Health and safety
    _a("e33", "health and safety policy effective from which date", SAFETY, "1 september 2025"),
    _a("e34", "I almost got hit by a trolley in the warehouse. If I report the near miss, is someone going to get in trouble?", SAFETY, "not to assign blame"),
    # Offboarding and onboarding
    _a("e35", "On what date was the offboarding checklist last updated?", OFFBOARDING, "20 november 2025"),
    _a("e36", "Leaving at the end of the month. Apart from the handover doc, do I need to introduce anyone to the customers I look after?", OFFBOARDING, "key contacts"),
    _a("e37", "ex employees group linkedin", OFFBOARDING, "alumni network"),
    _a("e38", "I'm a remote hire with no office nearby. Where will my laptop actually be sent?", ONBOARDING, "shipped to your home address"),
    _a("e39", "first login what must i set up", ONBOARDING, "okta verify"),
    _a("e40", "As a new joiner I have a lot of silly questions like where things are and how meetings work, and I don't want to bother my manager with them. Who am I supposed to ask?", ONBOARDING, "your buddy"),
    _a("e41", "how often is the new joiner session with the executive team", ONBOARDING, "monthly new joiner session"),
    _a("e42", "missed the last all-hands, is there a recording somewhere", ONBOARDING, "recordings of past all-hands meetings"),
    _a("e43", "Can I keep the monitor and headset I ordered when I joined if I leave the company?", ONBOARDING, "company property and must be returned"),
    # People ops FAQ, performance, recruitment
    _a("e44", "people ops faq last updated when", FAQ, "2 march 2026"),
    _a("e45", "What can the HR business partners actually help managers with - just hiring, or more?", FAQ, "difficult conversations"),
    _a("e46", "In which month are performance ratings calibrated across teams?", PERFORMANCE, "february"),
    _a("e47", "which rating puts you on a PIP", PERFORMANCE, "leads to a performance improvement plan"),
    _a("e48", "How often are salaries compared against market data?", PERFORMANCE, "reviewed yearly against market data"),
    _a("e49", "My rating was great but my raise was tiny. Besides the rating, what else decides how big the increase is?", PERFORMANCE, "overall budget approved by the board"),
    _a("e50", "I think I'm ready for the next level. Do I apply for a promotion myself or how does it start?", PERFORMANCE, "written case"),
    _a("e51", "Can I just do the overtime this weekend and get it approved afterwards?", PERFORMANCE, "approved in advance"),
    _a("e52", "Got an offer. Are the background and right-to-work checks done before or after my first day?", RECRUITMENT, "completed before the start date"),
    _a("e53", "Who agrees the salary band and interview plan for a new role before it goes live on the careers site?", RECRUITMENT, "talent acquisition agrees"),
    # Remote work
    _a("e54", "I work in the hardware lab. Could I switch to hybrid like the software teams?", REMOTE, "office-based"),
    _a("e55", "My manager wants me in the office four days a week for my first month, but the policy says two anchor days. Is she allowed to ask that?", REMOTE, "additional office days during onboarding"),
    _a("e56", "outside core hours fully flexible or not", REMOTE, "work your contracted hours"),
    _a("e57", "What does my home workspace need to have? I'm working from the sofa with the laptop on my knees at the moment.", REMOTE, "screen at eye level"),
    _a("e58", "I'm thinking of moving to Brazil for good. Will the company definitely keep employing me there?", REMOTE, "may not be able to employ you in every country"),
    # IT
    _a("e59", "do the IT usage rules apply to visitors on our network too", ACCEPTABLE_USE, "contractors and guests"),
    _a("e60", "user locked out and can't wait for the timer, what does the desk do", ACCOUNTS, "unlock the account in entra id"),
    _a("e61", "Can employees reset their own password, or do they always have to call the service desk?", ACCOUNTS, "okta self-service page"),
    _a("e62", "does anyone check the mfa resets we do at the desk afterwards", ACCOUNTS, "reviews all mfa resets weekly"),
    _a("e63", "The new hire's start date moved by a week and her account came out on the old date. What should have happened?", ACCOUNTS, "people operations must update workday"),
    _a("e64", "Is the code on my laptop backed up anywhere or do I need to do something?", BACKUP, "push code to the git server"),
    _a("e65", "what counts as sev4", INCIDENTS, "cosmetic issues"),
    _a("e66", "What happens automatically when I declare an incident?", INCIDENTS, "dedicated channel"),
    _a("e67", "The fix is deployed and everything is green again. How do I formally close the incident?", INCIDENTS, "/incident resolve"),
    _a("e68", "why do we have to write down every action with a timestamp in the incident channel, it slows us down", INCIDENTS, "timeline is needed for the review"),
    _a("e69", "how many hours does it take to set up a replacement laptop", LAPTOPS, "about an hour"),
    _a("e70", "Who gets a company phone? I'm in marketing and my personal one is full.", LAPTOPS, "role requires it"),
    _a("e71", "I left my work phone in a taxi. Is that handled differently from losing a laptop?", LAPTOPS, "reported like a lost laptop"),
    _a("e72", "vpn drops every few minutes at home", VPN, "unstable wi-fi"),
    _a("e73", "VPN is crawling while the OS update downloads. Anything I should do?", VPN, "paused while on vpn"),
    _a("e74", "The VPN refuses my laptop with a compliance error even though my password is fine. Why?", VPN, "security baseline"),
    _a("e75", "Connected to the vpn but none of the internal sites open. What setting should I check first?", VPN, "split tunnelling"),
    # Retention, privacy, security
    _a("e76", "data retention policy effective date", RETENTION, "1 july 2025"),
    _a("e77", "We expect a lawsuit from a former supplier. Can legal stop the usual deletion of the related records?", RETENTION, "may place a legal hold"),
    _a("e78", "Is my email inbox a fine place to keep the record of important decisions?", RETENTION, "system of record"),
    _a("e79", "what personal data does the company hold about me, list", PRIVACY, "tax and social security numbers"),
    _a("e80", "Our payroll provider sees my data. Are they bound by anything?", PRIVACY, "data processing agreements"),
    _a("e81", "information security policy effective date", SECURITY, "1 march 2026"),
    _a("e82", "is mfa needed for cloud consoles and the code repos, or only email", SECURITY, "every cloud console"),
    _a("e83", "what are the data classification levels", SECURITY, "public, internal, confidential or restricted"),
    _a("e84", "A customer emailed me asking us to delete all their data. Do I do it myself?", SECURITY, "handled by the privacy team"),
    _a("e85", "I skipped the last few OS updates because they take ages. Does that matter?", SECURITY, "lose access to company systems automatically"),
    _a("e86", "Can't use a USB stick to give the auditor the files. What do I use instead?", SECURITY, "secure file transfer service"),
    _a("e87", "It's only ten minutes while I grab a coffee - surely it's fine to leave my laptop in the car?", SECURITY, "never leave your laptop unattended"),
    _a("e88", "where can i install software from", SECURITY, "company portal or self service app"),
    _a("e89", "I sent a spreadsheet with customer data to the wrong person by mistake, and I reported it straight away. Will I be punished for it?", SECURITY, "opportunities to improve"),
    # No answer in the corpus.
    # near misses: the section exists, the detail does not
    _n("u01", "what time does the amsterdam office kitchen close in the evening"),
    _n("u02", "how many people sit on the promotion panel"),
    _n("u03", "who is incident commander on call this week"),
    _n("u04", "which wi-fi adapter models cause the vpn to drop"),
    _n("u05", "how much does a customer pay us for a data export"),
    _n("u06", "how long must i hold my espp shares before selling"),
    # an office, country or year the corpus lacks
    _n("u07", "dublin office opening hours"),
    _n("u08", "Do employees in our Sao Paulo office get a meal voucher, and how much is it?"),
    _n("u09", "what was the daily meal allowance in the 2022 travel policy"),
    _n("u10", "when is the 2027 benefits enrollment window"),
    # premises the text contradicts (blind 5-7's convention: unanswerable)
    _n("u11", "since the exit interview is mandatory now, how do i book my slot"),
    _n("u12", "now that we're allowed to install any software from the web, is there a list of recommended browsers"),
    # never covered
    _n("u13", "company policy on visible tattoos and piercings"),
    _n("u14", "How do I nominate a colleague for the employee of the year award?"),
    _n("u15", "Is there a rule about smoking or vaping breaks?"),
    _n("u16", "can i rent out my desk neighbourhood for a private birthday party on the weekend"),
    _n("u17", "Does the company match the money I donate to charity, and up to how much?"),
    # out of domain
    _n("u18", "who won the 2018 football world cup"),
    _n("u19", "regex for a uk postcode"),
    _n("u20", "Summarise the plot of Hamlet in two sentences."),
    _n("u21", "how many ounces in a kilogram"),
    _n("u22", "Can you suggest a name for my new cat? She's grey and very lazy."),
    # Two turns: a real question, then a pronoun pointing back to it.
    _f("p01", "what's the data retention policy about", "when did it come into effect?", RETENTION, "1 july 2025"),
    _f("p02", "what are the incident severity levels", "which one of them is just for cosmetic stuff?", INCIDENTS, "sev4"),
    _f("p03", "who has to approve my business trips", "does that apply to contractors as well?", TRAVEL, "employees and contractors"),
    _f("p04", "what's the rule on installing software", "and what about programs that aren't in it?", SECURITY, "reviewed by security for licensing and risk"),
    _f("p05", "what is the exit interview", "do I have to take part in it?", OFFBOARDING, "participation is voluntary"),
    _f("p06", "tell me about keeping-in-touch days during parental leave", "are they paid?", LEAVE, "normal daily rate"),
    _f("p07", "how do promotions work here", "and who reviews those cases?", PERFORMANCE, "promotion panel"),
    # Not English.
    _l("k1", "Når trådte retningslinjene for informasjonssikkerhet i kraft?", SECURITY, "1 march 2026"),
    _l("k2", "Prečo sa mi VPN doma stále odpája?", VPN, "unstable wi-fi"),
    _l("k3", "Moram li sudjelovati u izlaznom intervjuu?", OFFBOARDING, "participation is voluntary"),
    _l("k4", "Tôi có thể để máy tính xách tay công ty trong xe hơi không?", SECURITY, "never leave your laptop unattended"),
    _l("k5", "보안 사고는 어디로 신고해야 하나요?", SECURITY, "security@northwind.example"),
    _l("k6", "出差前需要谁批准？", TRAVEL, "approval from your budget holder"),
    _l("k7", "Нужна ли справка о смерти для отпуска по случаю утраты близкого?", LEAVE, "no documentation is required"),
    _l("k8", "Quan es calibren les valoracions de rendiment entre equips?", PERFORMANCE, "february"),
)  # fmt: skip
