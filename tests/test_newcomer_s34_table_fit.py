"""A table ``kassist`` prints fits the terminal, or 80 columns in a pipe (n1, session 34).

``kassist context --explain`` (docs/assistant.md), piped or in an 80-column terminal, printed its
"Context items" table wider than the terminal: the wide ``reason`` column keeps a minimum width of 14
next to four columns that never wrap, so rich cropped every line at the edge. The reason read
``left out: n`` and the right border was gone: the explanation the flag exists for was cut. The
table is built here exactly as cli/chat.py builds it, and printed as every command prints one
(``cli.output.print_table``); in-process, no database."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from cli.output import print_table, row, table

RIGHT_EDGES = "┓┃┩│┘"
REASON = "left out: no room in the semantic budget"


@pytest.mark.parametrize("width", [80, 72])
def test_the_context_items_table_fits_and_keeps_every_word(width: int) -> None:
    columns = ["tier", "id", "kind", "tokens", "score", "included", "reason"]
    items = table("Context items", columns, no_wrap=("tier", "tokens", "score", "included"), wide=("reason",))
    items.add_row(*row("procedural", "message:0bb37dbc-6efc-462c-b8e9-3719fec6a85b", "instruction", 183,
                       "0.150", "no", REASON))  # fmt: skip
    buffer = io.StringIO()
    print_table(Console(file=buffer, width=width), items)
    drawn = [line.rstrip() for line in buffer.getvalue().splitlines() if line[:1] in "┏┃┡│└"]
    assert drawn and all(len(line) <= width for line in drawn)
    assert all(line[-1] in RIGHT_EDGES for line in drawn), "\n".join(drawn)  # no line cut at the edge
    reason_cells = " ".join(line.split("│")[-2].strip() for line in drawn if line.startswith("│"))
    # Words wrap, and one longer than the narrowed column folds: every character is still there.
    assert "".join(reason_cells.split()) == "".join(REASON.split())
