"""Word .docx with python-docx: paragraphs and tables in document order, headings from styles."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from knowledge.loaders.errors import LoadFailure, Parsed

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
        blocks: list[str] = []
        first_heading: str | None = None
        for item in document.iter_inner_content():
            if isinstance(item, Paragraph):
                text = item.text.strip()
                if not text:
                    continue
                level = _heading_level(item.style.name if item.style is not None else "")
                if level:
                    first_heading = first_heading or text
                    text = "#" * level + " " + " ".join(text.split())
                blocks.append(text)
            elif isinstance(item, Table):
                rows = [" | ".join(_dedupe(cell.text.strip() for cell in row.cells)) for row in item.rows]
                table = "\n".join(row for row in rows if row.strip(" |"))
                if table:
                    blocks.append(table)
        title = (document.core_properties.title or "").strip() or first_heading
    except Exception as exc:  # any failure on an untrusted file is that file's error, not the run's
        raise LoadFailure(
            "broken_file", f"damaged .docx that python-docx cannot read ({type(exc).__name__}: {exc})"
        ) from exc
    return Parsed(text="\n\n".join(blocks), title=title)


def _heading_level(style: str) -> int:
    if style.lower() == "title":
        return 1
    match = _HEADING_STYLE.match(style)
    return min(int(match.group(1)), 6) if match else 0


def _dedupe(cells: Iterable[str]) -> list[str]:
    """Merged cells repeat their text in every grid position they cover; keep one."""
    out: list[str] = []
    for cell in cells:
        if not out or cell != out[-1]:
            out.append(cell)
    return out
