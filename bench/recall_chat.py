"""LoCoMo-shaped chats for bench/recall.py's ``tune4`` and ``heldout4`` splits (session 18).

Why another generator: bench/recall_data.py's splits reach 0.78-0.89 recall@10 while the public
LoCoMo benchmark gave the same kind of recall 0.57 (issue 27). LoCoMo's chats differ: every turn
is long and chatty, each person returns to the same few themes of their life session after
session (so most turns about a theme are not the one asked about), facts are told with a
relative time inside a dated session ("last Friday"), list questions gather 2-6 turns across
sessions, and open questions need an inference. So here:

* two speakers, 18 dated sessions 6-20 days apart, 18-30 turns each, every turn a sentence or
  three (small talk is two fragments, never one line said twice word for word);
* each person has three themes (bench/recall_chat_vocab.py: art, outdoors, community, career,
  music, family, fitness, reading), one of them shared with the friend; each theme's activities
  are told as a telling turn with a relative time, the friend's reaction in the theme's words,
  the detail in the reply, sometimes a callback sessions later that does not name it again;
* near-similar distractors in every session: musings in a person's theme words that state no
  fact, the friend's reactions, and decoys (someone else did something of the theme).

Questions (LoCoMo's categories; evidence = dialogue turns):
  single       the detail of an activity, in other words ("What did Melanie produce in the first
               ceramics lesson?" -> "I made a little bowl, kind of lopsided, ...")
  temporal     "When did Melanie start pottery lessons?" -> the telling turn ("... {when}")
  multi        a theme's list ("What creative pursuits has Melanie taken up?" -> every telling of
               the theme, 2-4 turns across sessions); a callback's question -> detail + callback
  open         an inference from a theme ("Would Melanie appreciate a gift card for a craft supply
               store?") -> the theme's tellings
  adversarial  a single question about the friend, who never did it (reported apart)
Splits: ``tune4`` (the first half of the names, three of each theme's four activities; fit on it)
and ``heldout4`` (the other names, every activity, other seeds; written before any change of
session 18 and measured with the code as it was first).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from recall_chat_vocab import (
    AGREE,
    BYE,
    CHAT,
    ECHO_ME,
    ECHO_OTHER,
    FIRST_NAMES_CHAT,
    HELLO,
    LEAD,
    SIDE_CHAT,
    SURPRISE,
    THEMES,
    WHEN,
    Theme,
)
from recall_data import Conversation, Question, Turn

SESSIONS = 18
START = datetime(2023, 5, 1, 18, 0, tzinfo=UTC)


class _Act:
    def __init__(self, theme: Theme, me: str, other: str, act: tuple[str, str, str, str, str, str]) -> None:
        self.theme, self.me, self.other = theme, me, other
        self.tell, self.detail, self.later, self.q_single, self.vp, self.q_later = act
        self.session = 0
        self.later_session: int | None = None
        self.told: Turn | None = None
        self.explained: Turn | None = None
        self.callback: Turn | None = None
        self.echoes: list[int] = []


def _acts(theme: Theme, split: str) -> list[tuple[str, str, str, str, str, str]]:
    return list(theme.acts[: len(theme.acts) - 1] if split.startswith("tune") else theme.acts)


def conversation(index: int, seed: int = 18, split: str = "heldout4") -> Conversation:
    rng = random.Random(f"chat:{split}:{seed}:{index}")
    half = len(FIRST_NAMES_CHAT) // 2
    pool = FIRST_NAMES_CHAT[:half] if split.startswith("tune") else FIRST_NAMES_CHAT[half:]
    a, b = rng.sample(pool, 2)
    conv = Conversation(user=f"{split}{index:02d}", speakers=(a, b))
    themes = rng.sample(THEMES, 6)
    shared = themes[:2]  # both friends talk about these: who matters, not only what
    own = {a: [*shared, themes[2], themes[3]], b: [*shared, themes[4], themes[5]]}
    acts: list[_Act] = []
    for theme in shared:
        split_acts = rng.sample(_acts(theme, split), len(_acts(theme, split)))
        acts += [_Act(theme, a, b, x) for x in split_acts[::2]]
        acts += [_Act(theme, b, a, x) for x in split_acts[1::2]]
    for who, friend in ((a, b), (b, a)):
        for theme in own[who][2:]:
            acts += [_Act(theme, who, friend, x) for x in _acts(theme, split)]
    rng.shuffle(acts)
    for n, act in enumerate(acts):
        act.session = (n * (SESSIONS - 2)) // len(acts) + rng.randrange(2)
        if act.later and act.session < SESSIONS - 3:
            act.later_session = rng.randrange(act.session + 2, SESSIONS)
        # Echoes: the activity mentioned again in other sessions (plans, memories, the friend
        # asking), in the words of the questions, without the fact asked about.
        act.echoes = rng.sample([x for x in range(SESSIONS) if x != act.session], rng.randrange(4, 10))
    day = START + timedelta(days=index * 9)
    for session in range(SESSIONS):
        day += timedelta(days=rng.randrange(6, 21))
        _session(conv, session, day, acts, own, rng)
    conv.now = day + timedelta(days=2)
    _questions(conv, acts, own, rng)
    return conv


def _pad(rng: random.Random, text: str) -> str:
    """A fact inside a longer chatty turn, as people write (LoCoMo's turns run to 30-60 words)."""
    roll = rng.random()
    if roll < 0.35:
        return f"{rng.choice(LEAD)} {text}"
    if roll < 0.7:
        return f"{text} {rng.choice(CHAT)}"
    return text


def _react(rng: random.Random, act: _Act) -> str:
    if rng.random() < 0.5:  # the friend says it back, as friends do ("A pottery class? Fun!")
        return f"{rng.choice(SURPRISE).format(vp=act.vp)} {rng.choice(act.theme.react)}"
    return rng.choice(act.theme.react)


def _line(rng: random.Random, options: tuple[str, ...], **names: str) -> str:
    return rng.choice(options).format(**names)


def _session(
    conv: Conversation,
    session: int,
    day: datetime,
    acts: list[_Act],
    own: dict[str, list[Theme]],
    rng: random.Random,
) -> None:
    a, b = conv.speakers
    first = rng.choice((a, b))
    second = b if first == a else a
    blocks: list[list[tuple[str, str, _Act | None, str]]] = []
    for act in (x for x in acts if x.session == session):
        when = rng.choice(WHEN)
        tell = act.tell.format(when=when)
        block = [
            (act.me, _pad(rng, tell[:1].upper() + tell[1:]), act, "tell"),
            (act.other, _react(rng, act), None, ""),
            (act.me, _pad(rng, act.detail), act, "detail"),
        ]
        if rng.random() < 0.6:
            block.append((act.other, f"{rng.choice(AGREE)} {rng.choice(CHAT)}", None, ""))
        if rng.random() < 0.4:
            block.append((act.me, f"{rng.choice(act.theme.muse)} {rng.choice(CHAT)}", None, ""))
        blocks.append(block)
    for act in (x for x in acts if x.later_session == session):
        blocks.append([
            (act.me, act.later, act, "later"),
            (act.other, f"{_line(rng, act.theme.react)} {rng.choice(AGREE)}", None, ""),
        ])  # fmt: skip
    for act in (x for x in acts if session in x.echoes):
        mine = rng.random() < 0.6
        line = rng.choice(ECHO_ME if mine else ECHO_OTHER).format(vp=act.vp)
        blocks.append([(act.me if mine else act.other, line, None, "")])
    for _ in range(rng.randrange(2, 5)):  # musings: a person's theme words, no fact
        who = rng.choice((a, b))
        theme = rng.choice(own[who])
        blocks.append([(who, f"{rng.choice(theme.muse)} {rng.choice(CHAT)}", None, "")])
    for _ in range(rng.randrange(2, 4)):  # decoys: someone else did something of the theme
        theme = rng.choice(THEMES)
        line = rng.choice(theme.decoy).format(side=rng.choice(SIDE_CHAT))
        blocks.append([(rng.choice((a, b)), f"{line[:1].upper()}{line[1:]} {rng.choice(AGREE)}", None, "")])
    length = rng.randrange(20, 33)
    while sum(len(x) for x in blocks) + 4 < length:  # half small talk, half more musings
        who = rng.choice((a, b))
        if rng.random() < 0.5:
            blocks.append([(who, " ".join(rng.sample(CHAT, 2)), None, "")])
        else:
            blocks.append([(who, f"{rng.choice(rng.choice(own[who]).muse)} {rng.choice(AGREE)}", None, "")])
    rng.shuffle(blocks)
    opening: list[tuple[str, str, _Act | None, str]] = [
        (first, f"{_line(rng, HELLO, other=second)} {rng.choice(CHAT)}", None, ""),
        (second, f"{rng.choice(AGREE)} {rng.choice(CHAT)}", None, ""),
    ]
    closing: list[tuple[str, str, _Act | None, str]] = [
        (first, rng.choice(BYE), None, ""),
        (second, rng.choice(BYE), None, ""),
    ]
    position = 0
    for block in [opening, *blocks, closing]:
        for speaker, text, owner, role in block:
            at = day + timedelta(minutes=2 * position)
            turn = Turn(f"{conv.user}:s{session:02d}:t{position:02d}", speaker, text, session, position, at)
            conv.turns.append(turn)
            if owner is not None:
                setattr(owner, {"tell": "told", "detail": "explained", "later": "callback"}[role], turn)
            position += 1


def _questions(conv: Conversation, acts: list[_Act], own: dict[str, list[Theme]], rng: random.Random) -> None:
    def ask(kind: str, text: str, evidence: list[Turn | None]) -> None:
        keys = [t.key for t in evidence if t is not None]
        if keys:
            conv.questions.append(Question(kind, text, list(dict.fromkeys(keys))))

    for act in acts:
        ask("single", act.q_single.format(me=act.me), [act.explained])
        ask("temporal", f"When did {act.me} {act.vp}?", [act.told])
        if act.callback is not None:
            ask("multi", act.q_later.format(me=act.me), [act.explained, act.callback])
    for me, themes in own.items():
        for theme in themes:
            mine = [x.told for x in acts if x.me == me and x.theme is theme]
            if len(mine) > 1:
                ask("multi", rng.choice(theme.multi).format(me=me), list(mine))
            ask("open", rng.choice(theme.open).format(me=me), list(mine))
        other = next(s for s in conv.speakers if s != me)
        solo = [x for x in acts if x.me == me and x.theme not in own[other]]
        for act in rng.sample(solo, min(2, len(solo))):
            ask("adversarial", act.q_single.format(me=other), [act.explained])


def conversations(count: int, seed: int = 18, split: str = "heldout4") -> list[Conversation]:
    return [conversation(i, seed, split) for i in range(count)]
