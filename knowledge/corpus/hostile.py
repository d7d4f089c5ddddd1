"""Decompression bombs in the formats the loaders read, for the tests and ``bench/hostile_inputs.py``.

Small files that expand to far more than they weigh: the loaders must refuse them before parsing
(docs/knowledge-base.md, ``too_large``).
"""

from __future__ import annotations

import io
import zipfile
import zlib

TEXT_LINE = b"(The quick brown fox jumps over the lazy dog.) Tj "
"""One PDF text-showing operator: content streams are runs of it."""


def text_operators(content_bytes: int) -> bytes:
    """A PDF content stream of about ``content_bytes`` that shows lines of text."""
    return b"BT /F1 12 Tf 72 712 Td " + TEXT_LINE * max(1, content_bytes // len(TEXT_LINE)) + b"ET"


def pdf_of_one_shared_page(pages: int, content: bytes) -> bytes:
    """A PDF whose ``pages`` pages all draw the one compressed content stream ``content``."""
    packed = zlib.compress(content, 9)
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


def docx_of_paragraphs(xml_bytes: int, marker: str = "MARKER") -> tuple[bytes, bytes]:
    """(a plain .docx of one paragraph ``marker``, the same file with about ``xml_bytes`` more of
    short paragraphs in its document part: repeated XML deflates about 400x)."""
    import docx

    source = io.BytesIO()
    document = docx.Document()
    document.add_paragraph(marker)
    document.save(source)
    out = io.BytesIO()
    block = (b"<w:p><w:r><w:t>" + b"a" * 1000 + b"</w:t></w:r></w:p>") * 1000
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != "word/document.xml":
                dst.writestr(info, src.read(info))
                continue
            head, tail = src.read(info).split(marker.encode())
            with dst.open("word/document.xml", "w", force_zip64=True) as part:
                part.write(head + b"</w:t></w:r></w:p>")
                for _ in range(xml_bytes // len(block) + 1):
                    part.write(block)
                part.write(b"<w:p><w:r><w:t>" + tail)
    return source.getvalue(), out.getvalue()
