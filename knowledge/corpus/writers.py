"""Rendering a drafted document as Markdown, plain text, HTML, PDF or Word bytes, fast and deterministically.

PDF and DOCX are written directly rather than through pypdf's and python-docx's object models: a corpus
of thousands must generate in seconds, and neither library is needed to emit a few text pages. The PDF
is a minimal PDF 1.4 file (Helvetica, WinAnsi text, a document information dictionary); the DOCX is a
minimal WordprocessingML package (paragraph styles Title, Heading 1 and List Bullet, core properties).
Both are read back by the project's loaders (pypdf, python-docx) in the tests. No timestamps, fixed zip
entry dates: the same draft always yields the same bytes.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from html import escape as html_escape
from xml.sax.saxutils import escape as xml_escape

NBSP = "\u00a0"  # inside planted values: keeps wrapping from splitting "4111 1111 1111 1111" across lines


@dataclass
class Draft:
    """A document before rendering: title, stated metadata, a dates line, and body blocks."""

    title: str
    reference: str
    meta: dict[str, str]  # owner, classification, status, version: only what the document states
    dates_line: str | None
    blocks: list[tuple[str, str]] = field(default_factory=list)  # ("h2" | "p" | "ul" | "pre", text)


def _final(text: str) -> str:
    return text.replace(NBSP, " ")


def _wrap(text: str, width: int = 100) -> list[str]:
    """Greedy wrapping at spaces (textwrap is ten times slower and this is the generator's hot loop)."""
    lines: list[str] = []
    current: list[str] = []
    length = -1
    for word in text.split():
        if current and length + 1 + len(word) > width:
            lines.append(_final(" ".join(current)))
            current, length = [], -1
        current.append(word)
        length += 1 + len(word)
    if current:
        lines.append(_final(" ".join(current)))
    return lines or [""]


def _header_line(draft: Draft) -> str:
    parts = [f"Document ID: {draft.reference}."]
    for key, label in (("owner", "Owner"), ("classification", "Classification"), ("status", "Status")):
        if key in draft.meta:
            parts.append(f"{label}: {draft.meta[key]}.")
    if "version" in draft.meta:
        parts.append(f"Version {draft.meta['version']}.")
    return " ".join(parts)


def _plain_blocks(draft: Draft) -> list[str]:
    out: list[str] = []
    for kind, text in draft.blocks:
        if kind == "h2":
            out.append(f"## {text}")
        elif kind == "pre":
            out.append("```\n" + _final(text) + "\n```")
        elif kind == "ul":
            out.append("\n".join("\n  ".join(_wrap(item, 98)) for item in text.split("\n")))
        else:
            out.append("\n".join(_wrap(text)))
    return out


def render_markdown(draft: Draft) -> bytes:
    front = [f"title: {draft.title}", f"document_id: {draft.reference}"]
    front += [f"{key}: {value}" for key, value in draft.meta.items()]
    body = [f"# {draft.title}"] + ([draft.dates_line] if draft.dates_line else []) + _plain_blocks(draft)
    return ("---\n" + "\n".join(front) + "\n---\n\n" + "\n\n".join(body) + "\n").encode()


def render_text(draft: Draft) -> bytes:
    head = [draft.title, "=" * len(draft.title), "", _header_line(draft)]
    if draft.dates_line:
        head.append(draft.dates_line)
    body = [
        b.replace("## ", "", 1) + "\n" + "-" * (len(b) - 3) if b.startswith("## ") else b
        for b in _plain_blocks(draft)
    ]
    return ("\n".join(head) + "\n\n" + "\n\n".join(body) + "\n").encode()


def render_html(draft: Draft) -> bytes:
    e = html_escape
    metas = "".join(f'<meta name="{e(k)}" content="{e(v)}">\n' for k, v in draft.meta.items())
    metas += f'<meta name="document-id" content="{e(draft.reference)}">\n'
    parts = [
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{e(draft.title)}</title>\n{metas}</head>'
    ]
    parts.append(f"<body>\n<h1>{e(draft.title)}</h1>")
    if draft.dates_line:
        parts.append(f"<p>{e(draft.dates_line)}</p>")
    for kind, text in draft.blocks:
        text = _final(text)
        if kind == "h2":
            parts.append(f"<h2>{e(text)}</h2>")
        elif kind == "ul":
            parts.append(
                "<ul>" + "".join(f"<li>{e(i.removeprefix('- '))}</li>" for i in text.split("\n")) + "</ul>"
            )
        elif kind == "pre":
            parts.append(f"<pre>{e(text)}</pre>")
        else:
            parts.append(f"<p>{e(text)}</p>")
    parts.append("</body>\n</html>\n")
    return "\n".join(parts).encode()


# --- PDF -----------------------------------------------------------------------------------------------

_LINES_PER_PAGE = 54


def _pdf_string(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def _pdf_text(text: str) -> bytes:
    """A text string outside page content (document information): UTF-16BE with a byte-order mark."""
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def render_pdf(draft: Draft) -> bytes:
    lines: list[tuple[str, str]] = [("F2", draft.title), ("F1", "")]
    lines += [
        ("F1", line)
        for line in _wrap(_header_line(draft) + (" " + draft.dates_line if draft.dates_line else ""), 95)
    ]
    for kind, text in draft.blocks:
        lines.append(("F1", ""))
        if kind == "h2":
            lines.append(("F2", _final(text)))
        elif kind in ("pre", "ul"):
            for raw in text.split("\n"):
                lines += [("F1", line) for line in _wrap(raw, 95)] if kind == "ul" else [("F1", _final(raw))]
        else:
            lines += [("F1", line) for line in _wrap(text, 95)]
    pages = [lines[i : i + _LINES_PER_PAGE] for i in range(0, len(lines), _LINES_PER_PAGE)]
    objects: list[bytes] = [b"", b"", b"", b""]  # 1 catalog, 2 pages, 3 fonts, 4 info; pages follow
    kids = []
    for page in pages:
        ops = [b"BT 14 TL 56 770 Td"]
        font = ""
        for name, text in page:
            if name != font:
                ops.append(f"/{name} 10 Tf".encode())
                font = name
            ops.append(_pdf_string(text) + b" Tj T*")
        ops.append(b"ET")
        stream = b"\n".join(ops)
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        content_ref = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font 3 0 R >> /Contents %d 0 R >>"
            % content_ref
        )
        kids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (
        b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)
    )
    type1 = b"<< /Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding >>"
    objects[2] = b"<< /F1 " + type1 % b"Helvetica" + b" /F2 " + type1 % b"Helvetica-Bold" + b" >>"
    info = {"Title": draft.title, "Reference": draft.reference}
    info |= {key.capitalize(): value for key, value in draft.meta.items()}
    objects[3] = b"<< " + b" ".join(b"/" + k.encode() + b" " + _pdf_text(v) for k, v in info.items()) + b" >>"
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R >>\nstartxref\n%d\n%%%%EOF\n"
        % (len(objects) + 1, xref)
    )
    return out.getvalue()


def encrypt_pdf(data: bytes, password: str) -> bytes:
    """The same PDF, openable only with ``password`` (a broken file for a loader without it).

    Deterministic: RC4-128 has no random IV, and the file identifier, which pypdf draws at random and
    the key derives from, is set from the content instead (pypdf has no public way to pass one).
    """
    import hashlib

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject

    identifier = ByteStringObject(hashlib.sha256(data + password.encode()).digest()[:16])
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer._ID = ArrayObject((identifier, identifier))
    writer.encrypt(user_password=password, owner_password=password + "-owner", algorithm="RC4-128")
    writer._ID = ArrayObject((identifier, identifier))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# --- DOCX ------------------------------------------------------------------------------------------------

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>'
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
    "</Types>"
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
    "</Relationships>"
)
_DOC_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
    "</Relationships>"
)
_STYLES = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="{_W}">'
    '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>'
    '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/>'
    '<w:rPr><w:b/><w:sz w:val="40"/></w:rPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>'
    '<w:rPr><w:b/><w:sz w:val="28"/></w:rPr></w:style>'
    '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:basedOn w:val="Normal"/>'
    '<w:pPr><w:ind w:left="360"/></w:pPr></w:style>'
    "</w:styles>"
)
_CORE = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/">{fields}</cp:coreProperties>'
)
_CORE_FIELDS = {  # our metadata key -> core property element
    "title": "dc:title",
    "owner": "dc:creator",
    "classification": "cp:category",
    "status": "cp:contentStatus",
    "version": "cp:version",
    "reference": "dc:identifier",
}


def _paragraph(text: str, style: str | None = None) -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{props}<w:r><w:t xml:space="preserve">{xml_escape(_final(text))}</w:t></w:r></w:p>'


def render_docx(draft: Draft) -> bytes:
    body = [_paragraph(draft.title, "Title")]
    if draft.dates_line:
        body.append(_paragraph(draft.dates_line))
    for kind, text in draft.blocks:
        if kind == "h2":
            body.append(_paragraph(text, "Heading1"))
        elif kind == "ul":
            body += [_paragraph(item.removeprefix("- "), "ListBullet") for item in text.split("\n")]
        elif kind == "pre":
            body += [_paragraph(line) for line in text.split("\n")]
        else:
            body.append(_paragraph(text))
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="{_W}"><w:body>'
        + "".join(body)
        + '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>'
    )
    values = {"title": draft.title, "reference": draft.reference, **draft.meta}
    core = _CORE.format(
        fields="".join(
            f"<{tag}>{xml_escape(values[key])}</{tag}>" for key, tag in _CORE_FIELDS.items() if key in values
        )
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, content in (
            ("[Content_Types].xml", _CONTENT_TYPES),
            ("_rels/.rels", _ROOT_RELS),
            ("word/_rels/document.xml.rels", _DOC_RELS),
            ("word/styles.xml", _STYLES),
            ("word/document.xml", document),
            ("docProps/core.xml", core),
        ):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content)
    return out.getvalue()


RENDERERS = {
    "md": render_markdown,
    "txt": render_text,
    "html": render_html,
    "pdf": render_pdf,
    "docx": render_docx,
}
