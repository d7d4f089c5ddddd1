"""The importer's pure planning: parents before children, only changed channels named as new, and
write batches that make put_writes reproduce the source's idx numbering."""

from __future__ import annotations

from typing import Any

from langgraph.checkpoint.base import WRITES_IDX_MAP, CheckpointTuple, empty_checkpoint

from checkpointer.importer import WriteRow, changed_versions, parents_first, write_batches

INTERRUPT = "__interrupt__"  # langgraph.constants.INTERRUPT is private since 1.0


def tup(cid: str, parent: str | None, ns: str = "") -> CheckpointTuple:
    checkpoint = empty_checkpoint()
    checkpoint["id"] = cid
    conf = {"thread_id": "t", "checkpoint_ns": ns}
    parent_config: Any = {"configurable": {**conf, "checkpoint_id": parent}} if parent else None
    return CheckpointTuple({"configurable": {**conf, "checkpoint_id": cid}}, checkpoint, {}, parent_config)


def ids(tuples: list[CheckpointTuple]) -> list[tuple[str, str]]:
    return [
        (t.config["configurable"]["checkpoint_ns"], t.config["configurable"]["checkpoint_id"]) for t in tuples
    ]


def test_parents_first_even_when_ids_are_not_in_creation_order() -> None:
    # "c" forks from "a"; "0" (an odd, smaller id) is a child of "b": it must still come after "b".
    given = [tup("c", "a"), tup("b", "a"), tup("a", None), tup("0", "b"), tup("s1", None, "sub:x")]
    order = ids(parents_first(given))
    assert len(order) == 5
    for child, parent in (("c", "a"), ("b", "a"), ("0", "b")):
        assert order.index(("", parent)) < order.index(("", child))
    assert ("sub:x", "s1") in order


def test_changed_versions_names_only_what_moved() -> None:
    assert changed_versions({"a": "2", "b": "1"}, {"a": "1", "b": "1"}) == {"a": "2"}
    assert changed_versions({"a": "1"}, None) == {"a": "1"}
    assert changed_versions({"a": "1", "new": "1"}, {"a": "1"}) == {"new": "1"}


def test_write_batches_keep_idx_order_and_put_special_channels_last() -> None:
    rows = [
        WriteRow(
            checkpoint_ns="", checkpoint_id="c", task_id="t1", task_path="p1", idx=1, channel="b", value=2
        ),
        WriteRow(
            checkpoint_ns="", checkpoint_id="c", task_id="t1", task_path="p1", idx=0, channel="a", value=1
        ),
        WriteRow(
            checkpoint_ns="",
            checkpoint_id="c",
            task_id="t2",
            task_path="p2",
            idx=WRITES_IDX_MAP[INTERRUPT],
            channel=INTERRUPT,
            value="stop",
        ),
    ]
    batches = write_batches(rows)
    assert [(b.task_id, b.task_path, b.writes) for b in batches] == [
        ("t1", "p1", [("a", 1), ("b", 2)]),
        ("t2", "p2", [(INTERRUPT, "stop")]),
    ]
