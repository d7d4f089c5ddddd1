"""Which inline threshold: workload (a) at 1, 2 and 4 KiB (checkpointer.small_values.INLINE_MAX_BYTES).

    python bench/cp_inline_threshold.py [--backend sqlite|postgres|all] [--reps 7]

For each threshold and value size (1 KB and 3 KB per channel, 5 channels, one changing per step),
ours against the stock saver of the backend in the same run, alternating as in checkpointers.py:
the speed ratio (stock time / ours) and the stored bytes ratio (ours / stock). A value fits in the
row when its serialised form (about its length + 3 bytes for a string) is within the threshold.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import checkpointers
import cp_env
from cp_env import bench_env
from cp_workloads import put_get

from checkpointer import small_values
from cli.kit import progress

THRESHOLDS = (1024, 2048, 4096)
SIZES = (1024, 3 * 1024)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres", "all"), default="all")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--sqlite-synchronous", choices=("FULL", "NORMAL"), default="FULL")
    args = parser.parse_args()
    cp_env.SQLITE_SYNCHRONOUS = args.sqlite_synchronous
    backends = ["sqlite", "postgres"] if args.backend == "all" else [args.backend]
    print("| backend | value | threshold | speed stock/ours | bytes ours/stock |")
    print("|---|---:|---:|---:|---:|")
    cases = len(backends) * len(SIZES) * len(THRESHOLDS)
    with bench_env(backends) as env, progress("inline threshold", cases) as bar:  # stderr only
        for backend in backends:
            for size in SIZES:
                for limit in THRESHOLDS:
                    bar.describe(f"{backend}, {size // 1024} KB values, threshold {limit // 1024} KiB")
                    small_values.INLINE_MAX_BYTES = limit  # read at every put
                    run = partial(put_get, steps=args.steps, value_bytes=size)
                    res = checkpointers._measure(env, backend, args.reps, run, args.steps)
                    speed = checkpointers._paired(res, "time", "stock")
                    size_ratio = checkpointers._paired(res, "bytes", "ours")
                    print(
                        f"| {backend} | {size // 1024} KB | {limit // 1024} KiB | {speed:.2f} | {size_ratio:.2f} |"
                    )
                    sys.stdout.flush()
                    bar.advance()


if __name__ == "__main__":
    main()
