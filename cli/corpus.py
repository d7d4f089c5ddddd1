"""``kassist demo-corpus OUT_DIR --docs N --seed S``: write a generated corpus and its manifest.

The manifest (the ground truth: what was planted where) goes next to the folder, as
``OUT_DIR.manifest.json``: inside it, ``kassist ingest OUT_DIR`` would count it as a failed document."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text


def demo_corpus(
    out_dir: Annotated[Path, typer.Argument(help="New (or empty) directory to write the documents into.")],
    docs: Annotated[int, typer.Option("--docs", "-n", min=1, max=100_000, help="How many documents.")] = 500,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Same seed, same files, byte for byte.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Generate a deterministic demo corpus (md, txt, html, pdf, docx) with planted compliance findings."""
    from knowledge.corpus import ground_truth_path
    from knowledge.corpus.generate import CorpusExistsError, generate_corpus

    truth = ground_truth_path(out_dir)
    problem = None
    if truth.exists():
        # Both, when the folder holds that corpus: removing the ground truth alone only led to the
        # next refusal ("corpus exists and is not an empty directory").
        both = out_dir.is_dir() and os.access(out_dir, os.R_OK | os.X_OK) and any(out_dir.iterdir())
        remove = f"remove it and {out_dir}/ to start again" if both else "remove it"
        problem = (
            f"{truth} exists (the ground truth of an earlier corpus); {remove}, or choose another folder"
        )
    elif not os.access(truth.parent, os.W_OK):
        problem = f"cannot write the ground truth next to the corpus: {truth.parent} is not writable"
    if problem:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    started = time.perf_counter()
    try:
        manifest = generate_corpus(out_dir, docs=docs, seed=seed)
    except CorpusExistsError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    (Path(out_dir) / "manifest.json").replace(truth)
    elapsed = time.perf_counter() - started
    formats = Counter(doc.format for doc in manifest.documents)
    summary = {
        "out_dir": str(out_dir),
        "documents": len(manifest.documents),
        "seed": seed,
        "seconds": round(elapsed, 2),
        "formats": dict(sorted(formats.items())),
        "planted": manifest.totals(),
        "manifest": str(truth),
    }
    if as_json:
        typer.echo(json.dumps(summary))
        return
    from cli import kit

    console = kit.console(highlight=False)
    # A line of its own, not the table's title: a title wraps at the narrow table's width.
    console.print(f"{len(manifest.documents):,} documents ({elapsed:.1f} s, seed {seed})", soft_wrap=True)
    table = Table()
    table.add_column("planted")
    table.add_column("items", justify="right")
    for name, count in summary["planted"].items():  # type: ignore[attr-defined]
        table.add_row(name.replace("_", " "), f"{count:,}")
    console.print(table)
    console.print("formats: " + ", ".join(f"{k} {v:,}" for k, v in summary["formats"].items()))  # type: ignore[attr-defined]
    # Paths on their own lines, whole (never folded or shortened): they are meant to be copied.
    for label, path in (("corpus:", out_dir), ("ground truth:", truth)):
        console.print(Text(f"{label:<14}{path}"), soft_wrap=True)
