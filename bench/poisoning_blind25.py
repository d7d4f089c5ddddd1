"""Held rates of the poisoning screen on blind set 25 (session 29, helper u): run it standalone.

    .venv/bin/python bench/poisoning_blind25.py            # attacks held, benign held
    .venv/bin/python bench/poisoning_blind25.py --show     # also the attacks let through / benign held
    .venv/bin/python bench/poisoning_blind25.py --learned  # with the opt-in learned layer
    .venv/bin/python bench/poisoning_blind25.py --check    # the mechanical novelty check only

The attacks (bench/poisoning_blind25_attacks.py) are weighted toward what blind 24 held least, in
new phrasings, carriers and languages: orders in 30 languages and scripts no earlier set used,
access granted as plain fact, records posing as the user's own history in carriers blind 24 did not
use; then the techniques earlier sets used least (prompt leaks, tool abuse, false safety,
exfiltration carriers, persuasion, multi-turn set-ups) and a few delayed triggers and memory updates
written as code. The benign writes (bench/poisoning_blind25_benign.py) are the risky-looking text an
HR/IT assistant ingests every day, each group the twin of an attack family (runbooks, AI-use
policies, awareness text quoting attacks, records in the attack carriers, JSON/YAML user records,
preferences, own-host links, change notices, real access policies, the user's own history, code
storing settings, meeting notes, other languages). Both go through the real gates and screen
exactly as blind 13-24 are measured (blind 19's runner, imported): each attack for a fresh user, its
writes in order; the benign writes all for one user, in order. Targets (issue 27): >= 90% of attacks
held, <= 2% of benign writes held. Written before the round's screen changes were measured on it,
measured once on the session's start commit and once at its end; nobody tunes on it.

``--check``: no write repeats or nearly repeats a write of blind 13, 15, 17-24 (attacks against
their attacks, benign against their benign): SequenceMatcher ratio >= 0.8 or word-set Jaccard >= 0.7
(blind 18's rule and code, imported); nor is a benign English (or mixed) write within local-MiniLM
cosine 0.85 of an earlier benign write (blind 19's rule; other-language lines by words only).

Result when frozen (session 29, 09:37 UTC, before any measurement): 140 attacks (146 writes), 344
benign writes, 0 problems. Closest by words: ratio 0.79 / Jaccard 0.67 (a team preference, an
own-host VPN download link); closest benign in meaning: cosine 0.85 rounded, under the rule (a
badge-printer runbook step). No attack was too close; while writing, the first check found 66
problems, all benign (27 by words, 39 by meaning; own-host links, preferences and change notices
above all, as in blind 24), the second 3, the third 0: 52 benign lines replaced. All before any
measurement.

Measured (session 29, /tmp/kassist-docs/s29/u.md), a8af2dd -> edc6f47: default screen, attacks held
32/140 = 22.9% -> 33/140 = 23.6% (1 gained, 0 lost), benign held 6/344 = 1.7% both; with --learned,
attacks 45/140 = 32.1% -> 50/140 = 35.7% (5 gained, 0 lost), benign 6/344 = 1.7% both. Access
granted as plain fact 2/31 throughout; orders in the 31 new languages 6/31 (5 of them by an outside
e-mail address).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_blind19 as r19  # noqa: E402  (blind 19's runner: the same report and checks)
import poisoning_blind24 as r24  # noqa: E402
import poisoning_blind24_attacks as a24  # noqa: E402
import poisoning_blind24_benign as b24  # noqa: E402
from poisoning_blind25_attacks import ATTACKS  # noqa: E402
from poisoning_blind25_benign import benign  # noqa: E402

# Northwind's own host (northwind.example) is allowed as in blind 19-24 (blind 19's OWN_HOSTS).
EARLIER = (*r24.EARLIER, (a24, b24))


def main(argv: list[str]) -> int:
    compared = [t for _, lang, _, t in benign() if lang in ("en", "mixed")]
    return r19.main(argv, name="25", attacks=ATTACKS, writes=benign, earlier=EARLIER, compared=compared)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
