"""The poisoning screen's evaluation: attack and benign sets through the real gates and screen.

Run ``PYTHONPATH=. python tests/poisoning_eval.py`` to print the figures recorded in docs/memory.md
(``--show`` lists the attacks let through and the benign items held). The tests
(tests/test_memory_poisoning_sets.py, tests/test_memory_poisoning_intent.py) assert the targets on
the same figures.

An attack is one or more writes from one source for one user, in order; it is *held* when any of
its writes is rejected (source/type gate) or quarantined (screen). Writes let through are passed to
the screen as the user's recent memories from that source, as ``ops.remember`` does.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from knowledge.documents import Document
from knowledge.loaders import load_directory
from memory.manager.models import MemoryType, RememberRequest, Source
from memory.manager.policy import RECENT_LIMIT, PolicyConfig, screen, source_gate
from memory.manager.screen import ScreenConfig

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "poisoning"
CORPUS = ROOT / "knowledge" / "corpus" / "files"
TENANT = "acme"
# The tenant's own domains: links to them are ordinary; everything else is outside.
CONFIG = PolicyConfig(screen=ScreenConfig(allowed_hosts={TENANT: ["acme.example"]}))
# The same with the opt-in learned layer (session 15), which was trained on most of these sets.
LEARNED = PolicyConfig(screen=ScreenConfig(allowed_hosts={TENANT: ["acme.example"]}, learned=True))


@dataclass(frozen=True)
class Item:
    id: str
    label: str
    source: str
    memory_type: str
    writes: list[tuple[str, Any]]


def load_jsonl(name: str) -> list[dict[str, Any]]:
    with (DATA / name).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def attacks(name: str) -> list[Item]:
    return [
        Item(
            r["id"],
            r["category"],
            r["source"],
            r["memory_type"],
            [(w["key"], w["value"]) for w in r["writes"]],
        )
        for r in load_jsonl(name)
    ]


def benign_facts() -> list[Item]:
    return [
        Item(r["id"], r["key"], r["source"], r["memory_type"], [(r["key"], r["value"])])
        for r in load_jsonl("benign_facts.jsonl")
    ]


def corpus_sentences() -> Iterator[tuple[str, str]]:
    """(file, sentence) for every sentence of the shipped corpus, as the loaders read the files."""
    for doc in load_directory(CORPUS, tenant_id=TENANT, collection="corpus"):
        assert isinstance(doc, Document), doc
        for paragraph in re.split(r"\n\s*\n", doc.text):
            text = " ".join(paragraph.split())
            for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])", text):
                if len(sentence) >= 3:
                    yield doc.source_path, sentence


def corpus_items() -> list[Item]:
    return [
        Item(f"c{i:04d}", path, "kb_document", "fact", [(f"{Path(path).stem}_{i}", sentence)])
        for i, (path, sentence) in enumerate(corpus_sentences())
    ]


def held(
    item: Item, config: PolicyConfig = CONFIG, let_through: dict[str, list[tuple[str, Any]]] | None = None
) -> bool:
    """Whether ``item`` is held; ``let_through`` (per source, oldest first) are the user's memories
    written before it, which the screen reads together with each write as ``ops.remember`` does."""
    earlier = let_through if let_through is not None else {}
    for key, value in item.writes:
        req = RememberRequest(
            tenant_id=TENANT, user_id="asha", memory_type=MemoryType(item.memory_type), key=key, value=value,
            source=Source(item.source),
        )  # fmt: skip
        recent = earlier.setdefault(item.source, [])[-RECENT_LIMIT:]
        if source_gate(req) is not None or screen(req, config, recent):
            return True
        earlier[item.source].append((key, value))
    return False


@dataclass(frozen=True)
class Figure:
    name: str
    held: int
    total: int
    missed: list[Item]  # attacks let through, or benign items held

    @property
    def rate(self) -> float:
        return self.held / self.total


def measure(name: str, items: list[Item], *, attack: bool, config: PolicyConfig = CONFIG) -> Figure:
    """Attacks each for a fresh user; benign items all for one user, in order (a document ingested
    sentence by sentence), so that reading recent memories together is measured on them too."""
    shared: dict[str, list[tuple[str, Any]]] = {}
    results = [(item, held(item, config, None if attack else shared)) for item in items]
    wrong = [item for item, h in results if h is not attack]
    return Figure(name, sum(h for _, h in results), len(items), wrong)


def all_figures() -> list[Figure]:
    return [
        measure("attacks (tuning)", attacks("attacks_tuning.jsonl"), attack=True),
        measure("attacks (held out)", attacks("attacks_holdout.jsonl"), attack=True),
        measure("benign: corpus sentences", corpus_items(), attack=False),
        measure("benign: user facts", benign_facts(), attack=False),
    ]


# Issue 27 (item 7): sets of the screen that judges intent, in the order they were written. Each
# was committed before the screen was measured on it (see tests/data/poisoning/README.md).
INTENT_SETS: tuple[tuple[str, str], ...] = (
    ("tuning", "intent_tuning"),
    ("hold-out", "intent_holdout"),
    ("blind 2", "intent_blind2"),
    ("blind 3", "intent_blind3"),
    ("blind 4", "intent_blind4"),
    ("blind 5", "intent_blind5"),
    ("blind 6", "intent_blind6"),
)
# Measured once and reported, never tuned on: the honest figure for text the screen has not seen.
REPORTED_SETS: tuple[tuple[str, str], ...] = (
    ("blind 7", "intent_blind7"),
    ("blind 8", "intent_blind8"),  # written with blind 9 before the learned layer; measured once
    ("blind 9", "intent_blind9"),  # set aside: measured once with the screen of its commit, never tuned on
    ("blind 10", "intent_blind10"),  # session 15: written before the learned layer, never tuned on
    ("blind 11", "intent_blind11"),  # session 17; false holds read after ddc9baf
    ("blind 12", "intent_blind12"),  # session 18: measured once at 63fb1ec's end; tuned on from 7b5f9c2
)


def intent_figures(config: PolicyConfig = CONFIG, only: Collection[str] = ()) -> list[Figure]:
    """Held rates of every intent set (or of the labels in ``only``) under ``config``."""
    figures: list[Figure] = []
    for label, stem in INTENT_SETS + REPORTED_SETS:
        if only and label not in only:
            continue
        figures.append(
            measure(f"intent {label}: attacks", attacks(f"{stem}_attacks.jsonl"), attack=True, config=config)
        )
        figures.append(
            measure(f"intent {label}: benign", attacks(f"{stem}_benign.jsonl"), attack=False, config=config)
        )
    return figures


def main() -> None:
    # --learned: the opt-in learned layer on (ScreenConfig(learned=True))
    figures = intent_figures(LEARNED) if "--learned" in sys.argv else all_figures() + intent_figures()
    if "--json" in sys.argv:  # for bench/poisoning_screen.py, which compares screens
        print(json.dumps([{"name": f.name, "held": f.held, "total": f.total} for f in figures]))
        return
    for figure in figures:
        print(f"{figure.name:28} held {figure.held:4}/{figure.total:<4} = {figure.rate:6.1%}")
        if "--show" in sys.argv:
            for item in figure.missed:
                print(
                    f"    {'missed' if 'attack' in figure.name else 'held'}: {item.id} {item.label}: {item.writes[0][1]!s:.150}"
                )


if __name__ == "__main__":
    main()
