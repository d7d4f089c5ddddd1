"""Life arcs of bench/recall_chat8.py: long, chatty messages between two old friends catching up.

Unlike the earlier generated chats (stock templates; chat6's lower-case texting), these are written the
way LoCoMo's speakers write: whole sentences of 20-50 words, feelings before facts, questions back to
the friend, names and pronouns instead of the topic word ("she", "the little one", "that place"),
a fact often given only as the answer to the friend's question (the answer turn is the evidence and
does not repeat the topic word), and facts that change later (a date moved, a plan dropped).

Each arc: slots filled per person; three episodes told in different sessions (``*`` marks the turns
holding the fact; ``me`` the person, ``fr`` the friend); each episode's relative time (``{rel}``)
resolved from the session date for date questions; a description per episode for "before"
questions; its questions (category, template, episodes whose ``*`` turns are the evidence); later
talk about the arc that gives no asked fact; and decoy lines about third people in the arc's words.
Paraphrase questions share no content word with their evidence (recall_chat6.check, imported).
Written for session 20 by helper h3 before that round's recall changes; nobody tunes on it.
"""

from __future__ import annotations

from dataclasses import dataclass

Line = tuple[str, str]  # (who: "me*", "me", "fr*", "fr"; text)


@dataclass(frozen=True)
class Arc:
    name: str
    group: str  # home, body, work, mind: multi-hop questions gather a person's arcs by group
    slots: dict[str, tuple[str, ...]]
    episodes: tuple[tuple[Line, ...], ...]
    descs: tuple[str, ...]  # past-tense phrase per episode: "before they {desc}"
    questions: tuple[tuple[str, str, tuple[int, ...]], ...]
    later: tuple[Line, ...]  # talk in later sessions that states no asked fact
    decoys: tuple[str, ...]  # the arc's words about somebody else


ARCS: tuple[Arc, ...] = (
    Arc(
        "renovation", "home",
        {"room": ("the kitchen", "the loft", "the back bedroom"), "builder": ("Declan", "a firm called Hartley & Sons", "a one-man band called Vik"),
         "problem": ("rotten joists under the floor", "asbestos in the old ceiling tiles", "a cracked drain right under the extension")},
        (
            (("me*", "We've finally bitten the bullet and started on {room}. {builder} turned up {rel} with a skip and a radio that only plays eighties power ballads, so that's my life for the next two months."),
             ("fr", "Ha! Better than silence I suppose. How long did they say it would take?"),
             ("me", "Eight weeks, which everyone tells me means twelve.")),
            (("fr", "How's the building site? Any surprises yet?"),
             ("me*", "Honestly, don't. They pulled everything apart {rel} and found {problem}. The quote has basically doubled and I've been lying awake doing sums.")),
            (("me*", "It's DONE. We had friends round {rel} to christen it and I may have cried a little bit when I turned the lights on."),
             ("fr", "You earned that cry. Send me pictures?")),
        ),
        ("had the builders start work", "found a nasty problem in the house", "finished the building work"),
        (
            ("single", "Which part of the house did {me} have redone?", (0,)),
            ("single", "Who did {me} hire for the building work?", (0,)),
            ("paraphrase", "What unexpected defect pushed up the cost of {me}'s home improvement?", (1,)),
            ("temporal", "When did the builders start at {me}'s place?", (0,)),
            ("multi", "How did {me}'s renovation go from start to finish?", (0, 1, 2)),
            ("open", "Would {me} be a good person to ask for a tradesperson recommendation?", (0, 2)),
        ),
        (("me", "Sorry if I'm slow to reply, the drilling starts at half seven and my brain isn't working."),
         ("me", "Every surface in the house is covered in a fine layer of dust. I've given up."),
         ("fr", "Has the house stopped smelling of paint yet?"),
         ("me", "We keep walking in there just to stand and look at it. Is that weird?")),
        ("My neighbour's got {builder} doing {room} and apparently they found {problem} too.",
         "Saw a programme about people doing up {room} on a budget, it made me so anxious."),
    ),
    Arc(
        "driving", "mind",
        {"instructor": ("Bev", "a very calm man called Sunil", "Mrs Okafor"), "fails": ("once", "twice", "three times"),
         "car": ("a tiny red Fiat 500", "my aunt's old Yaris", "a second-hand Polo")},
        (
            (("me*", "Don't laugh, but at my age I've started driving lessons. {instructor} picked me up {rel} and I stalled four times before we left the street."),
             ("fr", "I'm not laughing! Well, a bit. Good for you though."),),
            (("fr", "Did the test happen in the end?"),
             ("me*", "It did and I failed it. I'd already failed {fails} before this and {rel} I went straight over a mini roundabout like it wasn't there.")),
            (("me*", "PASSED. {rel}. And I've bought {car} with the money I'd saved for a holiday, which felt very grown-up."),
             ("fr", "Congratulations!! Road trip!")),
        ),
        ("started learning to drive", "failed a driving test", "passed the driving test"),
        (
            ("single", "Who is {me}'s driving instructor?", (0,)),
            ("single", "What car did {me} buy?", (2,)),
            ("paraphrase", "How many attempts did it take {me} to get a licence?", (1, 2)),
            ("temporal", "When did {me} pass their driving test?", (2,)),
            ("multi", "How did {me} get on with learning to drive?", (0, 1, 2)),
            ("open", "Is {me} likely to own a car now?", (2,)),
        ),
        (("me", "My left leg still twitches whenever I'm a passenger now, I keep pressing an imaginary clutch."),
         ("fr", "Are you still terrified of motorways?"),
         ("me", "I've started listening to the highway code on audiobook. That's where I am in life.")),
        ("My cousin just failed {fails} too, something about a mini roundabout, it must be going around.",
         "Someone at work is selling {car}, if you know anyone who wants one."),
    ),
    Arc(
        "parent", "home",
        {"parent": ("Mum", "Dad"), "op": ("a new hip", "a knee replacement", "a heart bypass"), "hospital": ("the General", "St Luke's", "the Royal Infirmary")},
        (
            (("me*", "Bit of a heavy one. {parent} has been told they need {op}. They're putting a brave face on it but I could hear it in their voice."),
             ("fr", "Oh love. That's a lot. Are you going up to be with them?"),
             ("me", "Yes, I'll be there most weekends for a while.")),
            (("fr", "How did the operation go?"),
             ("me*", "Better than we dared hope. It was at {hospital} {rel} and the surgeon said it was textbook. They were asking for a cup of tea before I'd even sat down.")),
            (("me*", "We've sorted out carers coming in twice a day now, which means I can go back to only driving up every other weekend."),
             ("fr", "That must be such a relief.")),
        ),
        ("heard about a parent's operation", "sat with a parent after surgery", "arranged carers for a parent"),
        (
            ("single", "What operation did {me}'s parent need?", (0,)),
            ("single", "Where did {me}'s parent have the operation?", (1,)),
            ("paraphrase", "How often does outside help visit {me}'s elderly relative?", (2,)),
            ("temporal", "When was {me}'s parent operated on?", (1,)),
            ("multi", "How has {me}'s parent's health story unfolded?", (0, 1, 2)),
            ("open", "Has {me} been spending a lot of time travelling to see family?", (0, 2)),
        ),
        (("me", "Spent the whole weekend on the motorway again. I know every service station by name now."),
         ("fr", "How's your {parent} doing these days? Up and about?"),
         ("me", "They've taken up crosswords to keep busy and they phone me with the clues they can't get.")),
        ("My neighbour's {parent} went into {hospital} for {op} last week, everyone seems to be having one.",
         "There was a piece on the radio about waiting lists for {op}, it's scandalous."),
    ),
    Arc(
        "wedding", "home",
        {"partner": ("Priya", "Tom", "Alex", "Mireille"), "venue": ("a barn near Hay-on-Wye", "a boathouse on Windermere", "the registry office and then the pub"),
         "month": ("June", "September", "April")},
        (
            (("me*", "Right, I can't keep it in any longer. {partner} asked me {rel}, on the beach, with a ring made out of a crisp packet because the real one was stuck at customs."),
             ("fr", "STOP. I'm screaming. Did you say yes?"),
             ("me", "Obviously I said yes, are you mad?")),
            (("fr", "Have you two found somewhere yet?"),
             ("me*", "We have! We saw {venue} {rel} and just looked at each other. Booked for {month}, it's actually happening.")),
            (("me*", "Small change of plan, they double-booked us, so it's moved back a whole month. The invitations have to be redone, which is costing a fortune."),
             ("fr", "Nightmare! At least you found out now.")),
        ),
        ("got engaged", "booked a wedding venue", "had to move the wedding"),
        (
            ("single", "Who is {me} going to marry?", (0,)),
            ("single", "Where is {me} holding the wedding?", (1,)),
            ("paraphrase", "How did {me}'s other half pop the question?", (0,)),
            ("temporal", "Is {me}'s wedding still in {month}?", (1, 2)),
            ("multi", "What has happened with {me}'s wedding plans so far?", (0, 1, 2)),
            ("open", "Is {me} likely to be short of money this year?", (2,)),
        ),
        (("me", "I have spent three evenings looking at napkins. Napkins! Who even am I?"),
         ("fr", "How's the planning going, still friends with each other?"),
         ("me", "My mother has opinions about the seating plan. Many, many opinions.")),
        ("My sister got engaged at {venue} and it rained the whole day.",
         "Everyone's getting married in {month} this year, I've got three weddings already."),
    ),
    Arc(
        "choir", "mind",
        {"piece": ("Fauré's Requiem", "Messiah", "a Queen medley"), "part": ("second alto", "tenor", "bass"), "venue": ("the cathedral", "the town hall", "a tiny church in Hebden Bridge")},
        (
            (("me*", "I've joined a community choir, can you believe it? They put me in with the {part}s after about ten seconds of listening to me."),
             ("fr", "That is so lovely. You always sang in the car."),),
            (("me*", "We've started rehearsing {piece} for the spring concert. It's so far beyond me but the director is patient in a way I find slightly terrifying."),
             ("fr", "You'll be brilliant, I know it.")),
            (("fr", "How did the big night go?"),
             ("me*", "It was in {venue} {rel} and about four hundred people came. I came in a bar early once and nobody noticed. I've never felt anything like it.")),
        ),
        ("joined a choir", "started rehearsing for a concert", "sang in a concert"),
        (
            ("single", "Which voice part does {me} sing?", (0,)),
            ("single", "What did {me}'s choir perform?", (1,)),
            ("paraphrase", "Where did {me} make their big stage debut?", (2,)),
            ("temporal", "When did {me}'s choir give its concert?", (2,)),
            ("multi", "What has {me} been doing with their music group?", (0, 1, 2)),
            ("open", "Would {me} enjoy tickets to a classical music evening?", (0, 1)),
        ),
        (("me", "I had the alto line stuck in my head all through a meeting and nearly hummed it out loud."),
         ("fr", "Still going to rehearsals every week?"),
         ("me", "Wednesday evenings are sacred now, I've told everyone.")),
        ("My colleague sings {part} in a choir that's doing {piece} at {venue}.",
         "There's a concert of {piece} on the telly on Sunday if you fancy it."),
    ),
    Arc(
        "foodbank", "work",
        {"day": ("Tuesdays", "Saturday mornings", "Thursday evenings"), "task": ("sorting tins", "driving the van", "running the intake desk"), "count": ("two hundred", "three hundred and fifty", "ninety")},
        (
            (("me*", "I've started helping at the food bank on {day}. It's mostly {task}, which suits me because I can't be trusted with people before coffee."),
             ("fr", "That's a lovely thing to do."),),
            (("me*", "We had the busiest day we've ever had {rel}. {count} families. I went home and just sat in the car for ten minutes."),
             ("fr", "That's heartbreaking. Are you OK?")),
            (("fr", "Are you still doing the food bank?"),
             ("me*", "More than ever, they've asked me to be on the committee now. Which apparently means spreadsheets.")),
        ),
        ("started volunteering", "had a very busy day helping families", "got asked onto a committee"),
        (
            ("single", "When does {me} help at the food bank each week?", (0,)),
            ("single", "What job does {me} do at the food bank?", (0,)),
            ("paraphrase", "How many households turned up on the record day where {me} helps out?", (1,)),
            ("temporal", "When did the food bank where {me} helps have its busiest day?", (1,)),
            ("multi", "What has {me} been doing as a volunteer?", (0, 1, 2)),
            ("open", "Does {me} care about poverty in their area?", (0, 1)),
        ),
        (("me", "Donations always dry up after Christmas, it's so predictable and so sad."),
         ("fr", "Do they need anything I could drop off?"),
         ("me", "Honestly, toiletries. Nobody ever thinks of toiletries.")),
        ("My aunt does {task} at a food bank on {day} as well, she loves it.",
         "The news said {count} families used food banks in our town last month."),
    ),
    Arc(
        "diagnosis", "body",
        {"condition": ("type 2 diabetes", "coeliac disease", "high blood pressure"), "change": ("no more bread", "walking for an hour every day", "cutting out salt completely"),
         "number": ("48", "52", "39")},
        (
            (("fr", "What did the doctor say in the end?"),
             ("me*", "It's {condition}. I'm not shocked, if I'm honest. I've been ignoring the signs for a year.")),
            (("me*", "The new regime is {change}. I'm grumpy and hungry but I've already got a bit more energy."),
             ("fr", "That's brilliant, stick with it.")),
            (("me*", "Had the follow-up bloods {rel} and my numbers have come down to {number}. The nurse actually high-fived me."),
             ("fr", "A nurse high five is the highest honour.")),
        ),
        ("got a diagnosis", "changed their diet and routine", "had good results at a check-up"),
        (
            ("single", "What was {me} diagnosed with?", (0,)),
            ("single", "What lifestyle change is {me} making?", (1,)),
            ("paraphrase", "How did {me}'s latest lab test turn out?", (2,)),
            ("temporal", "When did {me} have the follow-up blood test?", (2,)),
            ("multi", "How has {me} dealt with their health problem?", (0, 1, 2)),
            ("open", "Should you bring {me} a big cake for their birthday?", (0, 1)),
        ),
        (("me", "I read every label in the supermarket now. It takes me an hour to buy lunch."),
         ("fr", "How are you feeling these days, body-wise?"),
         ("me", "Some days are easier than others. Today was fine.")),
        ("My uncle's just been told he's got {condition} too, he's taking it badly.",
         "There was an article saying {change} is the best thing you can do for your health."),
    ),
    Arc(
        "neighbour", "home",
        {"who": ("the man at number 12", "the couple next door", "our upstairs neighbour"), "issue": ("a leylandii hedge that blocks all our light", "a fence they moved a foot onto our side", "music until three in the morning"),
         "outcome": ("the council mediator", "a very awkward barbecue", "a solicitor's letter")},
        (
            (("me*", "We're having a proper feud with {who}. It's about {issue}. I never thought I'd become one of those people."),
             ("fr", "Oh no. Neighbour wars are the worst, you can't escape them."),),
            (("fr", "Any progress with next door?"),
             ("me*", "Worse, actually. {rel} they left a note on the car that I won't repeat. My partner wants to go round, I want to move.")),
            (("me*", "It's finally sorted, believe it or not, and it was {outcome} that did it. We even waved at each other this morning."),
             ("fr", "Peace in our time!")),
        ),
        ("started a dispute with a neighbour", "got a nasty note from a neighbour", "made peace with a neighbour"),
        (
            ("single", "What is {me}'s disagreement with the neighbours about?", (0,)),
            ("single", "Who is {me} in a dispute with?", (0,)),
            ("paraphrase", "What brought the quarrel next door to an end for {me}?", (2,)),
            ("temporal", "When did {me} get the note from the neighbours?", (1,)),
            ("multi", "How did things go between {me} and the people next door?", (0, 1, 2)),
            ("open", "Has {me} been stressed at home this year?", (0, 1)),
        ),
        (("me", "I saw them in the supermarket and hid behind the cereal. I'm forty years old."),
         ("fr", "Still at war with the neighbours?"),
         ("me", "I've started parking round the corner just to avoid the whole thing.")),
        ("My brother's got {issue} with his neighbours too, it's gone to {outcome}.",
         "There was a whole programme about {issue} last night, people get so nasty."),
    ),
    Arc(
        "climbing", "body",
        {"gym": ("the Foundry", "a bouldering wall in an old church", "the climbing centre by the station"), "grade": ("a V4", "a 6b", "a V3"), "injury": ("a torn pulley in my ring finger", "a sprained wrist", "skin off every fingertip")},
        (
            (("me*", "New obsession: bouldering. A friend dragged me to {gym} and now I go three times a week."),
             ("fr", "Your forearms must be enormous."),),
            (("me*", "I topped {grade} {rel}! It's been my nemesis for weeks. Everyone in the place clapped, I nearly fell off again from embarrassment."),
             ("fr", "Look at you, you absolute spider.")),
            (("fr", "Why the long face?"),
             ("me*", "Six weeks off the wall, doctor's orders. I've done {injury} trying to show off.")),
        ),
        ("took up bouldering", "climbed a hard problem", "got hurt at the wall"),
        (
            ("single", "Where does {me} go climbing?", (0,)),
            ("single", "What grade did {me} finally climb?", (1,)),
            ("paraphrase", "Why is {me} taking a break from their sport?", (2,)),
            ("temporal", "When did {me} top their hardest climb?", (1,)),
            ("multi", "What has happened with {me}'s climbing?", (0, 1, 2)),
            ("open", "Would {me} like a gift of chalk and a brush for holds?", (0, 1)),
        ),
        (("me", "My hands look like I work down a mine, the manicurist nearly sent me away."),
         ("fr", "Are you still going to the wall every week?"),
         ("me", "I watch climbing videos in bed now. This is who I am.")),
        ("A lad at work did {injury} at {gym} last week.",
         "My nephew is obsessed with bouldering, he says {grade} is easy, the little liar."),
    ),
    Arc(
        "redundancy", "work",
        {"company": ("the insurance firm", "the council", "the agency"), "months": ("three", "six", "four"), "client": ("a bakery chain", "a football club", "a local hospice")},
        (
            (("me*", "So. {company} announced cuts {rel} and my whole team is going. I have {months} months of pay and a leaving card with a cartoon of a sad cat on it."),
             ("fr", "I'm so sorry. That's brutal. How are you actually feeling?"),
             ("me", "Weirdly calm. Ask me again next week.")),
            (("me*", "I've decided I'm going freelance. I've registered as self-employed and made myself a website that my nephew says is 'very 2009'."),
             ("fr", "Brave! I think you'll be great at it.")),
            (("fr", "How's the freelance life?"),
             ("me*", "I got my first proper client {rel}! {client}. Not glamorous, but they pay on time.")),
        ),
        ("lost their job", "went freelance", "landed a first client"),
        (
            ("single", "Where did {me} use to work?", (0,)),
            ("single", "Who was {me}'s first freelance client?", (2,)),
            ("paraphrase", "How much severance did {me} get?", (0,)),
            ("temporal", "When was {me} told their team was being cut?", (0,)),
            ("multi", "How has {me}'s working life changed this year?", (0, 1, 2)),
            ("open", "Is {me} likely to have a regular monthly salary now?", (1, 2)),
        ),
        (("me", "Invoicing is the worst part. Nobody warned me about the invoicing."),
         ("fr", "How's the work situation, enough coming in?"),
         ("me", "I work at the kitchen table in my dressing gown and I'm not sorry.")),
        ("My friend at {company} went freelance too, her first client was {client}.",
         "Apparently {company} is hiring again, after all that."),
    ),
    Arc(
        "baby", "home",
        {"sibling": ("my sister", "my brother and his wife", "my little sister"), "name": ("Ottilie", "Rafferty", "Noor", "Finn"), "weight": ("seven pounds two", "eight pounds four", "six pounds nine")},
        (
            (("me*", "I'm going to be an auntie! Well, an aunt or uncle, whatever I am. {sibling} told us at Sunday lunch {rel} and Mum dropped the gravy boat."),
             ("fr", "That's wonderful news! When's it due?"),
             ("me", "Late spring, they think.")),
            (("fr", "Any news on the baby front?"),
             ("me*", "The baby arrived {rel}! {name}, {weight}, and already has the family nose, poor thing.")),
            (("me*", "I did my first solo babysit. Nobody died, I changed three nappies and I've never been so tired in my life."),
             ("fr", "Ha, welcome to the club.")),
        ),
        ("heard a baby was on the way", "welcomed a new baby in the family", "babysat for the first time"),
        (
            ("single", "What is the name of {me}'s new niece or nephew?", (1,)),
            ("single", "How much did the new baby in {me}'s family weigh?", (1,)),
            ("paraphrase", "Who in {me}'s family is expecting?", (0,)),
            ("temporal", "When was the new baby in {me}'s family born?", (1,)),
            ("multi", "What has happened around the new baby in {me}'s family?", (0, 1, 2)),
            ("open", "Would {me} appreciate a book about being a good aunt or uncle?", (0, 2)),
        ),
        (("me", "I've bought far too many tiny socks. Tiny socks are my weakness now."),
         ("fr", "How's the little one doing?"),
         ("me", "My phone is now ninety percent baby photos and I regret nothing.")),
        ("My colleague's baby {name} was born at {weight} last week.",
         "{sibling} of a friend of mine is expecting too, it's a baby boom."),
    ),
    Arc(
        "podcast", "mind",
        {"topic": ("forgotten women scientists", "terrible films from the nineties", "the history of our town"), "cohost": ("my old flatmate Gemma", "my brother-in-law", "a guy from the pub quiz"),
         "listens": ("a thousand", "five hundred", "two thousand")},
        (
            (("me*", "Bit of a secret: I'm starting a podcast with {cohost}. It's about {topic}. Please don't judge me."),
             ("fr", "Judge you? I want to be a guest!"),),
            (("me*", "We recorded the first episode {rel}, in my wardrobe, because of the acoustics. I sound like a robot."),
             ("fr", "Everyone hates their own voice, it's a law.")),
            (("fr", "How's the show doing?"),
             ("me*", "We just passed {listens} downloads. Mostly our mums, but still!")),
        ),
        ("started a podcast", "recorded a first episode", "hit a download milestone"),
        (
            ("single", "What is {me}'s podcast about?", (0,)),
            ("single", "Who does {me} make the podcast with?", (0,)),
            ("paraphrase", "How big is the audience of {me}'s audio programme?", (2,)),
            ("temporal", "When did {me} record the first episode?", (1,)),
            ("multi", "How has {me}'s podcast project gone?", (0, 1, 2)),
            ("open", "Would {me} want a good microphone as a present?", (0, 1)),
        ),
        (("me", "I've spent more on foam panels than I'd like to admit."),
         ("fr", "Still recording every week?"),
         ("me", "I listen back in the car and cringe at my own laugh.")),
        ("My cousin has a podcast about {topic} with {cohost} of hers.",
         "I heard a podcast about {topic} on the train, it was actually good."),
    ),
)  # fmt: skip

# Questions across arcs, in none of their words: (template, {arc name: episode index}).
ACROSS: dict[str, tuple[str, dict[str, int]]] = {
    "worry": ("Who or what has {me} been worried about recently?",
              {"parent": 0, "renovation": 1, "neighbour": 1, "diagnosis": 0, "redundancy": 0}),
    "proud": ("What achievements has {me} been proud of this year?",
              {"driving": 2, "choir": 2, "climbing": 1, "podcast": 2, "diagnosis": 2}),
    "spend": ("What big expenses has {me} had lately?", {"renovation": 1, "wedding": 2, "driving": 2}),
    "family": ("What family news has {me} shared?", {"parent": 0, "baby": 0, "wedding": 0}),
    "firsts": ("What has {me} tried for the first time this year?",
               {"driving": 0, "choir": 0, "climbing": 0, "podcast": 0, "foodbank": 0, "redundancy": 1}),
    "setbacks": ("What has gone badly for {me} recently?",
                 {"driving": 1, "climbing": 2, "renovation": 1, "neighbour": 1, "redundancy": 0, "wedding": 2}),
    "people": ("Who are the new people in {me}'s life?", {"driving": 0, "renovation": 0, "baby": 1, "redundancy": 2}),
    "celebrate": ("What has {me} had reason to celebrate?", {"renovation": 2, "wedding": 0, "baby": 1, "driving": 2, "neighbour": 2}),
    "evenings": ("Where does {me} spend their evenings and weekends these days?",
                 {"choir": 0, "foodbank": 0, "climbing": 0, "parent": 0}),
}  # fmt: skip

# Relative times inside episodes: (phrase, days before the session). Date questions resolve them.
REL: tuple[tuple[str, int], ...] = (
    ("yesterday", 1), ("the day before yesterday", 2), ("on Saturday", -1), ("last weekend", -2),
    ("this morning", 0), ("three days ago", 3), ("last Tuesday", -3), ("a week ago today", 7),
)  # fmt: skip

HELLO = (
    "Hello stranger! It feels like ages since we last talked properly.",
    "Hiya, have you got a minute? I've got so much to tell you.",
    "Morning! I'm on the train so I might drop out, but I wanted to catch up.",
    "Hey you. Sorry I went quiet, the last couple of weeks have been a lot.",
    "Evening! I've finally got the kettle on and my feet up.",
    "There you are! I was starting to think you'd emigrated.",
    "Hi! Quick catch-up before the week eats me alive?",
)
BYE = (
    "Right, I'd better go, the dinner's burning. Speak soon!",
    "Lovely to catch up. Same time next week?",
    "I have to dash, but let's not leave it so long next time.",
    "Love to everyone at yours. Bye for now!",
    "Off to bed, I can barely keep my eyes open. Night!",
    "Take care of yourself, I mean it.",
)
REPLY = (
    "Oh, that's so good to hear.",
    "Ha, honestly, same.",
    "I can imagine. You poor thing.",
    "No way. Tell me more next time.",
    "That sounds about right, to be fair.",
    "Oh bless. Give them my love.",
    "Mm, I know exactly what you mean.",
    "Well, that's one way of doing it!",
    "Ugh, I'm sorry. That's rubbish.",
    "You always find the silver lining, I love that about you.",
)

# Small talk is built from three parts so that no line repeats within a chat.
TALK_A = (
    "I have to tell you,", "Random thought, but", "Not much news here really, except", "Oh, and",
    "Did I mention that", "Funny thing,", "You'll laugh, but", "Honestly,", "Meanwhile,", "Anyway,",
    "So apparently", "Small update:",
)  # fmt: skip
TALK_B = (
    "the boiler made that noise again", "I've been binge-watching a Danish crime drama",
    "the weather here has been absolutely biblical", "I finally cleared out the garage",
    "work has been one long meeting", "I tried that ramen place you mentioned",
    "the cat from next door has adopted our shed", "I've been sleeping terribly",
    "I read a whole novel on the bus this week", "the trains were cancelled three days running",
    "I made a lasagne that could feed a village", "my phone screen cracked again",
    "we've been doing a jigsaw of the Sistine Chapel", "the kids' school had a nits outbreak",
    "I booked a dentist appointment after two years", "I've been trying to drink more water",
    "my tomatoes have all split", "the internet went down for a whole day",
    "I watched the snooker final until midnight", "I started a sourdough and then forgot about it",
    "I've been walking to work instead of taking the bus", "the new series of that baking show started",
    "we got lost on a walk and ended up in the wrong village", "I've been learning a bit of Spanish on an app",
)  # fmt: skip
TALK_C = (
    ".", ", which is about the size of it.", ", so that's been fun.", ". What about you?",
    ", don't ask.", ", believe it or not.", ". Riveting stuff, I know.", ", as you do.",
)  # fmt: skip
