"""A sixth, unseen memory-recall set (session 19, helper h3): long chats in a texting register.

Why: the earlier generated chats (bench/recall_data.py, recall_chat.py, recall_chat5.py) are written
from stock templates that the recall code has been fitted to, while real LoCoMo gave
``MemoryManager.recall`` recall@10 0.572 (multi-hop 0.37, open-domain 0.27-0.36). This set is
written in another voice (bench/recall_chat6_stories.py): lower-case messages, half of those that
hold a fact carrying other news too, a fact sometimes split over two messages or said back by the
friend, talk about each story that states no asked fact in later sessions, relative times ("on
saturday") inside dated sessions, both people living stories of the same kinds (two shared kinds per
pair), decoy lines with the stories' very words about third people, and three whole distractor
sessions of such talk.

Each conversation: two people, 26 dated sessions 4-15 days apart, 19-24 messages each (>= 400 turns),
five stories per person told in three episodes across sessions. Categories (evidence = turns):
  single       one fact of one episode ("What does X sell at the market?")
  paraphrase   one fact, asked with no content word of its evidence ("Who does X report to?")
  multi        2-3 episodes of a story, the first episodes of every story of a group ("What does
               X do for fun outside work?"), or episodes of several stories that answer a question
               about the person's life in none of their words ("What has gone wrong for X lately?")
  temporal     when an episode happened (its relative time, resolved from the session date), "What
               did X do the week before <another episode>?", "Which came first for X: ... or ...?"
  open         an inference ("Would X appreciate a voucher for an animal supplies store?")
  adversarial  a single question about the friend, who never lived that story (reported apart)

Measured as bench/recall.py measures its heldout splits (its ``turns_of``, strategies and k's,
imported): every turn an episode memory through ``MemoryManager.remember_many``, every question
through ``MemoryManager.recall(k=20, strategy=...)`` with the clock three days after the last
session; evidence recall@5/@10/@20 by category.

    .venv/bin/python bench/recall_chat6.py [--backend sqlite|postgres] [--conversations 4]
    .venv/bin/python bench/recall_chat6.py --check    # sizes and the paraphrase word check only
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import statistics
import sys
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

from recall_chat6_stories import (  # noqa: E402
    ACROSS,
    BODY,
    BYE,
    CHATTER,
    DECOY,
    HELLO,
    OPEN,
    REL,
    REPLY,
    STORIES,
    TAIL,
    Story,
)
from recall_data import Conversation, Question, Turn  # noqa: E402

SESSIONS = 26
DISTRACTOR_SESSIONS = 3
START = datetime(2024, 1, 8, 19, 30, tzinfo=UTC)
NAMES = (
    "Marit",
    "Jonas",
    "Esme",
    "Kofi",
    "Yara",
    "Wessel",
    "Ilse",
    "Tariq",
    "Roos",
    "Matteo",
    "Liv",
    "Dries",
)
CATEGORIES = ("single", "paraphrase", "multi", "temporal", "open", "adversarial")
GROUPS = {
    "leisure": "What does {me} do for fun outside work?",
    "home": "What has been going on in {me}'s household and family?",
    "work": "What has {me} been doing to earn money or build a career?",
    "body": "How has {me}'s body held up this year?",
}


class _Told:
    def __init__(self, story: Story, me: str, values: dict[str, str]) -> None:
        self.story, self.me, self.values = story, me, values
        self.sessions: list[int] = []
        self.chatter: list[int] = []  # sessions with talk about the story that states no asked fact
        self.evidence: list[list[str]] = [[] for _ in story.episodes]


def conversation(index: int, seed: int = 19) -> Conversation:
    rng = random.Random(f"chat6:{seed}:{index}")
    a, b = rng.sample(NAMES, 2)
    conv = Conversation(user=f"chat6-{index:02d}", speakers=(a, b))
    kinds = rng.sample(STORIES, 8)
    own = {a: [*kinds[:2], *kinds[2:5]], b: [*kinds[:2], *kinds[5:8]]}  # two kinds shared
    told: list[_Told] = []
    for who in (a, b):
        for story in own[who]:
            told.append(_Told(story, who, {k: rng.choice(v) for k, v in story.slots.items()}))
    distractors = set(rng.sample(range(2, SESSIONS), DISTRACTOR_SESSIONS))
    usable = [s for s in range(SESSIONS) if s not in distractors]
    for t in told:
        t.sessions = sorted(rng.sample(usable, len(t.story.episodes)))
        later = [s for s in range(t.sessions[0] + 1, SESSIONS)]
        t.chatter = sorted(rng.sample(later, min(len(later), rng.randrange(4, 8))))
    day = START + timedelta(days=index * 9)
    dates: list[datetime] = []
    used: set[str] = set()
    for session in range(SESSIONS):
        day += timedelta(days=rng.randrange(4, 16), minutes=rng.randrange(0, 180))
        dates.append(day)
        used -= set(BODY)  # a body may come back in a later session, a whole line never
        _session(conv, session, day, told, session in distractors, used, rng)
    conv.now = day + timedelta(days=3)
    _questions(conv, told, dates, rng)
    return conv


def _small(rng: random.Random, used: set[str]) -> str:
    """Small talk: no line said twice in a chat, no body twice in a session (``used`` holds both)."""
    for _ in range(80):
        body = rng.choice(BODY)
        line = f"{rng.choice(OPEN)} {body}{rng.choice(TAIL)}"
        if line not in used and body not in used:
            used.update((line, body))
            return line
    return f"{rng.choice(BODY)}, {rng.choice(BODY)}"


def _long(rng: random.Random, text: str, used: set[str]) -> str:
    """Half the messages carry something else too, as people write (LoCoMo's turns run 30-60 words):
    the fact is not alone in its turn."""
    roll = rng.random()
    if roll < 0.25:
        return f"{_small(rng, used)}. {text}"
    if roll < 0.5:
        return f"{text}. {_small(rng, used)}"
    return text


def _decoy(rng: random.Random) -> str:
    values = {k: rng.choice(v) for s in STORIES for k, v in s.slots.items()}
    return rng.choice(DECOY).format(**values)


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
    blocks: list[list[tuple[str, str, tuple[_Told, int] | None]]] = []
    for t in told:
        if session not in t.sessions:
            continue
        episode = t.sessions.index(session)
        friend = b if t.me == a else a
        rel = rng.choice(REL)
        block = []
        for who, text in t.story.episodes[episode]:
            speaker = t.me if who.startswith("me") else friend
            owner = (t, episode) if who.endswith("*") else None
            block.append((speaker, _long(rng, text.format(rel=rel, **t.values), used), owner))
        blocks.append(block)
    for t in told:
        if session in t.chatter:
            friend = b if t.me == a else a
            who, text = rng.choice(CHATTER[t.story.name])
            chat = [(t.me if who == "me" else friend, _long(rng, text.format(**t.values), used), None)]
            if rng.random() < 0.6:
                chat.append((friend if who == "me" else t.me, rng.choice(REPLY), None))
            blocks.append(chat)  # type: ignore[arg-type]
    for _ in range(rng.randrange(4, 8) if distractor else rng.randrange(2, 5)):
        who = rng.choice((a, b))
        blocks.append([(who, _decoy(rng), None), (b if who == a else a, rng.choice(REPLY), None)])
    length = rng.randrange(19, 25)
    while sum(len(x) for x in blocks) + 4 < length:
        who = rng.choice((a, b))
        block = [(who, _small(rng, used), None)]
        if rng.random() < 0.5:
            block.append((b if who == a else a, rng.choice(REPLY), None))
        blocks.append(block)
    rng.shuffle(blocks)
    first = rng.choice((a, b))
    second = b if first == a else a
    Block = list[tuple[str, str, tuple[_Told, int] | None]]
    opening: Block = [(first, rng.choice(HELLO), None), (second, _small(rng, used), None)]
    closing: Block = [(first, rng.choice(BYE), None), (second, rng.choice(BYE), None)]
    position = 0
    for block in [opening, *blocks, closing]:
        for speaker, text, owner in block:
            at = day + timedelta(minutes=position)
            turn = Turn(f"{conv.user}:s{session:02d}:t{position:03d}", speaker, text, session, position, at)
            conv.turns.append(turn)
            if owner is not None:
                owner[0].evidence[owner[1]].append(turn.key)
            position += 1


def _questions(conv: Conversation, told: list[_Told], dates: list[datetime], rng: random.Random) -> None:
    def ask(kind: str, text: str, evidence: list[str]) -> None:
        if evidence:
            conv.questions.append(Question(kind, text, list(dict.fromkeys(evidence))))

    for t in told:
        for kind, template, episodes in t.story.questions:
            ask(kind, template.format(me=t.me, **t.values), [k for e in episodes for k in t.evidence[e]])
    for me in conv.speakers:
        mine = [t for t in told if t.me == me]
        for group, template in GROUPS.items():
            members = [t for t in mine if t.story.group == group]
            if len(members) > 1:
                ask("multi", template.format(me=me), [k for t in members for k in t.evidence[0]])
        for template, which in ACROSS.values():
            hits = [t.evidence[which[t.story.name]] for t in mine if t.story.name in which]
            if len(hits) > 1:
                ask("multi", template.format(me=me), [k for keys in hits for k in keys])
        # Episodes of this person in time order: "the week before" and "which came first".
        eps = sorted(
            ((t.sessions[i], t, i) for t in mine for i in range(len(t.sessions))), key=lambda x: x[0]
        )
        pairs = [(x, y) for x, y in itertools.pairwise(eps) if x[1] is not y[1] and x[0] != y[0]]
        for (_, ta, ia), (_, tb, ib) in rng.sample(pairs, min(2, len(pairs))):
            later = tb.story.descs[ib]
            ask("temporal", f"What did {me} do in the days before they {later}?", ta.evidence[ia])
        for (_, ta, ia), (_, tb, ib) in rng.sample(pairs, min(2, len(pairs))):
            first, second = (ta.story.descs[ia], tb.story.descs[ib])
            if rng.random() < 0.5:
                first, second = second, first
            ask("temporal", f"Which came first for {me}: when they {first} or when they {second}?",
                ta.evidence[ia] + tb.evidence[ib])  # fmt: skip
        other = next(s for s in conv.speakers if s != me)
        theirs = {t.story.name for t in told if t.me == other}
        solo = [t for t in mine if t.story.name not in theirs]
        for t in rng.sample(solo, min(2, len(solo))):
            kind, template, episodes = next(q for q in t.story.questions if q[0] == "single")
            ask(
                "adversarial",
                template.format(me=other, **t.values),
                [k for e in episodes for k in t.evidence[e]],
            )


def conversations(count: int, seed: int = 19) -> list[Conversation]:
    return [conversation(i, seed) for i in range(count)]


STOP = frozenset(
    ["what", "which", "when", "where", "who", "whom", "whose", "does", "did", "doing", "done", "have", "has", "had", "their", "they", "them", "this", "that", "with", "from", "into", "about", "over", "after", "before", "most", "some", "been", "being", "were", "will", "would", "could", "should", "shall", "might", "like", "much", "many", "time", "times", "year", "these", "those", "there", "then", "than", "just", "also", "your", "yours", "only", "very", "more", "ever", "once", "each"]
)  # fmt: skip


def _words(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4 and w not in STOP}


def check(convs: list[Conversation]) -> list[str]:
    """Sizes, and paraphrase questions sharing a content word (5-letter prefix) with their evidence."""
    problems = []
    for conv in convs:
        sessions = {t.session for t in conv.turns}
        if len(sessions) < 20 or len(conv.turns) < 400:
            problems.append(f"{conv.user}: {len(sessions)} sessions, {len(conv.turns)} turns")
        text = {t.key: t.text for t in conv.turns}
        names = _words(" ".join(conv.speakers))
        for q in conv.questions:
            if q.kind == "paraphrase":
                shared = (_words(q.text) - names) & _words(" ".join(text[k] for k in q.evidence))
                if shared:
                    problems.append(f"{conv.user}: {q.text!r} shares {sorted(shared)} with its evidence")
    return problems


def measure(url: str, embedder: Any, convs: list[Conversation]) -> dict[str, Any]:
    from recall import KS, STRATEGIES, TENANT, turns_of

    from memory.manager import MemoryManager

    clock = {"now": convs[0].now}
    manager = MemoryManager.from_url(url, embedder, clock=lambda: clock["now"])
    mem = manager.for_tenant(TENANT)
    t0 = time.perf_counter()
    for conv in convs:
        mem.remember_many(conv.user, turns_of(conv), source="user_explicit", batch_size=500)
    loaded = time.perf_counter() - t0
    found: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    t1 = time.perf_counter()
    for conv in convs:
        clock["now"] = conv.now
        for q in conv.questions:
            vector = embedder.embed_query(q.text)
            for strategy in STRATEGIES:
                got = [
                    r.key
                    for r in mem.recall(conv.user, query=q.text, query_vector=vector, k=20, strategy=strategy)  # type: ignore[arg-type]
                ]
                for k in KS:
                    share = len(set(got[:k]) & set(q.evidence)) / len(q.evidence)
                    found[(strategy, q.kind, k)].append(share)
                    if q.kind != "adversarial":
                        found[(strategy, "all", k)].append(share)
    asked = time.perf_counter() - t1
    manager.close()
    return {
        "recall": {key: statistics.fmean(v) for key, v in found.items()},
        "count": {kind: sum(q.kind == kind for c in convs for q in c.questions) for kind in CATEGORIES},
        "load_s": loaded,
        "ask_s": asked,
        "strategies": STRATEGIES,
        "ks": KS,
    }


def report(where: str, convs: list[Conversation], r: dict[str, Any]) -> None:
    turns = sum(len(c.turns) for c in convs)
    print(f"\n{where}: {len(convs)} conversations, {turns} turns (stored in {r['load_s']:.0f} s), "
          f"questions {r['count']} (asked in {r['ask_s']:.0f} s), load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    print("\n| strategy | category | recall@5 | recall@10 | recall@20 |\n|---|---|---|---|---|")
    for strategy in r["strategies"]:
        for kind in ("all", *CATEGORIES):
            cells = " | ".join(f"{r['recall'][(strategy, kind, k)]:.3f}" for k in r["ks"])
            label = "all but adversarial" if kind == "all" else kind
            print(f"| {strategy} | {label} | {cells} |")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--conversations", type=int, default=4)
    parser.add_argument("--check", action="store_true", help="only the set's checks")
    args = parser.parse_args()
    convs = conversations(args.conversations)
    problems = check(convs)
    sizes = ", ".join(
        f"{len({t.session for t in c.turns})}s/{len(c.turns)}t/{len(c.questions)}q" for c in convs
    )
    print(f"chat6: {sizes}; {len(problems)} problems", file=sys.stderr)
    for line in problems:
        print("  " + line, file=sys.stderr)
    if args.check:
        return 1 if problems else 0
    from retrieval_env import bench_database

    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    embedder = LocalMiniLMEmbedder()
    with bench_database(args.backend, "recall-chat6") as (url, where):
        report(f"{where}, {embedder.name}", convs, measure(url, embedder, convs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
