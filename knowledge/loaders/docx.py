"""Word .docx with python-docx: paragraphs and tables in document order, headings from styles."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable

from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.metadata import normalize_metadata

_HEADING_STYLE = re.compile(r"^heading (\d)$", re.IGNORECASE)
MAX_EXPANDED_BYTES = 256 * 2**20
"""The most a .docx's parts may expand to (python-docx inflates them all, images included)."""
MAX_XML_BYTES = 64 * 2**20
"""The most its XML parts may expand to: python-docx parses about a megabyte of XML per second,
and a document of this much XML is thousands of pages."""


def parse_docx(data: bytes) -> Parsed:
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    if not data.startswith(b"PK"):
        hint = (
            " (password-protected Word files are stored this way)"
            if data.startswith(b"\xd0\xcf\x11\xe0")
            else ""
        )
        raise LoadFailure("broken_file", f"not a .docx (zip) file{hint}; save it as an unprotected .docx")
    _check_expanded_size(data)
    try:
        document = docx.Document(io.BytesIO(data))
        items: list[tuple[str, int, str]] = []  # (kind, heading level, text)
        for item in document.iter_inner_content():
            if isinstance(item, Paragraph):
                text = " ".join(item.text.split())
                style = item.style.name if item.style is not None else ""
                if text:
                    items.append(_classify(style, text))
            elif isinstance(item, Table):
                rows = [" | ".join(_dedupe(cell.text.strip() for cell in row.cells)) for row in item.rows]
                table = "\n".join(row for row in rows if row.strip(" |"))
                if table:
                    items.append(("table", 0, table))
        headings = [(level, text) for kind, level, text in items if kind == "heading"]
        title = (document.core_properties.title or "").strip() or (headings[0][1] if headings else None)
        metadata = _core_metadata(document.core_properties)
    except Exception as exc:  # any failure on an untrusted file is that file's error, not the run's
        raise LoadFailure(
            "broken_file", f"damaged .docx that python-docx cannot read ({type(exc).__name__}: {exc})"
        ) from exc
    return Parsed(text=_render(items), title=title, metadata=metadata)


def _check_expanded_size(data: bytes) -> None:
    """Refuse a .docx that would expand past the limits above before python-docx inflates it.

    XML compresses about 1,000x at most, so a file well within the size limit could expand to
    gigabytes (a zip bomb; a 656 KB file of 260 MB of paragraphs took python-docx 5 minutes and a
    gigabyte), and its run would meet it again at every resume. The sizes come from the zip's
    directory, and Python's zipfile never inflates a part past the size the directory states.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except Exception as exc:  # zipfile raises several types on a damaged header (NotImplementedError too)
        raise LoadFailure(
            "broken_file", f"damaged .docx, not a readable zip file ({type(exc).__name__}: {exc})"
        ) from exc
    expanded = sum(part.file_size for part in parts)
    xml = sum(part.file_size for part in parts if part.filename.lower().endswith((".xml", ".rels")))
    for what, size, limit in (("its parts", expanded, MAX_EXPANDED_BYTES), ("its XML", xml, MAX_XML_BYTES)):
        if size > limit:
            raise LoadFailure(
                "too_large",
                f"the .docx expands to {size:,} bytes of {what}, over the {limit:,}-byte limit (a zip "
                "bomb, or a document to split into smaller files)",
            )


def _core_metadata(props: object) -> dict[str, str]:
    """Word's core properties in our names: the author owns the document, its category classifies it."""
    fields = {"owner": "author", "classification": "category", "status": "content_status"}
    fields |= {"version": "version", "reference": "identifier"}
    return normalize_metadata({ours: getattr(props, theirs, None) for ours, theirs in fields.items()})


def _classify(style: str, text: str) -> tuple[str, int, str]:
    if style.lower() == "title":
        return ("heading", 0, text)
    if match := _HEADING_STYLE.match(style):
        return ("heading", int(match.group(1)), text)
    if style.lower().startswith("list"):
        return ("list", 0, text)
    return ("paragraph", 0, text)


def _render(items: list[tuple[str, int, str]]) -> str:
    """Markdown-ish text: a ``Title`` paragraph is ``#`` and pushes ``Heading N`` down one level."""
    shift = 1 if any(kind == "heading" and level == 0 for kind, level, _ in items) else 0
    # Each block's pieces, joined once: a list's items appended to its block's string copied the
    # whole list per item (160,000 items: 4 minutes; session 38 x15, the kind of H21-4).
    blocks: list[list[str]] = []
    previous = ""
    for kind, level, text in items:
        if kind == "heading":
            blocks.append(["#" * min(6, max(1, level + shift)) + " " + text])
        elif kind == "list" and previous == "list":
            blocks[-1].append("\n- " + text)  # one list, one paragraph
        elif kind == "list":
            blocks.append(["- " + text])
        else:
            blocks.append([text])
        previous = kind
    return "\n\n".join("".join(block) for block in blocks)


def _dedupe(cells: Iterable[str]) -> list[str]:
    """Merged cells repeat their text in every grid position they cover; keep one."""
    out: list[str] = []
    for cell in cells:
        if not out or cell != out[-1]:
            out.append(cell)
    return out
