"""The questions of the seventeenth blind set (bench/answer_quality_blind17.py): session 33, helper u.

Written before the round's changes were measured on it, by someone who tunes nothing and did not read
the ranking, abstention or assistant code; nobody else reads this file. ``python
bench/answer_quality_blind17.py --check`` proves mechanically that (1) every fact is in a sentence of
one of its expected documents (the handbook among the generated demo corpus, ``--docs 300 --seed
7``), (2) no turn repeats or nearly repeats a turn of an earlier set (main set, blind 1-16) by words,
and (3) no English turn is within MiniLM cosine 0.8 of an earlier set's turn. The result is in the
runner's docstring.

Sources. Blind 16 asked ten documents; this set asks the other fourteen, written from the documents'
meaning in the words of someone with a situation rather than a keyword: the leave handbook (the
sections past annual leave: keeping-in-touch days, jury service, volunteering, carer's and emergency
leave, public holidays on non-working days, buying leave, phased returns, adoption appointments,
unpaid leave, leave overdrawn at the end), the code of conduct (gifts, journalists, competitors at
fairs, the insider list, the yearly confirmation), health and safety, onboarding, recruitment and
referrals, the accounts, incident, laptop and VPN runbooks, data retention, the information security
policy, travel and expenses, and procurement.

Registers (``tag``) as blind 11-16: ``chat``, ``terse``, ``ramble``, ``context``, ``whatif``,
``compare``, ``typo``, ``wrongtitle``, ``polite``, ``yesno``, ``variant``. Unanswerable kinds: ``near``,
``finer``, ``premise``, ``absent``, ``never``, ``offdomain``. Conversations (2 turns, the last scored):
``pronoun``, ``ellipsis``, ``correction``, ``switch``. Non-English questions in common languages
(Spanish, German, French, Italian, Portuguese, Dutch, Polish, Swedish), in new wording, expect the
English-only note and name a document for "language first citation".
"""

from __future__ import annotations

# The question builders are blind 10's (answerable, conversation, unanswerable, language).
from answer_quality_blind9_questions import Q9
from answer_quality_blind10_questions import _a, _c, _l, _n

LEAVE = "hr/leave-policy-handbook-2026.md"
CONDUCT = "hr/code-of-conduct.txt"
SAFETY = "hr/health-and-safety.txt"
ONBOARD = "hr/onboarding-guide.md"
RECRUIT = "hr/recruitment-and-referrals.md"
ACCOUNTS = "it/runbook-accounts-and-access.txt"
INCIDENTS = "it/runbook-incident-response.md"
LAPTOPS = "it/runbook-laptops-and-equipment.md"
VPN = "it/runbook-vpn-troubleshooting.md"
RETENTION = "security/data-retention-policy.md"
INFOSEC = "security/information-security-policy.html"
TRAVEL = "finance/travel-and-expenses-policy.md"
PROC = "finance/procurement-policy.html"

BLIND17: tuple[Q9, ...] = (
    # The leave handbook, past annual leave
    _a("h01", "ramble", "I'm off with the baby until summer but the team has its planning away-day in May and I'd love to join - would going in for that day end my parental leave?", LEAVE, "up to ten keeping-in-touch days without ending your leave"),
    _a("h02", "chat", "by when should i tell hr that i'm expecting, i'm due in september", LEAVE, "at least 15 weeks before the expected due date"),
    _a("h03", "chat", "how many days can i spend helping out at the food bank on work time", LEAVE, "two paid volunteering days per year"),
    _a("h04", "context", "My father has just been diagnosed with something serious and I need to look after him. Is any of that time paid?", LEAVE, "up to five days of paid carer's leave per year"),
    _a("h05", "whatif", "If my kid's school suddenly shuts for the day and I have to stay home, do I lose a day's pay?", LEAVE, "paid for up to two days per occurrence"),
    _a("h06", "yesno", "I'm a school governor - do I get paid time for the board meetings?", LEAVE, "up to ten paid days per year are granted for public duties"),
    _a("h07", "chat", "they want me to staff the stand at a trade show on a public holiday, what do i get back", LEAVE, "you receive a day off in lieu, to be taken within three months"),
    _a("h08", "chat", "is there a way to get more holiday by giving up some salary", LEAVE, "buy up to five extra days of leave through salary sacrifice"),
    _a("h09", "ramble", "coming back after my knee operation next month, I don't think I can manage full days straight away, is there some kind of gradual return and would I still be paid normally?", LEAVE, "reduced hours for up to four weeks at full pay"),
    _a("h10", "chat", "we're in the process of adopting, do i need to use holiday for the agency meetings before the child arrives", LEAVE, "paid time off is also granted for up to five pre-adoption appointments"),
    _a("h11", "terse", "max unpaid days off per year personal reasons", LEAVE, "unpaid leave of up to 20 working days per year"),
    _a("h12", "whatif", "If I quit after using more vacation than I had built up, what happens to the extra days?", LEAVE, "leave taken in excess of your accrued entitlement is deducted from your final pay"),
    _a("h13", "chat", "a close friend of mine died last week, am i allowed any paid time", LEAVE, "up to three paid days are granted"),
    # The code of conduct
    _a("h14", "chat", "a supplier dropped off a bottle of wine worth maybe 60 euro, do i have to log that somewhere", CONDUCT, "record every gift or invitation worth more than 50 eur in the gifts register"),
    _a("h15", "chat", "i want to do weddings as a freelance photographer at weekends, what do i need to do first", CONDUCT, "tell your manager and record it in the conflicts register before starting"),
    _a("h16", "chat", "a reporter messaged me on linkedin asking about our restructuring, how should i handle it", CONDUCT, "refer journalists who contact you to the communications team"),
    _a("h17", "ramble", "at a conference dinner last night two people from a rival firm started comparing what they charge per licence and I just sat there - what was I meant to do?", CONDUCT, "leave any meeting where such topics come up and tell legal"),
    _a("h18", "chat", "can i give my brother a heads up about the acquisition we're about to announce so he can buy shares", CONDUCT, "do not pass such information to others"),
    _a("h19", "terse", "code of conduct yearly sign-off month", CONDUCT, "every employee confirms each year in january"),
    # Health and safety
    _a("h20", "chat", "where would i find an AED if someone collapses", SAFETY, "next to the reception desk and in the kitchens"),
    _a("h21", "chat", "i'm pregnant, will i have to take holiday for my scans", SAFETY, "paid time off is given for antenatal appointments"),
    _a("h22", "yesno", "Can I change the bulbs up a ladder in the lab by myself after hours?", SAFETY, "lone working in the hardware lab or on ladders is not allowed"),
    _a("h23", "chat", "tripped over my own laptop cable at home during a call and hurt my wrist, does that count as something to report", SAFETY, "including while working from home or travelling"),
    _a("h24", "chat", "does work pay for an eye test since i stare at screens all day", SAFETY, "free eye test every two years"),
    # Onboarding
    _a("h25", "chat", "starting monday in the office, what time do i need to be there", ONBOARD, "arrive at 09:30 at reception"),
    _a("h26", "chat", "what am i supposed to have done by my second month here", ONBOARD, "by 60 days you take ownership of your first project"),
    _a("h27", "chat", "still in my first months, how much notice would i have to give if i left now", ONBOARD, "during probation the notice period on both sides is two weeks"),
    _a("h28", "yesno", "Can my trial period be made longer than six months?", ONBOARD, "extended once, by up to three months"),
    _a("h29", "chat", "i have under 15 gb free and everything is sluggish, how much space should i keep", LAPTOPS, "at least 20 gb"),
    # Recruitment and referrals
    _a("h30", "yesno", "I manage a team - if I recommend a friend who joins my own team, do I still get the referral money?", RECRUIT, "managers cannot receive a bonus for hiring into their own team"),
    _a("h31", "context", "We have an opening on my team and my cousin outside the company wants it. Does he have to wait while staff get a first look?", RECRUIT, "at least five working days before external candidates are considered"),
    _a("h32", "terse", "interview scorecard due how soon", RECRUIT, "within 24 hours"),
    # Accounts and access
    _a("h33", "chat", "kept typing the wrong password and now i can't get in, how long till it lets me try again", ACCOUNTS, "accounts lock for 30 minutes after ten failed sign-in attempts"),
    _a("h34", "chat", "the freelancer we hired got a login - does it ever run out", ACCOUNTS, "expire after six months or at the end of the contract"),
    _a("h35", "whatif", "If someone's last day is Friday, at what time do they lose access to their accounts?", ACCOUNTS, "disabled automatically at 18:00 local time on their last working day"),
    _a("h36", "ramble", "I dropped my phone in a lake on holiday and it had the authenticator on it, I'm back at work today and can't sign in at all - what will the service desk give me to get going?", ACCOUNTS, "temporary access pass valid for eight hours"),
    # Incident response
    _a("h37", "chat", "who's actually allowed to open an incident, do i need to be an sre", INCIDENTS, "anyone can declare an incident"),
    _a("h38", "chat", "during an outage how often are we supposed to post on the status page", INCIDENTS, "at least every 30 minutes until it is resolved"),
    _a("h39", "wrongtitle", "The 'Outage Playbook' - when can we call an incident over?", INCIDENTS, "monitoring has been stable for 30 minutes"),
    # Laptops and equipment
    _a("h40", "chat", "my macbook is 3 years old and slow, when am i due a new one", LAPTOPS, "laptops are replaced every four years"),
    _a("h41", "chat", "knocked tea over my keyboard, will i be without a computer for days", LAPTOPS, "a loan laptop is couriered to you the next working day"),
    _a("h42", "terse", "onboarding buddy how often meet first month", ONBOARD, "buddies meet you at least once a week during the first month"),
    # VPN
    _a("h43", "context", "I'm at an airport lounge and GlobalProtect just spins. What should I do first?", VPN, "accept the network's terms page"),
    _a("h44", "chat", "vpn is crawling from home, can i pick a different server", VPN, "switch the client to the nearest gateway manually"),
    # Data retention
    _a("h45", "chat", "how far back could someone dig up my old slack dms", RETENTION, "slack messages for two years"),
    _a("h46", "chat", "after i leave, how long does the company hang on to my hr file", RETENTION, "personnel files are kept for seven years after employment ends"),
    _a("h47", "whatif", "If a client cancels their contract, how soon is their account data wiped?", RETENTION, "deleted within 90 days after the contract ends"),
    # Information security
    _a("h48", "yesno", "Can I get my login codes by text message instead of using the app?", INFOSEC, "sms codes are not accepted"),
    _a("h49", "chat", "i need admin on my laptop to install a driver, how long do i get it for", INFOSEC, "granted for up to four hours through the privileged access tool"),
    _a("h50", "chat", "what number do i ring at 3am if my laptop gets nicked at the station", INFOSEC, "+31 20 555 0199"),
    # Travel and expenses
    _a("h51", "chat", "staying at my cousin's place instead of a hotel in berlin, can i claim anything", TRAVEL, "claim up to 40 eur per night for a gift to your host"),
    _a("h52", "chat", "7 hour flight to toronto, am i stuck in economy", TRAVEL, "premium economy is allowed for flights between six and nine hours"),
    _a("h53", "terse", "client dinner spending cap per head", TRAVEL, "100 eur per person including drinks"),
    _a("h54", "chat", "driving my own car to a customer site, how much per km do i get back", TRAVEL, "0.30 eur per kilometre"),
    # Procurement
    _a("h55", "chat", "supplier says their invoice got bounced back, we never raised a PO - is that why", PROC, "returned to the supplier unpaid"),
    _a("h56", "whatif", "If I'm a director, what's the largest contract value I can sign myself?", PROC, "directors up to 250,000 eur"),
    _a("h57", "chat", "a tiny local bakery caters our events, can we pay them faster than usual", PROC, "small and local suppliers may be offered 14-day terms"),
    # Unanswerable
    _n("u01", "near", "How long are WhatsApp messages with customers kept?"),
    _n("u02", "near", "For a business trip to Mumbai, how much may the hotel cost per night?"),
    _n("u03", "near", "How many keeping-in-touch days do I get during a sabbatical?"),
    _n("u04", "finer", "Which courier company delivers the loan laptops?"),
    _n("u05", "finer", "Which airlines does Navan give us a discount with?"),
    _n("u06", "finer", "Who exactly sits on the Health and Safety Committee?"),
    _n("u07", "premise", "Since sick pay at full salary now lasts 40 working days, when do statutory rates kick in?"),
    _n("u08", "premise", "Since the London hotel limit was raised to 400 EUR, can I book a five-star place?"),
    _n("u09", "premise", "Given the gifts cap went up to 150 EUR per item, which gifts do I still have to register?"),
    _n("u10", "absent", "Which floor is the canteen on in the Dublin office?"),
    _n("u11", "absent", "Under the old 2021 purchasing rules, from what amount did we need a tender?"),
    _n("u12", "never", "Do we get an extra day off on our birthday?"),
    _n("u13", "never", "Does the company organise free flu jabs in the autumn?"),
    _n("u14", "never", "Can I borrow a company camper van for a team weekend?"),
    _n("u15", "offdomain", "what is the square root of 169"),
    _n("u16", "offdomain", "how many bones are in an adult human body"),
    # Conversations: only the last turn is scored
    _c("c01", "pronoun", ("my colleague put me forward for an engineering job that's flagged as hard to fill", "how much does she get for it if I'm hired?"), RECRUIT, "3,000 eur for hard-to-fill engineering roles"),
    _c("c02", "pronoun", ("I've been called up for jury service next month", "who do I have to tell about it, and when?"), LEAVE, "tell your manager as soon as you receive the summons"),
    _c("c03", "pronoun", ("a client invited me to a concert, ticket worth about 120 EUR", "can I accept it?"), CONDUCT, "up to 75 eur per item"),
    _c("c04", "pronoun", ("someone fainted in the kitchen yesterday", "who should I phone first if it happens again?"), SAFETY, "in a medical emergency call 112 first"),
    _c("c05", "ellipsis", ("do we have to keep old purchase orders around, and until when", "what about supplier agreements once they have run out?"), RETENTION, "signed contracts are kept for ten years after they expire"),
    _c("c06", "correction", ("what is the weekly on-call allowance", "sorry, I meant how fast a SEV2 page must be acknowledged"), INCIDENTS, "15 minutes for sev2"),
    _c("c07", "switch", ("what's the hotel cap in paris", "other thing: how many volunteering days does everyone get?"), LEAVE, "two paid volunteering days per year"),
    # Not English (common languages, new wording)
    _l("k01", "es", "Si fallece mi abuela, ¿cuántos días de permiso pagado me corresponden?", LEAVE, "ten days of paid bereavement leave"),
    _l("k02", "de", "Mein Laptop ist kaputt - wann bekomme ich ein Ersatzgerät geliehen?", LAPTOPS, "couriered to you the next working day"),
    _l("k03", "fr", "Une fois ma demande d'accès approuvée, en combien de temps l'accès standard est-il ouvert ?", ACCOUNTS, "within one working day of approval"),
    _l("k04", "it", "Posso viaggiare in prima classe sul treno se devo lavorare durante il tragitto?", TRAVEL, "first class is allowed when the journey is longer than two hours"),
    _l("k05", "pt", "Quantas vezes por ano fazemos simulacros de incêndio?", SAFETY, "fire drills are held twice a year"),
    _l("k06", "nl", "Mag ik een USB-stick gebruiken op mijn werklaptop?", INFOSEC, "usb storage devices are blocked on company laptops"),
    _l("k07", "pl", "Ile wynosi tygodniowy dodatek za dyżur?", INCIDENTS, "allowance of 250 eur per week"),
    _l("k08", "sv", "Hur länge sparas säkerhetsloggar?", RETENTION, "security and access logs are kept for one year"),
)  # fmt: skip
