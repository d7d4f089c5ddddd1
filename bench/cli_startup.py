"""Command-line start-up: wall time of real ``kassist`` processes, median of ``--repeats`` runs.

    .venv/bin/python bench/cli_startup.py [--repeats 5] [--only "runs list" ...]

Each command runs as a fresh subprocess (``python -m cli.main ...``, the same code the
``kassist`` script runs), so the figure includes interpreter start-up and every import a user
waits for. ``memory list`` and ``kb stats`` read a SQLite file prepared once before timing (one
memory, one small collection indexed with the hashing embedder). Targets (issue 15):
``--help`` <= 0.5 s, ``memory list`` and ``kb stats`` <= 1.5 s. Wall time is the target; CPU time (user + system of
the child) is printed beside it because a machine busy with other work inflates only the former.

The ingestion and runs commands (issue 29, target <= 1 s each) run on a finished run over a tiny
folder, ingested once before timing with the local MiniLM model (what ``kassist ingest`` uses by
default where the model is installed): ``runs list`` and ``runs show`` read it, ``runs resume`` and
the same ``ingest`` command again find it finished and stop without executing anything. For these
a finished run IS the first output: the figure is the whole process, start to exit.

``kassist serve`` refusing to start (session 27, target <= 1 s each): without an API key, and with a
key but a database URL of an unsupported scheme - each a user's mistake, answered with one ``error:``
line and exit 1 before the server (LangServe, FastAPI, the graphs) is imported. Each run gets a
free port.
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cli.kit import progress

TARGETS = {
    "--help": 0.5,
    "memory list": 1.5,
    "kb stats": 1.5,
    "runs list": 1.0,
    "runs show": 1.0,
    "runs resume": 1.0,
    "ingest (finished)": 1.0,
    "serve, no key": 1.0,
    "serve, bad URL": 1.0,
}
# The commands timed for their refusal: the exit code they must end with (any other fails the bench).
REFUSALS = {"serve, no key": 1, "serve, bad URL": 1}
KEY_TABLE = '{"bench-key-0123456789abcdef": {"identity": "asha", "tenant_id": "acme"}}'
# What each group of commands needs prepared first (the others skip the work).
NEEDS_MEMORY = {"memory list"}
NEEDS_KB = {"kb stats"}
NEEDS_RUN = {"runs list", "runs show", "runs resume", "ingest (finished)"}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def kassist(args: list[str], env: dict[str, str], cwd: Path, expect: int = 0) -> tuple[float, float]:
    """Wall and CPU seconds of one ``kassist`` process (CPU time is what a busy machine cannot inflate)."""
    if args[:1] == ["serve"]:
        args = [*args, "--port", str(free_port())]
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-P", "-m", "cli.main", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    if done.returncode != expect:
        raise SystemExit(f"kassist {' '.join(args)} exited {done.returncode}, not {expect}:\n{done.stderr}")
    return elapsed, _children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--only", action="append", choices=sorted(TARGETS), help="time only these (repeatable)"
    )
    options = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if k not in ("KASSIST_API_KEYS", "KASSIST_API_KEYS_FILE")}
        # The checkout first (as `make` runs it), the working directory holds only the database.
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        env["KASSIST_DATABASE_URL"] = f"sqlite:///{work / 'bench.db'}"
        docs = work / "docs"
        docs.mkdir()
        (docs / "leave.md").write_text("# Leave\n\nProbationary hires accrue earned leave monthly.\n")
        chosen = set(options.only or TARGETS)
        if chosen & NEEDS_MEMORY:
            remember = ["memory", "remember", "--tenant", "acme", "--user", "asha", "--type", "preference"]
            remember += ["--key", "response_language", "--value", '"Bengali"', "--source", "user_explicit"]
            kassist(remember, env, work)
        if chosen & NEEDS_KB:
            ingest = ["kb", "ingest", str(docs), "--tenant", "acme", "--collection", "handbook"]
            kassist([*ingest, "--embedder", "hashing"], env, work)
        run = ["ingest", str(docs), "--tenant", "acme", "--run-id", "hr-2026", "--collection", "hr"]
        if chosen & NEEDS_RUN:
            kassist(run, env, work)  # the finished run the runs commands read (local model: the default)
        envs = {"serve, bad URL": {**env, "KASSIST_API_KEYS": KEY_TABLE}}  # a key: the URL is what is wrong
        commands = {
            "--help": ["--help"],
            "memory list": ["memory", "list", "--tenant", "acme", "--user", "asha"],
            "kb stats": ["kb", "stats", "--tenant", "acme"],
            "runs list": ["runs", "list", "--tenant", "acme"],
            "runs show": ["runs", "show", "hr-2026", "--tenant", "acme"],
            "runs resume": ["runs", "resume", "hr-2026", "--tenant", "acme"],
            "ingest (finished)": run,
            "serve, no key": ["serve"],
            "serve, bad URL": ["serve", "--database-url", "mysql://db/kassist"],
        }
        commands = {name: args for name, args in commands.items() if not options.only or name in options.only}
        load = os.getloadavg()[0]
        print(
            f"kassist start-up, median of {options.repeats} subprocesses ({os.cpu_count()} cores, load {load:.1f})"
        )
        print(f"{'command':<18} {'wall s':>7} {'min s':>7} {'max s':>7} {'cpu s':>7} {'target s':>9}")
        for name, args in commands.items():
            # Progress on stderr only: stdout keeps the table clean.
            with progress(f"timing kassist {name}", options.repeats) as bar:
                runs = []
                for _ in range(options.repeats):
                    runs.append(kassist(args, envs.get(name, env), work, REFUSALS.get(name, 0)))
                    bar.advance()
            wall = [w for w, _ in runs]
            cpu = statistics.median(c for _, c in runs)
            verdict = "ok" if statistics.median(wall) <= TARGETS[name] else "OVER"
            print(
                f"{name:<18} {statistics.median(wall):>7.2f} {min(wall):>7.2f} {max(wall):>7.2f} {cpu:>7.2f} "
                f"{TARGETS[name]:>9.1f} {verdict}"
            )


if __name__ == "__main__":
    main()
