"""Chats where a person repeats an activity: bench/recall.py's ``tune5`` and ``heldout5`` splits (session 18).

Why: on heldout4 (bench/recall_chat.py) each activity is told once per person, so a question naming
it has one right turn and single/temporal questions sit at the ceiling (recall@10 ~0.9, against
LoCoMo's 0.57). In LoCoMo a person goes to several pottery classes and two camping trips, and the
question must pick out which one: by time ("in June 2023"), by a detail ("the time it rained"), by
who came along; or count them ("How many times ..."). So here, on heldout4's chat shape and words
(bench/recall_chat_vocab.py), every activity happens 2-4 times in different sessions: the first
telling is heldout4's, the repeats name it in other words (bench/recall_chat5_vocab.py: "the clay
class" for "start pottery lessons"), with a companion in the telling turn and an incident in the
reply ("It poured the whole time ..."), incidents shared across a person's activities.

Questions (evidence = dialogue turns):
  single       what happened at one occurrence, picked by month ("... in June 2023") -> its reply;
               the first one by heldout4's detail question
  temporal     "When did X {vp} for the second time?" / "... the time it rained?" -> its telling
  multi        "How many times has X {vp}?" -> every telling; "Who came along when X {vp} <incident>?"
               -> the telling (companion) and the reply (incident)
  open         an inference from a theme or an activity ("Would X say {vp} has become a habit?") ->
               the tellings
  adversarial  a question about the friend, who never did it (reported apart)
Splits: ``tune5`` (first half of the names, three of each theme's four activities, two thirds of
the incidents; fit on it) and ``heldout5`` (the other names, every activity and incident, other
seeds; written before any change it measures and measured once with the code as it was).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from recall_chat import _line, _pad, _react
from recall_chat5_vocab import COMPANIONS, INCIDENTS, NOUNS, OPEN_ACT, REPEAT
from recall_chat_vocab import (
    AGREE,
    BYE,
    CHAT,
    ECHO_ME,
    ECHO_OTHER,
    FIRST_NAMES_CHAT,
    HELLO,
    SIDE_CHAT,
    THEMES,
    WHEN,
    Theme,
)
from recall_data import Conversation, Question, Turn

SESSIONS = 18
START = datetime(2023, 3, 1, 18, 0, tzinfo=UTC)
ORDINAL = ("first", "second", "third", "fourth")
Block = list[tuple[str, str, "_Occ | None", str]]


class _Act:
    def __init__(self, theme: Theme, me: str, other: str, act: tuple[str, str, str, str, str, str]) -> None:
        self.theme, self.me, self.other = theme, me, other
        self.tell, self.detail, _, self.q_single, self.vp, _ = act
        self.noun = NOUNS[self.vp]
        self.occs: list[_Occ] = []
        self.echoes: list[int] = []


class _Occ:
    def __init__(
        self, act: _Act, index: int, session: int, companion: str, incident: tuple[str, str]
    ) -> None:
        self.act, self.index, self.session = act, index, session
        self.companion, self.incident = companion, incident
        self.told: Turn | None = None
        self.explained: Turn | None = None


def conversation(index: int, seed: int = 18, split: str = "heldout5") -> Conversation:
    rng = random.Random(f"chat5:{split}:{seed}:{index}")
    tune = split.startswith("tune")
    half = len(FIRST_NAMES_CHAT) // 2
    a, b = rng.sample(FIRST_NAMES_CHAT[:half] if tune else FIRST_NAMES_CHAT[half:], 2)
    conv = Conversation(user=f"{split}{index:02d}", speakers=(a, b))
    themes = rng.sample(THEMES, 6)
    own = {a: [*themes[:2], themes[2], themes[3]], b: [*themes[:2], themes[4], themes[5]]}
    incidents = INCIDENTS[: len(INCIDENTS) * 2 // 3] if tune else INCIDENTS
    acts: list[_Act] = []
    for who, friend in ((a, b), (b, a)):
        for theme in own[who]:
            pool = theme.acts[:3] if tune else theme.acts
            acts += [_Act(theme, who, friend, x) for x in rng.sample(pool, 2)]
    for act in acts:
        n = rng.choice((2, 3, 3, 4))
        sessions = sorted(rng.sample(range(SESSIONS), n))
        mine = rng.sample(incidents, n)
        for i, session in enumerate(sessions):
            act.occs.append(_Occ(act, i, session, rng.choice(COMPANIONS), mine[i]))
        act.echoes = rng.sample([x for x in range(SESSIONS) if x not in sessions], rng.randrange(2, 5))
    day = START + timedelta(days=index * 11)
    dates: list[datetime] = []
    for session in range(SESSIONS):
        day += timedelta(days=rng.randrange(6, 21))
        dates.append(day)
        _session(conv, session, day, acts, own, rng)
    conv.now = day + timedelta(days=2)
    _questions(conv, acts, own, dates, rng)
    return conv


def _blocks_of(occ: _Occ, rng: random.Random) -> Block:
    act = occ.act
    when = rng.choice(WHEN)
    if occ.index == 0:
        tell = act.tell.format(when=when)
        return [
            (act.me, _pad(rng, tell[:1].upper() + tell[1:]), occ, "tell"),
            (act.other, _react(rng, act), None, ""),  # type: ignore[arg-type]
            (act.me, _pad(rng, act.detail), occ, "detail"),
        ]
    tell = rng.choice(REPEAT).format(when=when, noun=act.noun, who=occ.companion)
    return [
        (act.me, _pad(rng, tell[:1].upper() + tell[1:]), occ, "tell"),
        (act.other, rng.choice(act.theme.react), None, ""),
        (act.me, _pad(rng, occ.incident[0]), occ, "detail"),
    ]


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
    blocks: list[Block] = []
    for act in acts:
        for occ in (x for x in act.occs if x.session == session):
            block = _blocks_of(occ, rng)
            if rng.random() < 0.5:
                block.append((act.other, f"{rng.choice(AGREE)} {rng.choice(CHAT)}", None, ""))
            if rng.random() < 0.3:
                block.append((act.me, f"{rng.choice(act.theme.muse)} {rng.choice(CHAT)}", None, ""))
            blocks.append(block)
        if session in act.echoes:
            mine = rng.random() < 0.6
            line = rng.choice(ECHO_ME if mine else ECHO_OTHER).format(vp=act.vp)
            blocks.append([(act.me if mine else act.other, line, None, "")])
    for _ in range(rng.randrange(2, 4)):  # musings: a person's theme words, no fact
        who = rng.choice((a, b))
        blocks.append([(who, f"{rng.choice(rng.choice(own[who]).muse)} {rng.choice(CHAT)}", None, "")])
    for _ in range(rng.randrange(2, 4)):  # decoys: someone else did something of the theme
        line = rng.choice(rng.choice(THEMES).decoy).format(side=rng.choice(SIDE_CHAT))
        blocks.append([(rng.choice((a, b)), f"{line[:1].upper()}{line[1:]} {rng.choice(AGREE)}", None, "")])
    if rng.random() < 0.5:  # an incident told of the day, outside any activity: a detail decoy
        who = rng.choice((a, b))
        blocks.append([(who, f"{rng.choice(CHAT)} {rng.choice(INCIDENTS)[0]}", None, "")])
    length = rng.randrange(20, 31)
    while sum(len(x) for x in blocks) + 4 < length:
        who = rng.choice((a, b))
        blocks.append([(who, " ".join(rng.sample(CHAT, 2)), None, "")])
    rng.shuffle(blocks)
    opening: Block = [
        (first, f"{_line(rng, HELLO, other=second)} {rng.choice(CHAT)}", None, ""),
        (second, f"{rng.choice(AGREE)} {rng.choice(CHAT)}", None, ""),
    ]
    closing: Block = [(first, rng.choice(BYE), None, ""), (second, rng.choice(BYE), None, "")]
    position = 0
    for block in [opening, *blocks, closing]:
        for speaker, text, owner, role in block:
            at = day + timedelta(minutes=2 * position)
            turn = Turn(f"{conv.user}:s{session:02d}:t{position:02d}", speaker, text, session, position, at)
            conv.turns.append(turn)
            if owner is not None:
                setattr(owner, "told" if role == "tell" else "explained", turn)
            position += 1


def _month(day: datetime, rng: random.Random) -> str:
    """A time cue as people ask it: a month, or a part of one."""
    part = "early" if day.day <= 10 else "mid" if day.day <= 20 else "late"
    return rng.choice((f"in {day:%B %Y}", f"in {part} {day:%B}", f"around {part} {day:%B %Y}"))


def _questions(
    conv: Conversation,
    acts: list[_Act],
    own: dict[str, list[Theme]],
    dates: list[datetime],
    rng: random.Random,
) -> None:
    def ask(kind: str, text: str, evidence: list[Turn | None]) -> None:
        keys = [t.key for t in evidence if t is not None]
        if keys:
            conv.questions.append(Question(kind, text, list(dict.fromkeys(keys))))

    for act in acts:
        me, vp, occs = act.me, act.vp, act.occs
        ask("single", act.q_single.format(me=me), [occs[0].explained])
        pick = rng.choice(occs[1:])
        ask(
            "single",
            f"What happened the day {me} decided to {vp} {_month(dates[pick.session], rng)}?",
            [pick.explained],
        )
        nth = rng.randrange(len(occs))
        which = "most recent" if nth == len(occs) - 1 and nth > 1 else ORDINAL[nth]
        ask("temporal", f"When did {me} {vp} for the {which} time?", [occs[nth].told])
        pick = rng.choice(occs[1:])
        ask("temporal", f"When did {me} {vp}, {pick.incident[1]}?", [pick.told])
        ask("multi", f"How many times did {me} {vp}?", [x.told for x in occs])
        pick = rng.choice(occs[1:])
        ask(
            "multi",
            f"Who was with {me} the day they decided to {vp}, {pick.incident[1]}?",
            [pick.told, pick.explained],
        )
        ask("open", rng.choice(OPEN_ACT).format(me=me, vp=vp), [x.told for x in occs])
    for me, themes in own.items():
        for theme in themes:
            tellings = [o.told for x in acts if x.me == me and x.theme is theme for o in x.occs]
            ask("open", rng.choice(theme.open).format(me=me), tellings)
        other = next(s for s in conv.speakers if s != me)
        solo = [x for x in acts if x.me == me and x.theme not in own[other]]
        for act in rng.sample(solo, min(2, len(solo))):
            ask("adversarial", f"When did {other} {act.vp}?", [act.occs[0].told])


def conversations(count: int, seed: int = 18, split: str = "heldout5") -> list[Conversation]:
    return [conversation(i, seed, split) for i in range(count)]
