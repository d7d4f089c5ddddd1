"""A reST page of anonymous hyperlink references still holds an ingestion worker for a minute (r3 s38;
of 4ed6760, H21-1's fix).

4ed6760 loads a page as plain text when its inline-markup start-strings (backquotes, bars, ``]_``)
are denser than docutils can take, and drops DanglingReferences. An anonymous reference - a word
followed by two underscores, ``see x__`` - has none of those start-strings, and docutils' anonymous
transform makes each unmatched one a "problematic" node with the same scan of its parent's children:
one paragraph of n such references is still about n squared. Measured on the session's 2-core machine
(load ~13): 5,000 (20 KB) 2.4 s, 10,000 (40 KB) 24 s, 20,000 (80 KB) 89 s - one member's 60 KB upload
holds a worker, and every tenant's runs behind it, for about a minute. (Simple references ``x_`` are
not affected: 40,000 in 120 KB, 3.6 s.)

The same child process and deadline as tests/test_attack_s38_rst_parse.py (the H21-1 test): the
loader timed from after its imports, killed at the deadline; a failing run costs its imports and 8 s."""

from __future__ import annotations

from pathlib import Path

from deadline_child import output_within

PAGE = "Notes\n=====\n\n" + "x__ " * 15_000 + "\n"
"""60 KB: a title and one paragraph of 15,000 anonymous hyperlink references without targets."""
LOAD = (
    "import sys; from pathlib import Path; from knowledge.loaders import load_file; "
    "print('ready', flush=True); "
    "doc = load_file(Path(sys.argv[1]), tenant_id='acme', collection='notes'); print(type(doc).__name__)"
)


def test_a_60_kb_page_of_anonymous_references_is_loaded_in_seconds(tmp_path: Path) -> None:
    page = tmp_path / "notes.rst"
    page.write_text(PAGE, encoding="utf-8")
    out = output_within(LOAD, str(page), what=f"loading a {len(PAGE.encode()) // 1000} KB reST page")
    assert out.strip() in ("Document", "DocumentError"), out
