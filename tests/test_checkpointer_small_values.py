"""The two forms of a checkpoint row's ``small_values`` (checkpointer.codec.dump_values).

With LangGraph's JsonPlusSerializer the row holds one msgpack map of channel -> value, decoded with
one serializer call; before, and still with any other serializer or a value that cannot be a map
entry (a bytearray), it holds an array of ``[channel, version, type, bytes]`` entries. Rows of both
forms are read by every reader (get_tuple, list, delta history), also mixed in one thread. Both
backends.
"""

from __future__ import annotations

from typing import Any

import ormsgpack
import pytest
from langgraph.checkpoint.base import Checkpoint, empty_checkpoint
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from raw_sql import raw

from checkpointer import TenantCheckpointer
from checkpointer.small_values import dump_values, load_small

TENANT = "acme"


SAVER_TENANT = TENANT  # the conftest `saver` speaks for it


def _checkpoint(values: dict[str, Any], versions: dict[str, Any]) -> Checkpoint:
    cp = empty_checkpoint()
    cp["channel_values"] = dict(values)
    cp["channel_versions"] = dict(versions)
    return cp


def _rows(db_url: str, thread: str) -> list[tuple[str, bytes]]:
    rows = raw(
        db_url,
        "SELECT checkpoint_id, small_values FROM kassist_cp_checkpoints WHERE thread_id = %s ORDER BY version",
        (thread,),
    )
    return [(cid, bytes(packed)) for cid, packed in rows]


def _put_history(saver: TenantCheckpointer, thread: str, steps: int) -> list[Any]:
    """``steps`` checkpoints of three channels, one of them changing per step; their configs."""
    config: Any = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    values: dict[str, Any] = {"text": "t0", "count": 0, "items": [{"role": "user", "content": "hi"}]}
    versions = {ch: saver.get_next_version(None, None) for ch in values}
    configs = []
    for step in range(steps):
        changed = ["text", "count", "items"] if step == 0 else [("text", "count", "items")[step % 3]]
        if step:
            ch = changed[0]
            values[ch] = {"text": f"t{step}", "count": step, "items": [*values["items"], {"n": step}]}[ch]
            versions[ch] = saver.get_next_version(versions[ch], None)
        cp = _checkpoint(values, versions)
        config = saver.put(config, cp, {"source": "loop", "step": step}, {ch: versions[ch] for ch in changed})
        configs.append(config)
    return configs


def _old_form(saver: TenantCheckpointer, checkpoint: Checkpoint) -> bytes:
    """``small_values`` as kassist wrote it before the map form: one typed entry per value."""
    versions = checkpoint["channel_versions"]
    return ormsgpack.packb(
        [
            [ch, str(versions[ch]), *saver.serde.dumps_typed(value)]
            for ch, value in checkpoint["channel_values"].items()
        ]
    )


def test_rows_written_in_the_old_form_read_back_and_the_thread_goes_on(
    saver: TenantCheckpointer, db_url: str
) -> None:
    configs = _put_history(saver, "old", steps=4)
    expected = [saver.get_tuple(c) for c in configs]
    assert all(e is not None for e in expected)
    assert all(packed[0] & 0xF0 == 0x80 for _, packed in _rows(db_url, "old"))  # maps
    # Rewrite every row as the previous code wrote it: the database of an older kassist.
    for tup in expected:
        assert tup is not None
        raw(
            db_url,
            "UPDATE kassist_cp_checkpoints SET small_values = %s WHERE thread_id = 'old' AND checkpoint_id = %s",
            (_old_form(saver, tup.checkpoint), tup.checkpoint["id"]),
        )
    assert all(packed[0] & 0xF0 == 0x90 for _, packed in _rows(db_url, "old"))
    fresh = TenantCheckpointer(saver._executor).for_tenant(TENANT)  # nothing remembered
    for config, want in zip(configs, expected, strict=True):
        got = fresh.get_tuple(config)
        assert got is not None and want is not None
        assert got.checkpoint == want.checkpoint and got.metadata == want.metadata
    latest = fresh.get_tuple({"configurable": {"thread_id": "old"}})
    assert latest is not None and latest.checkpoint == expected[-1].checkpoint  # type: ignore[union-attr]
    listed = list(fresh.list({"configurable": {"thread_id": "old"}}))
    assert [t.checkpoint for t in listed] == [t.checkpoint for t in reversed(expected)]  # type: ignore[union-attr]
    # A new checkpoint on top of old-form rows: the map form again, every value read back.
    values = dict(latest.checkpoint["channel_values"], text="new")
    versions = dict(latest.checkpoint["channel_versions"], text=fresh.get_next_version("9", None))
    fresh.put(
        latest.config,
        _checkpoint(values, versions),
        {"source": "loop", "step": 9},
        {"text": versions["text"]},
    )
    head = fresh.get_tuple({"configurable": {"thread_id": "old"}})
    assert head is not None and head.checkpoint["channel_values"] == values
    assert _rows(db_url, "old")[-1][1][0] & 0xF0 == 0x80
    history = fresh.get_delta_channel_history(config=head.config, channels=["items"])
    assert history["items"]["seed"] == values["items"]


def test_delta_history_takes_seeds_from_rows_of_both_forms(saver: TenantCheckpointer, db_url: str) -> None:
    configs = _put_history(saver, "seeds", steps=3)
    first = saver.get_tuple(configs[0])
    assert first is not None
    raw(
        db_url,
        "UPDATE kassist_cp_checkpoints SET small_values = %s WHERE thread_id = 'seeds' AND checkpoint_id = %s",
        (_old_form(saver, first.checkpoint), first.checkpoint["id"]),
    )
    for config in configs[1:]:
        parent = saver.get_tuple(config)
        assert parent is not None and parent.parent_config is not None
        history = saver.get_delta_channel_history(config=config, channels=["text", "count", "items"])
        before = saver.get_tuple(parent.parent_config)
        assert before is not None
        assert {ch: h.get("seed") for ch, h in history.items()} == before.checkpoint["channel_values"]


def test_a_value_that_cannot_be_a_map_entry_keeps_the_row_in_the_old_form(
    saver: TenantCheckpointer, db_url: str
) -> None:
    values = {"buffer": bytearray(b"abc"), "raw": b"xyz", "none": None, "text": "t"}
    versions: Any = {ch: saver.get_next_version(None, None) for ch in values}
    config: Any = {"configurable": {"thread_id": "kinds", "checkpoint_ns": ""}}
    saver.put(config, _checkpoint(values, versions), {"source": "input", "step": -1}, versions)
    ((_, packed),) = _rows(db_url, "kinds")
    assert packed[0] & 0xF0 == 0x90  # the array of typed entries
    got = saver.get_tuple({"configurable": {"thread_id": "kinds"}})
    assert got is not None and got.checkpoint["channel_values"] == values
    assert type(got.checkpoint["channel_values"]["buffer"]) is bytearray
    # Without the bytearray: the map form, bytes and None included.
    del values["buffer"], versions["buffer"]
    config = {"configurable": {"thread_id": "kinds2", "checkpoint_ns": ""}}
    saver.put(config, _checkpoint(values, versions), {"source": "input", "step": -1}, versions)
    ((_, packed),) = _rows(db_url, "kinds2")
    assert packed[0] & 0xF0 == 0x80
    got = saver.get_tuple({"configurable": {"thread_id": "kinds2"}})
    assert got is not None and got.checkpoint["channel_values"] == values
    assert type(got.checkpoint["channel_values"]["raw"]) is bytes


class _SameSerializer(JsonPlusSerializer):
    """LangGraph's serializer under another class: dump_values takes its general way for it."""


@pytest.mark.parametrize(
    "values",
    [
        {"a": "x" * 1024, "b": "", "c": "y" * 2045},  # the plain map's longest string
        {"a": "x" * 2046},  # one more: the general way decides (msgpack adds 3 bytes: 2049)
        {"a": "é" * 10},  # not ASCII
        {"n": 0, "big": (1 << 64) - 1, "neg": -(1 << 63), "f": 1.5, "t": True, "none": None},
        {"a": "x", "l": [1, 2]},  # a list: the general way
        {"a": "x", "extra": "not in channel_versions"},
        {},
    ],
    ids=["short", "boundary", "non-ascii", "scalars", "list", "unversioned", "empty"],
)
def test_the_plain_map_is_what_the_general_way_writes(values: dict[str, Any]) -> None:
    """A checkpoint of plain values (short ASCII strings, ints, floats, bools, None) is packed in
    one call; the row's small values, blob rows and blob versions are those of the general way,
    value by value, and read back the same."""
    versions = {ch: f"{i + 1:032}.0" for i, ch in enumerate(values) if ch != "extra"}
    cp = _checkpoint(values, versions)
    fast = dump_values(JsonPlusSerializer(), cp, versions, {})
    general = dump_values(_SameSerializer(), cp, versions, {})
    assert fast == general
    rows, packed, in_blobs = fast
    loaded = load_small(JsonPlusSerializer(), packed, versions, ("t", "c"))
    for blob in rows:
        loaded[blob["channel"]] = JsonPlusSerializer().loads_typed((blob["type"], blob["blob"]))
    assert loaded == {ch: v for ch, v in values.items() if ch in versions}
    assert set(in_blobs) == {row["channel"] for row in rows}


def test_an_integer_beyond_msgpack_is_refused_as_before() -> None:
    """An int msgpack cannot hold leaves the plain map to the serializer, which refuses it."""
    cp = _checkpoint({"huge": 1 << 64}, {"huge": "1.0"})
    for serde in (JsonPlusSerializer(), _SameSerializer()):
        with pytest.raises(TypeError, match="64-bit"):
            dump_values(serde, cp, {"huge": "1.0"}, {})
