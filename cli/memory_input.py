"""What ``kassist memory remember`` (cli/memory.py) is asked to store: a sentence the user said (the
assistant's extraction finds what it holds) or the structured form --type --key --value --source,
its JSON value read from --value, standard input or --value-file within a bound."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cli import kit
from memory.manager import MemoryType, Source
from memory.manager.models import MAX_VALUE_BYTES, parse_enum

MAX_INPUT_CHARS = 2**20
"""What ``--value-file`` and ``--value -`` read at most: a memory's value is at most
:data:`~memory.manager.models.MAX_VALUE_BYTES` as JSON, so a megabyte leaves room for any indentation. Read
whole, /dev/zero or an endless pipe grew the process without end (15.8 GB in 60 s, session 29)."""


def bounded(text: str, where: str) -> str:
    if len(text) > MAX_INPUT_CHARS:
        kit.fail(
            f"{where} holds more than {MAX_INPUT_CHARS:,} characters; a memory's value is at most "
            f"{MAX_VALUE_BYTES:,} bytes as JSON",
            kit.ExitCode.USAGE,
        )
    return text


def read_value(value: str | None, value_file: Path | None) -> Any:
    """The memory's JSON value from ``--value``, ``--value -`` (standard input) or ``--value-file``."""
    if (value is None) == (value_file is None):
        kit.fail("give the value with exactly one of --value JSON, --value - (standard input) or --value-file PATH",
              kit.ExitCode.USAGE)  # fmt: skip
    where = "--value"
    if value_file is not None:
        where = f"--value-file {value_file}"
        try:
            with value_file.open(encoding="utf-8") as f:
                value = bounded(f.read(MAX_INPUT_CHARS + 1), where)
        except FileNotFoundError:
            kit.fail(f"--value-file {value_file} does not exist", kit.ExitCode.USAGE)
        except (OSError, UnicodeDecodeError) as exc:
            kit.fail(f"cannot read --value-file {value_file}: {exc}", kit.ExitCode.USAGE)
    elif value == "-":
        where = "--value - (standard input)"
        value = kit.utf8_text(bounded(sys.stdin.read(MAX_INPUT_CHARS + 1), where), where)
    assert value is not None
    try:
        return json.loads(value)
    except json.JSONDecodeError as exc:
        kit.fail(
            f"{where} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
            "quote text, e.g. --value '\"Bengali\"'",
            kit.ExitCode.USAGE,
        )
    except (ValueError, RecursionError) as exc:  # valid JSON past Python's limits: a bug line before
        what = "is nested too deeply" if isinstance(exc, RecursionError) else f"cannot be read ({exc})"
        kit.fail(f"{where} {what}; a memory's value is a short JSON value, e.g. --value '\"Bengali\"'",
                 kit.ExitCode.USAGE)  # fmt: skip


Wanted = list[tuple[str | None, MemoryType, str, Any]]  # (the words it came from, type, key, value)


def structured(
    memory_type: str | None, key: str | None, source: str | None, value: str | None, value_file: Path | None
) -> tuple[Source, Wanted]:
    given = {"--type": memory_type, "--key": key, "--source": source}
    if missing := [name for name, v in given.items() if not v]:
        kit.fail(
            f'give what to remember: a sentence (kassist memory remember --tenant T --user U "...") or '
            f"--type --key --value --source (missing {', '.join(missing)})",
            kit.ExitCode.USAGE,
        )
    parsed = read_value(value, value_file)
    try:
        kind = parse_enum(MemoryType, str(memory_type), "--type")
        origin = parse_enum(Source, str(source), "--source")
    except ValueError as exc:
        kit.fail(str(exc), kit.ExitCode.USAGE)
    return origin, [(None, kind, str(key), parsed)]


def from_sentence(
    sentence: str,
    source: str | None,
    memory_type: str | None,
    key: str | None,
    value: str | None,
    value_file: Path | None,
) -> tuple[Source, Wanted]:
    """What the assistant does with a user's turn (graph.assistant.nodes.remember_explicit): its
    extraction's findings, stored through the same manager (so the same policy and screen)."""
    from graph.assistant.extract import UNDERSTOOD, extract  # the assistant's rules (no graph loaded)

    structured = {"--type": memory_type, "--key": key, "--value": value, "--value-file": value_file}
    if given := [name for name, v in structured.items() if v is not None]:
        kit.fail(
            f"give a sentence or {', '.join(given)} (the structured form), not both: the sentence "
            "decides the type, key and value",
            kit.ExitCode.USAGE,
        )
    try:
        origin = parse_enum(Source, source or Source.USER_EXPLICIT.value, "--source")
    except ValueError as exc:
        kit.fail(str(exc), kit.ExitCode.USAGE)
    findings = extract(sentence)
    if not findings:
        kit.fail(
            f"nothing to remember in {kit.excerpt(sentence, limit=80)!r}: it states no preference or fact the "
            f"assistant recognises; nothing was written. Understood: {UNDERSTOOD}. Anything else: "
            "--type --key --value --source",
            kit.ExitCode.USAGE,
        )
    return origin, [(f.evidence, f.memory_type, f.key, f.value) for f in findings]
