"""Which reST pages docutils parses, and which load as the plain text they are (h21 s38 H21-1).

docutils' substitution, footnote and reference transforms scan a paragraph's children once per
reference (n squared in one paragraph), and each unresolved reference costs it a fraction of a
millisecond even spread out: pages whose markup is far denser than prose load as plain text, so a 75 KB
upload cannot hold an ingestion worker for minutes (the timing itself: tests/test_attack_s38_rst_parse.py)."""

from __future__ import annotations

from knowledge.loaders.rst import MAX_MARKUP_PER_BLOCK, _too_costly, parse_rst


def test_one_paragraph_of_many_references_is_plain_text() -> None:
    page = "Notes\n=====\n\n" + "`x`_ " * (MAX_MARKUP_PER_BLOCK // 2 + 1)
    assert _too_costly(page)
    parsed = parse_rst(page.encode())
    assert parsed.title is None and parsed.text.startswith("Notes\n=====")


def test_references_spread_over_small_paragraphs_are_bounded_by_the_page() -> None:
    page = "Notes\n=====\n\n" + ("|x| " * 5 + "\n\n") * 2_500  # 25,000 bars in 55 KB
    assert _too_costly(page)


def test_prose_with_links_and_literals_is_parsed() -> None:
    part = "Paragraph {i} with *emphasis*, ``code`` and a `link <https://example.org/{i}>`_.\nMore words.\n\n"
    page = "Big\n===\n\n" + "".join(part.format(i=i) for i in range(5_000))
    assert not _too_costly(page)
    parsed = parse_rst(page.encode())
    assert parsed.title == "Big" and "``" not in parsed.text


def test_an_unresolved_reference_keeps_its_words_without_its_markup() -> None:
    parsed = parse_rst(b"Guide\n=====\n\nSee `the leave policy`_ for details.\n")
    assert "See the leave policy for details." in parsed.text
