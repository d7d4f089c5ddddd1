"""reStructuredText pages load as text without their markup (issue 27, session 28).

Before, a ``.rst`` file was refused as an unsupported type, and the same page saved as ``.txt`` put its
badge directives, substitution references, roles and link syntax into the passages the assistant
quotes (the public answers set, bench/answer_quality_public.py: "|ci-test| |ci-wheel|" in a quoted
answer). The loader (knowledge/loaders/rst.py) keeps the words a reader sees, the section structure
and the literal blocks (a usage line such as ``pytest -n auto`` is an answer), and drops the rest.
The page here is written for this test in the shape package READMEs and Sphinx pages have.
"""

from __future__ import annotations

from pathlib import Path

from knowledge.documents import Document
from knowledge.loaders import load_file
from knowledge.loaders.rst import parse_rst

PAGE = """.. image:: https://img.shields.io/pypi/v/squeeze.svg
   :target: https://pypi.org/project/squeeze/

=======
squeeze
=======

| |ci-test| |ci-wheel|

squeeze compresses log files for `the archive service <https://example.org/archive>`_, see
:func:`squeeze.pack` and ``Packer``. It is **fast** and *small*.

Installing
==========

Install it with pip::

    $ pip install squeeze
    $ squeeze --level 9 app.log

.. note:: Level 9 is the slowest.
   It is worth it for cold storage.

.. code-block:: python

   import squeeze
   squeeze.pack("app.log", level=3)

Options
-------

.. |ci-test| image:: https://github.com/example/badge.svg
   :target: https://github.com/example

.. _archive: https://example.org/archive

.. A comment for the maintainers,
   over two lines.

The default level is 5.
"""


def test_markup_goes_and_the_words_stay() -> None:
    parsed = parse_rst(PAGE.encode())
    assert parsed.title == "squeeze"
    text = parsed.text
    for markup in (".. image::", ":target:", "|ci-test|", "|ci-wheel|", ":func:", "``", "`_", "**", "::",
                   ".. note::", ".. code-block::", ".. _archive", "comment for the maintainers", "| "):  # fmt: skip
        assert markup not in text, markup
    assert "squeeze compresses log files for the archive service, see\nsqueeze.pack and Packer." in text
    assert "It is fast and small." in text
    assert "Install it with pip:" in text
    assert "    $ squeeze --level 9 app.log" in text  # a literal block kept as written
    assert "Level 9 is the slowest.\nIt is worth it for cold storage." in text
    assert 'squeeze.pack("app.log", level=3)' in text
    assert "The default level is 5." in text


def test_sections_become_headings_in_the_order_the_page_uses_them() -> None:
    headings = [line for line in parse_rst(PAGE.encode()).text.splitlines() if line.startswith("#")]
    assert headings == ["# squeeze", "## Installing", "### Options"]


def test_an_rst_file_loads_with_its_title(tmp_path: Path) -> None:
    (tmp_path / "squeeze.rst").write_text(PAGE, encoding="utf-8")
    loaded = load_file(tmp_path / "squeeze.rst", root=tmp_path, tenant_id="t", collection="c")
    assert isinstance(loaded, Document), loaded
    assert (loaded.title, loaded.media_type) == ("squeeze", "text/x-rst")
    assert "|ci-test|" not in loaded.text and "pip install squeeze" in loaded.text


def test_prose_without_markup_is_unchanged() -> None:
    text = "Plain words, a list:\n\n- one\n- two\n\nA * b is not emphasis, nor is 2*3*4.\n"
    assert parse_rst(text.encode()).text == text


# docutils parses the page (session 28, m2). A page with broken markup is still the author's words:
# docutils' error reports never reach the text, and the load never fails on them.
MALFORMED = """Broken page
====

An *unclosed emphasis, an ``unclosed literal and a |missing| substitution.
The :frobnicate:`odd role words` keep their text.

.. frobnicate:: argument
   Content of a directive nobody knows.

   Indented where it should not be.
  and dedented wrongly.

+-----+----
| bad | table
+-----

.. [#] A footnote nobody cites.

The last sentence survives.
"""


def test_a_malformed_page_still_loads_its_words(tmp_path: Path) -> None:
    text = parse_rst(MALFORMED.encode()).text
    assert "An unclosed emphasis, an unclosed literal and a substitution." in text
    assert "The odd role words keep their text." in text
    assert "The last sentence survives." in text
    for report in ("Unknown", "ERROR", "WARNING", "System Message", "frobnicate", "|missing|"):
        assert report not in text, report
    (tmp_path / "broken.rst").write_text(MALFORMED, encoding="utf-8")
    loaded = load_file(tmp_path / "broken.rst", root=tmp_path, tenant_id="t", collection="c")
    assert isinstance(loaded, Document), loaded
    assert loaded.title == "Broken page"


def test_a_line_over_docutils_limit_keeps_the_page() -> None:
    # docutils' default limit (10,000 characters a line) replaces the whole page with an error report.
    text = parse_rst(("Long\n====\n\n" + "word " * 5_000 + "\n\nThe end.\n").encode()).text
    assert text.count("word") == 5_000 and "The end." in text


def test_an_uploaded_page_reads_no_file_of_the_server(tmp_path: Path) -> None:
    secret = tmp_path / "server-secret.txt"
    secret.write_text("TOKEN-FROM-THE-SERVER,1\n", encoding="utf-8")
    page = f"""Page
====

Before.

.. include:: {secret}

.. include:: {secret}
   :literal:

.. raw:: html
   :file: {secret}

.. raw:: html
   :url: file://{secret}

.. raw:: html

   <p>RAW-HTML-TOKEN</p>

.. csv-table:: A table
   :file: {secret}

.. csv-table:: A table
   :url: file://{secret}

.. figure:: {secret}
   :figwidth: image

After.
"""
    text = parse_rst(page.encode()).text
    assert "TOKEN-FROM-THE-SERVER" not in text and "RAW-HTML-TOKEN" not in text
    assert "Before." in text and "After." in text


def test_a_2_mb_page_loads(tmp_path: Path) -> None:
    # The cost of a large page (docutils reads 2 MB in about 5 CPU seconds here, ten times the hand
    # reader's): it loads whole, every section and its last words.
    part = "Paragraph {i} with *emphasis*, ``code`` and a `link <https://example.org/{i}>`_.\nMore words for {i}.\n\n"
    blocks, size, i = ["Big\n===\n\n"], 0, 0
    while size < 2_000_000:
        block = (f"Part {i}\n--------\n\n" if i % 20 == 0 else "") + part.format(i=i)
        block += f"::\n\n    $ run --part {i}\n\n" if i % 10 == 0 else ""
        blocks.append(block)
        size, i = size + len(block), i + 1
    (tmp_path / "big.rst").write_text("".join(blocks), encoding="utf-8")
    loaded = load_file(tmp_path / "big.rst", root=tmp_path, tenant_id="t", collection="c")
    assert isinstance(loaded, Document), loaded
    assert loaded.title == "Big"
    assert f"More words for {i - 1}." in loaded.text and "    $ run --part 0" in loaded.text
    assert sum(line.startswith("## Part ") for line in loaded.text.splitlines()) == (i + 19) // 20
