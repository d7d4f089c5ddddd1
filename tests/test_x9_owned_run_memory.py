"""A run's summary memory is for whoever may see the run (h13 s34, x9 s35): a member's private
``langgraph dev`` run (its owner recorded: graph/ingestion/registration.owner) writes it to the
owner's own memory, its progress too when the command line carries it on; another member's recall
finds nothing of it. A command line's run stays the tenant's (tests/test_ingest_graph.py). One SQLite
file, in process (~2 s of CPU)."""

from __future__ import annotations

from pathlib import Path

import pytest
from review_support import dev_settings, member_config, served_pages

from graph.ingestion import remember
from graph.ingestion.resources import Resources
from graph.ingestion.runner import _compiled, execute
from graph.ingestion.state import Settings

KEY = "ingestion_run:private-1"


def test_a_members_private_run_is_remembered_for_its_owner_alone(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    band = "# Pay band {name}\n\nThe pay band {name} is reviewed in March.\n"
    settings = dev_settings(served_pages(tmp_path, monkeypatch, folder="salaries", page=band), "pay")
    memory = res.memory().for_tenant("acme")

    # erin's langgraph dev run, paused after two steps, carried on by the command line one step more:
    # its progress (the runner's) is erin's.
    paused = member_config(res, "private-1", "erin")
    paused["configurable"]["max_steps"] = 2
    assert _compiled(res, "acme").invoke({"settings": settings}, paused)["status"] == "paused"
    assert execute(res, "acme", "private-1", max_steps=1).state.status == "paused"
    [progress] = memory.recall("erin", key=KEY)
    assert progress.user_id == "erin" and any(
        "documents indexed up to" in a for a in progress.value["artifacts"]
    )
    assert memory.recall("maria", key=KEY) == [] and memory.recall(remember.USER, key=KEY) == []

    # Finished on langgraph dev: the final summary replaces it, still erin's alone.
    done = _compiled(res, "acme").invoke({}, member_config(res, "private-1", "erin"))
    assert done["status"] == "completed", done.get("last_error")
    [final] = memory.recall("erin", key=KEY)
    assert final.user_id == "erin" and final.value["status"] == "completed"
    assert final.value["collection"] == "pay" and final.value["source_folder"] == "salaries"
    assert memory.recall("maria", key=KEY) == [] and memory.recall(remember.USER, key=KEY) == []

    # The command line's run of the same folder is the tenant's, as before.
    assert (
        execute(res, "acme", "cli-1", settings=Settings.model_validate(settings)).state.status == "completed"
    )
    [shared] = memory.recall("maria", key="ingestion_run:cli-1")
    assert shared.user_id == remember.USER
