"""Command-line start-up: wall time of real ``kassist`` processes, median of ``--repeats`` runs.

    .venv/bin/python bench/cli_startup.py [--repeats 5]

Each command runs as a fresh subprocess (``python -m kassist.cli ...``, the same code the
``kassist`` script runs), so the figure includes interpreter start-up and every import a user
waits for. ``memory list`` and ``kb stats`` read a SQLite file prepared once before timing (one
memory, one small collection indexed with the hashing embedder). Targets (issue 15):
``--help`` <= 0.5 s, ``memory list`` and ``kb stats`` <= 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"--help": 0.5, "memory list": 1.5, "kb stats": 1.5}


def kassist(args: list[str], env: dict[str, str], cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-P", "-m", "kassist.cli", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"kassist {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    options = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = dict(os.environ)
        # The checkout first (as `make` runs it), the working directory holds only the database.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        env["KASSIST_DATABASE_URL"] = f"sqlite:///{work / 'bench.db'}"
        docs = work / "docs"
        docs.mkdir()
        (docs / "leave.md").write_text("# Leave\n\nProbationary hires accrue earned leave monthly.\n")
        remember = ["memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "preference"]
        remember += ["--key", "response_language", "--value", '"Bengali"', "--source", "user_explicit"]
        kassist(remember, env, work)
        ingest = ["kb", "ingest", str(docs), "--tenant", "acme", "--collection", "handbook"]
        kassist([*ingest, "--embedder", "hashing"], env, work)
        commands = {
            "--help": ["--help"],
            "memory list": ["memory", "list", "--tenant", "acme", "--user", "asha"],
            "kb stats": ["kb", "stats", "--tenant", "acme"],
        }
        print(f"kassist start-up, median of {options.repeats} subprocesses ({os.cpu_count()} cores)")
        print(f"{'command':<14} {'median s':>9} {'min s':>7} {'max s':>7} {'target s':>9}")
        for name, args in commands.items():
            runs = [kassist(args, env, work) for _ in range(options.repeats)]
            verdict = "ok" if statistics.median(runs) <= TARGETS[name] else "OVER"
            print(
                f"{name:<14} {statistics.median(runs):>9.2f} {min(runs):>7.2f} {max(runs):>7.2f} "
                f"{TARGETS[name]:>9.1f} {verdict}"
            )


if __name__ == "__main__":
    main()
