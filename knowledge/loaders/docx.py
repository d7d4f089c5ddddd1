"""Word .docx with python-docx: paragraphs and tables in document order, headings from styles."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from knowledge.loaders.errors import LoadFailure, Parsed
from knowledge.loaders.metadata import normalize_metadata

_HEADING_STYLE = re.compile(r"^heading (\d)$", re.IGNORECASE)


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
    blocks: list[str] = []
    previous = ""
    for kind, level, text in items:
        if kind == "heading":
            blocks.append("#" * min(6, max(1, level + shift)) + " " + text)
        elif kind == "list" and previous == "list":
            blocks[-1] += "\n- " + text  # one list, one paragraph
        elif kind == "list":
            blocks.append("- " + text)
        else:
            blocks.append(text)
        previous = kind
    return "\n\n".join(blocks)


def _dedupe(cells: Iterable[str]) -> list[str]:
    """Merged cells repeat their text in every grid position they cover; keep one."""
    out: list[str] = []
    for cell in cells:
        if not out or cell != out[-1]:
            out.append(cell)
    return out
