"""The questions of the ninth blind set (bench/answer_quality_blind9.py): session 22, helper g1.

Written before the round's changes were measured, by someone who does not tune; nobody else reads
this file. ``python bench/answer_quality_blind9.py --check`` proves mechanically that (1) every fact is
in its expected documents (the handbook AND the generated demo corpus, ``--docs 300 --seed 7``),
(2) no fact of an earlier set (the main set, blind 1-8) occurs in a corpus sentence holding one of
this set's facts, and (3) no question repeats or nearly repeats an earlier set's question (the
closest pairs are printed; the result is in the runner's docstring).

Sources. After eight sets only ~50 substantive handbook sentences hold no earlier set's fact; the
handbook questions ask those. More than a third of the answerable questions are answered only by the
demo-corpus documents (``kassist demo-corpus``): their team/office headers (local contact and cover,
the works-council addition of an office, a reception number, the keeper of a register of approvals,
who maintains a handover page), which no earlier set asks. Their expected documents are every
generated document holding the answering sentence (the check proves the list).

Registers (the ``tag`` of each question; metrics are printed per tag): ``chat`` as typed in a chat box
(lower case, no question mark, a few realistic typos); ``context`` irrelevant context first; ``words``
the organisation's words used differently (synonyms, job titles, informal names); ``yesno``;
``whatif`` scenarios; ``number`` one number, name or date wanted. Unanswerable kinds: ``near`` (shares
most words with a real section, asks what it does not say), ``premise`` (false premise: blind 5-8's
convention, counts as unanswerable), ``finer`` (a detail finer than the document gives), ``absent``
(an office, country or year the corpus lacks), ``never`` (subject never covered), ``offdomain``.
Conversations (2-3 turns, only the last is scored): ``pronoun``, ``ellipsis`` ("and in warsaw?"),
``correction`` ("no, I meant the singapore one"), ``switch`` (a new topic that must NOT inherit the
previous document). Non-English questions in languages no earlier set used (Ukrainian, Hebrew,
Arabic, Hindi, Thai, Lithuanian, Estonian, Slovenian, Tagalog, Swahili, Afrikaans) expect the
English-only note, and name a document for "language first citation" as in blind 5-8.
"""

from __future__ import annotations

from dataclasses import dataclass

from answer_quality_questions import Question

ARCHIVE = "archive/leave-policy-2024.md"
CONDUCT = "hr/code-of-conduct.txt"
SAFETY = "hr/health-and-safety.txt"
LEAVE = "hr/leave-policy-handbook-2026.md"
ONBOARDING = "hr/onboarding-guide.md"
PERFORMANCE = "hr/performance-and-compensation.md"
REMOTE = "hr/remote-work-policy.md"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
INCIDENTS = "it/runbook-incident-response.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
VPN = "it/runbook-vpn-troubleshooting.md"
PRIVACY = "security/employee-privacy-notice.md"
SECURITY = "security/information-security-policy.html"

# Demo-corpus documents (generated with --docs 300 --seed 7), each holding one answering sentence.
D_FINOPS_LISBON = "hr/before-your-first-day-manager-guide-00299.md"
D_FINOPS_TORONTO = "facilities/handover-reporting-database-mateo-de-vries-00056.txt"
D_SALESAM_SINGAPORE = "facilities/lunch-and-kitchen-singapore-office-00125.md"
D_SALESEMEA_LONDON = "hr/london-expense-request-7861-00073.pdf"
D_SALESEMEA_SINGAPORE = "hr/performance-improvement-plans-manager-guide-00176.md"
D_CS_AMSTERDAM = "finance/london-access-request-9388-00142.docx"
D_CS_LONDON = "security/handover-reporting-database-diego-schmidt-00207.html"
D_LEGAL_NEWYORK = "security/working-in-public-places-legal-and-privacy-2025-00201.md"
D_AE_AMSTERDAM = "security/phishing-and-suspicious-email-analytics-engineering-2025-00052.md"
D_SALESEMEA_WARSAW = "security/software-installation-warsaw-office-00138.docx"
D_SRE_LONDON = "facilities/site-reliability-weekly-meeting-notes-week-46-00277.md"
D_TA_LISBON = "hr/exit-interview-manager-guide-2026-00000.html"
D_DP_SINGAPORE = "facilities/handover-jira-kwame-haddad-00037.txt"
D_SALESAM_TORONTO = "finance/charging-and-fuel-toronto-office-00163.html"
D_WC_AMS_SECOPS = "hr/how-do-i-raise-a-grievance-faq-2026-00293.md"
D_WC_BERLIN_TA = "archive/finance-operations-weekly-meeting-notes-week-31-v1.3-00081.md"
D_WC_LISBON_SALESEMEA = "security/passwords-and-passphrases-manager-guide-00104.md"
D_WC_TORONTO_CS = "facilities/handover-reporting-database-sven-walsh-00136.md"
D_WC_NY_SRE = "security/lost-or-stolen-devices-faq-2025-00168.md"
D_WC_WARSAW_CS = "facilities/warsaw-access-request-9004-00065.txt"
D_WC_AMS_CS = "it/frequent-disconnections-amsterdam-office-00058.html"
D_WC_BERLIN_DP = ("hr/after-you-leave-faq-00193.pdf", "it/broken-or-damaged-laptop-berlin-office-00199.md")
D_RECEPTION_AMS = "it/laptop-backups-lisbon-office-2025-00078.pdf"
D_RECEPTION_BERLIN = "finance/contracts-and-signing-authority-data-platform-2025-00116.md"
D_NY_TRAVEL_6745 = "finance/new-york-travel-request-6745-00218.md"
D_HANDOVER_GRAFANA_JK = "facilities/handover-grafana-jan-khan-00029.txt"
D_WORKPLACE_450 = "it/broken-or-damaged-laptop-workplace-2026-00147.txt"


@dataclass(frozen=True)
class Q9(Question):
    """A blind-9 question: ``tag`` is its register or kind (metrics per tag), ``source`` handbook or
    demo, ``before`` the earlier turns of a conversation (played in order; only the last is scored)."""

    tag: str = ""
    source: str = "handbook"
    before: tuple[str, ...] = ()


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


BLIND9: tuple[Q9, ...] = (
    # Handbook: sentences no earlier set asks
    _a("h01", "words", "under the old 2024 leave rules did part timers get the full 25 days or less", ARCHIVE, "pro-rata entitlement"),
    _a("h02", "yesno", "Is the 2024 leave policy still the one that applies?", ARCHIVE, "superseded by the leave policy handbook 2026"),
    _a("h03", "whatif", "If the law in my country gives more holiday than the company handbook, which one do I get?", LEAVE, "unless local law grants more"),
    _a("h04", "context", "I'm moving from the Berlin team to a client project in Asia for a year and my visa paperwork is a nightmare, but anyway: does our code of conduct actually say we have to follow the local laws over there?", CONDUCT, "obeying the law everywhere we operate"),
    _a("h05", "yesno", "is discrimination because of someone's gender identity covered by the anti harassment rules", CONDUCT, "gender identity"),
    _a("h06", "context", "We signed an NDA with a reseller last week and they sent over their product roadmap. Does the conduct code say I have to protect a partner's info as well, or only ours?", CONDUCT, "our customers and our partners"),
    _a("h07", "words", "is it ok to fill in my kid's school forms on the work macbook now and then", (CONDUCT, "it/acceptable-use-policy.txt"), "limited personal use"),
    _a("h08", "whatif", "What if I use the team's money for something personal and pay it back the next week, is that ok?", CONDUCT, "for business use"),
    _a("h09", "chat", "does the company take mental health as seriously as physical safety", SAFETY, "as important as physical health"),
    _a("h10", "number", "first day - what happens in the morning exactly", ONBOARDING, "badge photo"),
    _a("h11", "whatif", "I'll be in the office after 8pm a few times next month for a launch. My badge probably won't work then - who do I ask?", ONBOARDING, "requested through the facilities team"),
    _a("h12", "chat", "new starter, where do i get a keybaord and mouse from", (ONBOARDING, LAPTOPS), "it equipment catalogue"),
    _a("h13", "words", "I'm a fully remote hire - is there a one-time payment to set up my desk at home?", ONBOARDING, "one-off home office allowance"),
    _a("h14", "context", "I relocated here for this job and honestly don't know anybody outside my squad yet. How do people usually meet colleagues from other teams?", ONBOARDING, "interest-based slack channels"),
    _a("h15", "words", "Why am I lower in the pay range than a teammate with exactly the same job title?", PERFORMANCE, "experience and performance"),
    _a("h16", "chat", "when do team socials n planning sessions normally happen for hybrid ppl", REMOTE, "scheduled on anchor days"),
    _a("h17", "context", "My kitchen chair is killing my back after three months of working from home. Can the company get me a proper chair?", REMOTE, "ergonomic chair"),
    _a("h18", "yesno", "Am I allowed to work on my own personal laptop from home if it's faster than the company one?", REMOTE, "use only your company laptop"),
    _a("h19", "whatif", "someone rang the service desk saying they're the cfo and need their mfa reset right now. what do i do first", ACCOUNTS, "verify the caller's identity"),
    _a("h20", "words", "For a new hire, when does the laptop get ordered?", ACCOUNTS, "equipment orders are triggered at the same time"),
    _a("h21", "number", "If the whole product is down for lots of customers, how fast are we expected to respond?", INCIDENTS, "response immediately, 24/7"),
    _a("h22", "chat", "what should support agents tell customers during an outage", INCIDENTS, "status page text"),
    _a("h23", "yesno", "do i need to bring my laptop charger to the office or is there something on the desks", LAPTOPS, "usb-c dock"),
    _a("h24", "context", "I'm at a hotel in Milan for a workshop and GlobalProtect won't connect at all. What's the very first thing to check?", VPN, "opening a public website"),
    _a("h25", "chat", "where is the vpn app on windows so i can restart it", VPN, "system tray"),
    _a("h26", "words", "My Windows laptop keeps dropping the tunnel. Which power setting on the wireless card should I change?", VPN, "turn off this device to save power"),
    _a("h27", "chat", "it asked me for my globalprotect logs, how do i get them", VPN, "collect logs"),
    _a("h28", "whatif", "Half the company can't get on the VPN this morning. Do we still just log a normal ticket for each person?", VPN, "declare an incident"),
    _a("h29", "words", "User says GlobalProtect keeps rejecting their credentials. How do we find out whether the password itself is the problem?", VPN, "okta dashboard in a browser"),
    _a("h30", "yesno", "Is my sick-leave information treated any differently from the rest of my HR data?", PRIVACY, "specially protected"),
    _a("h31", "chat", "what does the company use my personal data for", PRIVACY, "plan the workforce"),
    _a("h32", "context", "A supplier we've used for years emailed asking us to update their IBAN before the next invoice run. Anything I should watch out for?", SECURITY, "change bank details"),
    _a("h33", "yesno", "Do I have to mark my documents as confidential or internal, or is that optional?", SECURITY, "label documents"),
    _a("h34", "whatif", "If I report my laptop as stolen, what does IT do to it?", SECURITY, "remotely lock and wipe"),
    _a("h35", "yesno", "are the company macbooks encrypted", SECURITY, "filevault"),
    _a("h36", "words", "Our lab test rig can't run the endpoint agent. Is there some way to get it excused from the device rules?", SECURITY, "approved by the security team for a limited period"),
    _a("h37", "context", "I commute two hours by train and like to work on the customer figures on the way. Anything I should be doing?", SECURITY, "privacy filter"),
    _a("h38", "chat", "what do i do with printouts of restricted stuff when i'm done with them", SECURITY, "shredded when no longer needed"),
    _a("h39", "whatif", "A colleague shared a cracked copy of a design tool because the licence is so expensive. Can I use it for work?", SECURITY, "pirated or unlicensed software is forbidden"),
    _a("h40", "words", "Could I get admin rights on all the production databases, just in case I need them someday?", SECURITY, "least privilege"),
    _a("h41", "whatif", "I think there's malware on my laptop. Should I try cleaning it up myself before telling anyone?", SECURITY, "do not try to investigate yourself"),
    _a("h42", "yesno", "is it ok to look up a friend's account in the customer database just out of curiosity", SECURITY, "only when your work requires it"),
    _a("h43", "yesno", "Does the information security policy cover our freelancers too, or just employees?", SECURITY, "including contractors"),
    _a("h44", "chat", "monitor keyboard headset - how do i order extra stuff for my desk, need approval?", LAPTOPS, "with manager approval"),
    # Demo corpus: team/office headers, handovers, requests (answered by no handbook document)
    _d("d01", "number", "who is the local contact for the finance operations team in lisbon", D_FINOPS_LISBON, "sofia nowak"),
    _d("d02", "words", "Sofia Nowak in Lisbon finance ops is off this week - who's standing in for her?", D_FINOPS_LISBON, "sofia okafor"),
    _d("d03", "chat", "toronto finance ops local contact?", D_FINOPS_TORONTO, "lucas nowak"),
    _d("d04", "context", "I just transferred to the Sales Americas team in our Singapore office and still don't know who to go to for local stuff. Who's the contact there?", D_SALESAM_SINGAPORE, "hannah garcia"),
    _d("d05", "number", "Who covers for the Sales EMEA local contact in London when they're on holiday?", D_SALESEMEA_LONDON, "noah larsen"),
    _d("d06", "chat", "customer success amsterdam who is the local person", D_CS_AMSTERDAM, "mei walsh"),
    _d("d07", "words", "Who's the go-to person on site for Customer Success in London?", D_CS_LONDON, "noah de vries"),
    _d("d08", "number", "For the legal and privacy team in New York, who covers during the local contact's absences?", D_LEGAL_NEWYORK, "mateo petrova"),
    _d("d09", "chat", "analytics engineering amsterdam - who do i ask locally", D_AE_AMSTERDAM, "grace martin"),
    _d("d10", "context", "We're a small sales emea crew in warsaw and our manager is based elsewhere. Who's the local contact for us?", D_SALESEMEA_WARSAW, "yusuf haddad"),
    _d("d11", "number", "Who is the local contact for the site reliability team at the London office?", D_SRE_LONDON, "priya chen"),
    _d("d12", "words", "Talent acquisition folks in Lisbon - who is our on-site contact?", D_TA_LISBON, "lucas iyer"),
    _d("d13", "chat", "data platform singapore local contact and backup", D_DP_SINGAPORE, "priya garcia"),
    _d("d14", "number", "Who covers for the Sales Americas contact in Toronto during absences?", D_SALESAM_TORONTO, "jan nowak"),
    _d("d15", "number", "How many weeks ahead must Security Operations schedules be published in the Amsterdam office?", D_WC_AMS_SECOPS, "security operations schedules are published 2 weeks ahead"),
    _d("d16", "words", "What did the Lisbon works council agree for Sales EMEA rotas?", D_WC_LISBON_SALESEMEA, "sales emea schedules are published 6 weeks ahead"),
    _d("d17", "chat", "toronto customer success schedule how far in advance", D_WC_TORONTO_CS, "customer success schedules are published 3 weeks ahead"),
    _d("d18", "yesno", "Does the New York office have any local works council rule for the site reliability team's schedules?", D_WC_NY_SRE, "site reliability schedules are published 6 weeks ahead"),
    _d("d19", "number", "who coordinates the warsaw customer success schedule rule", D_WC_WARSAW_CS, "priya demir"),
    _d("d20", "chat", "data platform rota berlin, how many weeks notice", D_WC_BERLIN_DP, "data platform schedules are published 3 weeks ahead"),
    _d("d21", "number", "what's the phone number for reception in amsterdam", D_RECEPTION_AMS, "(512) 644-6848"),
    _d("d22", "number", "Berlin reception phone number please", D_RECEPTION_BERLIN, "+49 151 6037 6715"),
    _d("d23", "number", "On New York travel request 6745, up to what amount can a Product Design line manager approve?", D_NY_TRAVEL_6745, "550 eur"),
    _d("d24", "chat", "who keeps the ny register of approvals on travel request 6745", D_NY_TRAVEL_6745, "daniel bakker"),
    _d("d25", "words", "Who looks after the handover page for Jan Khan's Grafana handover?", D_HANDOVER_GRAFANA_JK, "jan petrova and fatima larsen"),
    _d("d26", "whatif", "I'm in the Workplace team and need to buy something for 600 EUR. Can my line manager sign that off, or does it go higher?", D_WORKPLACE_450, "requests up to 450 eur"),
    # No answer in the corpus
    _n("u01", "near", "how often are the lab equipment exceptions to the device rules reviewed, every 3 or 6 months"),
    _n("u02", "near", "how many days after my start date is the badge photo retaken if i don't like it"),
    _n("u03", "near", "What is the maximum file size I can send through the secure file transfer service?"),
    _n("u04", "near", "how long does the public status page keep old incident posts"),
    _n("u05", "near", "Which brand of privacy filter does IT hand out, and is it free?"),
    _n("u06", "near", "how many e-bike charging points are there in the basement bike storage"),
    _n("u07", "near", "what time do the interest-based slack channel meetups happen each week"),
    _n("u08", "finer", "How many minutes of the first morning are spent on the company introduction?"),
    _n("u09", "finer", "what is the fine in euros for using pirated software at work"),
    _n("u10", "finer", "How many working days does IT take to wipe and reissue a recovered stolen laptop?"),
    _n("u11", "finer", "exactly what percentage of the salary band midpoint do new joiners start at"),
    _n("u12", "premise", "since the 2026 handbook dropped the annual leave entitlement to 20 days, can i still carry over five"),
    _n("u13", "premise", "Now that personal use of work laptops is completely banned, where am I supposed to check my private email?"),
    _n("u14", "premise", "since sev1 outages only get a response the next business day, who do I call on a saturday"),
    _n("u15", "premise", "Now that contractors are exempt from the information security policy, which rules do they follow instead?"),
    _n("u16", "premise", "as the vpn is no longer needed at home, what's the new intranet address"),
    _n("u17", "absent", "Madrid office reception phone number"),
    _n("u18", "absent", "Who is the local contact for the Sales Americas team in our Paris office?"),
    _n("u19", "absent", "What did the 2023 leave policy say about sick notes?"),
    _n("u20", "absent", "how far ahead are schedules published in the mumbai office under the works council deal"),
    _n("u21", "never", "How do I get the company-branded email signature set up in Outlook?"),
    _n("u22", "never", "how do i nominate someone for the annual hackathon jury"),
    _n("u23", "never", "Is there a policy on flying personal drones at company events?"),
    _n("u24", "never", "How do I change my display name in Slack after a legal name change?"),
    _n("u25", "never", "How do I book the company's holiday apartment in Portugal for a private stay?"),
    _n("u26", "offdomain", "write me a haiku about monday mornings"),
    _n("u27", "offdomain", "What is 17% of 2,340?"),
    _n("u28", "offdomain", "best way to get red wine out of a white carpet"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("tell me about cracked or pirated apps on work laptops", "and who signs off exceptions to the device rules for lab hardware?"), SECURITY, "approved by the security team for a limited period"),
    _c("c02", "ellipsis", ("who is the local contact for the customer success team in london", "and in amsterdam?"), D_CS_AMSTERDAM, "mei walsh", "demo"),
    _c("c03", "correction", ("who is the local contact for sales emea in london", "no sorry, I meant the singapore one"), D_SALESEMEA_SINGAPORE, "elena larsen", "demo"),
    _c("c04", "switch", ("our checkout service is down, what's the process for opening an incident", "where do i order a keyboard and mouse"), (ONBOARDING, LAPTOPS), "it equipment catalogue"),
    _c("c05", "pronoun", ("what vpn client do we use", "it keeps disconnecting on my windows laptop", "which adapter setting was that again?"), VPN, "turn off this device to save power"),
    _c("c06", "pronoun", ("I'm joining the Toronto finance operations team next month", "who's the local contact for that team?", "and who covers when he's away?"), D_FINOPS_TORONTO, "elena demir", "demo"),
    _c("c07", "ellipsis", ("are the company macs encrypted", "and the windows laptops?"), SECURITY, "bitlocker"),
    _c("c08", "switch", ("what's the works council rule for warsaw customer success schedules", "ok thanks. separate thing: is it fine to use pirated software if the licence is too expensive?"), SECURITY, "pirated or unlicensed software is forbidden"),
    _c("c09", "pronoun", ("what should I do if I think my laptop has malware", "should I delete the suspicious files myself?"), SECURITY, "do not delete evidence"),
    _c("c10", "correction", ("when are data platform schedules published in the berlin office", "sorry, I meant talent acquisition"), D_WC_BERLIN_TA, "talent acquisition schedules are published 2 weeks ahead", "demo"),
    _c("c11", "ellipsis", ("how far ahead are customer success schedules published in the amsterdam office", "and in warsaw?"), D_WC_WARSAW_CS, "priya demir", "demo"),
    _c("c12", "switch", ("who is the local contact for finance operations in lisbon", "what happens on the morning of my first day?"), ONBOARDING, "badge photo"),
    _c("c13", "pronoun", ("when is something a sev1", "and what do support agents tell customers during one?"), INCIDENTS, "status page text"),
    # Not English (languages no earlier set used)
    _l("k01", "uk", "Чи можна використовувати піратське програмне забезпечення для роботи?", SECURITY, "pirated or unlicensed software is forbidden"),
    _l("k02", "he", "האם המחשבים הניידים של החברה מוצפנים?", SECURITY, "filevault"),
    _l("k03", "ar", "ماذا أفعل إذا اعتقدت أن حاسوبي مصاب ببرنامج ضار؟", SECURITY, "do not try to investigate yourself"),
    _l("k04", "hi", "क्या ट्रेन में काम करते समय मुझे प्राइवेसी फ़िल्टर लगाना चाहिए?", SECURITY, "privacy filter"),
    _l("k05", "th", "ถ้าแล็ปท็อปของบริษัทถูกขโมย ฝ่ายไอทีจะทำอะไรกับเครื่อง", SECURITY, "remotely lock and wipe"),
    _l("k06", "lt", "Kodėl mano atlyginimas yra žemiau atlyginimų juostoje nei kolegos su tokiomis pačiomis pareigomis?", PERFORMANCE, "experience and performance"),
    _l("k07", "et", "Kas kaugtöötajad saavad kodukontori sisseseadmiseks ühekordset toetust?", ONBOARDING, "one-off home office allowance"),
    _l("k08", "sl", "Ali lahko na službenem prenosniku med malico urejam osebne stvari?", (CONDUCT, "it/acceptable-use-policy.txt"), "limited personal use"),
    _l("k09", "tl", "Saan ako pwedeng umorder ng keyboard at mouse bilang bagong empleyado?", (ONBOARDING, LAPTOPS), "it equipment catalogue"),
    _l("k10", "sw", "Je, sera ya likizo ya mwaka 2024 bado inatumika?", ARCHIVE, "superseded by the leave policy handbook 2026"),
    _l("k11", "af", "Wie is die plaaslike kontakpersoon vir die finansiële span in Lissabon?", D_FINOPS_LISBON, "sofia nowak", "demo"),
)  # fmt: skip
