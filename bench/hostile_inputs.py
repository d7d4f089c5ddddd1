"""Pathological documents: load, chunk and audit time at two sizes, so growth shows (4x the size
should cost about 4x the time; quadratic work costs 16x).

    .venv/bin/python bench/hostile_inputs.py [--sizes 120000 480000]

Each document is one Markdown file of a heading and a run of one repeated piece: runs of the
characters that detect-secrets' patterns and the phone-number rule backtrack on ("/", "sk-", "://",
" 1"), an unbroken word the tokenizer reads as one [UNK], and plain words. Also a .docx zip bomb and
a PDF of many pages sharing one compressed content stream, which the loaders refuse before parsing.
Seconds per stage, one process, one run each (the figures are far apart; docs/benchmarks.md,
"Hostile inputs").
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graph.ingestion.audit_step import audit_document
from knowledge.corpus.hostile import docx_of_paragraphs, pdf_of_one_shared_page, text_operators
from knowledge.documents import Document
from knowledge.ingest import chunk_or_error
from knowledge.loaders import load_file

PIECES = {
    "slashes": "/",
    "sk- runs": "sk-",
    ":// runs": "://",
    "' 1' runs": " 1",
    "one long word": "a",
    "words": "word ",
}


def _stages(path: Path, root: Path) -> tuple[float, float, float, str]:
    started = time.perf_counter()
    loaded = load_file(path, tenant_id="bench", collection="hostile", root=root)
    load_s = time.perf_counter() - started
    if not isinstance(loaded, Document):
        return load_s, 0.0, 0.0, f"refused: {loaded.kind}"
    started = time.perf_counter()
    ready = chunk_or_error(loaded, max_tokens=256, overlap_tokens=32)
    chunk_s = time.perf_counter() - started
    started = time.perf_counter()
    audit_document(loaded, None, date(2026, 12, 1))
    audit_s = time.perf_counter() - started
    chunks = len(ready[1]) if isinstance(ready, tuple) else 0
    return load_s, chunk_s, audit_s, f"{chunks} chunks"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--sizes", type=int, nargs=2, default=(120_000, 480_000), help="characters per document"
    )
    args = parser.parse_args(argv)
    print("| document | size | load s | chunk s | audit s | outcome |")
    print("|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="kassist-hostile-") as tmp:
        root = Path(tmp)
        for name, piece in PIECES.items():
            for size in args.sizes:
                path = root / "doc.md"
                path.write_text("# Hostile\n\n" + piece * (size // len(piece)), encoding="utf-8")
                load_s, chunk_s, audit_s, outcome = _stages(path, root)
                print(
                    f"| {name} | {size:,} | {load_s:.2f} | {chunk_s:.2f} | {audit_s:.2f} | {outcome} |",
                    flush=True,
                )
        for name, data in (
            ("docx of 70 MB of paragraphs", docx_of_paragraphs(70 * 2**20)[1]),
            ("PDF, 70 pages sharing 1 MB", pdf_of_one_shared_page(70, text_operators(2**20))),
        ):
            path = root / ("bomb.docx" if "docx" in name else "bomb.pdf")
            path.write_bytes(data)
            load_s, chunk_s, audit_s, outcome = _stages(path, root)
            print(
                f"| {name} | {len(data):,} bytes | {load_s:.2f} | {chunk_s:.2f} | {audit_s:.2f} | {outcome} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
