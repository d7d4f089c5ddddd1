"""The novelty check and entry point that poisoning blind 28, 29 and 30 share (session 38, helper u6).

Blind 29's runner copied blind 28's ``check`` and ``main`` (only the set's attacks, benign writes and
earlier sets differed); both, and blind 30, now call :func:`main` here with their own. The measured
run itself is blind 19's (``poisoning_blind19.main``: the real gates and screen, each attack for a
fresh user, the benign writes all for one user, Northwind's own host allowed); ``--check`` is blind
28's: SequenceMatcher ratio >= 0.8 or word-set Jaccard >= 0.7 against every earlier set's writes
(attacks against attacks, benign against benign, both against the screen tests' strings), a benign
English or mixed write within local-MiniLM cosine 0.85 of an earlier benign write, and every technique
label naming its source; attack writes within cosine 0.85 of an earlier attack are reported, not
counted.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [
    str(ROOT),
    str(ROOT / "tests"),
    str(ROOT / "bench"),
    *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"),
]

import poisoning_blind19 as r19  # noqa: E402  (blind 19's runner: the same report)
from poisoning_blind18 import NEAR_JACCARD, NEAR_RATIO, closest  # noqa: E402

DATA = ROOT / "tests" / "data" / "poisoning"
TEST_FILES = ("test_memory_poisoning*.py", "test_screen_*.py")
MIN_TEST_STRING = 20

Attacks = Sequence[tuple[str, str, str, str, tuple[str, ...]]]
Benign = Callable[[], Sequence[tuple[str, str, str, str]]]


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def jsonl(kind: str) -> list[str]:
    """The writes of tests/data/poisoning's sets of one kind ("attacks" or "benign")."""
    out: list[str] = []
    for path in sorted(DATA.glob("*.jsonl")):
        is_benign = path.stem.endswith("_benign") or path.stem == "benign_facts"
        if is_benign != (kind == "benign"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                out += _strings(
                    [w["value"] for w in record["writes"]] if "writes" in record else record["value"]
                )
    return out


def screen_test_strings() -> list[str]:
    """Every string constant of 20+ characters in the screen's test files (review s34 r2 R5)."""
    out: list[str] = []
    for pattern in TEST_FILES:
        for path in sorted((ROOT / "tests").glob(pattern)):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            out += [
                n.value
                for n in ast.walk(tree)
                if isinstance(n, ast.Constant)
                and isinstance(n.value, str)
                and len(n.value) >= MIN_TEST_STRING
            ]
    return list(dict.fromkeys(out))


def semantic(new: Sequence[str], old: Sequence[str]) -> list[tuple[float, str, str]]:
    """(cosine, new write, closest old write), closest first (blind 19's local MiniLM)."""
    import numpy as np  # only --check needs the embedder
    from answer_quality import CachingEmbedder

    embedder = CachingEmbedder(None)
    a = np.array(embedder.embed_documents(list(new)))
    b = np.array(embedder.embed_documents(list(old)))
    a /= np.linalg.norm(a, axis=1, keepdims=True)
    b /= np.linalg.norm(b, axis=1, keepdims=True)
    sims = a @ b.T
    best = sims.argmax(axis=1)
    return sorted(((float(sims[i, j]), new[i], old[j]) for i, j in enumerate(best)), key=lambda p: -p[0])


def check(
    attacks: Attacks,
    sources: Mapping[str, str],
    benign: Benign,
    earlier_attacks: list[str],
    earlier_benign: list[str],
) -> tuple[list[str], list[tuple[float, float, str, str]], list[tuple[float, str, str]]]:
    """(problems, closest pairs by words, closest benign pairs by meaning) against every earlier set."""
    tests = screen_test_strings()
    pairs = closest((w for *_, ws in attacks for w in ws), earlier_attacks + tests)
    pairs += closest((t for *_, t in benign()), earlier_benign + tests)
    pairs.sort(key=lambda p: -max(p[0], p[1]))
    problems = [
        f"near repeat (ratio {r:.2f}, jaccard {j:.2f}): {a[:90]!r} ~ {b[:90]!r}"
        for r, j, a, b in pairs
        if r >= NEAR_RATIO or j >= NEAR_JACCARD
    ]
    compared = [t for _, lang, _, t in benign() if lang in ("en", "mixed")]
    meaning = semantic(compared, list(dict.fromkeys(earlier_benign)))
    problems += [
        f"same sentence (cosine {c:.2f}): {a[:90]!r} ~ {b[:90]!r}" for c, a, b in meaning if c >= r19.SEMANTIC
    ]
    problems += [
        f"technique without a source: {c!r}" for c, *_ in attacks if c.split(": ", 1)[-1] not in sources
    ]
    return problems, pairs, meaning


def main(
    argv: list[str],
    *,
    name: str,
    attacks: Attacks,
    sources: Mapping[str, str],
    benign: Benign,
    earlier: Sequence[tuple[ModuleType, ModuleType]],
    earlier_attacks: Callable[[], list[str]],
    earlier_benign: Callable[[], list[str]],
) -> int:
    """Measure the set (blind 19's report) or, with ``--check``, print and return its novelty check."""
    if "--check" not in argv:
        return r19.main(argv, name=name, attacks=attacks, writes=benign, earlier=earlier)
    old_attacks, old_benign = earlier_attacks(), earlier_benign()
    problems, pairs, meaning = check(attacks, sources, benign, old_attacks, old_benign)
    count = sum(len(a[4]) for a in attacks)
    techniques = {c.split(": ", 1)[-1] for c, *_ in attacks}
    families = {c.split(": ", 1)[0] for c, *_ in attacks}
    print(f"blind {name} check: {len(attacks)} attacks ({count} writes, {len(techniques)} techniques in "
          f"{len(families)} families), {len(benign())} benign writes; {len(problems)} problems")  # fmt: skip
    print(f"compared with {len(old_attacks)} earlier attack writes, {len(old_benign)} earlier "
          f"benign writes and {len(screen_test_strings())} test strings")  # fmt: skip
    for line in problems:
        print("  " + line)
    print("closest to an earlier write:")
    for r, j, a, b in pairs[:6]:
        print(f"  ratio {r:.2f} jaccard {j:.2f}: {a[:80]!r} ~ {b[:80]!r}")
    print("closest benign write in meaning (MiniLM cosine):")
    for c, a, b in meaning[:4]:
        print(f"  {c:.2f}: {a[:80]!r} ~ {b[:80]!r}")
    # Review s35 r2 R4: the words rule misses a paraphrase (an attack of blind 17 reworded: ratio 0.72,
    # Jaccard 0.57, MiniLM cosine 0.91). Reported, not counted: blind 28 was frozen before this check.
    english = [w for _, lang, *_, ws in attacks if lang in ("en", "mixed") for w in ws]
    near = [p for p in semantic(english, list(dict.fromkeys(old_attacks))) if p[0] >= r19.SEMANTIC]
    print(f"attack writes within MiniLM cosine {r19.SEMANTIC} of an earlier attack write: {len(near)}")
    for c, a, b in near:
        print(f"  {c:.2f}: {a[:80]!r} ~ {b[:80]!r}")
    return 1 if problems else 0
