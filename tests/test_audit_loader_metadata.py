"""The loaders surface owner, classification, status, version and dates from every format's own place."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import docx
from pypdf import PdfWriter

from knowledge.documents import Document
from knowledge.loaders import find_document_dates, header_fields, load_file

EXPECTED = {"owner": "Finance", "classification": "Confidential"}


def load(path: Path) -> Document:
    doc = load_file(path, tenant_id="acme", collection="handbook")
    assert isinstance(doc, Document), doc
    return doc


def test_markdown_front_matter(tmp_path: Path) -> None:
    path = tmp_path / "expenses.md"
    path.write_text(
        "---\ntitle: Expense Policy\nowner: Finance\nclassification: Confidential\nstatus: Final\n"
        "version: 3.1\neffective_date: 2026-02-01\nlast-reviewed: 2026-10-01\ndocument id: FIN-0042\n---\n\n"
        "# Expense Policy\n\nClaim within 30 days.\n"
    )
    doc = load(path)
    assert doc.title == "Expense Policy"
    assert doc.metadata == EXPECTED | {
        "status": "Final",
        "version": "3.1",
        "effective_date": "2026-02-01",
        "last_reviewed": "2026-10-01",
        "reference": "FIN-0042",
    }


def test_html_meta_tags(tmp_path: Path) -> None:
    path = tmp_path / "expenses.html"
    path.write_text(
        '<html><head><title>Expenses</title><meta name="owner" content="Finance">'
        '<meta name="Classification" content="Confidential"><meta name="description" content="x"></head>'
        "<body><h1>Expenses</h1><p>Claim within 30 days.</p></body></html>"
    )
    assert load(path).metadata == EXPECTED


def test_docx_core_properties(tmp_path: Path) -> None:
    document = docx.Document()
    document.add_paragraph("Claim within 30 days.")
    props = document.core_properties
    props.author, props.category, props.content_status, props.identifier = (
        "Finance",
        "Confidential",
        "Superseded",
        "FIN-0042",
    )
    document.save(str(tmp_path / "expenses.docx"))
    assert load(tmp_path / "expenses.docx").metadata == EXPECTED | {
        "status": "Superseded",
        "reference": "FIN-0042",
    }


def test_pdf_document_information(tmp_path: Path) -> None:
    from tests.test_kb_loaders import write_pdf

    path = write_pdf(tmp_path / "expenses.pdf", [["Claim within 30 days."]])
    writer = PdfWriter(clone_from=str(path))
    writer.add_metadata({"/Author": "Jane Doe", "/Classification": "Confidential", "/Owner": "Finance"})
    writer.write(str(path))
    assert load(path).metadata == EXPECTED
    writer = PdfWriter(clone_from=str(path))
    writer.metadata = {"/Author": "Finance"}
    writer.write(str(path))
    assert load(path).metadata == {"owner": "Finance"}


def test_header_lines_of_plain_text_and_the_shipped_corpus_style(tmp_path: Path) -> None:
    path = tmp_path / "travel.txt"
    path.write_text(
        "Travel\n======\n\nLast reviewed: 15 February 2026. Owner: Finance. Applies to all business travel.\n"
        "Classification: Confidential\n\nBook through the portal.\n"
    )
    assert load(path).metadata == EXPECTED
    # Further down the text, "owner:" is prose, not metadata.
    assert header_fields("x\n" * 2000 + "Owner: Someone") == {}


def test_document_dates_effective_and_review_separately() -> None:
    text = "Effective date: 1 April 2025. Last reviewed: 1 February 2026. Owner: People Operations."
    assert find_document_dates(text) == (date(2025, 4, 1), date(2026, 2, 1))
    assert find_document_dates("Revised: 3 March 2024.") == (None, date(2024, 3, 3))


def test_effective_date_from_metadata_when_the_text_states_none(tmp_path: Path) -> None:
    path = tmp_path / "guide.md"
    path.write_text(
        "---\nowner: Finance\neffective_date: 2025-06-01\n---\n\n# Guide\n\nClaim within 30 days.\n"
    )
    assert load(path).effective_date == date(2025, 6, 1)
    path.write_text("---\neffective_date: 2025-06-01\n---\n\n# Guide\n\nEffective date: 1 March 2026.\n")
    assert load(path).effective_date == date(2026, 3, 1)  # what the text says wins, as before
