"""The run store, the jobs and the key store read rows as tuples, through rows declared once
(graph/ingestion/columns.py, server/key_store.py): every statement that returns rows selects, in
every dialect, exactly the declared columns in the declared order. A statement reordered or widened
without its row would otherwise decode one column as another, silently."""

from __future__ import annotations

import dataclasses
import re
from importlib import import_module

import pytest

from graph.ingestion.columns import READS
from server.key_store import READS as KEY_READS

DIALECTS = ("sqlite", "postgres")


def returned_columns(sql: str) -> tuple[str, ...] | None:
    """The names of the columns ``sql`` returns (its select list, with or without FROM, or RETURNING list; an ``AS`` alias
    or the column without its table alias), None when it returns none."""
    returning = re.search(r"\bRETURNING\s+(.+)$", sql, re.S)
    if returning:
        items = returning.group(1)
    elif sql.lstrip().upper().startswith("SELECT"):
        items = re.match(r"\s*SELECT\s+(?:DISTINCT\s+)?(.+?)(?:\s+FROM\s|\s*$)", sql, re.S | re.I).group(1)  # type: ignore[union-attr]
    else:
        return None
    names = []
    for item in (i.strip() for i in items.split(",")):
        alias = re.search(r"\bAS\s+(\w+)$", item, re.I)
        names.append(alias.group(1) if alias else item.split(".")[-1])
    return tuple(names)


def statements_returning(sql_table: object) -> dict[str, tuple[str, ...]]:
    """Each statement of ``sql_table`` that returns rows: the columns of the last of its texts
    (the one whose rows are the answer)."""
    found = {}
    for field in dataclasses.fields(sql_table):  # type: ignore[arg-type]
        if field.name == "migrations":
            continue
        text = getattr(sql_table, field.name)
        last = text if isinstance(text, str) else text[-1]
        columns = returned_columns(last)
        if columns is not None:
            found[field.name] = columns
    return found


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_ingestion_statement_returns_its_declared_row(dialect: str) -> None:
    sql = import_module(f"graph.ingestion.sql_{dialect}").SQL
    assert statements_returning(sql) == READS


@pytest.mark.parametrize("dialect", DIALECTS)
def test_every_key_statement_returns_its_declared_row(dialect: str) -> None:
    sql = import_module(f"server.sql_{dialect}").SQL
    assert statements_returning(sql) == KEY_READS
