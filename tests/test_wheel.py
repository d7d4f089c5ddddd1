"""kassist as an installed package (issue 16): the wheel built from the checkout (and the one built
from its sdist, identical) holds the packages and their data and nothing else, and installed into a
fresh virtual environment it runs the README's commands from a working directory that holds its own
``graph.py``, ``server.py`` and ``memory.py`` (a LangGraph project's usual files).

The fresh environment reuses the dependencies already installed (a ``.pth`` line naming this
interpreter's site-packages, added after the install so pip sees an empty environment), so the test
costs seconds; kassist's own code comes only from the wheel: every check asserts ``__file__``.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"cli", "kassist", "checkpointer", "memory", "knowledge", "graph", "server"}
DATA_SUFFIXES = (".json", ".sql", ".html", ".j2", ".toml", ".md", ".txt")
IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".kassist", ".langgraph_api",
    ".mypy_cache", ".ruff_cache", ".pytest_cache", "*.db", "*.db-wal", "*.db-shm",
)  # fmt: skip

# A user's project files with the names of kassist's packages: importing any of them is the bug.
SHADOWS = {
    name: f"raise SystemExit(\"the user's {name} was imported instead of kassist's package\")\n"
    for name in ("graph.py", "server.py", "memory.py")
}


def build(hook: str, source: Path, out: Path) -> Path:
    """Run a PEP 517 hook of setuptools (the build backend) in ``source``; no network, no isolation."""
    done = subprocess.run(
        [sys.executable, "-c", f"from setuptools import build_meta as b; print(b.{hook}({str(out)!r}))"],
        cwd=source, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1]


def record(wheel: Path) -> dict[str, str]:
    """The wheel's files and their hashes (its RECORD), the RECORD itself left out."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        rows = csv.reader(io.StringIO(z.read(name).decode()))
        return {r[0]: r[1] for r in rows if r and r[0] != name}


def readme_snippet(marker: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)
    # The checkpointer's snippet: a script that imports our ``graph`` package cannot run from a folder
    # with its own graph.py (Python puts the script's folder first), which README says.
    return next(b for b in blocks if marker in b and "from graph." not in b)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "src"
    shutil.copytree(ROOT, source, ignore=IGNORE)
    built = build("build_wheel", source, tmp / "dist")
    sdist = build("build_sdist", source, tmp / "sdist")
    shutil.unpack_archive(sdist, tmp / "unpacked")
    [from_sdist_root] = (tmp / "unpacked").iterdir()
    again = build("build_wheel", from_sdist_root, tmp / "dist-from-sdist")
    assert record(again) == record(built), "the sdist does not build the same wheel"
    return built


def test_the_wheel_holds_the_packages_and_their_data_only(wheel: Path) -> None:
    files = record(wheel)
    tops = {name.split("/")[0] for name in files}
    assert tops - PACKAGES == {next(t for t in tops if t.endswith(".dist-info"))}
    data = [n for n in files if not n.endswith(".py") and ".dist-info/" not in n]
    assert all(n.endswith(DATA_SUFFIXES) or n.rsplit("/", 1)[-1].startswith("NOTICE") for n in data), data
    assert "knowledge/assets/minilm-tokenizer.json" in files and "knowledge/assets/NOTICE" in files
    corpus = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "knowledge/corpus/files").rglob("*.*"))
    assert corpus and set(corpus) <= set(files)
    assert not [n for n in files if "/tests/" in n or n.startswith(("tests/", "bench/", "docs/"))]
    with zipfile.ZipFile(wheel) as z:
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    runtime = {line.split(":", 1)[1].split(">")[0].split(";")[0].strip() for line in meta.splitlines()
               if line.startswith("Requires-Dist:") and "extra ==" not in line}  # fmt: skip
    # `kassist checkpoints import` reads the stock savers' files: they are runtime dependencies.
    assert {"langgraph-checkpoint-sqlite", "langgraph-checkpoint-postgres"} <= runtime


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    env_dir = tmp_path_factory.mktemp("venv") / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
         "--disable-pip-version-check", "-q", str(wheel)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    # Now (not before the install) reuse this environment's dependencies: a plain path line, so the
    # editable install of the checkout living there (a .pth hook) is not run.
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "zz_reuse_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A LangGraph user's project directory: its own graph.py, server.py and memory.py."""
    for name, text in SHADOWS.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def run(installed: Path, project: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KASSIST_DATABASE_URL")}
    env |= {"PATH": f"{installed / 'bin'}{os.pathsep}{env.get('PATH', '')}", "COLUMNS": "80"}
    return subprocess.run(
        args, cwd=project, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def test_kassist_code_comes_from_the_wheel(installed: Path, project: Path) -> None:
    probe = "import kassist, checkpointer, knowledge; print(kassist.__file__, checkpointer.__file__, knowledge.__file__)"
    done = run(installed, project, "python", "-P", "-c", probe)
    assert done.returncode == 0, done.stderr
    assert all(Path(f).is_relative_to(installed) for f in done.stdout.split()), done.stdout
    assert str(ROOT) not in done.stdout


# Runs the whole `kassist demo` from the wheel (its child processes, the SIGKILL, the resume, the
# report): 200 documents took 170-210 s at load 17-19 on 2 cores and failed the suite's 300 s limit
# (/tmp/ci0, session 21); 40 (4 batches, killed after 3) prove the same from the wheel in a fifth of
# the time. tests/test_demo.py runs the demo itself.
@pytest.mark.timeout(900)
def test_readme_commands_from_a_project_with_its_own_graph_server_memory(
    installed: Path, project: Path
) -> None:
    help_ = run(installed, project, "kassist", "--help")
    assert help_.returncode == 0 and "checkpoints" in help_.stdout, help_.stderr

    demo = run(installed, project, "kassist", "demo", "--docs", "40", "--database-url", "sqlite:///demo.db")
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "tenant" in demo.stdout and "the user's" not in demo.stdout + demo.stderr

    # A stock SqliteSaver file, written by plain LangGraph (the user's script, in their directory).
    stock = (
        "import sqlite3\n"
        "from typing import TypedDict\n"
        "from langgraph.checkpoint.sqlite import SqliteSaver\n"
        "from langgraph.graph import END, START, StateGraph\n"
        "class S(TypedDict):\n    n: int\n"
        "b = StateGraph(S)\nb.add_node('inc', lambda s: {'n': s['n'] + 1})\n"
        "b.add_edge(START, 'inc')\nb.add_edge('inc', END)\n"
        "saver = SqliteSaver(sqlite3.connect('old_langgraph.db', check_same_thread=False))\n"
        "g = b.compile(checkpointer=saver)\n"
        "for t in ('t1', 't2'):\n    g.invoke({'n': 0}, {'configurable': {'thread_id': t}})\n"
    )
    (project / "make_stock.py").write_text(stock)
    made = run(installed, project, "python", "make_stock.py")
    assert made.returncode == 0, made.stderr
    imported = run(
        installed, project, "kassist", "checkpoints", "import", "--from", "sqlite:///old_langgraph.db",
        "--tenant", "demo", "--database-url", "sqlite:///kassist.db", "--json",
    )  # fmt: skip
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert '"imported": ' in imported.stdout and {"t1", "t2"} <= set(
        re.findall(r'"thread_id": "(\w+)"', imported.stdout)
    )

    (project / "snippet.py").write_text(readme_snippet("TenantCheckpointer.from_url"))
    snippet = run(installed, project, "python", "snippet.py")
    assert snippet.returncode == 0, snippet.stdout + snippet.stderr


def test_a_missing_extra_is_named_in_one_line(installed: Path, project: Path) -> None:
    probe = "import sys; sys.modules['uvicorn'] = None; from cli.main import main; main()"
    done = run(installed, project, "python", "-P", "-c", probe, "serve", "--port", "1")
    assert done.returncode == 1 and 'pip install "kassist[serve]"' in done.stderr, done.stderr
