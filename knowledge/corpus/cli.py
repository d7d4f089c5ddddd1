"""``kassist demo-corpus OUT_DIR --docs N --seed S``: write a generated corpus and its manifest."""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table


def demo_corpus(
    out_dir: Annotated[Path, typer.Argument(help="New (or empty) directory to write the documents into.")],
    docs: Annotated[int, typer.Option("--docs", "-n", min=1, max=100_000, help="How many documents.")] = 500,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Same seed, same files, byte for byte.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Generate a deterministic demo corpus (md, txt, html, pdf, docx) with planted compliance findings."""
    from knowledge.corpus.generate import CorpusExistsError, generate_corpus

    started = time.perf_counter()
    try:
        manifest = generate_corpus(out_dir, docs=docs, seed=seed)
    except CorpusExistsError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    elapsed = time.perf_counter() - started
    formats = Counter(doc.format for doc in manifest.documents)
    summary = {
        "out_dir": str(out_dir),
        "documents": len(manifest.documents),
        "seed": seed,
        "seconds": round(elapsed, 2),
        "formats": dict(sorted(formats.items())),
        "planted": manifest.totals(),
        "manifest": str(Path(out_dir) / "manifest.json"),
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    table = Table(title=f"{len(manifest.documents):,} documents in {out_dir} ({elapsed:.1f} s, seed {seed})")
    table.add_column("planted")
    table.add_column("items", justify="right")
    for name, count in summary["planted"].items():  # type: ignore[attr-defined]
        table.add_row(name.replace("_", " "), f"{count:,}")
    console = Console()
    console.print(table)
    console.print("formats: " + ", ".join(f"{k} {v:,}" for k, v in summary["formats"].items()))  # type: ignore[attr-defined]
    console.print(f"ground truth: {summary['manifest']}")
