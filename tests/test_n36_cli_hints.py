"""Two command-line lines a newcomer copies from (session 36, n N7 and N8).

N8: ``kassist kb ingest knowledge/corpus/files --collection generated`` into a collection that mirrors
``./corpus`` said ``collection 'generated' mirrors folder 'corpus'; ingest folder 'files' into another
collection (/abs/corpus); or empty it first: ...``: the whole path stood after the advice, where it reads
as the collection to use. It now stands beside the folder it names.
N7: ``kassist kb search ... --tenant "acme corp"`` noted ``index some with: kassist kb ingest DIR --tenant
acme corp --collection NAME``; pasted, that is a usage error (``Got unexpected extra argument(s) (corp)``).
The tenant (and the refusal's collection) are quoted for a shell."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.kb import app

runner = CliRunner()


def _folder(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / f"{name}.md").write_text(f"# {name}\n\nLeave is 28 days a year.\n")
    return folder


def test_the_refusal_names_the_mirrored_folders_path_beside_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kb.db'}"
    corpus, files = _folder(tmp_path, "corpus"), _folder(tmp_path, "files")
    args = [
        "--tenant",
        "acme corp",
        "--collection",
        "generated",
        "--embedder",
        "hashing",
        "--database-url",
        url,
    ]
    assert runner.invoke(app, ["ingest", str(corpus), *args]).exit_code == 0
    refused = runner.invoke(app, ["ingest", str(files), *args])
    assert refused.exit_code == 1
    assert refused.output.strip().splitlines() == [
        f"error: collection 'generated' mirrors folder 'corpus' ({corpus}); ingest folder 'files' into another "
        "collection; or empty it first: kassist kb collections delete generated --tenant 'acme corp'"
    ], refused.output


def test_the_no_documents_note_quotes_the_tenant(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kb.db'}"
    _folder(tmp_path, "handbook")
    args = ["--collection", "h", "--embedder", "hashing", "--database-url", url]
    assert (
        runner.invoke(app, ["ingest", str(tmp_path / "handbook"), "--tenant", "acme", *args]).exit_code == 0
    )
    found = runner.invoke(app, ["search", "leave", "--tenant", "acme corp", "--database-url", url])
    assert found.exit_code == 0
    assert found.output.strip().splitlines()[-1] == (
        "note: tenant 'acme corp' has no documents (tenant ids are exact, letter case included); "
        "index some with: kassist kb ingest DIR --tenant 'acme corp' --collection NAME"
    ), found.output
