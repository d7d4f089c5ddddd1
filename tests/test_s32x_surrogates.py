"""One predicate for lone surrogates (kassist.text.has_lone_surrogate), used by every door that refuses
them: the identifiers (kassist.names.check_identifier), the command line (cli.main's argument check),
checkpoint ids (checkpointer.tenant.check_id), metadata filters (checkpointer.filters) and the JSON body
of a request (server.http_limits.check_json). Each door keeps its own one line; all five refuse the
same strings and take the same text (until session 31 each wrote its own test: a range of code points
in two, an encode in three). No database, no server: the doors are called directly."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from checkpointer.errors import InvalidId
from checkpointer.filters import flatten_filter
from checkpointer.tenant import check_id
from cli.main import app
from kassist.errors import InvalidFilter
from kassist.names import check_identifier
from kassist.text import has_lone_surrogate
from server.http_limits import BadJson, check_json

LONE = ["ac\ud800me", "\udfff", "al\udcffice", "\ud83d\ude00"]
"""Half of a UTF-16 pair at each end of the range, a byte decoded with surrogateescape, and a pair
written as two code points (Python holds it as two lone halves, which UTF-8 cannot encode)."""
TEXT = ["acme", "é-ü", "文書", "😀", "\uffff", "\ue000"]
"""ASCII, Latin, CJK, a character outside the BMP, the last BMP code point and the first private-use
one either side of the surrogates' range."""


def _json_door(value: str) -> None:
    check_json(json.dumps({"input": {"messages": [["user", value]]}}).encode())


DOORS: dict[str, tuple[Callable[[str], object], type[Exception], str]] = {
    "identifier": (lambda v: check_identifier(v, "tenant_id", 64), ValueError, "tenant_id"),
    "checkpoint id": (lambda v: check_id("thread_id", v), InvalidId, "configurable.thread_id"),
    "metadata filter": (lambda v: flatten_filter({"source": v}), InvalidFilter, "metadata filter"),
    "JSON body": (_json_door, BadJson, "the JSON body"),
}


@pytest.mark.parametrize("text", LONE + TEXT)
def test_the_predicate_is_true_only_for_a_surrogate_code_point(text: str) -> None:
    assert has_lone_surrogate(text) is any(0xD800 <= ord(ch) <= 0xDFFF for ch in text)
    assert has_lone_surrogate(text) is (text in LONE)


@pytest.mark.parametrize("door", sorted(DOORS))
def test_every_door_refuses_what_the_predicate_names_in_its_own_line(door: str) -> None:
    call, error, names = DOORS[door]
    for text in LONE:
        if door == "JSON body" and text == "\ud83d\ude00":
            continue  # JSON spells it as an escaped pair, which every parser reads as one character
        with pytest.raises(error) as refused:
            call(text)
        line = str(refused.value)
        assert "lone surrogate" in line and names in line and "\n" not in line, (door, line)
    for text in TEXT:
        if door == "identifier" and text in ("\uffff", "\ue000"):
            continue  # refused there as an unseen character (its own rule), not as a surrogate
        call(text)


def test_the_command_line_refuses_what_the_predicate_names_before_any_command_runs() -> None:
    runner = CliRunner(env={"COLUMNS": "400"})
    for text in LONE:
        done = runner.invoke(app, ["memory", "list", "--tenant", text, "--user", "alice"])
        assert done.exit_code == 2, done.output
        assert "is not UTF-8 text; give it in UTF-8" in done.output.strip().splitlines()[-1], done.output
