"""What ``kassist`` prints: the consoles, lines and paths printed whole, tables that fit the terminal,
records, excerpts and progress (cli/kit.py re-exports them: every command calls them ``kit.X``).

Stored text (a synced file's name, a document's title) reaches the terminal as text, never as
escape sequences or rich markup."""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Column, Table
from rich.text import Text

from kassist.text import spelt_out

shown = spelt_out  # the terminal's name for it: cli.kit and the commands import it from here


def unwrapped_when_piped(console: Console) -> Console:
    """``console``, printing its lines whole when its stream is not a terminal (a pipe, a file): rich
    wraps them at 80 columns there, mid-sentence ("... 30 documents (checkpoint" then "version 7)"
    under ``make demo | tee``: n1 s34 N13). A terminal keeps its width; tables keep theirs."""
    console.soft_wrap = not console.is_terminal
    return console


def console(**options: Any) -> Console:
    """A console for a command's output (rich's ``Console(**options)``): :func:`unwrapped_when_piped`,
    unless ``soft_wrap`` is given."""
    made = Console(**options)
    return made if "soft_wrap" in options else unwrapped_when_piped(made)


def err_console() -> Console:
    return console(stderr=True)


def out_console() -> Console:
    # Created per call so that COLUMNS and a redirected stdout at call time are honoured.
    return console()


EXCERPT_CHARS = 120


def excerpt(text: str, full: bool = False, limit: int = EXCERPT_CHARS) -> str:
    """``text`` on one line, shortened at a word boundary to about ``limit`` characters (with an
    ellipsis) unless ``full``."""
    flat = " ".join(text.split())
    if full or len(flat) <= limit:
        return flat
    return textwrap.shorten(flat, width=limit, placeholder=" …")


def table(
    title: str | None,
    columns: Sequence[str],
    *,
    no_wrap: Iterable[str] = (),
    wide: Iterable[str] = (),
    cut: Iterable[str] = (),
) -> Table:
    """A table that fits the terminal (80 columns when output is not a terminal).

    ``no_wrap`` columns (short values: dates, enums) keep their width; ``wide`` columns (long
    text) take the room that is left. Text wraps between words; only a word longer than its whole
    column (a path, a URL) is folded. ``cut`` columns (ids) are shortened with an ellipsis when
    the room is short: a UUID folded over five lines made a table of 15 items 90 lines long, and
    ``--full`` prints every id whole (:func:`print_table` says so).
    """
    keep, flex, short = set(no_wrap), set(wide), set(cut)
    t = Table(title=title, title_justify="left", expand=False)
    for name in columns:
        if name in flex:
            t.add_column(name, overflow="fold", ratio=1, min_width=14)
        elif name in short:
            t.add_column(name, overflow="ellipsis", no_wrap=True)
        else:
            t.add_column(name, overflow="fold", no_wrap=name in keep)
    return t


def _shown_cell(cell: Text) -> Text:
    if shown(cell.plain) == cell.plain:  # printable text returns at once
        return cell
    return Text(shown(cell.plain))  # a hostile value: its text matters, not its styling


def row(*cells: Any) -> list[Text]:
    """Cells as plain text: stored data is never read as rich markup, nor as terminal control."""
    return [
        _shown_cell(c) if isinstance(c, Text) else Text(shown("-" if c is None else str(c))) for c in cells
    ]


def whole_line(console: Console, text: str) -> None:
    """``text`` printed as it is on ONE line: never wrapped, folded or cut by rich, whatever the width
    (a terminal of 40 columns or a pipe); the terminal may wrap it on screen, a copy gets it whole.
    Its newlines are spelt out (``\\n``) too: a value it quotes (a failed file's reason quoting the
    name's suffix, a last error naming a file) cannot print a line the run never wrote (h24 s39 H24-1)."""
    console.print(Text(one_line(text)), soft_wrap=True, crop=False, overflow="ignore", highlight=False)


def one_line(text: str) -> str:
    """``text`` as one line of a terminal: hidden characters and newlines spelt out (:func:`shown`, ``\\n``)."""
    return shown(text).replace("\n", "\\n")


def print_path(console: Console, label: str, path: str | Path) -> None:
    """A path a user may copy: ``label:`` on one line, the whole path alone on the next."""
    whole_line(console, f"{label}:")
    path_line(console, path)


def path_line(console: Console, path: str | Path) -> None:
    """``path`` alone on one line, its newlines and tabs spelt out too (``\\n``): a file name is
    one line, and a name holding line breaks printed lines of its own under "Files not indexed"
    (a forged ``report (html):`` line and path, session 29)."""
    whole_line(console, str(path).replace("\t", "\\t"))


def print_table(console: Console, t: Table) -> None:
    """``t``, and when the terminal is narrower than its values, a line saying ``--full`` shows
    them whole (rich wraps, folds or shortens cells to fit). A table without rows is one line,
    ``<title>: none``: an empty grid of headers said nothing in words (``memory list`` of a user
    without memories, ``runs list`` of a mistyped tenant)."""
    if not t.rows:
        whole_line(console, f"{t.title}: none" if t.title else "none")
        return
    narrowed = console.measure(t, options=console.options.update_width(1 << 16)).maximum > console.width
    if narrowed:
        _share_room(t, console.width)
        _fit(console, t)
    console.print(t)
    if narrowed:
        console.print(
            "[dim](cut to fit: --full prints every value whole)[/]", highlight=False, soft_wrap=True
        )


CUT_MIN = 12  # an id shortened to fit keeps this many characters (its ellipsis included)
FOLD_MIN = 6  # below this a column's words are folded to no purpose: left to rich
WIDE_MIN = 24  # a wide column (long text) keeps this much while other columns can give room
LONG_WORD = 20  # a word longer than this (an id, a path) is folded before long text is squeezed


def _share_room(t: Table, width: int) -> None:
    """Give each column of ``t`` its width for a terminal of ``width`` columns (rich's own share
    took from the widest columns first, whatever they held: the header "identity" of ``keys list``
    folded to "ident"/"ity" beside dates that could have wrapped at their space, n s36 N4). First
    every column that may wrap is narrowed down to its longest word (the header's included) and every
    ``cut`` column down to :data:`CUT_MIN`, long text last; only when that is not enough are words
    folded, the longest first (the steps below). ``no_wrap`` columns keep their width; a table that
    still does not fit is left to rich (and :func:`_fit`)."""
    columns = t.columns
    texts = [[str(column.header), *(_plain(c) for c in column.cells)] for column in columns]
    if any(text is None for cells in texts for text in cells):
        return  # a cell rich draws itself (not text): its width is rich's to find
    _, right, _, left = Padding.unpack(t.padding)
    extra = len(columns) * (left + right) + (len(columns) + 1 if t.box and t.show_edge else len(columns) - 1)
    natural = [
        max(cell_len(line) for text in cells for line in str(text).splitlines() or [""]) for cells in texts
    ]
    longest = [max((cell_len(w) for text in cells for w in str(text).split()), default=1) for cells in texts]
    fixed = [c.no_wrap and c.overflow != "ellipsis" for c in columns]
    floors = [_floor(c, n, w) for c, n, w in zip(columns, natural, longest, strict=True)]
    widths = list(natural)
    need = sum(widths) + extra - width
    wide = [c.ratio is not None for c in columns]
    # The order columns give room in, each step only when the one before was not enough:
    # 1. words kept whole, the widest column first, a wide one (long text) kept at WIDE_MIN;
    # 2. a word longer than LONG_WORD (an id, a path, an e-mail: folded at any width) folded, the
    #    longest first: the reason of ``memory audit`` was squeezed to 13 beside a 43-character key;
    # 3. the wide columns down to their longest word; 4. any word folded, the longest first.
    roomy = [max(f, min(n, WIDE_MIN)) if w else f for f, n, w in zip(floors, natural, wide, strict=True)]
    long_folded = [min(f, LONG_WORD) if w > LONG_WORD else f for f, w in zip(roomy, longest, strict=True)]
    short_folded = [n if keep else min(n, FOLD_MIN) for n, keep in zip(natural, fixed, strict=True)]
    narrow_first = [int(not w) for w in wide]
    for floor, first in (
        (roomy, narrow_first), (long_folded, longest), (floors, narrow_first), (short_folded, longest)
    ):  # fmt: skip
        while need > 0:
            room = [i for i, w in enumerate(widths) if w > floor[i]]
            if not room:
                break
            widths[max(room, key=lambda i: (first[i], widths[i], i))] -= 1
            need -= 1
    if need > 0:
        return
    for column, w, keep in zip(columns, widths, fixed, strict=True):
        if not keep:
            column.width, column.min_width = w, None


def _fit(console: Console, t: Table) -> None:
    """Drop the wide columns' minimum width when, with it, ``t`` is wider than the terminal: rich
    then crops every line at the terminal's edge, cutting the last column's words and the border
    (``kassist context --explain`` in a pipe printed the reason "left out: n"); without it rich
    narrows that column and wraps its words."""
    lines = Segment.split_lines(console.render(t, console.options))
    if any(Segment.get_line_length(line) > console.width for line in lines):
        for column in t.columns:
            column.min_width = None


def _floor(column: Column, natural: int, longest: int) -> int:
    """How narrow ``column`` may get before its words are folded: a ``no_wrap`` column not at all,
    a ``cut`` one (ellipsis) to :data:`CUT_MIN` (its header whole), another to its longest word."""
    if column.overflow == "ellipsis":
        return min(natural, max(CUT_MIN, cell_len(str(column.header))))
    return natural if column.no_wrap else min(natural, longest)


def _plain(cell: object) -> str | None:
    if isinstance(cell, Text):
        return cell.plain
    return cell if isinstance(cell, str) else None


def print_records(console: Console, title: str | None, records: Iterable[Mapping[str, Any]]) -> None:
    """``--full``'s shape for every command: each record as ``field: value`` lines, every value
    whole (nothing shortened, folded or cut), records apart by a blank line."""
    if title:
        whole_line(console, title)
    for i, record in enumerate(records):
        if i or title:
            console.print()
        for name, value in record.items():
            whole_line(console, f"{name}: {'-' if value is None else value}")


@contextmanager
def progress(description: str, total: int | None, *, enabled: bool = True) -> Iterator[Any]:
    """A rich progress bar on stderr (stdout stays clean for --json); ``advance()`` per item.

    Disabled (a no-op) when ``enabled`` is false or stderr is not a terminal and
    ``KASSIST_PROGRESS`` is not set: logs and pipes get no control codes.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    show = enabled and (sys.stderr.isatty() or bool(os.environ.get("KASSIST_PROGRESS")))
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        disable=not show,
        transient=False,
    )
    with bar:
        task = bar.add_task(description, total=total)

        class _Advance:
            def advance(self, n: int = 1) -> None:
                bar.advance(task, n)

            def total(self, value: int) -> None:
                bar.update(task, total=value)

            def describe(self, text: str) -> None:
                bar.update(task, description=text)

        yield _Advance()
