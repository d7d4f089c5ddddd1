"""The commands of README and docs/*.md pasted in reading order into one checkout (session 27).

tests/test_docs_examples.py runs every ```bash and ```python block, each document in a scratch
folder of its own. A reader runs them all in one checkout, README first, plus the blocks the docs
test does not run (unlabelled and ```console ones). Session 27's walk: docs/ingestion.md's first
block, pasted after README's, failed twice: ``kassist demo-corpus ./corpus`` refused (README made
``./corpus``), and ``kassist ingest ... --run-id hr-2026 --collection handbook`` refused (README's
``hr-2026`` is collection ``generated``); with a fresh folder and run id it would have put 500
generated documents into ``handbook``, the collection the assistant examples answer from.

The rules, for any command in any fence: a generated corpus folder is made once; one (tenant, run
id) has one collection; a generated corpus is never ingested into a collection the shipped handbook
(``knowledge/corpus/files``) is ingested into for that tenant; one collection of one database is
ingested with one embedder (a second embedder is refused: IndexEmbedderMismatch), the database
being the command's ``--database-url``, else the page's last ``export KASSIST_DATABASE_URL``. The
first test checks the docs against them; the second shows, with the real command line, that breaking
the first two is refused; the third runs docs/ingestion.md's Python example after README's handbook.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from ingest_harness import child_env, kassist

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^```", re.S | re.M)
SHIPPED = "knowledge/corpus/files"
DEFAULT_URL = "sqlite:///.kassist/kassist.db"
# Without --embedder (auto) and without an OpenAI key, kassist embeds with the local MiniLM.
AUTO = "local"


def _commands() -> list[tuple[str, list[str], str]]:
    """Every ``kassist`` command line of every fence, continuation lines joined, ``$ `` prompts dropped,
    with the database it uses: its ``--database-url``, else the page's last ``export
    KASSIST_DATABASE_URL=`` before it (a reader's terminal keeps it for the page), else the default."""
    found = []
    for doc in DOCS:
        database = DEFAULT_URL
        for fence in FENCE.finditer(doc.read_text()):
            if fence["lang"] == "mermaid":
                continue
            text = fence["body"].replace("\\\n", " ")
            for line in text.splitlines():
                line = line.removeprefix("$ ").strip()
                if line.startswith("export KASSIST_DATABASE_URL="):
                    database = line.split("=", 1)[1].split()[0].strip("'\"")
                if not line.startswith("kassist "):
                    continue
                try:
                    words = shlex.split(line, comments=True)
                except ValueError:  # a usage line with an unbalanced quote is no command
                    continue
                found.append(
                    (f"{doc.name}: {line[:60]}", words, _option(words, "--database-url") or database)
                )
    return found


def _option(words: list[str], name: str) -> str | None:
    return words[words.index(name) + 1] if name in words[:-1] else None


def _placeholder(value: str) -> bool:
    # Usage lines write OUT_DIR, PATH, T, [--json]: not a value a reader pastes.
    return value.isupper() or value.startswith(("[", "<"))


def _folder(value: str) -> str:
    return value.removeprefix("./").rstrip("/")


def test_commands_pasted_in_reading_order_do_not_collide() -> None:
    generated: dict[str, str] = {}
    problems = []
    run_collections: dict[tuple[str, str], set[str]] = defaultdict(set)
    ingests: list[tuple[str, str, str, str]] = []  # where, folder, tenant, collection
    embedders: dict[tuple[str, str, str], set[str]] = defaultdict(set)  # database, tenant, collection
    for where, words, database in _commands():
        if words[1:2] == ["demo-corpus"] and len(words) > 2 and not _placeholder(words[2]):
            folder = _folder(words[2])
            if folder in generated:
                problems.append(f"{where}: {folder} was generated already ({generated[folder]}): refused")
            generated.setdefault(folder, where)
        is_ingest = words[1:2] == ["ingest"] or words[1:3] == ["kb", "ingest"]
        if not is_ingest:
            continue
        source = words[2] if words[1] == "ingest" else words[3]
        tenant, collection = _option(words, "--tenant"), _option(words, "--collection")
        if tenant is None or collection is None or _placeholder(source) or _placeholder(tenant):
            continue
        run_id = _option(words, "--run-id")
        if run_id is not None:
            run_collections[(tenant, run_id)].add(collection)
        ingests.append((where, _folder(source), tenant, collection))
        embedder = _option(words, "--embedder") or "auto"
        embedders[(database, tenant, collection)].add(AUTO if embedder == "auto" else embedder)
    problems += [
        f"run {run!r} of {tenant!r} is started with collections {sorted(names)}: the second is refused"
        for (tenant, run), names in run_collections.items()
        if len(names) > 1
    ]
    problems += [
        f"collection {collection!r} of {tenant!r} in {database} ingested with {sorted(names)}: "
        "the second is refused (IndexEmbedderMismatch)"
        for (database, tenant, collection), names in embedders.items()
        if len(names) > 1
    ]
    handbook = {(tenant, collection) for _, folder, tenant, collection in ingests if folder == SHIPPED}
    problems += [
        f"{where}: a generated corpus into {collection!r}, which the handbook examples answer from"
        for where, folder, tenant, collection in ingests
        if folder in generated and (tenant, collection) in handbook
    ]
    assert generated, "no kassist demo-corpus command found: the parser no longer reads the docs"
    assert not problems, "\n".join(problems)


def test_the_collisions_the_rules_prevent_are_refused(tmp_path: Path) -> None:
    made = kassist("demo-corpus", "./corpus", "--docs", "3", "--seed", "7", cwd=tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    again = kassist("demo-corpus", "./corpus", "--docs", "5", "--seed", "7", cwd=tmp_path)
    assert again.returncode != 0
    assert "corpus.manifest.json exists (the ground truth of an earlier corpus)" in again.stderr

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "leave.md").write_text("# Leave\n\nNew joiners accrue 2.33 days a month.\n")
    first = kassist("ingest", "docs", "--tenant", "acme", "--run-id", "hr-2026", "--collection", "generated",
                    "--embedder", "hashing", cwd=tmp_path)  # fmt: skip
    assert first.returncode == 0, first.stdout + first.stderr
    other = kassist("ingest", "docs", "--tenant", "acme", "--run-id", "hr-2026", "--collection", "handbook",
                    "--embedder", "hashing", cwd=tmp_path)  # fmt: skip
    assert other.returncode == 2, other.stdout + other.stderr
    assert "run 'hr-2026' was started with collection 'generated'" in other.stderr


def test_the_ingestion_example_leaves_the_default_handbook_alone(tmp_path: Path) -> None:
    """docs/ingestion.md's Python example after README's walk-through: acme's ``handbook`` in the
    default database is indexed with MiniLM, from the folder the example ingests. The example used to
    run on that database with ``hashing``: the run failed (IndexEmbedderMismatch) and, printing
    nothing, looked done."""
    blocks = [m["body"] for m in FENCE.finditer((ROOT / "docs" / "ingestion.md").read_text())]
    example = next(body for body in blocks if "build_graph" in body and "graph.invoke" in body)
    assert '"source": "knowledge/corpus/files"' in example
    files = tmp_path / "knowledge" / "corpus" / "files"
    files.mkdir(parents=True)
    (files / "leave.md").write_text("# Leave\n\nNew joiners accrue 2.33 days a month.\n")
    made = kassist("kb", "ingest", "knowledge/corpus/files", "--tenant", "acme", "--collection", "handbook",
                   "--embedder", "local", cwd=tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    before = kassist("kb", "collections", "list", "--tenant", "acme", "--json", cwd=tmp_path)

    ran = subprocess.run([sys.executable, "-P", "-c", example], cwd=tmp_path, env=child_env(),
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "completed 1 documents", ran.stdout + ran.stderr
    after = kassist("kb", "collections", "list", "--tenant", "acme", "--json", cwd=tmp_path)
    assert after.stdout == before.stdout
