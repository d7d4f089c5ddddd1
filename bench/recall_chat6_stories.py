"""Stories of bench/recall_chat6.py: what happens in a person's life, told the way people text.

Each story has slots filled per person, two to four episodes told in different sessions (each a
few messages; ``*`` marks the messages that hold the fact, ``me`` the person, ``fr`` the friend,
who sometimes says the fact back), a short description of each episode for cross-story temporal
questions, and its questions: (category, template, episodes whose ``*`` messages are the evidence).
Paraphrase questions share no content word with their evidence (checked by recall_chat6.check).
Written for session 19 by helper h3 before that round's recall changes; nobody tunes on it.
"""

from __future__ import annotations

from dataclasses import dataclass

Line = tuple[str, str]  # (who: "me*", "me", "fr*", "fr"; text)


@dataclass(frozen=True)
class Story:
    name: str
    group: str  # leisure, home, work, body: multi-hop questions gather a person's stories by group
    slots: dict[str, tuple[str, ...]]
    episodes: tuple[tuple[Line, ...], ...]
    descs: tuple[str, ...]  # "{me} ..." phrase per episode, for "the week before ..." questions
    questions: tuple[tuple[str, str, tuple[int, ...]], ...]


STORIES: tuple[Story, ...] = (
    Story(
        "pet", "home",
        {"pet": ("Pepper", "Miso", "Biscuit", "Clover", "Turnip"),
         "breed": ("an ex-racing greyhound", "a scruffy tabby kitten", "a beagle mix", "a lop-eared rabbit", "a one-eyed terrier"),
         "age": ("three", "two", "four", "five")},
        (
            (("me", "guess who has a new flatmate"), ("fr", "noo who?? not the guy from the climbing gym"),
             ("me*", "haha no. we picked up {pet} from the rescue place {rel}, {breed}, {age} years old and scared of literally everything")),
            (("me*", "{pet} chewed through my good headphone cable while i was on a call 😭"), ("fr", "rip. how much were they"),
             ("me", "don't ask")),
            (("me*", "vet trip {rel}, {pet} had all the jabs and has put on almost a kilo, the vet was v pleased"),
             ("fr", "aww good job pet parent")),
        ),
        ("brought an animal home from the shelter", "lost a headphone cable to the pet", "took the pet for its jabs"),
        (
            ("single", "What is the name of the animal {me} took in?", (0,)),
            ("paraphrase", "What did {me} adopt, and how old is it?", (0,)),
            ("temporal", "When did {me} first bring their pet home?", (0,)),
            ("multi", "What mischief and health news has {me} shared about their pet?", (1, 2)),
            ("open", "Would {me} appreciate a voucher for an animal supplies store?", (0, 2)),
            ("paraphrase", "Which of {me}'s belongings got ruined during a video meeting?", (1,)),
        ),
    ),
    Story(
        "race", "body",
        {"race": ("the Dam tot Damloop", "a half marathon in Rotterdam", "the river 10k", "the Utrecht trail run"),
         "time": ("1:58", "52 minutes", "2:07", "1:04"), "km": ("14", "18", "11")},
        (
            (("me*", "ok i did something stupid. signed up for {race} 😬"), ("fr", "you?? running??"),
             ("me", "i know i know. peer pressure from work")),
            (("me*", "did {km}k this morning in the pouring rain"), ("me", "knees are filing a complaint"),
             ("fr", "hot bath + ibuprofen")),
            (("me*", "FINISHED!!! {time}, crossed the line {rel} and cried a bit ngl"), ("fr*", "{time}!!! so proud of you")),
        ),
        ("signed up for a running event", "did a long wet training run", "completed the running event"),
        (
            ("single", "What was {me}'s finishing time in {race}?", (2,)),
            ("paraphrase", "How quickly did {me} get round the course?", (2,)),
            ("temporal", "When did {me} complete {race}?", (2,)),
            ("multi", "How did {me} get ready for {race} and how did it go?", (0, 1, 2)),
            ("open", "Would {me} describe themselves as sporty?", (0, 2)),
        ),
    ),
    Story(
        "job", "work",
        {"company": ("a tiny logistics startup", "the city library", "a bike repair co-op", "a dental clinic"),
         "role": ("ops coordinator", "events assistant", "bookkeeper", "receptionist"),
         "boss": ("Femke", "Rashid", "Ines", "Tobias"), "project": ("new booking system", "summer reading festival", "warehouse move")},
        (
            (("me*", "so... i handed in my notice today"), ("fr", "WHAT. where are you going"),
             ("me*", "starting at {company} next month as {role}")),
            (("me*", "first week done! {boss} is lovely, the coffee machine is a crime"), ("fr", "priorities")),
            (("me*", "they want me to lead the {project} at work, i'm kind of terrified"), ("fr", "you'll smash it")),
        ),
        ("resigned from the old job", "finished the first week in the new job", "was asked to lead a project"),
        (
            ("single", "Where does {me} work now?", (0,)),
            ("paraphrase", "Who does {me} report to these days?", (1,)),
            ("temporal", "When did {me} quit their previous employer?", (0,)),
            ("multi", "How has {me}'s new position gone so far?", (1, 2)),
            ("open", "Is {me} someone who takes on responsibility at work?", (2,)),
        ),
    ),
    Story(
        "trip", "leisure",
        {"place": ("Porto", "the Scottish highlands", "Kraków", "Sicily", "Ljubljana"),
         "with": ("my cousin Dana", "Joost from work", "my mum", "my old uni roommate"),
         "food": ("grilled octopus", "haggis, don't judge", "pierogi every single day", "cannoli the size of my arm", "some incredible mushroom soup")},
        (
            (("me*", "booked flights to {place} with {with} for the end of the month!!"), ("fr", "amazing, how long for")),
            (("me*", "back from {place} {rel}, legs destroyed from all the hills"), ("fr", "best thing you ate?"),
             ("me*", "{food}")),
            (("me*", "finally printed the photos from {place} and made an actual album like it's 2005"), ("fr", "retro queen")),
        ),
        ("booked a holiday", "came back from holiday", "made a photo album"),
        (
            ("single", "Who went on holiday with {me}?", (0,)),
            ("paraphrase", "What dish stood out for {me} on the getaway?", (1,)),
            ("temporal", "When did {me} return from {place}?", (1,)),
            ("multi", "What did {me} plan, do and keep from the holiday in {place}?", (0, 1, 2)),
            ("open", "Does {me} seem to enjoy seeing new countries?", (0, 1)),
        ),
    ),
    Story(
        "injury", "body",
        {"where": ("bouldering", "five-a-side", "the ice rink", "my own stairs"), "part": ("ankle", "wrist", "knee"),
         "weeks": ("six", "four", "eight")},
        (
            (("me*", "update: i sprained my {part} at {where} {rel}"), ("fr", "ouch!! are you ok"), ("me", "living. barely")),
            (("me*", "physio says {weeks} weeks of nothing fun"), ("fr", "noooo")),
            (("me*", "first day without the brace today, walked to the bakery like a free woman"),
             ("fr", "freedom!!")),
        ),
        ("got hurt", "got the physio's verdict", "took the brace off"),
        (
            ("single", "How did {me} hurt their {part}?", (0,)),
            ("paraphrase", "Which joint did {me} damage, and doing what?", (0,)),
            ("temporal", "When did {me}'s accident happen?", (0,)),
            ("multi", "How long was {me} out of action, and how did getting better go?", (1, 2)),
            ("open", "Is {me} likely to be careful the next time they take risks in sport?", (0, 1)),
        ),
    ),
    Story(
        "music", "leisure",
        {"inst": ("cello", "ukulele", "drum kit", "saxophone"), "teacher": ("Marguerite", "Kwame", "Sanne", "Lev"),
         "song": ("Hallelujah", "Dancing Queen", "a Bach minuet", "Wonderwall")},
        (
            (("me*", "bought a second hand {inst} off marktplaats for way too much"), ("fr", "the neighbours will love you"),
             ("me", "they already do not")),
            (("me*", "{teacher} (my teacher) says my timing is 'creative' lol"), ("fr", "that's a diplomatic insult")),
            (("me*", "played {song} at my cousin's wedding {rel} and nobody left the room"), ("fr*", "{song} on {inst}?? iconic")),
        ),
        ("bought an instrument", "got feedback from the teacher", "performed at a wedding"),
        (
            ("single", "What did {me} perform at the wedding?", (2,)),
            ("paraphrase", "Who gives {me} lessons?", (1,)),
            ("temporal", "When did {me} play in front of an audience?", (2,)),
            ("multi", "How has {me}'s {inst} playing developed over time?", (0, 1, 2)),
            ("open", "Would {me} enjoy a ticket to a classical concert?", (0, 2)),
        ),
    ),
    Story(
        "move", "home",
        {"area": ("Oost", "Noord", "the old harbour", "near the ring road"), "colour": ("sage green", "terracotta", "a very bold yellow"),
         "neighbour": ("Mrs Okafor", "a retired pilot called Henk", "Ayla downstairs")},
        (
            (("me*", "WE GOT THE KEYS"), ("me*", "new place in {area}, tiny balcony but it's ours"), ("fr", "omg congrats!!!")),
            (("me*", "painted the bedroom {colour} this weekend, no regrets yet"), ("fr", "pics or it didn't happen")),
            (("me*", "{neighbour} came round with soup when we were ill, best neighbour ever"), ("fr", "keep them forever")),
        ),
        ("got the keys to a new flat", "painted the bedroom", "was brought soup by a neighbour"),
        (
            ("single", "Which part of town did {me} move to?", (0,)),
            ("paraphrase", "What shade are {me}'s sleeping quarters now?", (1,)),
            ("temporal", "When did {me} get the keys to their new home?", (0,)),
            ("multi", "How has {me} settled into their new home?", (1, 2)),
            ("open", "Would {me} like a housewarming plant as a gift?", (0,)),
        ),
    ),
    Story(
        "market", "work",
        {"bake": ("sourdough", "cinnamon buns", "vegan brownies", "empanadas"), "cafe": ("Koffie Kom", "the corner café by the station", "Bakkerij Vos")},
        (
            (("me*", "i'm selling {bake} at the saturday market now lol, a whole stall"), ("fr", "entrepreneur era")),
            (("me*", "SOLD OUT in two hours {rel}"), ("fr*", "two hours! people love your {bake}")),
            (("me*", "{cafe} wants to stock them every week"), ("fr", "ok you're basically a business")),
        ),
        ("started a market stall", "sold out at the market", "got a café to stock the baking"),
        (
            ("single", "What does {me} sell at the market?", (0,)),
            ("paraphrase", "Which shop would like a regular supply of {me}'s products?", (2,)),
            ("temporal", "When did {me}'s stall run out of stock?", (1,)),
            ("multi", "How has {me}'s side business grown?", (1, 2)),
            ("open", "Might {me} one day open a bakery?", (0, 2)),
        ),
    ),
    Story(
        "family", "home",
        {"sib": ("my sister Noa", "my brother Pim", "my sister-in-law Greta"), "n1": ("Ada", "Sem", "Lina"), "n2": ("Bo", "Olle", "Mira")},
        (
            (("me*", "{sib} is expecting twins!!!"), ("fr", "TWINS. double trouble")),
            (("me*", "the twins arrived {rel}, {n1} and {n2}, everyone's healthy"), ("fr", "welcome to the world little ones")),
            (("me*", "babysat the twins for one evening. never again haha. respect to all parents"), ("fr", "hahaha")),
        ),
        ("heard about the twins on the way", "became an aunt or uncle", "babysat the twins"),
        (
            ("single", "What are the names of {me}'s niece and nephew?", (1,)),
            ("paraphrase", "Who in {me}'s family is going to have two babies at once?", (0,)),
            ("temporal", "When were {me}'s niece and nephew born?", (1,)),
            ("multi", "What has {me} told about the new babies in the family?", (0, 1, 2)),
            ("open", "Does {me} seem keen to have children soon?", (2,)),
        ),
    ),
    Story(
        "garden", "leisure",
        {"veg": ("courgettes", "broad beans", "tomatoes", "pumpkins"), "years": ("two", "three")},
        (
            (("me*", "we finally got an allotment!! after {years} years on the waiting list"), ("fr", "veg empire incoming")),
            (("me*", "the {veg} are finally coming up"), ("fr", "proud plant parent")),
            (("me*", "slugs ate half of everything {rel} 😤"), ("fr", "beer traps!! trust me")),
        ),
        ("got an allotment", "saw the first vegetables come up", "lost plants to slugs"),
        (
            ("single", "How long did {me} wait for their allotment?", (0,)),
            ("paraphrase", "What crop sprouted on {me}'s plot?", (1,)),
            ("temporal", "When did {me} have the slug disaster?", (2,)),
            ("multi", "How has {me}'s vegetable growing gone?", (1, 2)),
            ("open", "Would {me} enjoy a gardening book?", (0, 1)),
        ),
    ),
    Story(
        "course", "work",
        {"subject": ("Spanish", "bookkeeping", "UX design", "Italian"), "grade": ("an 8.5", "a distinction", "a 9")},
        (
            (("me*", "enrolled in an evening course in {subject}, tuesdays and thursdays"), ("fr", "where do you find the energy")),
            (("me*", "exam {rel}, my brain is soup"), ("fr", "you've got this")),
            (("me*", "passed with {grade}!!!"), ("fr*", "{grade}! nerd. (affectionate)")),
        ),
        ("started an evening course", "sat the exam", "got the exam result"),
        (
            ("single", "What is {me} studying in the evenings?", (0,)),
            ("paraphrase", "What mark did {me} score?", (2,)),
            ("temporal", "When did {me} sit their exam?", (1,)),
            ("multi", "How did {me}'s {subject} classes go from start to finish?", (0, 1, 2)),
            ("open", "Is {me} someone who likes learning new things?", (0, 2)),
        ),
    ),
)  # fmt: skip

REL = ("yesterday", "on saturday", "last weekend", "this morning", "on tuesday", "last night", "on sunday")

# Small talk: two fragments per line, never one line twice in a chat (bench/recall_chat6.py).
OPEN = (
    "ugh", "ok so", "lol", "honestly", "random but", "btw", "omg", "hmm", "right,", "also", "wait", "haha",
    "not gonna lie", "anyway", "sooo", "fun fact:", "small update:", "quick q,", "oh and", "yeah",
)  # fmt: skip
BODY = (
    "the tram was late again", "i've had three coffees already", "did you see the match last night",
    "what are you having for dinner", "this weather is unreal", "i need a nap", "my phone is dying",
    "work was long today", "i finally cleaned the fridge", "the wifi keeps cutting out", "i'm so behind on emails",
    "have you watched that new series", "i burned the rice", "the cat next door is on my windowsill again",
    "i found a tenner in my coat", "payday can't come soon enough", "my plants look sad", "i started a new book",
    "someone keeps microwaving fish at work", "my train got cancelled", "i'm craving pancakes",
    "the supermarket was chaos", "i can't find my keys", "i slept ten hours", "my back hurts from the sofa",
    "there's a festival in the park", "i'm trying to drink more water", "my laptop did an update mid-meeting",
    "the dishwasher is broken", "i bought way too many snacks", "my mum called for an hour",
    "i ran out of milk", "the bins didn't get collected", "it's so dark at 5pm", "i need new shoes",
    "my umbrella flipped inside out", "i watched a documentary about octopuses", "the lift at work is broken",
    "i'm thinking of cutting my hair", "our group chat is chaos", "i ate cereal for dinner", "the neighbours are drilling",
    "i forgot my lunch", "the sun came out for ten minutes", "i can't stop yawning", "i reorganised my wardrobe",
    "the printer at work jammed twice", "i tried that ramen place, meh", "my sister sent me 40 memes", "i lost at pub quiz again",
    "the heating is making that noise", "i bought a plant i will definitely kill", "my headphones died mid-podcast",
    "i walked the long way home", "someone took my parking spot", "my landlord finally replied", "i'm obsessed with this song",
    "i did nothing all sunday and it was great", "my dentist appointment got moved", "the bakery was out of croissants",
    "i spilled tea on my keyboard", "the meeting could've been an email", "i got a parcel for the neighbour",
    "it's been raining since tuesday", "i'm on my fourth episode tonight", "my hands are freezing", "i had soup for lunch",
    "the bus driver waved at me", "my sourdough starter smells weird", "i need a holiday from my holiday",
    "i signed up for a newsletter by accident", "my tooth hurts a bit", "the gym was packed", "i can't decide what to wear",
    "my screen cracked a little", "there's a new café on our street", "the cat knocked over my glass", "i'm learning to knit, badly",
    "i forgot it was bin day", "i got a parking ticket", "i finally booked the dentist", "i finished the puzzle",
    "someone at work brought cake", "my wifi is slower than a snail", "i'm making lasagne", "it's so windy outside",
)  # fmt: skip
TAIL = (
    "",
    "",
    "",
    " lol",
    " send help",
    " anyway",
    " 😂",
    " how's your day",
    " is that normal?",
    " classic me",
    " ugh",
    " 🙃",
)
REPLY = (
    "same tbh", "haha classic", "noo", "ugh relatable", "lmao", "omg yes", "fair", "ha, story of my life",
    "oh no", "honestly same", "wild", "love that for you", "hmm", "sounds about right", "😂", "yesss",
    "that's so you", "brave", "oof", "nice nice",
)  # fmt: skip
HELLO = ("heyyy", "hiya", "hey you", "morning!", "evening 👋", "yo", "hello stranger", "hi hi")
BYE = ("ok gotta run x", "night!", "talk soon", "byeee", "off to bed, chat tmrw", "laters 👋")
# Distractors: the stories' words about other people (never evidence).
DECOY = (
    "my colleague just adopted {breed} too, it's a whole trend", "my brother ran {race} last year in {time}",
    "a friend of mine just moved to {area}", "Dana keeps telling me to go to {place}",
    "my neighbour's kid is learning the {inst}", "my boss hurt her {part} skiing", "someone at work is doing an evening course in {subject}",
    "my aunt sells {bake} at a market in Haarlem", "my cousin had twins years ago, they're teenagers now",
    "saw a documentary about allotments and {veg}", "someone at my gym is starting at {company}",
    "someone was selling {bake} at the station, not as good as yours probably", "my flatmate painted her room {colour}, it looks awful",
)  # fmt: skip

# Talk about a story that states none of its asked facts (LoCoMo's people come back to the same
# few subjects session after session): 4-7 of these per story, in sessions after its first episode.
CHATTER: dict[str, tuple[Line, ...]] = {
    "pet": (("me", "{pet} is snoring next to me rn, 10/10 coworker"), ("fr", "how's {pet} doing btw"),
            ("me", "{pet} barked at a plastic bag for five minutes today"), ("me", "the rescue place sent a card asking how {pet} is settling"),
            ("fr", "give {pet} a scratch from me"), ("me", "thinking of getting {pet} one of those puzzle feeders")),
    "race": (("me", "my running app says i'm 'unproductive' this week, rude"), ("fr", "still running or have you retired"),
             ("me", "bought proper running socks, life changing"), ("me", "i keep thinking about doing another race next year"),
             ("fr", "how are the knees holding up"), ("me", "saw people training by the river and felt smug")),
    "job": (("me", "work is busy but good busy"), ("fr", "how's the new place treating you"),
            ("me", "had my first team lunch today, everyone ordered salad, i got fries"), ("me", "still getting lost in the building lol"),
            ("me", "my commute is 20 minutes shorter now which is heaven"), ("fr", "do you miss the old job at all")),
    "trip": (("me", "i keep looking at my photos from {place}"), ("fr", "are you still dreaming about {place}"),
             ("me", "found sand in my bag from the trip, how"), ("me", "already planning where to go next"),
             ("me", "my suitcase is STILL not unpacked"), ("fr", "you need another holiday already")),
    "injury": (("me", "the {part} is a bit stiff today"), ("fr", "how's the {part}?"),
               ("me", "doing my boring physio exercises in front of the tv"), ("me", "stairs are my nemesis this month"),
               ("me", "the weather makes my {part} ache, i'm 80 now apparently"), ("fr", "are you allowed to do sport again")),
    "music": (("me", "practised for an hour, the neighbours knocked once, progress"), ("fr", "how's the {inst} going"),
              ("me", "i have a blister from practising, worth it"), ("me", "learning scales is so boring but apparently necessary"),
              ("me", "watched a concert video for 'research'"), ("fr", "play me something next time i'm over")),
    "move": (("me", "still living out of boxes tbh"), ("fr", "how's the new flat"),
             ("me", "bought a rug, the flat finally feels like ours"), ("me", "the balcony gets sun until 4, i'm obsessed"),
             ("me", "assembled a wardrobe alone, never again"), ("fr", "when's the housewarming")),
    "market": (("me", "baked until midnight for the market, i smell like sugar"), ("fr", "save me some {bake}"),
               ("me", "my oven is working overtime"), ("me", "thinking about a new flavour for the stall"),
               ("me", "4am alarm for market day, pray for me"), ("fr", "how's the stall going")),
    "family": (("me", "got sent 30 baby photos today"), ("fr", "how are the little ones"),
               ("me", "{sib} looks so tired but happy"), ("me", "bought two tiny matching jumpers, couldn't resist"),
               ("me", "family group chat is 90% baby photos now"), ("fr", "are you the fun aunt/uncle yet")),
    "garden": (("me", "spent the whole afternoon at the allotment, sunburnt"), ("fr", "how's the veg patch"),
               ("me", "my neighbour on the next plot gave me seedlings"), ("me", "watering in this heat is a full time job"),
               ("me", "composting is weirdly satisfying"), ("fr", "bring me something from the plot")),
    "course": (("me", "homework for class tonight, send help"), ("fr", "how's the course"),
               ("me", "our teacher speaks SO fast"), ("me", "made flashcards like i'm 15 again"),
               ("me", "skipped class once and felt guilty all week"), ("fr", "are you enjoying the course")),
}  # fmt: skip

# Multi-hop across stories: episodes that answer a question about the person's life as a whole, in
# words none of them uses (asked when two or more of the person's stories have one).
ACROSS: dict[str, tuple[str, dict[str, int]]] = {
    "setback": ("What has gone wrong for {me} lately?",
                {"pet": 1, "race": 1, "injury": 0, "garden": 2}),
    "win": ("What accomplishments is {me} proud of?",
            {"race": 2, "job": 2, "music": 2, "market": 1, "course": 2}),
    "new": ("What new things has {me} acquired recently?",
            {"pet": 0, "music": 0, "move": 0, "garden": 0}),
}  # fmt: skip
