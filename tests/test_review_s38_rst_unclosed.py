"""A reST page of unclosed emphasis still holds an ingestion worker for half a minute (r3 s38; of
5e4f8c6, R3-11's fix, and 4ed6760, H21-1's).

The cost bound counts backquotes, bars, ``]_`` and a word's trailing ``_``/``__``. An emphasis or
strong start-string without its end (``*x`` ... or ``**x`` ...) counts for none, and docutils makes each
a warning and a "problematic" node the same way: one paragraph of n of them is about n squared.
Measured on the session's 2-core machine (load ~13): ``*x `` 5,000 (15 KB) 2.1 s, 10,000 (30 KB) 8.2 s;
``**x `` 10,000 (40 KB) 11.2 s. A 60 KB page (20,000): 38 s,
a worker and every tenant's runs behind it held that long. The bound is a list of constructs; the next unlisted one is the next hole.

The same child process and deadline as tests/test_attack_s38_rst_parse.py: the loader timed from after
its imports, killed at the deadline; a failing run costs its imports and 8 s."""

from __future__ import annotations

from pathlib import Path

from deadline_child import output_within

PAGE = "Notes\n=====\n\n" + "*x " * 20_000 + "\n"
"""60 KB: a title and one paragraph of 20,000 emphasis start-strings without an end."""
LOAD = (
    "import sys; from pathlib import Path; from knowledge.loaders import load_file; "
    "print('ready', flush=True); "
    "doc = load_file(Path(sys.argv[1]), tenant_id='acme', collection='notes'); print(type(doc).__name__)"
)


def test_a_60_kb_page_of_unclosed_emphasis_is_loaded_in_seconds(tmp_path: Path) -> None:
    page = tmp_path / "notes.rst"
    page.write_text(PAGE, encoding="utf-8")
    out = output_within(LOAD, str(page), what=f"loading a {len(PAGE.encode()) // 1000} KB reST page")
    assert out.strip() in ("Document", "DocumentError"), out
