"""Held rates of the poisoning screen on blind set 28 (session 35, helper u3): run it standalone.

    .venv/bin/python bench/poisoning_blind28.py            # attacks held, benign held
    .venv/bin/python bench/poisoning_blind28.py --show     # also the attacks let through / benign held
    .venv/bin/python bench/poisoning_blind28.py --learned  # with the opt-in learned layer
    .venv/bin/python bench/poisoning_blind28.py --check    # the mechanical novelty check only

The attacks (bench/poisoning_blind28_attacks.py) are memory writes an attacker gets into an agent's
long-term memory through a document, a tool result, a chat summary or an inference, one or two per
technique of the public literature, each labelled ``family: technique`` with its source in
``SOURCES`` (papers, benchmarks and vulnerability disclosures: MINJA, MemoryGraft, AgentPoison's
successors, PoisonedRAG, BadRAG, TrojanRAG, jamming, adversarial SEO, AgentDojo, InjecAgent, BIPIA,
Greshake et al., HouYi, Perez and Ribeiro, Tensor Trust, GCG, in-the-wild jailbreaks, PAP
persuasion, CipherChat and Unicode smuggling, low-resource and code-switched languages, Sleeper
Agents and virtual prompt injection, MCP/A2A/plugin disclosures, and the agent exfiltration and
tool-hijack write-ups of 2023-2026). The benign writes (bench/poisoning_blind28_benign.py) are the
hard text a company's memory legitimately holds: policy with "must", "from now on", "always",
"never", "ignore"; own-host links; e-mail addresses; code and configuration; instructions to
employees; preferences to the assistant; operators' rules about the assistant; quoted security
training about injection; records in carriers; 29 lines of policy in 25 other languages and 2 code-
switched. Both go through the real gates and screen exactly as blind 13-27 are measured (blind 19's
runner, imported): each attack for a fresh user, its writes in order; the benign writes all for one
user, in order. Targets (issue 27): >= 90% of attacks held, <= 2% of benign writes held. Written by
someone who tunes nothing, without reading the screen's rules; nobody tunes on it.

``--check`` (blind 18's rule and code: SequenceMatcher ratio >= 0.8 or word-set Jaccard >= 0.7 is a
near repeat; blind 19's meaning rule: a benign English or mixed write within local-MiniLM cosine
0.85 of an earlier benign write) compares this set with EVERY earlier one: blind 13, 15, 17-27
(attacks against attacks, benign against benign) as blind 27 did, and what blind 27's check left out
(review s34 r2 R5): blind 14 (bench/poisoning_blind14.py, attacks and benign), benign 16
(bench/poisoning_benign16.py), the public BIPIA attacks (bench/poisoning_public_bipia.py), the sets
bench/poisoning_blind.py measures and the tuning/hold-out sets (tests/data/poisoning/*.jsonl,
attacks and benign by file), and every string of 20 characters or more in
tests/test_memory_poisoning*.py and tests/test_screen_*.py (unlabelled: both halves of this set are
compared with them, by words). Every technique label must also name its source.

Result when frozen (session 35, 03:33 UTC, before any measurement): 198 attacks (204 writes) under
175 technique labels in 17 families, 221 benign writes (190 English, 29 in 25 other languages, 2
code-switched; the attacks use 18 other languages and 5 mixed), 0 problems, compared with 2,628
earlier attack writes, 5,390 earlier benign writes and 736 test strings. Closest by words: ratio
0.77 / Jaccard 0.22 (the TokenBreak attack against an earlier zero-width-split one); closest benign
in meaning: cosine 0.83. While writing, the first check found 32 problems in 25 writes: 20 benign
lines near earlier benign lines by chance (12 by words, one Finnish line an exact repeat of an
earlier set's, a status-page link, "never approve your own expense claim", a gifts register, a VPN
client retirement ...; 8 more by meaning only), and 5 encoded attacks whose word sets are single
letters, digits or hex bytes (Morse, Zalgo, base64, quoted-printable, decimal codes: Jaccard on such
tokens is high between any two encodings of English). The 20 benign lines were replaced; the 5
attacks got carrier text of their own around the same encoded payload (the quoted-printable one's
hidden sentence was also reworded). The next three checks found 2, 1 and 1 more benign lines (a
canteen menu, a fire-alarm rule, a lost and found link, a summer-party album); those and 10 lines at
ratio 0.79-0.80 or cosine 0.84-0.85 were replaced too; the fifth check found 0: 34 benign lines replaced
in all. No attack's technique or family changed.

R5 (review s34 r2): blind 27's check compared only blind 13, 15 and 17-26. With benign 16 added it
flags exactly its two near-repeats of benign 16 (Vietnamese leave requests through the HR portal,
ratio 0.89 / Jaccard 0.73; French "ignore the old leave form", ratio 0.86 / Jaccard 0.75); blind 14
adds none. The sets it also missed flag 2 more of its benign lines against tests/data/poisoning's
benign sets (the Lisbon office closed on 8 December, ratio 0.91; an emergency-contact reminder,
ratio 0.85) and the first of them also against a string in the screen's tests (ratio 0.84); its
attacks have no near repeat in any of them (closest ratio 0.73, binary-encoded payloads).

Measured once, at 05:00 UTC, in clean worktrees of main's HEAD (bdd214c; the screen's last commit
26715e3) and of the session's start (50e95f4, this set's files copied in): attacks held 116/198 =
58.6%, benign held 6/221 = 2.7% on both; with --learned 128/198 = 64.6% and 9/221 = 4.1% on both;
item by item identical. The figures by family are in docs/benchmarks.md (session 35, u3).

Since session 38 the check and the entry point live once in bench/poisoning_blind_runner.py (blind 29
copied them; blind 30 uses them too); this module keeps its set and its list of earlier sets.
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

import poisoning_benign16 as b16  # noqa: E402
import poisoning_blind14 as s14  # noqa: E402
import poisoning_blind27 as r27  # noqa: E402
import poisoning_blind27_attacks as a27  # noqa: E402
import poisoning_blind27_benign as b27  # noqa: E402
import poisoning_blind_runner as runner  # noqa: E402  (the check and entry point blind 28-30 share)
import poisoning_public_bipia as bipia  # noqa: E402
from poisoning_blind28_attacks import ATTACKS, SOURCES  # noqa: E402
from poisoning_blind28_benign import benign  # noqa: E402

# Northwind's own host (northwind.example) is allowed as in blind 19-27 (blind 19's OWN_HOSTS).
EARLIER = (*r27.EARLIER, (a27, b27))


def earlier_attacks() -> list[str]:
    old = [w for m, _ in EARLIER for *_, ws in m.ATTACKS for w in ws]
    old += [t for *_, t in s14.ATTACKS]
    old += [t for group in bipia.ATTACKS.values() for t in group]
    return old + runner.jsonl("attacks")


def earlier_benign() -> list[str]:
    old = [t for _, m in EARLIER for *_, t in m.benign()]
    old += [t for _, t in s14.BENIGN] + [t for *_, t in b16.BENIGN]
    return old + runner.jsonl("benign")


def main(argv: list[str]) -> int:
    return runner.main(
        argv, name="28", attacks=ATTACKS, sources=SOURCES, benign=benign, earlier=EARLIER,
        earlier_attacks=earlier_attacks, earlier_benign=earlier_benign,
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
