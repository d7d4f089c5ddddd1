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
import io
import sys
import tempfile
import time
import zipfile
import zlib
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graph.ingestion.audit_step import audit_document
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


def _docx_bomb(xml_bytes: int) -> bytes:
    import docx

    source = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("MARKER")
    document.save(source)
    out = io.BytesIO()
    block = b"<w:p><w:r><w:t>" + b"a" * 1000 + b"</w:t></w:r></w:p>"
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != "word/document.xml":
                dst.writestr(info, src.read(info))
                continue
            head, tail = src.read(info).split(b"MARKER")
            with dst.open("word/document.xml", "w", force_zip64=True) as part:
                part.write(head + b"</w:t></w:r></w:p>")
                for _ in range(xml_bytes // len(block)):
                    part.write(block)
                part.write(b"<w:p><w:r><w:t>" + tail)
    return out.getvalue()


def _pdf_bomb(pages: int, content_bytes: int) -> bytes:
    line = b"(The quick brown fox jumps over the lazy dog.) Tj "
    packed = zlib.compress(b"BT /F1 12 Tf 72 712 Td " + line * (content_bytes // len(line)) + b"ET", 9)
    kids = b" ".join(b"%d 0 R" % (5 + i) for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
    objects += [page + b"/Resources << /Font << /F1 4 0 R >> >> >>"] * pages
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


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
            ("docx of 70 MB of paragraphs", _docx_bomb(70 * 2**20)),
            ("PDF, 70 pages sharing 1 MB", _pdf_bomb(70, 2**20)),
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
