"""Words of bench/recall_chat.py's LoCoMo-shaped chats: themes of a person's life, each with its
activities (told in long chatty first-person turns with a relative time, a detail in the reply
to the friend's question, sometimes a callback sessions later), the friend's reactions in the
theme's words, musings in the theme's words that state no fact, and decoys (someone else did
something of the theme). Questions are written in other words than the turns that answer them.

An activity: (tell with {when}, detail, callback or "", single question, temporal verb phrase,
callback question or ""). {me} is the person asked about; {side} someone else.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    name: str
    react: tuple[str, ...]
    muse: tuple[str, ...]
    decoy: tuple[str, ...]
    multi: tuple[str, ...]
    open: tuple[str, ...]
    acts: tuple[tuple[str, str, str, str, str, str], ...]


THEMES: tuple[Theme, ...] = (
    Theme(
        "art",
        (
            "Wow, that's amazing! Art is such a great way to get what's inside out. What did you end up making?",
            "Oh I love that you're doing creative stuff again, you always light up when you talk about it. How did it turn out?",
            "That sounds so relaxing, honestly I'm jealous. Did you make anything you're proud of?",
        ),
        (
            "Making things with my hands has become my therapy, you know? When I'm creating I stop overthinking everything.",
            "I keep telling myself I'm not a real artist, but every time I finish something I feel a little braver.",
            "Art has always been where I go when words don't work. It's like breathing out after holding it in all week.",
        ),
        (
            "{side} just got into painting too, she keeps sending me photos of her canvases at midnight haha.",
            "My neighbour {side} turned the garage into a little studio, there's clay dust all over the driveway now.",
            "{side} was telling me about an art fair downtown, apparently half the stalls sold out by noon.",
        ),
        ("What creative pursuits has {me} taken up?", "What kinds of things has {me} made by hand?"),
        (
            "Would {me} appreciate a gift card for a craft supply store?",
            "Would {me} likely enjoy a weekend-long workshop at an artists' retreat?",
        ),
        (
            (
                "I finally signed up for that wheel-throwing class at the community studio {when}! Clay everywhere, my jeans are ruined lol.",
                "I made a little bowl, kind of lopsided, but the kids insisted we glaze it bright blue and now it holds their crayons.",
                "Remember that wonky bowl? It came out of the kiln with a crack right down the middle, so now it's officially a planter.",
                "What did {me} produce in the first ceramics lesson?",
                "start pottery lessons",
                "What became of the piece {me} made in the first ceramics lesson?",
            ),
            (
                "So {when} I got up super early and painted the view from the pier while the sky was turning pink.",
                "It's just a small canvas, mostly oranges and purples, and I hung it in the hallway where I see it every morning.",
                "",
                "What scene did {me} capture on canvas at dawn?",
                "paint the sunrise at the pier",
                "",
            ),
            (
                "{when} I sat in the park with a sketchbook and drew people walking their dogs for like three hours.",
                "My favourite one is an old man with a tiny dachshund in a raincoat, I might frame it.",
                "I ended up giving the dachshund drawing to the old man, he teared up and said it was his late wife's dog.",
                "Which sketch from the afternoon outdoors did {me} like best?",
                "spend an afternoon drawing outdoors",
                "Who received the drawing {me} was proudest of?",
            ),
            (
                "Okay confession: {when} I spent an entire evening making a stained-glass suncatcher at a workshop.",
                "It's a hummingbird in green and gold, and when the light hits it the whole kitchen sparkles.",
                "",
                "What design did {me} choose for the glass piece?",
                "try a stained-glass workshop",
                "",
            ),
        ),
    ),
    Theme(
        "outdoors",
        (
            "That sounds like such a good escape from everything! Nature just resets you. Where did you go exactly?",
            "Oh wow, I wish I'd been there. Being outside always clears my head too. How was the weather?",
            "I love that you're getting out there so much. Did anything memorable happen?",
        ),
        (
            "Being out in the open is the only time my brain goes quiet, I swear.",
            "I think I need trees and fresh air more than I admit, the city wears me down.",
            "Whenever things get heavy I just want to grab a backpack and disappear for a day.",
        ),
        (
            "{side} went up to the lakes and came back with the worst sunburn I've ever seen.",
            "{side} keeps inviting me to hike with his club, but they start at 5am, no thank you.",
            "My cousin {side} just bought a camper van and is posting sunsets every single night.",
        ),
        ("Where has {me} spent time in nature?", "What outdoor trips has {me} been on?"),
        (
            "Would {me} rather visit a national park or an amusement park?",
            "Would {me} be interested in a guided wilderness trip?",
        ),
        (
            (
                "We took the kids camping by the coast {when}, roasted marshmallows and told ghost stories until way too late.",
                "The best part was waking up to the sound of waves, my youngest said it was the best night of her life.",
                "The kids are still begging to go back to the beach campsite, they drew pictures of the tent for school.",
                "What made the night at the seaside campsite special for {me}'s family?",
                "go camping by the sea",
                "How did {me}'s children feel about the seaside camping trip afterwards?",
            ),
            (
                "{when} I hiked up to the ridge above the valley, it took five hours and my legs are jelly.",
                "At the top there was a herd of wild goats just staring at us like we were the weird ones.",
                "",
                "What animals did {me} see at the summit?",
                "hike to the ridge",
                "",
            ),
            (
                "We spent {when} in a cabin in the mountains with no signal at all, just board games and a fireplace.",
                "It snowed overnight and we built the ugliest snowman in history, I'm sending you the photo.",
                "",
                "What did {me} build during the stay in the mountain cabin?",
                "stay in a cabin in the mountains",
                "",
            ),
            (
                "{when} I finally went kayaking on the river, just me and a rented boat and total silence.",
                "I saw a heron catch a fish right in front of me, I almost tipped over from excitement.",
                "I bought my own kayak after that heron day, it's bright yellow and takes up the whole balcony.",
                "What bird did {me} watch while paddling?",
                "go kayaking on the river",
                "What did {me} purchase after the paddling outing?",
            ),
        ),
    ),
    Theme(
        "community",
        (
            "That's incredible, you're making such a difference. How did people respond?",
            "I'm so proud of you for showing up for others like that. What was it like?",
            "Honestly you're such an inspiration. Was it scary standing up in front of everyone?",
        ),
        (
            "I just think everyone deserves to feel like they belong somewhere, that's what keeps me going.",
            "Some days advocacy is exhausting, but then someone thanks you and it's all worth it.",
            "I want to be the person I needed when I was younger, that's really the whole reason.",
        ),
        (
            "{side} organised a food drive at work and collected like four hundred cans.",
            "{side} has been volunteering at the animal shelter, she comes home covered in fur.",
            "{side} told me about a march downtown last month, apparently thousands turned up.",
        ),
        (
            "What has {me} done to support causes they care about?",
            "In what ways is {me} involved in the community?",
        ),
        (
            "Would {me} likely vote for a candidate who campaigns on equal rights?",
            "Would {me} enjoy volunteering at a youth shelter?",
        ),
        (
            (
                "{when} I went to a support group meeting for the first time, I was shaking walking in.",
                "Everyone shared their stories and one woman hugged me after, I cried the whole way home but in a good way.",
                "I've been going to that group every week since, and now I'm the one welcoming the new people.",
                "How was {me} received at the first peer gathering?",
                "attend a support group",
                "How has {me}'s role at the peer gathering changed over time?",
            ),
            (
                "I gave a talk at a high school {when} about being true to yourself, my hands were sweating the whole time.",
                "A kid came up afterwards and said it was the first time he felt seen, I'm still not over it.",
                "",
                "What did a student tell {me} after the speech?",
                "give a talk at a school",
                "",
            ),
            (
                "{when} I marched in the parade with my friends, glitter everywhere, rainbow flags as far as you could see.",
                "We walked for three hours and my voice is gone from cheering, totally worth it.",
                "",
                "Why could {me} hardly speak after the march?",
                "march in the parade",
                "",
            ),
            (
                "So I joined a mentoring programme for teenagers {when}, I've been matched with a 15-year-old.",
                "She's super shy but loves comic books, so we spent our first meeting drawing superheroes.",
                "My mentee finally spoke up in class and got an A on her presentation, I'm so ridiculously proud.",
                "What did {me} and the teen do at their first meeting?",
                "join a mentoring programme",
                "What milestone did {me}'s mentee reach?",
            ),
        ),
    ),
    Theme(
        "career",
        (
            "That's huge news! You've worked so hard for this. What's the next step?",
            "Oh my gosh, congratulations! How are you feeling about it all?",
            "I always knew you'd get there. Is it what you expected?",
        ),
        (
            "I keep wondering if I'm on the right path, but every time I help someone it feels right.",
            "Work stuff has been a rollercoaster, some days I'm so sure and some days I'm terrified.",
            "I think what I really want is a job where I can actually change people's lives.",
        ),
        (
            "{side} just quit her job to start a bakery, I admire the guts.",
            "{side} got promoted again, he's basically running the whole department now.",
            "A friend of mine, {side}, is retraining as a nurse at forty, which I think is amazing.",
        ),
        (
            "What steps has {me} taken toward their professional goals?",
            "How has {me}'s working life moved forward?",
        ),
        (
            "Would {me} be likely to pursue a career in counselling?",
            "Would {me} be interested in a graduate course on psychology?",
        ),
        (
            (
                "I sent off my application for the counselling certificate {when}, I rewrote the essay like six times.",
                "I wrote about growing up without anyone to talk to and how I want to be that person for others.",
                "I got accepted into the counselling certificate! Classes start next month, I screamed when I read the email.",
                "What did {me} write about in the personal statement?",
                "apply for the counselling certificate",
                "What was the outcome of {me}'s application?",
            ),
            (
                "{when} I had an interview at the youth centre, the panel was four people, I was so nervous.",
                "They asked how I'd handle a kid in crisis and I talked about my own experience, they nodded a lot.",
                "",
                "What did the panel ask {me} about?",
                "interview at the youth centre",
                "",
            ),
            (
                "I started a part-time shift at the crisis hotline {when}, it's nights but I love it.",
                "My first call was a teenager who just needed someone to listen for an hour, and I did.",
                "",
                "Who phoned {me} on the very first night shift?",
                "start at the crisis hotline",
                "",
            ),
            (
                "{when} I went to a career fair for social work and talked to like fifteen organisations.",
                "One of the recruiters gave me her personal card and said to call her directly about a trainee spot.",
                "",
                "What did one recruiter hand to {me}?",
                "go to the social work career fair",
                "",
            ),
        ),
    ),
    Theme(
        "music",
        (
            "Ooh, music is the best medicine. What did they play?",
            "I didn't know you were so into that! How long have you been playing?",
            "That sounds like so much fun, I need more live music in my life. Was it loud?",
        ),
        (
            "Music is the one thing that always calms me down after a long day with the kids.",
            "I don't play as much as I'd like, but when I do it's like meeting an old friend.",
            "I think I've got a soundtrack for every memory in my life honestly.",
        ),
        (
            "{side} dragged me to a jazz bar once and I fell asleep, don't tell anyone.",
            "{side} is learning drums and the whole building hates him right now haha.",
            "My brother {side} went to that big festival, he said the mud was knee-deep.",
        ),
        ("What musical things has {me} done?", "Which live shows and instruments has {me} mentioned?"),
        (
            "Would {me} enjoy an evening of Vivaldi's Four Seasons?",
            "Would {me} like tickets to a symphony orchestra?",
        ),
        (
            (
                "{when} I dug my old clarinet out of the attic and played for the first time in years.",
                "It squeaked horribly at first, but by the end I could get through the piece I played at my graduation.",
                "I've joined a little community wind band with the clarinet, we rehearse Thursdays in a church hall.",
                "What piece could {me} get through after finding the old instrument?",
                "start playing the clarinet again",
                "What group did {me} join afterwards?",
            ),
            (
                "We went to see a folk band at the summer festival {when}, the whole crowd was dancing barefoot.",
                "They ended with a song about the sea and my husband actually cried, first time I've ever seen that.",
                "",
                "What moved {me}'s partner to tears at the festival?",
                "see the folk band at the festival",
                "",
            ),
            (
                "I started violin lessons {when}, my teacher is this very strict eighty-year-old lady.",
                "She made me hold the bow for forty minutes without playing a single note, I'm not kidding.",
                "",
                "What did {me}'s teacher make them do in the first lesson?",
                "begin violin lessons",
                "",
            ),
            (
                "{when} the kids and I played at the open mic night at the cafe, we did a silly family song.",
                "My son played the tambourine completely off beat and still got the loudest cheer of the night.",
                "",
                "Who got the biggest applause at the cafe performance?",
                "perform at the open mic",
                "",
            ),
        ),
    ),
    Theme(
        "family",
        (
            "Aww, that's so sweet, family time is everything. How are the kids doing?",
            "That's lovely, I can just picture it. Did everyone have a good time?",
            "You have such a wonderful family, seriously. What was the highlight?",
        ),
        (
            "Being a parent is exhausting but then they say something funny and you forget all of it.",
            "I try so hard to make memories with them before they grow up and don't want to hang out with me.",
            "Family is my anchor, honestly, no matter how crazy things get.",
        ),
        (
            "{side}'s kids are a handful, they painted the dog last week.",
            "My sister {side} just had twins, she hasn't slept in a month.",
            "{side} took his family to the zoo and the toddler screamed at a penguin the whole time.",
        ),
        ("What has {me} done with their family?", "What outings has {me} had with their children?"),
        (
            "Would {me} prefer a quiet holiday alone or a trip with the whole household?",
            "Would {me} likely enjoy planning a big family reunion?",
        ),
        (
            (
                "{when} we took the kids to the natural history museum, they were obsessed with the dinosaur hall.",
                "My daughter wants to be a palaeontologist now and has renamed our cat Triceratops.",
                "",
                "What new name did {me}'s daughter give the family pet?",
                "visit the museum with the kids",
                "",
            ),
            (
                "It was my daughter's birthday {when}, we threw a little party in the garden with a bouncy castle.",
                "She asked for a cake shaped like a horse and I spent four hours on it, it looked more like a dog.",
                "",
                "What shape did {me} try to make the cake?",
                "throw the garden birthday party",
                "",
            ),
            (
                "{when} we all went to the pool and my youngest swam a whole length without floaties for the first time.",
                "He came out of the water shouting that he's a shark now and refused to be called anything else all day.",
                "He's in the swim club now with the little shark badge, practices every Saturday morning.",
                "What did {me}'s youngest call himself after the swim?",
                "take the kids to the pool",
                "What has {me}'s youngest joined since then?",
            ),
            (
                "We had a family picnic at the lake {when}, grandma came too and brought her famous lemon pie.",
                "My husband got chased by a goose for a solid five minutes, the kids filmed the whole thing.",
                "",
                "What chased {me}'s husband during the lakeside meal?",
                "have the family picnic",
                "",
            ),
        ),
    ),
    Theme(
        "fitness",
        (
            "Look at you go! How are your legs feeling?",
            "That's awesome, I really need to start moving more too. Was it hard?",
            "You're so disciplined, I admire that. What got you into it?",
        ),
        (
            "Running clears my head like nothing else, it's basically my meditation.",
            "I'm trying to be kinder to my body, moving because I love it and not to punish it.",
            "Some mornings I don't want to go, but I've never regretted a workout.",
        ),
        (
            "{side} ran a marathon and now he can't stop talking about his split times.",
            "{side} bought a fancy road bike and has ridden it exactly once.",
            "My coworker {side} is doing some crazy cold plunge thing every morning.",
        ),
        ("What physical activities has {me} done?", "What has {me} done to keep fit?"),
        (
            "Would {me} be likely to sign up for a triathlon?",
            "Would {me} enjoy a weekend of mountain biking?",
        ),
        (
            (
                "I ran the charity 10k {when}! It was pouring rain but the whole crowd kept cheering.",
                "We raised almost two thousand for the children's hospital, and I finished in under an hour.",
                "",
                "What cause did {me}'s run raise money for?",
                "run the charity race",
                "",
            ),
            (
                "{when} I went biking along the old railway path with some friends, sixty kilometres total.",
                "I got a flat tyre halfway and a stranger on a tandem bike stopped and fixed it for me.",
                "",
                "Who helped {me} with the broken wheel?",
                "cycle the railway path",
                "",
            ),
            (
                "I tried a yoga class at the community centre {when}, I was the least bendy person there by far.",
                "The instructor said my tree pose looked like a tree in a storm, which, fair.",
                "I've kept up the yoga every Tuesday and I can touch my toes now, a small miracle.",
                "What did the instructor compare {me}'s balance pose to?",
                "try the yoga class",
                "What can {me} do now after sticking with the stretching classes?",
            ),
            (
                "{when} I climbed at the bouldering gym for the first time, my forearms are still on fire.",
                "I finished a purple route on my third try and the regulars actually clapped.",
                "",
                "Which route did {me} complete at the climbing wall?",
                "go bouldering",
                "",
            ),
        ),
    ),
    Theme(
        "reading",
        (
            "Ooh, I need a good book! What was it about?",
            "I love that you're reading so much lately. Would you recommend it?",
            "That sounds so cozy. Who wrote it?",
        ),
        (
            "Books have always been my safe place, since I was a kid hiding under the covers with a torch.",
            "I read to understand people better, I think, stories teach you empathy.",
            "There's nothing better than a rainy afternoon and a story you can't put down.",
        ),
        (
            "{side} started a book club but they mostly drink wine and talk about their exes.",
            "{side} reads like three books a week, I don't know how she has the time.",
            "My uncle {side} only reads spy thrillers and insists they're all true.",
        ),
        ("What books has {me} read or collected?", "What has {me} been reading?"),
        (
            "Would {me} likely have classic children's picture books on their shelves?",
            "Would {me} enjoy a literary festival?",
        ),
        (
            (
                "{when} I finished that memoir about a trans girl growing up with her twin, it wrecked me in the best way.",
                "The part where her family finally shows up for her made me think about my own mum.",
                "",
                "Which part of the memoir reminded {me} of their mother?",
                "finish the memoir",
                "",
            ),
            (
                "I found a first edition of Charlotte's Web at a flea market {when}, for two dollars!",
                "I've started collecting old children's classics, I want a whole shelf of them for my future kids.",
                "",
                "What is {me} building a collection of?",
                "find the old children's book at the market",
                "",
            ),
            (
                "{when} I joined the library's poetry night and read one of my own poems out loud.",
                "It was about my grandmother's hands and someone in the back row said 'wow' really quietly.",
                "",
                "What was the subject of the verse {me} recited?",
                "read a poem at the library",
                "",
            ),
            (
                "I stayed up {when} until 3am finishing a fantasy novel about a girl who talks to dragons.",
                "The ending has a twist where the dragon was her brother all along, I threw the book across the room.",
                "",
                "What was revealed at the end of the story {me} read all night?",
                "read the dragon novel",
                "",
            ),
        ),
    ),
)

FIRST_NAMES_CHAT = (
    "Caroline", "Melanie", "Jolene", "Deborah", "Gina", "Evan", "Audrey", "Andrew", "Nate", "Joanna",
    "Tim", "John", "Calvin", "Dave", "Maria", "James", "Sam", "Lena", "Rosa", "Victor",
)  # fmt: skip
SIDE_CHAT = ("Linda", "Mark", "Becky", "Sean", "Tanya", "Greg", "Olivia", "Raymond", "Shauna", "Pete")
WHEN = ("yesterday", "last Friday", "last weekend", "on Saturday", "the other day", "last Tuesday",
        "this past Sunday", "two days ago", "on Wednesday", "last week")  # fmt: skip

# Small talk, two fragments a turn: long, chatty, never one line said word for word again.
HELLO = (
    "Hey {other}! It's been a while, how have you been?", "Hi {other}! So good to hear from you.",
    "Hey hey! Sorry I went quiet, things have been chaotic.", "Hi! I was literally just thinking about you.",
    "Hey {other}, hope your week's been kinder than mine haha.", "Hiya! Finally a quiet evening to catch up.",
)  # fmt: skip
CHAT = (
    "Work has been non-stop and I'm running on coffee and vibes.", "The weather here has been so gloomy lately.",
    "I feel like the weeks are flying by, it's scary.", "We've been trying to eat healthier, with mixed results lol.",
    "I binge-watched a whole series this weekend, no regrets.", "My phone screen cracked again, third time this year.",
    "Honestly I just needed a good long sleep and I finally got one.", "The house is a mess but I've accepted it.",
    "I've been trying to call my mum more often, she's been lonely.", "Traffic this morning was a nightmare.",
    "I'm thinking about repainting the living room, maybe green?", "Everyone at home had a cold this week, ugh.",
    "I keep meaning to text you back and then life happens.", "We got takeaway three nights in a row, oops.",
)  # fmt: skip
AGREE = (
    "Totally get that. Life's been a lot for me too, but in a good way mostly.",
    "Haha same here, honestly. I'm just trying to take things one day at a time.",
    "Ugh, I feel that. You deserve a break, seriously.", "That's so true. Thanks for always listening, it means a lot.",
    "I hear you. It's nice to have someone to vent to, you know?", "Right?! Anyway, tell me everything.",
    "Haha I love that. You always make me laugh.", "Oh no, I'm sorry! I hope things calm down soon.",
)  # fmt: skip
BYE = (
    "Anyway, I have to run, talk soon! Take care of yourself.", "Okay, gotta go make dinner. Love you, bye!",
    "It was so good catching up, let's not leave it so long next time.", "Alright, bedtime for me. Chat soon!",
    "Thanks for the chat, I really needed it. Speak soon!", "I'll let you go, have a great week!",
)  # fmt: skip
# An activity named again in its verb phrase: plans, memories, the friend asking (not the fact).
ECHO_ME = (
    "I keep thinking I should {vp} again, that was such a good day.",
    "Honestly I'd love to {vp} again soon, maybe with my cousin this time.",
    "I was telling my coworkers about the time I decided to {vp}, they didn't get it haha.",
    "If the schedule works out I might {vp} again next month.",
    "Someone asked me last week whether it was worth it to {vp}, and I said absolutely.",
)
ECHO_OTHER = (
    "Are you still hoping to {vp} again? You seemed so happy about it.",
    "I told my sister how you decided to {vp}, now she wants to try it too.",
    "I might {vp} one day too, you made it sound amazing.",
    "Do you remember how nervous you were before you chose to {vp}?",
)
SURPRISE = (
    "No way, you got to {vp}?!",
    "Wait, you actually decided to {vp}?",
    "You went ahead and chose to {vp}!",
)
LEAD = (
    "Oh, that reminds me!", "Thanks, it's been quite a ride.", "Haha okay, so.", "You know what, funny you ask.",
    "Ahh, where do I even start.", "So much has happened since we last talked.", "Okay, so get this.",
)  # fmt: skip
