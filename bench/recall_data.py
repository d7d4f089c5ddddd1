"""Deterministic long multi-session conversations and questions about them, for bench/recall.py.

Each conversation is between two people, over 24 sessions a week or two apart, ~18 turns each (~430
turns). Life events are spread over the sessions: trips, pets, baking, books, jobs, races, home
projects, family news. Both people have events of the same kinds (a trip each, a pet each), so a
question must use who and when, not only what. Events are told the way people chat: one says it,
the other asks, the first adds a detail. Filler small talk fills the rest.

Questions (evidence = the turns that answer them):
  single   "What did Caroline bake for the party?" -> the turn saying it
  temporal "Which city did Caroline visit in March 2026?" -> the turn in that month
  relative "What did Melanie say about her race last week?" (relative to the day after the last session)
  detail   "Where did Caroline get her dog?" -> the detail turn after the other's follow-up question
  multi    "Which cities has Melanie travelled to?" -> every trip turn of Melanie
Written by the same author as the recall it measures: expect lower figures on someone else's data.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

NAMES = [("Caroline", "Melanie"), ("Jonas", "Priya"), ("Tomas", "Aiko"), ("Fatima", "Lukas"),
         ("Grace", "Mateo"), ("Nadia", "Oskar")]  # fmt: skip
SESSIONS, TURNS_PER_SESSION = 24, 18
START = datetime(2025, 10, 6, 18, 0, tzinfo=UTC)

CITIES = [("Lisbon", "the tiled old town"), ("Kyoto", "the bamboo forest"), ("Reykjavik", "the hot springs"),
          ("Marrakesh", "the spice market"), ("Vancouver", "the seawall"), ("Krakow", "the salt mine"),
          ("Hanoi", "the night market"), ("Edinburgh", "the castle on the hill")]  # fmt: skip
PETS = [("beagle", "dog", "Max", "the shelter on Elm Street"), ("tabby", "cat", "Miso", "a neighbour's litter"),
        ("parrot", "bird", "Kiwi", "a breeder two towns over"), ("labrador", "dog", "Bruno", "a rescue farm"),
        ("siamese", "cat", "Luna", "my cousin who moved abroad")]  # fmt: skip
BAKES = [("lemon drizzle cake", "my sister's engagement party"), ("sourdough loaf", "the street picnic"),
         ("chocolate tart", "my dad's retirement"), ("apple crumble", "the book club evening"),
         ("carrot cake", "my nephew's birthday"), ("cinnamon buns", "the office farewell")]  # fmt: skip
BOOKS = [("The Overstory", "trees and the people who fight for them"), ("Piranesi", "a house of endless halls"),
         ("Klara and the Sun", "a robot companion"), ("Educated", "growing up off the grid"),
         ("Circe", "the witch of the Odyssey"), ("Shuggie Bain", "Glasgow in the eighties")]  # fmt: skip
JOBS = [("team lead", "the logistics startup"), ("senior nurse", "the children's hospital"),
        ("head chef", "the harbour bistro"), ("product manager", "a solar energy firm"),
        ("lecturer", "the art college"), ("site engineer", "the new bridge project")]  # fmt: skip
RACES = [("half marathon", "1 hour 52 minutes"), ("10k trail run", "58 minutes"), ("sprint triathlon", "1 hour 20"),
         ("charity 5k", "26 minutes"), ("marathon", "4 hours 8 minutes")]  # fmt: skip
ROOMS = [("kitchen", "sage green"), ("bedroom", "deep navy"), ("hallway", "warm terracotta"),
         ("study", "pale yellow"), ("living room", "soft grey")]  # fmt: skip
FAMILY = [("brother", "Daniel", "Toronto"), ("aunt", "Rosa", "Seville"), ("grandmother", "Ingrid", "a care home nearby"),
          ("sister", "Mia", "Berlin"), ("cousin", "Leo", "Melbourne")]  # fmt: skip

FILLER = [
    "How has your week been?", "Pretty hectic, work never stops.", "The weather has been so grey lately.",
    "I slept badly again last night.", "Did you watch the match on Saturday?", "Not really, I was too tired.",
    "I've been trying to drink more water.", "My phone screen cracked, so annoying.", "Traffic was terrible this morning.",
    "We ordered takeaway three times this week.", "I need a proper holiday soon.", "The neighbours are renovating again.",
    "I finally cleaned out the garage.", "Have you tried that new coffee place?", "It's fine, a bit overpriced.",
    "I keep forgetting to call the dentist.", "Our heating broke for a day.", "I started a new podcast about history.",
    "The kids have a school play coming up.", "I'm thinking of learning Spanish.", "My back has been sore from the desk.",
    "We had friends over for dinner.", "I can't believe it's already this late in the year.", "The train was cancelled again.",
    "I bought new running shoes but haven't used them.", "Our internet was down all evening.", "I'm so behind on emails.",
    "That sounds exhausting.", "Haha, same here.", "Oh no, that's rough.", "Good for you!", "I know what you mean.",
    "Let's catch up properly soon.", "Talk soon, take care!", "It was nice chatting.", "Anyway, how are you feeling?",
]  # fmt: skip


@dataclass
class Turn:
    key: str
    speaker: str
    text: str
    session: int
    position: int
    at: datetime


@dataclass
class Question:
    kind: str
    text: str
    evidence: list[str]


@dataclass
class Conversation:
    user: str
    speakers: tuple[str, str]
    turns: list[Turn] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    now: datetime = START


def _event(
    kind: str, rng: random.Random, used: dict[str, set[int]], pool: list[tuple[str, ...]]
) -> tuple[str, ...]:
    free = [i for i in range(len(pool)) if i not in used.setdefault(kind, set())]
    choice = rng.choice(free or list(range(len(pool))))
    used[kind].add(choice)
    return pool[choice]


def _lines(
    kind: str, me: str, other: str, slot: tuple[str, ...]
) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """Three turns telling an event (speaker, text), and question templates (kind, text, evidence
    index among the three: 0 the statement, 2 the detail; 'M' marks multi-evidence)."""
    if kind == "trip":
        city, sight = slot
        return [(me, f"I just got back from {city}, {sight} was unforgettable."),
                (other, f"Wow, what was the best part of {city}?"),
                (me, "Honestly the food, we ate at a tiny place every single night.")], [
                ("temporal", f"Which city did {me} visit in {{month}}?", "0"),
                ("multi", f"Which cities has {me} travelled to?", "M"),
                ("detail", f"What did {me} enjoy most on the trip to {city}?", "2")]  # fmt: skip
    if kind == "pet":
        breed, animal, name, origin = slot
        return [(me, f"Big news, I adopted a {breed} {animal} and named her {name}!"),
                (other, f"{name} is adorable! Where did you get her?"),
                (me, f"From {origin}, she was the calmest one there.")], [
                ("single", f"What is the name of {me}'s {animal}?", "0"),
                ("detail", f"Where did {me} get the {breed}?", "2")]  # fmt: skip
    if kind == "bake":
        dish, occasion = slot
        return [(me, f"I baked a {dish} for {occasion}."),
                (other, "Did it turn out well?"),
                (me, "It vanished in ten minutes, people asked for the recipe.")], [
                ("single", f"What did {me} bake for {occasion.replace('my ', 'the ')}?", "0"),
                ("relative", f"What did {me} bake {{relative}}?", "0")]  # fmt: skip
    if kind == "book":
        title, about = slot
        return [(me, f"I'm reading {title} at the moment, it's about {about}."),
                (other, "Would you recommend it?"),
                (me, "Yes, though the middle part drags a little.")], [
                ("single", f"Which novel about {about} was {me} reading?", "0"),
                ("temporal", f"What book was {me} reading in {{month}}?", "0")]  # fmt: skip
    if kind == "job":
        role, place = slot
        return [(me, f"I got the job! I'm the new {role} at {place}."),
                (other, "Congratulations! When do you start?"),
                (me, "In three weeks, I'm nervous and excited.")], [
                ("single", f"What position did {me} get at {place}?", "0"),
                ("detail", f"When does {me} start the new job as {role}?", "2")]  # fmt: skip
    if kind == "race":
        race, time = slot
        return [(me, f"I ran the {race} on Sunday and finished in {time}."),
                (other, "That's a great time! Are you sore?"),
                (me, "My calves are killing me, but it was worth it.")], [
                ("single", f"How long did {me} take to finish the {race}?", "0"),
                ("relative", f"What race did {me} run {{relative}}?", "0")]  # fmt: skip
    if kind == "home":
        room, colour = slot
        return [(me, f"We're repainting the {room} {colour} this weekend."),
                (other, "Bold choice, send me a picture."),
                (me, "Will do, it took us weeks to agree on the shade.")], [
                ("single", f"What colour is {me} painting the {room}?", "0"),
                ("temporal", f"Which room was {me} redecorating in {{month}}?", "0")]  # fmt: skip
    relation, name, place = slot
    return [(me, f"My {relation} {name} is moving to {place}."),
            (other, f"Will you visit {name} there?"),
            (me, "Definitely, probably in the spring.")], [
            ("single", f"Where is {me}'s {relation} moving to?", "0"),
            ("detail", f"When does {me} plan to visit {name}?", "2")]  # fmt: skip


POOLS = {"trip": CITIES, "pet": PETS, "bake": BAKES, "book": BOOKS, "job": JOBS, "race": RACES, "home": ROOMS,
         "family": FAMILY}  # fmt: skip
# Each person gets these events, in a shuffled order over the sessions; trips twice.
EVENTS = ["trip", "trip", "pet", "bake", "book", "job", "race", "home", "family"]


RELATIVE = {"trip": "Where did {me} travel {relative}?", "pet": "What animal did {me} adopt {relative}?",
            "book": "What was {me} reading {relative}?", "job": "What work news did {me} share {relative}?",
            "home": "What was {me} painting {relative}?", "family": "Which relative of {me} was moving away {relative}?"}  # fmt: skip


def _relative(at: datetime, now: datetime) -> str | None:
    """A relative time phrase true of ``at`` seen from ``now``, if one is natural."""
    monday = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0)
    if monday - timedelta(days=7) <= at < monday:
        return "last week"
    if at.month == (now.replace(day=1) - timedelta(days=1)).month and now - at < timedelta(days=62):
        return "last month"
    return None


def _turn(user: str, session: int, position: int, speaker: str, text: str, day: datetime) -> Turn:
    at = day + timedelta(minutes=2 * position)
    return Turn(f"{user}:s{session:02d}:t{position:02d}", speaker, text, session, position, at)


def conversation(index: int, seed: int = 11) -> Conversation:
    rng = random.Random(seed * 1000 + index)
    a, b = NAMES[index % len(NAMES)]
    conv = Conversation(user=f"conv{index:02d}", speakers=(a, b))
    plans = []
    for person, other in ((a, b), (b, a)):
        used: dict[str, set[int]] = {}
        for kind in EVENTS:
            plans.append((kind, person, other, _event(kind, rng, used, POOLS[kind])))
    rng.shuffle(plans)
    # The last session always tells something, so "last week" questions exist.
    by_session: dict[int, list[tuple[str, str, str, tuple[str, ...]]]] = {}
    for n, plan in enumerate(plans):
        session = SESSIONS - 1 - (n % SESSIONS) if n < SESSIONS else rng.randrange(SESSIONS)
        by_session.setdefault(session, []).append(plan)
    day = START + timedelta(days=index * 3)
    told: list[tuple[str, str, list[Turn], list[tuple[str, str, str]]]] = []
    for session in range(SESSIONS):
        day += timedelta(days=rng.choice((6, 7, 8, 10, 12, 14)))
        events = by_session.get(session, [])
        slots = sorted(rng.sample(range(2, TURNS_PER_SESSION - 4), len(events))) if events else []
        speaker_turn = 0
        turns: list[Turn] = []
        for slot_n in range(TURNS_PER_SESSION):
            if events and slots and slot_n == slots[0]:
                slots.pop(0)
                kind, me, other, slot = events.pop(0)
                lines, templates = _lines(kind, me, other, slot)
                if kind in RELATIVE:
                    templates = [*templates, ("relative", RELATIVE[kind].replace("{me}", me), "0")]
                told_turns = []
                for who, text in lines:
                    told_turns.append(_turn(conv.user, session, len(turns), who, text, day))
                    turns.append(told_turns[-1])
                told.append((kind, me, told_turns, templates))
            else:
                turns.append(
                    _turn(conv.user, session, len(turns), (a, b)[speaker_turn % 2], rng.choice(FILLER), day)
                )
                speaker_turn += 1
        conv.turns += turns
    conv.now = day + timedelta(days=2)
    seen_multi: set[str] = set()
    for kind, me, turns3, templates in told:
        for qkind, text, which in templates:
            at = turns3[0].at
            if qkind == "multi":
                if me in seen_multi:
                    continue
                seen_multi.add(me)
                evidence = [t[2][0].key for t in told if t[0] == kind and t[1] == me]
                conv.questions.append(Question(qkind, text, evidence))
                continue
            if qkind == "temporal":
                text = text.replace("{month}", at.strftime("%B %Y"))
            if qkind == "relative":
                phrase = _relative(at, conv.now)
                if phrase is None:
                    continue
                text = text.replace("{relative}", phrase)
            conv.questions.append(Question(qkind, text, [turns3[int(which)].key]))
    return conv


def conversations(count: int, seed: int = 11) -> list[Conversation]:
    return [conversation(i, seed) for i in range(count)]
