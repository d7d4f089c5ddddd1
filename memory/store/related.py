"""Items related by their keys: a ranking cue for fused search. Pure.

Many stores key items in sequence: a chat's turns ("D3:7", "D3:8" ... or "msg-0041"), a
document's chunks ("policy.md#12"), a log's entries. The answer to a question is often the item
next to the one that names it (a reply: "Where is the new place?" / "Riverside, by the bakery"),
or another item of the same run (the same session or document), which neither the keyword nor
the vector list sees: each scores an item alone. On real long conversations (LoCoMo, session 23)
the manager's recall, which scores neighbouring turns and whole sessions, was far above the
store's search on the same turns; this is the store's general form of those two parts, read from
the keys alone, so every store user gets it without naming a field.

A key's *run* is the key with its last number taken out ("D3:7" -> "D3:", 7; "msg-0041" ->
"msg-", 41), within the item's namespace. Among the fused candidates:

- **neighbour:** an item gains ``neighbour`` x the best fused score of the items of its run whose
  number is one below or above its own;
- **run:** an item gains ``run`` x the best fused score of the *other* items of its run, unless
  the run holds more than :data:`RUN_SHARE` of the candidates (then it is everything, not a
  group: "msg-1" ... "msg-600").

Keys without a number (uuid4 hex has digits, but no two share a run) relate nothing, so a store of
random keys ranks exactly as without the cue. Only the candidates both lists found are scored
(no extra read), so the result does not depend on the page asked for.
"""

from __future__ import annotations

import re
from functools import lru_cache

RUN_SHARE = 0.25
"""A run holding more than this share of the candidates is the whole store, not a group."""

_LAST_NUMBER = re.compile(r"^(.*?)(\d+)(\D*)$", re.DOTALL)

Item = tuple[str, str]
"""(namespace path, key)"""


@lru_cache(maxsize=65_536)
def run_of(key: str) -> tuple[str, str, int] | None:
    """(text before, text after, value) of the key's last number, or None (no number). Cached: the
    same keys come back search after search."""
    found = _LAST_NUMBER.match(key)
    if found is None:
        return None
    return found.group(1), found.group(3), int(found.group(2))


def related_scores(scores: dict[Item, float], neighbour: float, run: float) -> dict[Item, float]:
    """Per candidate (the keys of ``scores``, their fused scores), what its related items add to its score
    (0 for most: see the module's doc)."""
    if not scores or not (neighbour or run):
        return {}
    runs: dict[tuple[str, str, str], dict[int, float]] = {}
    place: dict[Item, tuple[tuple[str, str, str], int]] = {}
    for item in scores:
        found = run_of(item[1])
        if found is None:
            continue
        head, tail, number = found
        group = (item[0], head, tail)
        members = runs.setdefault(group, {})
        # Two keys of one run and number ("D3:07", "D3:7"): the better one speaks for both.
        members[number] = max(members.get(number, float("-inf")), scores[item])
        place[item] = (group, number)
    limit = RUN_SHARE * len(scores)
    # Each run's two best (number, score): the best of the others is the first unless it is the item.
    best: dict[tuple[str, str, str], list[tuple[float, int]]] = {}
    if run:
        for group, members in runs.items():
            if 2 <= len(members) <= limit:
                best[group] = sorted(((score, n) for n, score in members.items()), reverse=True)[:2]
    out: dict[Item, float] = {}
    for item, (group, number) in place.items():
        members = runs[group]
        if len(members) < 2:
            continue
        near = max(members.get(number - 1, 0.0), members.get(number + 1, 0.0), 0.0)
        added = neighbour * near
        top = best.get(group)
        if top is not None:
            others = top[1][0] if top[0][1] == number else top[0][0]
            added += run * max(others, 0.0)
        if added:
            out[item] = added
    return out
