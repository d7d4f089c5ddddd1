"""h24 s39 (bad input: huge numbers of lines): a 600 KB text of 300,000 short lines holds an ingestion
worker for most of a minute in the chunker.

``knowledge.chunking`` packs a document's units (here: one per line) into chunks of at most 256 tokens;
``Packer.pack`` asks ``_fits`` for every unit, and ``_fits`` sums the tokens and characters of every unit
already in the chunk (``_size``: ``sum(unit[1] for unit in units)``), and the pieces are split
recursively, one frame per line. Measured on the session's 2-core machine (``chunk_document`` alone): 600
KB of prose 0.21 s; ``x\\n`` repeated 100,000 times (200 KB) 2.4 s, 300,000 times (600 KB) 49.7 s (86
million generator steps in ``_fits``); ``kassist ingest`` of 3,000,000 such lines (6 MB, under the 20 MB
limit) took 140 s and 3.1 GB resident. A log, a CSV or a word list saved as .txt is such a file, and an
upload reaches the same worker every tenant shares (the class of session 38's H21-1..H21-4).

Expected: chunking takes time about proportional to the text (a 600 KB page within seconds, as prose
does). The chunker runs in a child process, timed from after its imports and killed at the deadline."""

from __future__ import annotations

from pathlib import Path

from deadline_child import output_within

LINES = 300_000
CHUNK = (
    "import sys; from pathlib import Path; from knowledge.loaders import load_directory; "
    "from knowledge.chunking import chunk_document; print('ready', flush=True); "
    "doc = next(iter(load_directory(Path(sys.argv[1]), tenant_id='acme', collection='c'))); "
    "print(len(chunk_document(doc)))"
)


def test_a_600_kb_text_of_short_lines_is_chunked_in_seconds(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "words.txt").write_text("x\n" * LINES, encoding="utf-8")
    out = output_within(
        CHUNK, str(folder), what=f"chunking a {2 * LINES // 1000} KB text of {LINES:,} short lines"
    )
    assert int(out.strip()) > 0, out  # the text is still chunked
