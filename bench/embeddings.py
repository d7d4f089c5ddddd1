"""Embedding throughput: chunks per second for each local embedder at 128 and 256 model tokens.

    .venv/bin/python bench/embeddings.py [--repeats 5] [--chunks 64]

Chunks are windows of policy-style English prose of exactly 128 or 256 all-MiniLM-L6-v2 tokens,
[CLS]/[SEP] included (ingestion's chunks are at most that; about 70% of it on average with this
prose). Each figure is the median of ``--repeats`` timed runs after one warm-up run (which also
loads the model), side by side in one process; the local model's batch size is stated per row.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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


def chunks_per_second(embedder: Embedder, chunks: Sequence[str], repeats: int) -> float:
    embedder.embed_documents(chunks[: min(len(chunks), 8)])  # warm-up: model load, allocator
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        embedder.embed_documents(chunks)
        rates.append(len(chunks) / (time.perf_counter() - start))
    return statistics.median(rates)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--chunks", type=int, default=64, help="chunks per timed run of the local model")
    args = parser.parse_args(argv)

    print(f"# Embedding throughput ({os.cpu_count()} cores, median of {args.repeats} runs)\n")
    print("| embedder | chunk tokens (measured) | batch size | chunks/s | vs hashing |")
    print("|---|---|---|---|---|")
    for max_tokens in (128, 256):
        local_chunks = make_chunks(max_tokens, args.chunks)
        hashing_chunks = local_chunks * 20
        mean_tokens = statistics.mean(count_model_tokens(c) for c in local_chunks)
        hashing = chunks_per_second(HashingEmbedder(), hashing_chunks, args.repeats)
        rows = [("hashing-384", "-", hashing)]
        for batch_size in (8, 32):
            local = LocalMiniLMEmbedder(batch_size=batch_size)
            rows.append((local.name, str(batch_size), chunks_per_second(local, local_chunks, args.repeats)))
        for name, batch, rate in rows:
            print(
                f"| {name} | {max_tokens} | {mean_tokens:.0f} | {batch} | {rate:,.1f} | {rate / hashing:.3f}x |"
            )


if __name__ == "__main__":
    main()
