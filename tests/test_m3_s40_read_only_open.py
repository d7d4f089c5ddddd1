"""One read-only SQLite open (kassist/db/connect_sqlite.read_only, session 40 m3): a stock saver's file
whose name holds a percent sign and two hex digits is imported from that file. The importer's own
open read the name as a URI (``file:{path}``), where ``%41`` is ``A``: another file, and the import
of a real stock database failed with sqlite3's "unable to open database file"."""

from __future__ import annotations

import json
import operator
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any

from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.graph import START, StateGraph
from typer.testing import CliRunner
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer
from cli.main import app


class S(TypedDict, total=False):
    log: Annotated[list[str], operator.add]


def _step(state: S) -> dict[str, Any]:
    return {"log": ["step"]}


def test_import_from_a_file_whose_name_holds_percent_hex(tmp_path: Path) -> None:
    source = tmp_path / "stock%41.db"  # read as a URI, "stockA.db"
    with closing(sqlite3.connect(source, check_same_thread=False)) as conn:
        g: StateGraph[S] = StateGraph(S)
        g.add_node("step", _step)
        g.add_edge(START, "step")
        g.compile(checkpointer=SqliteSaver(conn)).invoke(
            {"log": ["start"]}, {"configurable": {"thread_id": "t1"}}
        )
    target = f"sqlite:///{tmp_path / 'kassist.db'}"
    args = ["checkpoints", "import", "--from", f"sqlite:///{source}", "--tenant", "acme"]
    done = CliRunner().invoke(app, [*args, "--database-url", target, "--json"])
    assert done.exit_code == 0, done.output
    assert [t["thread_id"] for t in json.loads(done.output)["threads"]] == ["t1"]
    assert not (tmp_path / "stockA.db").exists()
    with TenantCheckpointer.from_url(target) as ours:
        state = ours.for_tenant("acme").get_tuple({"configurable": {"thread_id": "t1"}})
        assert state is not None and state.checkpoint["channel_values"]["log"] == ["start", "step"]
