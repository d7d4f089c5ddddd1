"""``kassist`` tables at 80 columns (a pipe, a small terminal; n s36 N4, n2 s37).

``kassist keys list`` folded its header "identity" mid-word ("ident" / "ity") and a date over two
cells' lines ("2026-12-0" / "7 09:40") while other columns had words to spare; ``kassist context
--explain`` folded each message id (a UUID) over five lines, 15 items making ~90 lines, beside a
reason 8 characters wide. Now a column is narrowed to its longest word before any word is folded,
the dates wrap at their space, and an id is shortened with an ellipsis (``--full`` prints it whole,
and the table says so). The real commands, in-process, on a fresh database.
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from cli.main import app

narrow = CliRunner(env={"COLUMNS": "80"})
EMAIL = "priya.raman@globex.example"
REASON_WORDS = {
    "pinned", "ranked", "within", "into", "leftover", "room", "left", "out:", "no", "in", "the", "budget",
    "working", "episodic", "semantic", "procedural",
}  # fmt: skip


def _table_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line[:1] in "┏┃┡│└"]


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in re.split("[│┃]", line)[1:-1]]


def test_keys_list_keeps_its_headers_and_dates_whole(sqlite_url: str) -> None:
    for tenant, identity in (("acme", "olga"), ("globex", EMAIL)):
        made = narrow.invoke(
            app, ["keys", "create", "--tenant", tenant, "--identity", identity, "--database-url", sqlite_url]
        )
        assert made.exit_code == 0, made.output
    listed = narrow.invoke(app, ["keys", "list", "--database-url", sqlite_url])
    assert listed.exit_code == 0, listed.output
    drawn = _table_lines(listed.output)
    assert drawn and all(len(line) <= 80 for line in drawn), listed.output
    headers = [
        " ".join(words)
        for words in zip(*(_cells(line) for line in drawn if line.startswith("┃")), strict=True)
    ]
    assert [" ".join(h.split()) for h in headers] == [
        "prefix", "tenant", "identity", "role", "created (UTC)", "last used", "state"
    ], listed.output  # fmt: skip
    rows = [_cells(line) for line in drawn if line.startswith("│")]
    created = [cells[4] for cells in rows if cells[4]]
    # Each date whole on a line, its time under it: never a date cut inside itself.
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?|\d{2}:\d{2}", c) for c in created), created
    assert "".join(cells[2] for cells in rows) == "olga" + EMAIL  # folded, every character there
    assert "(cut to fit: --full prints every value whole)" in listed.output


def test_context_explain_shortens_ids_and_keeps_the_reasons_readable(sqlite_url: str) -> None:
    base = ["--tenant", "acme", "--user", "asha", "--thread", "t-80", "--database-url", sqlite_url]
    for said in ("What is the leave policy?", "And for new joiners?"):
        turn = narrow.invoke(app, ["ask", said, *base])
        assert turn.exit_code == 0, turn.output
    shown = narrow.invoke(app, ["context", *base, "--query", "sick leave", "--explain"])
    assert shown.exit_code == 0, shown.output
    drawn = _table_lines(shown.output)
    assert drawn and all(len(line) <= 80 for line in drawn), shown.output
    items: list[list[list[str]]] = []  # each item's lines of cells
    for line in drawn:
        if line.startswith("│"):
            cells = _cells(line)
            if cells[2]:  # the tokens column starts an item
                items.append([])
            items[-1].append(cells)
    messages = [item for item in items if item[0][0] == "working" and item[1][0] == "message"]
    assert len(messages) >= 4, shown.output  # the two questions and their answers
    for item in items:
        assert len(item) <= 3, shown.output  # a UUID folded over five lines made every item five tall
        assert [cells[1] for cells in item[1:]] == [""] * (len(item) - 1)  # the id on one line
        reason = " ".join(cells[5] for cells in item if cells[5])
        assert set(reason.split()) <= REASON_WORDS, reason  # every word whole, none folded
    assert all(item[0][1].startswith("message:") and item[0][1].endswith("…") for item in messages)
    full = narrow.invoke(app, ["context", *base, "--query", "sick leave", "--explain", "--full"])
    ids = re.findall(r"^id: (message:\S+)$", full.output, re.M)
    assert len(ids) == len(messages) and all(len(i) == len("message:") + 36 for i in ids), full.output
