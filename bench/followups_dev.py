"""Multi-turn follow-ups of the offline assistant: bench/followups_dev_data.py's conversations.

The same setup as bench/answer_quality.py (the shipped handbook among ``--docs`` demo-corpus
near-duplicates, the real assistant graph with its checkpointer and memory store, the extractive
responder, local MiniLM embeddings): each conversation runs turn after turn on one thread.

Metrics per turn kind (and overall, per half of the even/odd split: tuning / validation):
  first citation   turns with an expected document whose first citation is one of them
  fact in answer   ... whose answer text contains the expected fact
  abstained right  turns with no answer in the knowledge base that abstained
  wrong focus      turns whose first citation is the document the conversation was last on
                   (the previous turn's first citation) although that document is not expected:
                   a follow-up answered from the old focus instead of the new question's document

Usage: .venv/bin/python bench/followups_dev.py [--no-postgres] [--docs 300] [--vector-cache F.npz]
       [--only c01,c02] [--verbose]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

from answer_quality import COLLECTION, TENANT, USER, CachingEmbedder, assistant, build_corpus  # noqa: E402
from followups_dev_data import CONVERSATIONS, Conversation, Turn, split  # noqa: E402
from langchain_core.messages import HumanMessage  # noqa: E402
from retrieval_env import postgres_url  # noqa: E402

from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.ingest import ingest_directory  # noqa: E402


@dataclass
class Outcome:
    conversation: str
    index: int
    turn: Turn
    answer: str
    cited: list[str]
    previous: str | None  # the document the conversation was last on (previous first citation)

    @property
    def abstained(self) -> bool:
        return not self.cited

    @property
    def first_ok(self) -> bool:
        return bool(self.cited) and self.cited[0] in self.turn.docs

    @property
    def fact_ok(self) -> bool:
        return " ".join(self.turn.fact.lower().split()) in " ".join(self.answer.lower().split())

    @property
    def wrong_focus(self) -> bool:
        return (
            self.index > 0
            and self.previous is not None
            and bool(self.cited)
            and self.cited[0] == self.previous
            and self.previous not in self.turn.docs
        )

    @property
    def passed(self) -> bool:
        if not self.turn.docs:
            return self.abstained
        return self.first_ok and self.fact_ok


def run(url: str, corpus: Path, embedder: CachingEmbedder, label: str,
        conversations: Sequence[Conversation]) -> list[Outcome]:  # fmt: skip
    t0 = time.perf_counter()
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        ingest_directory(index.for_tenant(TENANT), corpus, collection=COLLECTION)
    print(f"{label}: ingested in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    out: list[Outcome] = []
    with assistant(url, embedder) as graph:
        for c in conversations:
            conf = {"configurable": {"thread_id": f"{label}-{c.id}", "tenant_id": TENANT, "user_id": USER}}
            previous: str | None = None
            for i, turn in enumerate(c.turns):
                result: dict[str, Any] = graph.invoke({"messages": [HumanMessage(turn.text)]}, conf)
                cited = [str(x["path"]) for x in result.get("citations", [])]
                out.append(Outcome(c.id, i, turn, str(result["messages"][-1].content), cited, previous))
                if cited:
                    previous = cited[0]
    return out


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.3f} ({hits}/{total})" if total else "n/a"


def metrics(outcomes: Sequence[Outcome]) -> dict[str, str]:
    answerable = [o for o in outcomes if o.turn.docs]
    unanswerable = [o for o in outcomes if not o.turn.docs]
    later = [o for o in outcomes if o.index > 0]
    return {
        "turns": str(len(outcomes)),
        "first citation": _rate(sum(o.first_ok for o in answerable), len(answerable)),
        "fact in answer": _rate(sum(o.fact_ok for o in answerable), len(answerable)),
        "abstained right": _rate(sum(o.abstained for o in unanswerable), len(unanswerable)),
        "wrong focus": _rate(sum(o.wrong_focus for o in later), len(later)),
        "passed": _rate(sum(o.passed for o in outcomes), len(outcomes)),
    }


def print_tables(label: str, outcomes: Sequence[Outcome], halves: dict[str, set[str]]) -> None:
    print(f"\n### {label}\n")
    columns = ["all", *halves]
    print("| turns | metric | " + " | ".join(columns) + " |\n|---|---|" + "---|" * len(columns))
    groups: dict[str, list[Outcome]] = {"all turns": list(outcomes), "follow-ups (turn 2+)": [
        o for o in outcomes if o.index > 0]}  # fmt: skip
    for kind in dict.fromkeys(o.turn.kind for o in sorted(outcomes, key=lambda o: o.turn.kind)):
        groups[kind] = [o for o in outcomes if o.turn.kind == kind]
    for name, group in groups.items():
        for metric in ("passed", "first citation", "fact in answer", "abstained right", "wrong focus"):
            cells = [metrics(group)[metric]]
            cells += [metrics([o for o in group if o.conversation in ids])[metric] for ids in halves.values()]
            if all(c == "n/a" for c in cells):
                continue
            print(f"| {name} | {metric} | " + " | ".join(cells) + " |")


def print_failures(outcomes: Sequence[Outcome]) -> None:
    for o in outcomes:
        if not o.passed or o.wrong_focus:
            first = o.cited[0] if o.cited else "(abstained)"
            flags = ("fact ok" if o.fact_ok else "fact MISSING") + (", WRONG FOCUS" if o.wrong_focus else "")
            print(f"- {o.conversation}.{o.index + 1} [{o.turn.kind}] {o.turn.text!r}: first {first}; {flags}")
            print("    " + o.answer.replace("\n", "\n    ")[:500])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", type=int, default=300, help="demo-corpus distractors (default 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--only", help="comma-separated conversation ids")
    parser.add_argument("--verbose", action="store_true", help="print every failed turn with its answer")
    args = parser.parse_args(argv)
    conversations = list(CONVERSATIONS)
    if args.only:
        wanted = set(args.only.split(","))
        conversations = [c for c in conversations if c.id in wanted]
    tune, held = split()
    halves = {"tuning (even)": {c.id for c in tune}, "validation (odd)": {c.id for c in held}}
    embedder = CachingEmbedder(args.vector_cache)
    results: dict[str, list[Outcome]] = {}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kassist-followups-") as tmp:
        corpus = build_corpus(Path(tmp), args.docs, args.seed)
        results["SQLite"] = run(f"sqlite:///{tmp}/fu.db", corpus, embedder, "SQLite", conversations)
        embedder.save()
        if not args.no_postgres:
            with postgres_url() as (url, _):
                results["PostgreSQL"] = run(url, corpus, embedder, "PostgreSQL", conversations)
    turns = sum(len(c.turns) for c in conversations)
    print(f"\n## Follow-ups: {len(conversations)} conversations, {turns} turns; handbook + {args.docs} "
          f"demo-corpus documents (seed {args.seed}), extractive responder, {embedder.name}")  # fmt: skip
    for label, outcomes in results.items():
        print_tables(label, outcomes, halves)
    print(f"\n(took {time.perf_counter() - t0:.0f} s)")
    if args.verbose:
        for label, outcomes in results.items():
            print(f"\n### Failures on {label}")
            print_failures(outcomes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
