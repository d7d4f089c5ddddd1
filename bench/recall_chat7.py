"""LoCoMo's turn shapes on heldout5's chats: bench/recall.py's ``tune7`` and ``heldout7`` splits (session 19).

Why: the generated chats so far have one act per turn (a telling, a reaction, a question), while
LoCoMo's turns, written to keep a conversation going, mostly tell something and then ask the friend
("Yeah, I painted that lake sunrise last year! It's special to me. Do you paint?"), and the
friend's reaction asks for more ("Wow, that's cool! What happened?"). A recall that treats every
turn ending in "?" as a question (it asks, it does not tell) loses those tellings. And LoCoMo's
temporal questions name the day of the event, not the day it was told: "last Saturday" said on
8 May 2023 is asked as "What did Melanie do on 6 May 2023?", so a window over the turns' session
dates misses it when the event falls in another week or month than the session.

So, on bench/recall_chat5.py's chats (other seeds; same words and questions, same evidence):
* 45% of the turns that are not questions get a question to the friend appended (ENDINGS);
* the friend's reaction after a telling gets a follow-up question (FOLLOW);
* new temporal questions name the day (or weekend) of an activity told with a relative day
  ("yesterday", "last Friday", "two days ago", "on Saturday", "this past Sunday", "last weekend")
  -> that telling. The day is the one the teller meant: the latest such day before the session's.
Splits: ``tune7`` (tune5's names and activities, seed 27) and ``heldout7`` (heldout5's names and
activities, seed 37). Written and measured once with the code as it was before session 19's
recall changes (docs/benchmarks.md, "Recall").
"""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from recall_chat5 import conversation as chat5
from recall_data import Conversation, Question, Turn

ENDINGS = (
    "What about you?", "Have you ever tried something like that?", "How has your week been?",
    "Do you do anything like that?", "What have you been up to lately?", "Any plans for the weekend?",
    "Does that sound crazy?", "You know what I mean?", "How are things on your end?",
    "Have you been keeping busy?", "What do you think?", "Is that weird?", "How's the family?",
    "Are you still swamped at work?", "Did you ever do that as a kid?", "How are you holding up?",
)  # fmt: skip
FOLLOW = (
    "What was the best part?", "How did it go?", "Who went with you?", "Tell me more, what happened?",
    "Was it as good as you hoped?", "How did you feel afterwards?", "What made you decide to go?",
    "Would you do it again?",
)  # fmt: skip
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_RELATIVE = re.compile(
    r"\b(yesterday|two days ago|last weekend|(?:last|on|this past) (monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday))\b",
    re.IGNORECASE,
)


def event_day(text: str, said: datetime) -> tuple[datetime, bool] | None:
    """The day a telling's relative time points at (and whether it is a weekend), or None."""
    m = _RELATIVE.search(text)
    if m is None:
        return None
    phrase = m.group(1).lower()
    day = said.replace(hour=0, minute=0, second=0, microsecond=0)
    if phrase == "yesterday":
        return day - timedelta(days=1), False
    if phrase == "two days ago":
        return day - timedelta(days=2), False
    if phrase == "last weekend":
        back = (day.weekday() - 5) % 7 or 7  # the latest Saturday before the session's day
        return day - timedelta(days=back), True
    back = (day.weekday() - _DAYS.index(m.group(2).lower())) % 7 or 7
    return day - timedelta(days=back), False


def conversation(index: int, split: str = "heldout7") -> Conversation:
    tune = split.startswith("tune")
    base = chat5(index, seed=27 if tune else 37, split="tune5" if tune else "heldout5")
    rng = random.Random(f"chat7:{split}:{index}")
    conv = Conversation(user=f"{split}{index:02d}", speakers=base.speakers, now=base.now)
    # Every occurrence's telling is the evidence of its activity's "How many times ..." question.
    told = {k for q in base.questions if q.text.startswith("How many times") for k in q.evidence}
    keys: dict[str, str] = {}
    previous: Turn | None = None
    for turn in base.turns:
        key = turn.key.replace(base.user, conv.user, 1)
        keys[turn.key] = key
        text = turn.text
        if previous is not None and previous.key in told and turn.speaker != previous.speaker:
            text = f"{text} {rng.choice(FOLLOW)}"
        elif not text.rstrip().endswith("?") and rng.random() < 0.45:
            text = f"{text} {rng.choice(ENDINGS)}"
        conv.turns.append(Turn(key, turn.speaker, text, turn.session, turn.position, turn.at))
        previous = turn
    for q in base.questions:
        conv.questions.append(Question(q.kind, q.text, [keys[k] for k in q.evidence]))
    by_key = {t.key: t for t in base.turns}
    asked: set[tuple[str, datetime]] = set()
    for key in sorted(told):
        turn = by_key[key]
        found = event_day(turn.text, turn.at)
        if found is None or (turn.speaker, found[0]) in asked:
            continue
        day, weekend = found
        who = turn.speaker
        asked.add((who, day))
        when = f"the weekend of {day.day} {day:%B %Y}" if weekend else f"{day.day} {day:%B %Y}"
        ask = rng.choice(("What did {who} do on {when}?", "What was {who} up to on {when}?"))
        conv.questions.append(Question("temporal", ask.format(who=who, when=when), [keys[key]]))
    return conv


def conversations(count: int, split: str = "heldout7") -> list[Conversation]:
    return [conversation(i, split) for i in range(count)]
