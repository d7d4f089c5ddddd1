"""x16 s39: what the CPU-bounded load (graph/ingestion/load_processes.py) costs an ingest, side by side
with the code before it: 200 documents, median of 3.

    .venv/bin/python bench/x16_load.py --checkout before=/tmp/before --checkout after=. [--repeat 3]

Each trial is one fresh ``python -m cli.main ingest <corpus> --tenant acme --embedder hashing
--json`` process on a fresh SQLite file, run with each checkout as its working directory (that
checkout's code is what is imported; make one with ``git archive <commit> | tar -x -C <dir>``). Timed:
wall, and CPU of the process and its children (the load workers are ended and waited for at its
exit, so theirs is in). Corpora of 200 documents each:

- ``small``: ``kassist demo-corpus --docs 200`` (short Markdown, HTML and text pages): nothing goes
  to a worker, the worker processes never start;
- ``mixed``: 150 of those, 40 short reST pages (1-3 KB: reST always goes to a worker) and 10
  Markdown pages of 300 KB (over the 64 KB a text page loads in-process below).

The trials alternate checkouts (before, after, before, ...) so a change in the machine's load hits
both. Prints one line per trial and a table of medians (seconds) and after/before ratios.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def demo_corpus(root: Path, docs: int) -> None:
    subprocess.run(
        [sys.executable, "-m", "cli.main", "demo-corpus", str(root), "--docs", str(docs), "--seed", "1"],
        check=True, capture_output=True, cwd=ROOT,
    )  # fmt: skip


def mixed_corpus(root: Path) -> None:
    demo_corpus(root, 150)
    extra = root / "extra"
    extra.mkdir()
    for i in range(40):
        sections = "".join(
            f"Section {s}\n{'-' * 10}\n\nPolicy {i} rule {s}: *employees* file form ``{i}-{s}`` within "
            f"{s + 2} days; see `the guide <https://example.com/{i}>`_.\n\n- keep the receipt\n- ask\n\n"
            for s in range(i % 8 + 3)
        )
        (extra / f"page-{i:03d}.rst").write_text(f"Page {i}\n{'=' * 12}\n\n{sections}", encoding="utf-8")
    paragraph = "Employees may carry over five days of annual leave into the next year. " * 10
    for i in range(10):
        body = "".join(f"## Part {p}\n\n{paragraph}\n\n" for p in range(420))
        (extra / f"handbook-{i:02d}.md").write_text(f"# Handbook {i}\n\n{body}", encoding="utf-8")


def trial(checkout: Path, corpus: Path, work: Path) -> tuple[float, float]:
    db = work / "kassist.db"
    db.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "cli.main", "ingest", str(corpus), "--tenant", "acme", "--embedder",
         "hashing", "--database-url", f"sqlite:///{db}", "--json"],
        capture_output=True, text=True, cwd=checkout,
    )  # fmt: skip
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 5):  # 5: the run awaits a review (the demo corpus's audit findings)
        raise SystemExit(f"{checkout}: ingest failed ({done.returncode}): {done.stderr[-2000:]}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--checkout", action="append", required=True, help="name=path, in order")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", action="append", choices=["small", "mixed"])
    args = parser.parse_args()
    checkouts = [(name, Path(path).resolve()) for name, path in (c.split("=", 1) for c in args.checkout)]
    with tempfile.TemporaryDirectory(prefix="x16-load-") as tmp:
        base = Path(tmp)
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for corpus_name in args.corpus or ["small", "mixed"]:
            corpus = base / corpus_name
            demo_corpus(corpus, 200) if corpus_name == "small" else mixed_corpus(corpus)
            files = [p for p in corpus.rglob("*") if p.is_file()]
            print(f"{corpus_name}: {len(files)} files, {sum(p.stat().st_size for p in files) / 2**20:.1f} MB")
            for run in range(args.repeat):
                for name, checkout in checkouts:
                    work = base / f"work-{name}"
                    work.mkdir(exist_ok=True)
                    wall, cpu = trial(checkout, corpus, work)
                    results.setdefault((corpus_name, name), []).append((wall, cpu))
                    print(
                        f"  {corpus_name} {name} #{run + 1}: wall {wall:.2f} s, cpu {cpu:.2f} s", flush=True
                    )
            shutil.rmtree(corpus)
    print("\n| corpus | checkout | wall (median) | CPU (median) | wall / first | CPU / first |")
    print("|---|---|---|---|---|---|")
    for corpus_name in args.corpus or ["small", "mixed"]:
        first = None
        for name, _ in checkouts:
            runs = results[(corpus_name, name)]
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            first = first or (wall, cpu)
            print(
                f"| {corpus_name} | {name} | {wall:.2f} s | {cpu:.2f} s | {wall / first[0]:.2f} | "
                f"{cpu / first[1]:.2f} |"
            )


if __name__ == "__main__":
    main()
