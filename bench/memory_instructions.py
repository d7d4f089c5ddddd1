"""Instructions per memory ``remember`` / ``recall`` on SQLite: a load-independent floor.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/tmp/cg.out .venv/bin/python bench/memory_instructions.py remember 200 --no-gc
    grep ^summary: /tmp/cg.out            # divide by the call count

Workloads (one user, hashing vectors of 384 dimensions, a SQLite file on tmpfs):

* ``remember``: COUNT writes of new facts (one transaction each: gates, conflict policy, embedding,
  audit), after 20 uncounted;
* ``recall``: COUNT hybrid recalls (``k=10``, query vectors embedded beforehand) over 1,000
  conversation turns (bench/recall_data.py), after 10 uncounted (the first loads the user's vectors);
* ``recall-key``: COUNT recalls of one slot by key (the plain SQL read path), after 10 uncounted.

Setup, imports and warm-up run outside ``functools.reduce``; the measured calls run inside it, so
``--toggle-collect=functools_reduce`` counts only them. ``--no-gc`` turns the collector off, so that
comparing two trees counts only their code (as bench/cp_instructions.py). The same script run without
valgrind does the same work (a smoke check). Instruction counts do not move with the machine's load.
"""

from __future__ import annotations

import functools
import gc
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

# Run as a script, bench/ comes first on sys.path and bench/memory.py would shadow the memory package.
sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.append(str(Path(__file__).resolve().parent))

from recall_data import conversations  # noqa: E402

from knowledge.embedders import HashingEmbedder  # noqa: E402
from memory.manager import MemoryInput, MemoryManager, MemoryType, PolicyConfig  # noqa: E402

WORKLOADS = ("remember", "recall", "recall-key")


def turns(n: int) -> list[MemoryInput]:
    out: list[MemoryInput] = []
    for conv in conversations(4, seed=5):
        for t in conv.turns:
            value = {"text": t.text, "speaker": t.speaker, "session": f"s{t.session:02d}", "turn": t.position,
                     "at": t.at.isoformat()}  # fmt: skip
            out.append(MemoryInput(memory_type=MemoryType.EPISODE, key=f"{conv.user}:{t.key}", value=value))
    return out[:n]


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--no-gc"]
    if len(args) < len(sys.argv) - 1:
        gc.disable()
    if len(args) != 2 or args[0] not in WORKLOADS:
        sys.exit(f"usage: memory_instructions.py {'|'.join(WORKLOADS)} COUNT [--no-gc]")
    what, count = args[0], int(args[1])
    embedder = HashingEmbedder(384)
    clock_now = datetime(2026, 6, 1, tzinfo=UTC)
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as tmp:
        manager = MemoryManager.from_url(
            f"sqlite:///{tmp}/memory.db", embedder, clock=lambda: clock_now,
            config=PolicyConfig(rate_limit_per_minute=10_000_000),
        )  # fmt: skip
        mem = manager.for_tenant("bench")
        call: Any
        if what == "remember":

            def call(_: Any, i: int) -> None:
                mem.remember(
                    "olga", "fact", f"fact-{i}", f"Olga's fact number {i} is about gardens", "user_explicit"
                )

            for i in range(-20, 0):
                call(None, i)
            items: list[Any] = list(range(count))
        else:
            mem.remember_many("olga", turns(1000), source="user_explicit", batch_size=500)
            asked = [q.text for c in conversations(4, seed=5) for q in c.questions]
            pairs = [(q, embedder.embed_query(q)) for q in (asked * (count // max(len(asked), 1) + 2))]
            if what == "recall":

                def call(_: Any, pair: tuple[str, list[float]]) -> None:
                    mem.recall("olga", query=pair[0], query_vector=pair[1], k=10)

            else:
                key = turns(1)[0].key

                def call(_: Any, pair: tuple[str, list[float]]) -> None:
                    mem.recall("olga", key=key)

            for pair in pairs[:10]:
                call(None, pair)
            items = pairs[10 : 10 + count]
        gc.collect()  # a full collection left pending by setup would land in the counted calls
        functools.reduce(call, items, None)
        manager.close()


if __name__ == "__main__":
    main()
