"""Loaders on real files written here: every supported format, its metadata, and deterministic ids."""

from __future__ import annotations

import hashlib
import os
from datetime import UTC, date, datetime
from pathlib import Path

import docx
import pytest
from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from kassist.tenancy import TenantRequired
from knowledge.chunking import chunk_document
from knowledge.documents import Document, DocumentError
from knowledge.loaders import document_id, find_effective_date, load_directory, load_file


def write_pdf(
    path: Path,
    pages: list[list[str]],
    *,
    title: str | None = None,
    user_password: str | None = None,
    owner_password: str | None = None,
) -> Path:
    """A real PDF: one Helvetica text line per string, one page per list."""
    writer = PdfWriter()
    for lines in pages:
        page = writer.add_blank_page(width=612, height=792)
        ops = ["BT /F1 12 Tf 72 720 Td 14 TL"]
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"({escaped}) Tj T*")
        ops.append("ET")
        stream = DecodedStreamObject()
        stream.set_data("\n".join(ops).encode("latin-1"))
        font = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
            }
        )
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): writer._add_object(font)})}
        )
        page[NameObject("/Contents")] = writer._add_object(stream)
    if title:
        writer.add_metadata({"/Title": title})
    if user_password is not None or owner_password is not None:
        writer.encrypt(user_password=user_password or "", owner_password=owner_password, algorithm="AES-128")
    with path.open("wb") as f:
        writer.write(f)
    return path


def write_docx(path: Path, *, core_title: str | None = None) -> Path:
    document = docx.Document()
    if core_title:
        document.core_properties.title = core_title
    document.add_heading("Expense Handbook", 0)
    document.add_heading("Meals", 1)
    document.add_paragraph("Dinner is reimbursed up to 40 EUR per night with a receipt.")
    document.add_heading("Receipts", 2)
    document.add_paragraph("Last reviewed: 2026-03-04")
    document.add_paragraph("Keep the original receipt.", style="List Bullet")
    document.add_paragraph("Scan it within a week.", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "City", "Hotel cap"
    table.cell(1, 0).text, table.cell(1, 1).text = "Paris", "180 EUR"
    document.add_paragraph("Submit receipts within 30 days.")
    document.save(str(path))
    return path


def load_all(root: Path, **kwargs: object) -> dict[str, Document | DocumentError]:
    results = list(load_directory(root, tenant_id="acme", collection="handbook", **kwargs))  # type: ignore[arg-type]
    return {r.source_path: r for r in results}


def test_every_format_loads_with_metadata(tmp_path: Path) -> None:
    (tmp_path / "policies").mkdir()
    (tmp_path / "notes.txt").write_text("Plain notes.\nEffective from March 1, 2026.\n", encoding="utf-8")
    (tmp_path / "policies" / "leave.md").write_text(
        "---\ntitle: Leave Policy\n---\n\n# Annual leave\n\nYou get 25 days.\n", encoding="utf-8"
    )
    (tmp_path / "policies" / "travel.html").write_text(
        "<html><head><title>Travel Policy</title><script>alert('x')</script><style>p{}</style></head>"
        "<body><h1>Travel</h1><p>Book economy.</p><h2>Per diem</h2><ul><li>Meals: 50 EUR</li></ul>"
        "<p>Effective date: 1 January 2026</p></body></html>",
        encoding="utf-8",
    )
    write_pdf(
        tmp_path / "security.pdf",
        [["Security standard", "Laptops must use disk encryption."], ["Last reviewed: 2026-02-10"]],
        title="Security Standard 2026",
    )
    write_docx(tmp_path / "policies" / "expenses.docx", core_title="Expenses")
    mtime = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    os.utime(tmp_path / "notes.txt", (mtime.timestamp(), mtime.timestamp()))

    results = load_all(tmp_path)

    assert list(results) == sorted(results), "results come in sorted path order"
    assert set(results) == {
        "notes.txt",
        "policies/expenses.docx",
        "policies/leave.md",
        "policies/travel.html",
        "security.pdf",
    }
    docs = {k: v for k, v in results.items() if isinstance(v, Document)}
    assert len(docs) == 5, [v for v in results.values() if isinstance(v, DocumentError)]

    notes = docs["notes.txt"]
    assert notes.title == "notes"
    assert notes.media_type == "text/plain"
    assert notes.modified_at == mtime
    assert notes.effective_date == date(2026, 3, 1)
    raw = (tmp_path / "notes.txt").read_bytes()
    assert notes.size_bytes == len(raw)
    assert notes.content_hash == hashlib.sha256(raw).hexdigest()

    leave = docs["policies/leave.md"]
    assert leave.title == "Leave Policy"
    assert "# Annual leave" in leave.text

    travel = docs["policies/travel.html"]
    assert travel.title == "Travel Policy"
    assert "alert" not in travel.text and "p{}" not in travel.text
    assert "# Travel" in travel.text and "## Per diem" in travel.text and "- Meals: 50 EUR" in travel.text
    assert travel.effective_date == date(2026, 1, 1)

    pdf = docs["security.pdf"]
    assert pdf.title == "Security Standard 2026"
    assert "Laptops must use disk encryption." in pdf.text
    assert pdf.effective_date == date(2026, 2, 10)

    expenses = docs["policies/expenses.docx"]
    assert expenses.title == "Expenses"
    # The Title style is the top heading, so Heading 1 and 2 sit below it.
    assert expenses.text.startswith("# Expense Handbook\n\n## Meals\n\nDinner is reimbursed")
    assert "\n### Receipts\n" in expenses.text
    assert "- Keep the original receipt.\n- Scan it within a week." in expenses.text
    assert {c.heading for c in chunk_document(expenses)} == {
        "Expense Handbook > Meals",
        "Expense Handbook > Meals > Receipts",
    }
    assert "Paris | 180 EUR" in expenses.text
    assert expenses.text.index("Paris") < expenses.text.index("Submit receipts"), "tables stay in place"
    assert expenses.effective_date == date(2026, 3, 4)

    for doc in docs.values():
        assert doc.tenant_id == "acme" and doc.collection == "handbook"
        assert doc.doc_id == document_id("acme", "handbook", doc.source_path)


def test_titles_fall_back_to_headings_then_file_name(tmp_path: Path) -> None:
    (tmp_path / "benefits_overview-2026.md").write_text("No heading here.\n", encoding="utf-8")
    (tmp_path / "setext.md").write_text("Holiday Calendar\n================\n\nDates.\n", encoding="utf-8")
    (tmp_path / "page.html").write_text("<body><h1>Onboarding</h1><p>Welcome.</p></body>", encoding="utf-8")
    write_pdf(tmp_path / "untitled.pdf", [["Some text."]])
    document = docx.Document()
    document.add_heading("Code of Conduct", 1)
    document.add_paragraph("Be kind.")
    document.save(str(tmp_path / "conduct.docx"))

    titles = {k: v.title for k, v in load_all(tmp_path).items() if isinstance(v, Document)}

    assert titles == {
        "benefits_overview-2026.md": "benefits overview 2026",
        "setext.md": "Holiday Calendar",
        "page.html": "Onboarding",
        "untitled.pdf": "untitled",
        "conduct.docx": "Code of Conduct",
    }


def test_ids_are_deterministic_and_scoped_and_hashes_track_content(tmp_path: Path) -> None:
    path = tmp_path / "a" / "faq.md"
    path.parent.mkdir()
    path.write_text("# FAQ\n\nQ: When is payday? A: The 25th.\n", encoding="utf-8")

    first = load_file(path, root=tmp_path, tenant_id="acme", collection="handbook")
    again = load_file(path, root=tmp_path, tenant_id="acme", collection="handbook")
    other_tenant = load_file(path, root=tmp_path, tenant_id="globex", collection="handbook")
    other_collection = load_file(path, root=tmp_path, tenant_id="acme", collection="handbook_v2")
    assert isinstance(first, Document) and isinstance(again, Document)
    assert isinstance(other_tenant, Document) and isinstance(other_collection, Document)
    assert first.source_path == "a/faq.md"
    assert first.doc_id == again.doc_id
    assert len({first.doc_id, other_tenant.doc_id, other_collection.doc_id}) == 3
    assert [c.chunk_id for c in chunk_document(first)] == [c.chunk_id for c in chunk_document(again)]

    path.write_text("# FAQ\n\nQ: When is payday? A: The 28th.\n", encoding="utf-8")
    changed = load_file(path, root=tmp_path, tenant_id="acme", collection="handbook")
    assert isinstance(changed, Document)
    assert changed.doc_id == first.doc_id
    assert changed.content_hash != first.content_hash


def test_bad_calls_raise_instead_of_loading_for_nobody(tmp_path: Path) -> None:
    with pytest.raises(TenantRequired):
        list(load_directory(tmp_path, tenant_id="", collection="handbook"))
    with pytest.raises(ValueError, match="collection"):
        list(load_directory(tmp_path, tenant_id="acme", collection="../etc"))
    with pytest.raises(NotADirectoryError):
        list(load_directory(tmp_path / "missing", tenant_id="acme", collection="handbook"))


def test_utf16_and_bom_text_decodes(tmp_path: Path) -> None:
    (tmp_path / "bom.txt").write_bytes("\ufeffCafé policy".encode())
    (tmp_path / "wide.txt").write_bytes("Politique café".encode("utf-16"))
    results = load_all(tmp_path)
    texts = {k: v.text for k, v in results.items() if isinstance(v, Document)}
    assert texts == {"bom.txt": "Café policy", "wide.txt": "Politique café"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Effective date: 1 January 2026", date(2026, 1, 1)),
        ("Last reviewed: 2026-03-04", date(2026, 3, 4)),
        ("Effective from March 1, 2026", date(2026, 3, 1)),
        ("This policy is effective as of 1st of March, 2026.", date(2026, 3, 1)),
        ("EFFECTIVE DATE — 2026/7/9", date(2026, 7, 9)),
        ("Review date: 3rd June 2024", date(2024, 6, 3)),
        ("Last updated Sept. 5 2025", date(2025, 9, 5)),
        ("Effective March 2026", date(2026, 3, 1)),
        ("Reviewed: 24/03/2026", date(2026, 3, 24)),
        ("Reviewed: 03/24/2026", date(2026, 3, 24)),
        ("Last reviewed on 2025-01-01. Effective: 2025-10-01", date(2025, 10, 1)),
        ("Reviewed: 04/03/2026", None),  # 4 March or 3 April: refuse to guess
        ("Last updated 31 February 2026", None),
        ("An effective strategy since 2020 helps.", None),
        ("No dates here.", None),
    ],
)
def test_effective_date_formats(text: str, expected: date | None) -> None:
    assert find_effective_date(text) == expected


def test_declared_html_charset_and_windows_newlines(tmp_path: Path) -> None:
    (tmp_path / "legacy.html").write_bytes(
        b'<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
        b"<title>Caf\xe9 rules</title></head><body><p>Caf\xe9 opens at 8 \x96 bring your badge.</p></body></html>"
    )
    (tmp_path / "dos.txt").write_bytes(b"First paragraph.\r\n\r\nSecond paragraph.\r\n")
    results = load_all(tmp_path)
    legacy, dos = results["legacy.html"], results["dos.txt"]
    assert isinstance(legacy, Document) and isinstance(dos, Document)
    assert legacy.title == "Café rules" and legacy.text == "Café opens at 8 – bring your badge."
    assert dos.text == "First paragraph.\n\nSecond paragraph."
    assert dos.content_hash == hashlib.sha256(b"First paragraph.\r\n\r\nSecond paragraph.\r\n").hexdigest()


def test_extracted_text_is_storable() -> None:
    from knowledge.loaders.files import clean_text

    # NUL cannot go into PostgreSQL text; a lone surrogate cannot be encoded as UTF-8.
    assert clean_text("a\x00b\x07c\r\nd\ud800e\x0cf\t") == "abc\nd?e\x0cf"


def test_pdf_metadata_titles_are_one_clean_line(tmp_path: Path) -> None:
    write_pdf(tmp_path / "odd.pdf", [["Body text."]], title="Travel\r\n  Policy\x00 2026")
    result = load_file(tmp_path / "odd.pdf", tenant_id="acme", collection="handbook")
    assert isinstance(result, Document)
    assert result.title == "Travel Policy 2026"
