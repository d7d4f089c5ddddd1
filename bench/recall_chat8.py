"""An eighth, unseen memory-recall set (session 20, helper h3): old friends catching up at length.

Why: real LoCoMo gives ``MemoryManager.recall`` recall@10 about 0.78 pooled, multi-hop 0.50 and
open-domain 0.57 after the recall work of sessions 18-19, and the generated sets the code was tuned
on (recall_data, recall_chat, chat5, chat6, chat7) are easier or written in one voice. This set is
written in another (bench/recall_chat8_arcs.py): whole sentences of 20-50 words, feelings first,
pronouns and names instead of the topic word, facts given as the answer to the friend's question
(the answering turn is the evidence and lacks the question's topic word), facts that change later
(a wedding moved), relative times inside dated sessions, both people living arcs of the same kinds
(two shared kinds per pair), decoy lines in the arcs' own words about third people, later talk about
each arc that states no asked fact, and three whole distractor sessions of such talk.

Each conversation: two people, 24 dated sessions 3-16 days apart, 17-24 turns each (>= 400 turns),
five arcs per person told in three episodes across sessions. Categories (evidence = turns):
  single       one fact of one episode ("Who did X hire for the building work?")
  paraphrase   one fact, asked with no content word of its evidence (recall_chat6.check)
  multi        the three episodes of an arc, the first episodes of a group of arcs ("What has been
               going on at home for X?"), or episodes of several arcs answering a question in none
               of their words ("What has X been proud of this year?")
  temporal     when an episode happened; what X did on a given calendar date (the episode's relative
               time resolved from the session date: "on 14 March 2024"); what X was doing before
               another episode; which of two came first; whether a plan still holds after a change
  open         an inference ("Should you bring X a big cake for their birthday?")
  adversarial  a single question about the friend, who never lived that arc (reported apart)

Measured exactly as bench/recall_chat6.py measures chat 6 (its ``measure`` and ``report``, imported,
which use bench/recall.py's ``turns_of``, strategies and k's): every turn an episode memory through
``MemoryManager.remember_many``, every question through ``MemoryManager.recall(k=20, strategy=...)``
with the clock three days after the last session; evidence recall@5/@10/@20 by category.

    .venv/bin/python bench/recall_chat8.py [--backend sqlite|postgres] [--conversations 4]
    .venv/bin/python bench/recall_chat8.py --check    # sizes and the paraphrase word check only
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

from recall_chat6 import check, measure, report  # noqa: E402
from recall_chat8_arcs import (  # noqa: E402
    ACROSS,
    ARCS,
    BYE,
    HELLO,
    REL,
    REPLY,
    TALK_A,
    TALK_B,
    TALK_C,
    Arc,
)
from recall_data import Conversation, Question, Turn  # noqa: E402

SESSIONS = 24
DISTRACTOR_SESSIONS = 3
START = datetime(2024, 2, 3, 20, 15, tzinfo=UTC)
NAMES = ("Harriet", "Callum", "Bronwen", "Idris", "Saoirse", "Tobias", "Nneka", "Euan", "Philippa", "Rhys")
GROUPS = {
    "home": "What has been going on at home and in the family for {me}?",
    "body": "How has {me} been physically this year?",
    "mind": "What has {me} taken up to keep their mind busy?",
    "work": "How does {me} spend their working or volunteering hours?",
}
Block = list[tuple[str, str, tuple["_Told", int] | None]]


class _Told:
    def __init__(self, arc: Arc, me: str, values: dict[str, str]) -> None:
        self.arc, self.me, self.values = arc, me, values
        self.sessions: list[int] = []
        self.later: list[int] = []
        self.evidence: list[list[str]] = [[] for _ in arc.episodes]
        self.when: list[datetime | None] = [None for _ in arc.episodes]  # the episode's resolved day


def _small(rng: random.Random, used: set[str]) -> str:
    """Small talk: no line twice in a chat, no news twice in a session (``used`` holds both)."""
    for _ in range(100):
        news = rng.choice(TALK_B)
        line = f"{rng.choice(TALK_A)} {news}{rng.choice(TALK_C)}"
        if line not in used and news not in used:
            used.update((line, news))
            return line
    return f"{rng.choice(TALK_B).capitalize()}, and {rng.choice(TALK_B)}."


def _decoy(rng: random.Random) -> str:
    values = {k: rng.choice(v) for arc in ARCS for k, v in arc.slots.items()}
    arc = rng.choice(ARCS)
    return rng.choice(arc.decoys).format(**values)


def _resolve(day: datetime, offset: int) -> datetime:
    """The day a relative phrase names: offsets < 0 are weekdays before the session
    (-1 Saturday, -2 the weekend's Saturday, -3 Tuesday), others whole days back."""
    if offset >= 0:
        return day - timedelta(days=offset)
    weekday = {-1: 5, -2: 5, -3: 1}[offset]
    back = (day.weekday() - weekday) % 7 or 7
    return day - timedelta(days=back)


def conversation(index: int, seed: int = 20) -> Conversation:
    rng = random.Random(f"chat8:{seed}:{index}")
    a, b = rng.sample(NAMES, 2)
    conv = Conversation(user=f"chat8-{index:02d}", speakers=(a, b))
    kinds = rng.sample(ARCS, 8)
    own = {a: [*kinds[:2], *kinds[2:5]], b: [*kinds[:2], *kinds[5:8]]}  # two kinds shared
    told = [
        _Told(arc, who, {k: rng.choice(v) for k, v in arc.slots.items()})
        for who in (a, b)
        for arc in own[who]
    ]
    distractors = set(rng.sample(range(2, SESSIONS), DISTRACTOR_SESSIONS))
    usable = [s for s in range(SESSIONS) if s not in distractors]
    for t in told:
        t.sessions = sorted(rng.sample(usable, len(t.arc.episodes)))
        after = list(range(t.sessions[0] + 1, SESSIONS))
        t.later = sorted(rng.sample(after, min(len(after), len(t.arc.later))))
    day = START + timedelta(days=index * 11)
    dates: list[datetime] = []
    used: set[str] = set()
    for session in range(SESSIONS):
        day += timedelta(days=rng.randrange(3, 17), minutes=rng.randrange(0, 150))
        dates.append(day)
        used -= set(TALK_B)  # news may come back in a later session, a whole line never
        _session(conv, session, day, told, session in distractors, used, rng)
    conv.now = day + timedelta(days=3)
    _questions(conv, told, rng)
    return conv


def _session(
    conv: Conversation,
    session: int,
    day: datetime,
    told: list[_Told],
    distractor: bool,
    used: set[str],
    rng: random.Random,
) -> None:
    a, b = conv.speakers
    blocks: list[Block] = []
    for t in told:
        friend = b if t.me == a else a
        if session in t.sessions:
            episode = t.sessions.index(session)
            rel, offset = rng.choice(REL)
            if any("{rel}" in text for _, text in t.arc.episodes[episode]):
                t.when[episode] = _resolve(day, offset)
            block: Block = []
            for who, text in t.arc.episodes[episode]:
                line = text.format(rel=rel, **t.values)
                line = line[0].upper() + line[1:]
                if who.endswith("*") and rng.random() < 0.3:
                    line = f"{line} {_small(rng, used)}"  # the fact shares its turn with other news
                owner = (t, episode) if who.endswith("*") else None
                block.append((t.me if who.startswith("me") else friend, line, owner))
            blocks.append(block)
        if session in t.later:
            who, text = t.arc.later[t.later.index(session)]
            chat: Block = [(t.me if who == "me" else friend, text.format(**t.values), None)]
            if rng.random() < 0.6:
                chat.append((friend if who == "me" else t.me, rng.choice(REPLY), None))
            blocks.append(chat)
    for _ in range(rng.randrange(6, 10) if distractor else rng.randrange(2, 5)):
        who = rng.choice((a, b))
        blocks.append([(who, _decoy(rng), None), (b if who == a else a, rng.choice(REPLY), None)])
    length = rng.randrange(17, 25)
    while sum(len(x) for x in blocks) + 4 < length:
        who = rng.choice((a, b))
        small: Block = [(who, _small(rng, used), None)]
        if rng.random() < 0.5:
            small.append((b if who == a else a, rng.choice(REPLY), None))
        blocks.append(small)
    rng.shuffle(blocks)
    first = rng.choice((a, b))
    second = b if first == a else a
    opening: Block = [(first, rng.choice(HELLO), None), (second, _small(rng, used), None)]
    byes = rng.sample(BYE, 2)
    closing: Block = [(first, byes[0], None), (second, byes[1], None)]
    position = 0
    for part in [opening, *blocks, closing]:
        for speaker, text, owner in part:
            at = day + timedelta(minutes=position)
            turn = Turn(f"{conv.user}:s{session:02d}:t{position:03d}", speaker, text, session, position, at)
            conv.turns.append(turn)
            if owner is not None:
                owner[0].evidence[owner[1]].append(turn.key)
            position += 1


def _questions(conv: Conversation, told: list[_Told], rng: random.Random) -> None:
    def ask(kind: str, text: str, evidence: list[str]) -> None:
        if evidence:
            conv.questions.append(Question(kind, text, list(dict.fromkeys(evidence))))

    for t in told:
        for kind, template, episodes in t.arc.questions:
            ask(kind, template.format(me=t.me, **t.values), [k for e in episodes for k in t.evidence[e]])
    for me in conv.speakers:
        mine = [t for t in told if t.me == me]
        for group, template in GROUPS.items():
            members = [t for t in mine if t.arc.group == group]
            if len(members) > 1:
                ask("multi", template.format(me=me), [k for t in members for k in t.evidence[0]])
        for template, which in ACROSS.values():
            hits = [t.evidence[which[t.arc.name]] for t in mine if t.arc.name in which]
            if len(hits) > 1:
                ask("multi", template.format(me=me), [k for keys in hits for k in keys])
        dated = [(t, i) for t in mine for i, when in enumerate(t.when) if when is not None]
        for t, i in rng.sample(dated, min(3, len(dated))):
            when = t.when[i]
            assert when is not None
            ask("temporal", f"What did {me} do on {when:%A} {when.day} {when:%B %Y}?", t.evidence[i])
        eps = sorted(
            ((t.sessions[i], t, i) for t in mine for i in range(len(t.sessions))), key=lambda x: x[0]
        )
        pairs = [(x, y) for x, y in itertools.pairwise(eps) if x[1] is not y[1] and x[0] != y[0]]
        for (_, ta, ia), (_, tb, ib) in rng.sample(pairs, min(2, len(pairs))):
            ask("temporal", f"What was {me} up to shortly before they {tb.arc.descs[ib]}?", ta.evidence[ia])
        for (_, ta, ia), (_, tb, ib) in rng.sample(pairs, min(2, len(pairs))):
            one, two = ta.arc.descs[ia], tb.arc.descs[ib]
            if rng.random() < 0.5:
                one, two = two, one
            ask("temporal", f"Which happened first for {me}: they {one}, or they {two}?",
                ta.evidence[ia] + tb.evidence[ib])  # fmt: skip
        other = next(s for s in conv.speakers if s != me)
        theirs = {t.arc.name for t in told if t.me == other}
        solo = [t for t in mine if t.arc.name not in theirs]
        for t in rng.sample(solo, min(2, len(solo))):
            _, template, episodes = next(q for q in t.arc.questions if q[0] == "single")
            evidence = [k for e in episodes for k in t.evidence[e]]
            ask("adversarial", template.format(me=other, **t.values), evidence)


def conversations(count: int, seed: int = 20) -> list[Conversation]:
    return [conversation(i, seed) for i in range(count)]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--conversations", type=int, default=4)
    parser.add_argument("--check", action="store_true", help="only the set's checks")
    parser.add_argument("--show", type=int, default=0, help="print the first N turns and questions")
    args = parser.parse_args()
    convs = conversations(args.conversations)
    problems = check(convs)
    sizes = ", ".join(
        f"{len({t.session for t in c.turns})}s/{len(c.turns)}t/{len(c.questions)}q" for c in convs
    )
    print(f"chat8: {sizes}; {len(problems)} problems", file=sys.stderr)
    for line in problems:
        print("  " + line, file=sys.stderr)
    if args.show:
        for turn in convs[0].turns[: args.show]:
            print(f"{turn.key} {turn.at:%a %d %b %Y} {turn.speaker}: {turn.text}")
        for q in convs[0].questions:
            print(q.kind, q.text, q.evidence)
    if args.check:
        return 1 if problems else 0
    from retrieval_env import bench_database

    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    embedder = LocalMiniLMEmbedder()
    with bench_database(args.backend, "recall-chat8") as (url, where):
        report(f"{where}, {embedder.name}", convs, measure(url, embedder, convs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
