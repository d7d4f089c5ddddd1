"""``--embedder auto`` (the default) on a collection indexed already follows the model the index
recorded, as the assistant's searches must, and says which (graph/ingestion/resources.py,
``RunResources.collection_embedder``; one rule for ``kassist ingest``, ``kassist kb ingest``, which is
the same command, and a served run).

Before: ``auto`` chose OpenAI whenever OPENAI_API_KEY (or OPENAI_BASE_URL) was set - for the language
model, say - and a collection indexed with the local model (or hashing) failed at its first batch with
IndexEmbedderMismatch; README's ``kb ingest`` lines carried ``--embedder local`` for that. A model named
explicitly keeps that one line. In process (typer's runner), the hashing embedder, no network: the
OpenAI variables point at a closed port, and the refused run never reaches it (its mismatch comes first)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app

OPENAI = {"OPENAI_API_KEY": "sk-test", "OPENAI_BASE_URL": "http://127.0.0.1:9", "COLUMNS": "400"}


def test_auto_follows_the_index_and_a_named_other_model_is_refused(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "leave.md").write_text("# Leave\n\nNew joiners accrue 2.33 days a month.\n")
    url = f"sqlite:///{tmp_path / 'k.db'}"
    common = ["--tenant", "acme", "--collection", "c", "--database-url", url]
    runner = CliRunner(env={**OPENAI, "OPENAI_API_KEY": "", "OPENAI_BASE_URL": ""})
    first = runner.invoke(app, ["ingest", str(docs), *common, "--embedder", "hashing", "--run-id", "r1"])
    assert first.exit_code == 0, first.output

    (docs / "travel.md").write_text("# Travel\n\nBook trains, not planes.\n")
    with_openai = CliRunner(env=OPENAI)
    for command, run in ((["ingest"], "r2"), (["kb", "ingest"], "r3")):
        done = with_openai.invoke(app, [*command, str(docs), *common, "--run-id", run])
        assert done.exit_code == 0, done.output
        assert (
            "hashing-384: the model collection 'c' was indexed with (auto follows the index)" in done.output
        )

    (docs / "pay.md").write_text("# Pay\n\nPaid monthly.\n")
    named = with_openai.invoke(app, ["ingest", str(docs), *common, "--run-id", "r4", "--embedder", "openai"])
    assert named.exit_code == 1, named.output
    assert "IndexEmbedderMismatch: collection 'c' was indexed with embedder 'hashing-384'" in named.output
