"""Evidence recall on the public LoCoMo conversations (issue 27 item 5: recall@10 >= 0.75 on real long chats).

Data: the file ``data/locomo10.json`` of https://github.com/snap-research/LoCoMo (CC BY-NC 4.0; ten
conversations of two people over 19-32 dated sessions, with questions and their evidence turns). It is not
in this repository: put it at ``.data/locomo/locomo10.json`` (git-ignored), or pass ``--data PATH`` or set
``KASSIST_LOCOMO``. Samples are numbered as in the public file: 1 conv-26, 2 conv-30, 3 conv-41, 4 conv-42,
5 conv-43, 6 conv-44, 7 conv-47, 8 conv-48, 9 conv-49, 10 conv-50 (a file with only some of them works).

Method (sessions 19-24, docs/benchmarks.md, "real LoCoMo conversations"): a fresh database per conversation
(BM25 statistics are per table); one user per conversation; every turn one episode through
``MemoryManager.remember_many(..., source="user_explicit")`` (bench/recall.py's ``turns_of``: text, speaker,
session, turn, time = the session's date plus 2 minutes per turn), a shared photo's caption appended as
"[shares a photo of ...]" (``--no-captions`` drops it); the manager's clock two days after the last session;
each question through ``MemoryManager.recall(user, query=..., query_vector=..., k=20, strategy=s)``.
``--store`` adds ``MemoryStore.search`` (keyword / vector / hybrid, one item per turn keyed by its dia_id,
bench/recall_store.py's ``puts``). Evidence recall@k = the share of a question's evidence turns (LoCoMo's
``evidence`` dia_ids; an id the file lists twice counts twice in the denominator, once when found, as
session 20's run.py: conv-50's ["D4:5", "D4:5", "D5:5"] reaches at most 2/3) in the top k, averaged over
questions. Categories are LoCoMo's: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop (overall =
categories 1-4), 5 adversarial (reported apart: the question swaps the person). An evidence id that is not a
dia_id of its conversation ("D10:19" for a 16-turn session, "D", "D30:05", "D9:1 D4:4" as one string) is
dropped and counted; a question left without evidence is skipped and counted. Embedder: local MiniLM.

    .venv/bin/python bench/locomo.py --check                      # transcript checks, counts vs the docs
    .venv/bin/python bench/locomo.py --samples 1,10 --store       # SQLite, manager (4 strategies) + store
    .venv/bin/python bench/locomo.py --samples 1,10 --store --backend postgres --out /tmp/locomo-pg.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

# Run as a script, bench/ comes first on sys.path and bench/memory.py would shadow the memory package
# (imported by a test, sys.path[0] is not bench/ and is left alone).
ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0] or ".").resolve() == ROOT / "bench":
    sys.path[0] = str(ROOT)
if str(ROOT) not in sys.path:  # our packages before bench/'s scripts of the same name (bench/memory.py)
    sys.path.insert(0, str(ROOT))
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))

from recall_data import Conversation, Question, Turn  # noqa: E402

OFFICIAL = (
    "conv-26",
    "conv-30",
    "conv-41",
    "conv-42",
    "conv-43",
    "conv-44",
    "conv-47",
    "conv-48",
    "conv-49",
    "conv-50",
)
CATEGORY = {1: "multi", 2: "temporal", 3: "open", 4: "single", 5: "adversarial"}
KINDS = ("multi", "temporal", "open", "single", "adversarial")
KS = (5, 10, 20)
MANAGER: tuple[Literal["keyword", "vector", "rrf", "hybrid"], ...] = ("keyword", "vector", "rrf", "hybrid")
STORE = ("keyword", "vector", "hybrid")
TENANT = "bench"
DEFAULT = ROOT / ".data" / "locomo" / "locomo10.json"
# The counts of the public file as docs/benchmarks.md records them (sessions 19 and 20): sessions, turns,
# qa per category 1-5, turns with a photo caption (None: not recorded).
DOCUMENTED: dict[str, tuple[int, int, tuple[int, ...], int | None]] = {
    "conv-26": (19, 419, (32, 37, 13, 70, 47), None),
    "conv-30": (19, 369, (11, 26, 0, 44, 24), None),
    "conv-41": (32, 663, (31, 27, 8, 86, 41), None),
    "conv-42": (29, 629, (37, 40, 10, 111, 61), None),
    "conv-43": (29, 680, (31, 26, 14, 107, 64), None),
    "conv-44": (28, 675, (30, 24, 7, 62, 35), None),
    "conv-47": (31, 689, (20, 34, 13, 83, 40), None),
    "conv-48": (30, 681, (21, 42, 10, 118, 48), 142),
    "conv-49": (25, 509, (37, 33, 13, 73, 40), 92),
    "conv-50": (30, 568, (32, 32, 7, 87, 46), 125),
}


class LocomoError(Exception):
    """The data file is missing or not in the public file's format (one line, says what to do)."""


@dataclass(frozen=True)
class LocomoTurn:
    dia_id: str
    speaker: str
    text: str
    caption: str | None = None


@dataclass
class Session:
    number: int
    when: datetime
    turns: list[LocomoTurn]


@dataclass
class QA:
    question: str
    category: int
    evidence: list[str]


@dataclass
class Sample:
    sample_id: str
    speakers: tuple[str, str]
    sessions: list[Session]
    qa: list[QA]

    @property
    def label(self) -> str:
        number = OFFICIAL.index(self.sample_id) + 1 if self.sample_id in OFFICIAL else "?"
        return f"{number} {self.sample_id}"


def parse_when(text: str) -> datetime:
    """LoCoMo's session time, e.g. "1:56 pm on 8 May, 2023" (read as UTC)."""
    return datetime.strptime(" ".join(text.split()), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def data_path(given: str | None) -> Path:
    path = Path(given or os.environ.get("KASSIST_LOCOMO") or DEFAULT)
    if not path.is_file():
        raise LocomoError(
            f"LoCoMo data not found at {path}: put the public file data/locomo10.json of "
            f"https://github.com/snap-research/LoCoMo (CC BY-NC 4.0) there, or pass --data PATH / set KASSIST_LOCOMO"
        )
    return path


def load(path: Path) -> list[Sample]:
    """The samples of a file in the public ``locomo10.json`` format (summaries and image urls are ignored)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return [_sample(item) for item in raw]
    except (ValueError, KeyError, TypeError) as exc:
        raise LocomoError(
            f"{path} is not in LoCoMo's locomo10.json format ({type(exc).__name__}: {exc})"
        ) from exc


def _sample(item: dict[str, Any]) -> Sample:
    conv = item["conversation"]
    numbers = sorted(int(k.split("_")[1]) for k in conv if k.startswith("session_") and k.count("_") == 1)
    sessions = [
        Session(
            n,
            parse_when(conv[f"session_{n}_date_time"]),
            [
                LocomoTurn(t["dia_id"], t["speaker"], t["text"], t.get("blip_caption"))
                for t in conv[f"session_{n}"]
            ],
        )
        for n in numbers
        if conv[f"session_{n}"]  # the public file lists dates of sessions it has no turns for
    ]
    qa = [QA(q["question"], int(q["category"]), [str(e) for e in q.get("evidence", [])]) for q in item["qa"]]
    return Sample(item["sample_id"], (conv["speaker_a"], conv["speaker_b"]), sessions, qa)


def select(samples: list[Sample], wanted: str | None, path: Path) -> list[Sample]:
    """``wanted``: "1,10" (numbers of the public file) or sample ids ("conv-26"); None: every sample."""
    if not wanted:
        return samples
    by_id = {s.sample_id: s for s in samples}
    chosen = []
    for part in (p.strip() for p in wanted.split(",") if p.strip()):
        sid = OFFICIAL[int(part) - 1] if part.isdigit() and 1 <= int(part) <= len(OFFICIAL) else part
        if sid not in by_id:
            held = ", ".join(by_id) or "none"
            raise LocomoError(
                f"sample {part} ({sid}) is not in {path} (it holds {held}): transcribe it or pick another"
            )
        chosen.append(by_id[sid])
    return chosen


@dataclass
class Prepared:
    conversation: Conversation
    dropped: list[str] = field(default_factory=list)  # evidence ids that are no dia_id of the conversation
    skipped: int = 0  # questions left without evidence


def prepare(sample: Sample, captions: bool = True) -> Prepared:
    """The sample as bench/recall_data's Conversation: turns keyed by dia_id, questions by category."""
    turns = [
        Turn(
            key=t.dia_id,
            speaker=t.speaker,
            text=f"{t.text} [shares {t.caption}]" if captions and t.caption else t.text,
            session=s.number,
            position=i + 1,
            at=s.when + timedelta(minutes=2 * i),
        )
        for s in sample.sessions
        for i, t in enumerate(s.turns)
    ]
    conv = Conversation(
        user=sample.sample_id,
        speakers=sample.speakers,
        turns=turns,
        now=sample.sessions[-1].when + timedelta(days=2),
    )
    keys = {t.key for t in turns}
    prepared = Prepared(conv)
    for q in sample.qa:
        evidence = [e for e in q.evidence if e in keys]
        prepared.dropped += [e for e in q.evidence if e not in keys]
        if evidence:
            conv.questions.append(Question(CATEGORY[q.category], q.question, evidence))
        else:
            prepared.skipped += 1
    return prepared


def check(sample: Sample) -> list[str]:
    """Problems of a transcript: dia_ids not running D<session>:1..n, dates out of order, unknown categories."""
    problems = []
    for s in sample.sessions:
        expected = [f"D{s.number}:{i}" for i in range(1, len(s.turns) + 1)]
        if [t.dia_id for t in s.turns] != expected:
            problems.append(f"session {s.number}: dia_ids are not D{s.number}:1..{len(s.turns)}")
        if unknown := {t.speaker for t in s.turns} - set(sample.speakers):
            problems.append(
                f"session {s.number}: speakers {sorted(unknown)} are neither speaker_a nor speaker_b"
            )
    if [s.when for s in sample.sessions] != sorted(s.when for s in sample.sessions):
        problems.append("session dates are not in order")
    if bad := {q.category for q in sample.qa} - set(CATEGORY):
        problems.append(f"unknown qa categories {sorted(bad)}")
    return problems


def counts(sample: Sample) -> tuple[int, int, tuple[int, ...], int]:
    per = Counter(q.category for q in sample.qa)
    turns = [t for s in sample.sessions for t in s.turns]
    return (
        len(sample.sessions),
        len(turns),
        tuple(per[c] for c in CATEGORY),
        sum(t.caption is not None for t in turns),
    )


def not_alternating(sample: Sample) -> int:
    return sum(
        a.speaker == b.speaker for s in sample.sessions for a, b in zip(s.turns, s.turns[1:], strict=False)
    )


def check_report(samples: list[Sample]) -> bool:
    ok = True
    for sample in samples:
        sessions, turns, per, captions = counts(sample)
        prep = prepare(sample)
        print(
            f"{sample.label} ({', '.join(sample.speakers)}): {sessions} sessions, {turns} turns ({captions} with a "
            f"caption), qa {sum(per)} ({'/'.join(map(str, per))}); {prep.skipped} without valid evidence, malformed "
            f"evidence ids {prep.dropped or 'none'}; {not_alternating(sample)} same-speaker neighbours"
        )
        problems = check(sample)
        documented = DOCUMENTED.get(sample.sample_id)
        if documented and (documented[:3] != (sessions, turns, per) or documented[3] not in (None, captions)):
            problems.append(f"counts differ from docs/benchmarks.md: {documented}")
        for p in problems:
            print(f"  PROBLEM: {p}")
        ok = ok and not problems
    return ok


def recall_at(top: list[str], evidence: list[str], k: int) -> float:
    return len(set(top[:k]) & set(evidence)) / len(evidence)


@contextmanager
def databases(backend: str) -> Iterator[Iterator[str]]:
    """Fresh databases, one per conversation: SQLite files, or databases created on one PostgreSQL
    server (the embedded one bench/retrieval_env.py starts, or BENCH_DATABASE_URL's)."""
    from retrieval_env import bench_database

    with bench_database(backend, "locomo") as (url, _where):
        yield _fresh(backend, url)


def _fresh(backend: str, url: str) -> Iterator[str]:
    from urllib.parse import urlsplit, urlunsplit

    for n in range(1, 1_000):
        if backend == "sqlite":
            yield url.replace("recall.db", f"locomo{n}.db")
            continue
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS kassist_locomo_{n} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE kassist_locomo_{n}")
        parts = urlsplit(url)
        yield urlunsplit((parts.scheme, parts.netloc, f"/kassist_locomo_{n}", parts.query, parts.fragment))


def ask_manager(url: str, embedder: Any, conv: Conversation) -> list[dict[str, Any]]:
    from recall import turns_of

    from memory.manager import MemoryManager

    manager = MemoryManager.from_url(url, embedder, clock=lambda: conv.now)
    try:
        mem = manager.for_tenant(TENANT)
        mem.remember_many(conv.user, turns_of(conv), source="user_explicit", batch_size=500)
        rows = []
        for q in conv.questions:
            vector = embedder.embed_query(q.text)
            for s in MANAGER:
                top = [
                    r.key for r in mem.recall(conv.user, query=q.text, query_vector=vector, k=20, strategy=s)
                ]
                rows.append(
                    {
                        "api": "manager",
                        "mode": s,
                        "kind": q.kind,
                        "question": q.text,
                        "evidence": q.evidence,
                        "top": top,
                    }
                )
        return rows
    finally:
        manager.close()


def ask_store(url: str, embedder: Any, conv: Conversation) -> list[dict[str, Any]]:
    from recall_store import puts

    from memory import MemoryStore

    stores = {
        m: MemoryStore.from_url(url, embedder=embedder, index_fields=("text",), search=m) for m in STORE
    }  # type: ignore[arg-type]
    try:
        stores["hybrid"].setup()
        views = {m: s.for_tenant(TENANT) for m, s in stores.items()}
        ops = puts(conv)
        for lo in range(0, len(ops), 500):
            views["hybrid"].batch(ops[lo : lo + 500])
        ns = ("conversations", conv.user)
        rows = []
        for q in conv.questions:
            embedder.embed_query(q.text)
            for m in STORE:
                top = [r.key for r in views[m].search(ns, query=q.text, limit=20, refresh_ttl=False)]
                rows.append(
                    {
                        "api": "store",
                        "mode": m,
                        "kind": q.kind,
                        "question": q.text,
                        "evidence": q.evidence,
                        "top": top,
                    }
                )
        return rows
    finally:
        for store in stores.values():
            store.close()


def measure(samples: list[Sample], backend: str, store: bool, captions: bool) -> list[dict[str, Any]]:
    from recall_store import DocumentMemo

    from cli.kit import progress
    from knowledge.embedders.minilm import LocalMiniLMEmbedder

    embedder = DocumentMemo(LocalMiniLMEmbedder())
    rows: list[dict[str, Any]] = []
    with databases(backend) as fresh, progress("locomo: conversations", len(samples)) as bar:
        for sample in samples:
            conv = prepare(sample, captions).conversation
            asked = ask_manager(next(fresh), embedder, conv)
            if store:
                asked += ask_store(next(fresh), embedder, conv)
            rows += [{"sample": sample.sample_id, **row} for row in asked]
            bar.advance()
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, float]]:
    cells: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        key = (r["api"], r["mode"])
        if r["kind"] != "adversarial":
            for k in KS:
                cells[key][f"@{k}"].append(recall_at(r["top"], r["evidence"], k))
        cells[key][r["kind"]].append(recall_at(r["top"], r["evidence"], 10))
    return {key: {c: statistics.fmean(v) for c, v in cols.items()} for key, cols in cells.items()}


def report(rows: list[dict[str, Any]], samples: list[Sample], where: str) -> None:
    preps = [prepare(s) for s in samples]
    n = Counter(q.kind for p in preps for q in p.conversation.questions)
    print(
        f"{where}: {', '.join(s.label for s in samples)}; {sum(len(p.conversation.turns) for p in preps)} turns; "
        f"{sum(n[k] for k in KINDS[:4])} questions in categories 1-4, {n['adversarial']} adversarial; "
        f"{sum(p.skipped for p in preps)} without evidence skipped, {sum(len(p.dropped) for p in preps)} malformed "
        "evidence ids dropped"
    )
    print(
        f"{'api, strategy':18} {'@5':>6} {'@10':>6} {'@20':>6}  "
        + " ".join(f"{k[:8]:>8}" for k in KINDS)
        + "  (per category @10)"
    )
    for (api, mode), cols in summarise(rows).items():
        cells = " ".join(f"{cols[f'@{k}']:6.3f}" for k in KS)
        kinds = " ".join(f"{cols[k]:8.3f}" if k in cols else f"{'-':>8}" for k in KINDS)
        print(f"{api + ', ' + mode:18} {cells}  {kinds}")
    print(
        f"{'questions':18} {sum(n[k] for k in KINDS[:4]):>6}  "
        + " " * 14
        + " ".join(f"{n[k]:8d}" for k in KINDS)
    )
    for api in ("manager", "store"):
        per_conversation = []
        for s in samples:
            mine = summarise(
                [r for r in rows if r["sample"] == s.sample_id and r["api"] == api and r["mode"] == "hybrid"]
            )
            if mine:
                per_conversation.append(
                    f"{s.sample_id} " + "/".join(f"{mine[(api, 'hybrid')][f'@{k}']:.3f}" for k in KS)
                )
        if per_conversation:
            print(f"per conversation, {api} hybrid @5/@10/@20: {', '.join(per_conversation)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", help=f"the public locomo10.json (default: $KASSIST_LOCOMO, else {DEFAULT})")
    parser.add_argument(
        "--samples", help="e.g. 1,10 (numbers of the public file) or conv-26,conv-50; default: all"
    )
    parser.add_argument(
        "--check", action="store_true", help="check the transcript and compare counts with the docs"
    )
    parser.add_argument("--store", action="store_true", help="also measure MemoryStore.search")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--no-captions", action="store_true", help="leave photo captions out of the turns")
    parser.add_argument("--out", help="write every question's top 20 per API and strategy to this JSON file")
    args = parser.parse_args()
    try:
        path = data_path(args.data)
        samples = select(load(path), args.samples, path)
    except LocomoError as exc:
        sys.exit(f"locomo: {exc}")
    if args.check:
        sys.exit(0 if check_report(samples) else 1)
    rows = measure(samples, args.backend, args.store, not args.no_captions)
    report(rows, samples, f"{args.backend}, {path}")
    if args.out:
        Path(args.out).write_text(json.dumps(rows), encoding="utf-8")


if __name__ == "__main__":
    main()
