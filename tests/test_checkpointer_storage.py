"""What is stored: one blob per channel version, U+0000, 20 MB values, encryption, damage reports."""

from __future__ import annotations

import enum
import os
from typing import Any

import ormsgpack
import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from langgraph.checkpoint.base import empty_checkpoint
from langgraph.checkpoint.serde.encrypted import EncryptedSerializer
from langgraph.graph import END, START, StateGraph
from raw_sql import raw
from typing_extensions import TypedDict

from checkpointer import CorruptCheckpoint, TenantCheckpointer

TENANT = "acme"


SAVER_TENANT = TENANT  # the conftest `saver` speaks for it


def large_values(db_url: str, thread: str) -> tuple[int, int]:
    """How many large values the thread stores and their bytes: blob rows, plus on SQLite the
    values checkpoint rows hold (migration 6: a put's largest changed value rides in its row)."""
    ((n, size),) = raw(
        db_url,
        "SELECT count(*), coalesce(sum(length(blob)), 0) FROM kassist_cp_blobs WHERE thread_id = %s",
        (thread,),
    )
    if db_url.startswith("sqlite"):
        ((m, more),) = raw(
            db_url,
            "SELECT count(*), coalesce(sum(length(value_blob)), 0) FROM kassist_cp_checkpoints "
            "WHERE thread_id = %s AND value_blob IS NOT NULL",
            (thread,),
        )
        n, size = n + m, size + more
    return int(n), int(size)


def corrupt_values(db_url: str, where: str, garbage: bytes) -> None:
    """Damage the stored large values of ``where`` (a condition on thread_id and channel), wherever
    the layout keeps them."""
    raw(db_url, f"UPDATE kassist_cp_blobs SET blob = %s WHERE {where}", (garbage,))
    if db_url.startswith("sqlite"):
        where_row = where.replace("channel", "value_channel")
        raw(db_url, f"UPDATE kassist_cp_checkpoints SET value_blob = %s WHERE {where_row}", (garbage,))


def put_steps(saver: TenantCheckpointer, thread: str, steps: int, size: int) -> dict[str, Any]:
    """5 channels; step 0 writes all of them, every later step changes only channel c0."""
    config: dict[str, Any] = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
    values = {f"c{i}": f"{i}" * size for i in range(5)}
    versions: dict[str, Any] = {}
    for step in range(steps):
        changed = list(values) if step == 0 else ["c0"]
        for ch in changed:
            versions[ch] = saver.get_next_version(versions.get(ch), None)
        if step:
            values["c0"] = f"step{step}-" + "x" * size
        cp = empty_checkpoint()
        cp["channel_values"] = dict(values)
        cp["channel_versions"] = dict(versions)
        config = saver.put(config, cp, {"source": "loop", "step": step}, {ch: versions[ch] for ch in changed})
    return config


def test_one_blob_per_channel_version_and_small_checkpoint_rows(
    saver: TenantCheckpointer, db_url: str
) -> None:
    size = 100_000
    put_steps(saver, "big", steps=6, size=size)
    blobs, blob_bytes = large_values(db_url, "big")
    assert blobs == 5 + 5  # 5 initial values + one new c0 value per later step
    assert size * 10 <= blob_bytes <= size * 10 * 1.01
    if db_url.startswith("sqlite"):  # each put's changed value rides in its own row
        assert raw(db_url, "SELECT count(*) FROM kassist_cp_checkpoints WHERE value_channel = 'c0'") == [(6,)]
    text = "length(checkpoint)" if db_url.startswith("sqlite") else "length(checkpoint::text)"
    ((n, biggest),) = raw(db_url, f"SELECT count(*), max({text}) FROM kassist_cp_checkpoints")
    assert n == 6 and biggest < 2_000  # values are never inlined into the skeleton
    head = saver.get_tuple({"configurable": {"thread_id": "big"}})
    assert head is not None
    assert head.checkpoint["channel_values"]["c0"].startswith("step5-")
    assert head.checkpoint["channel_values"]["c4"] == "4" * size


async def test_nul_characters_and_a_20_mb_value_round_trip(saver: TenantCheckpointer) -> None:
    big = os.urandom(10_000_000).hex()  # 20 MB of text
    cp = empty_checkpoint()
    cp["channel_values"] = {"nul": "a\u0000b", "nested": {"k\u0000": ["\u0000"]}, "big": big}
    cp["channel_versions"] = {"nul": "1", "nested": "1", "big": "1"}
    config = {"configurable": {"thread_id": "nul"}}
    out = await saver.aput(
        config, cp, {"source": "input", "step": -1, "note": "x\u0000y"}, cp["channel_versions"]
    )
    await saver.aput_writes(out, [("nul", "w\u0000")], "task-1")
    tup = saver.get_tuple(config)
    assert tup is not None
    assert tup.checkpoint["channel_values"]["nul"] == "a\u0000b"
    assert tup.checkpoint["channel_values"]["nested"] == {"k\u0000": ["\u0000"]}
    assert tup.checkpoint["channel_values"]["big"] == big  # stored intact, not truncated
    assert tup.pending_writes == [("task-1", "nul", "w\u0000")]
    assert tup.metadata["note"] == "xy"  # metadata is JSON for filtering: U+0000 is dropped there


class AesGcm:
    """A CipherProtocol over the `cryptography` package's AES-GCM."""

    def __init__(self, key: bytes) -> None:
        self.aes = AESGCM(key)

    def encrypt(self, plaintext: bytes) -> tuple[str, bytes]:
        nonce = os.urandom(12)
        return "aesgcm", nonce + self.aes.encrypt(nonce, plaintext, None)

    def decrypt(self, ciphername: str, ciphertext: bytes) -> bytes:
        assert ciphername == "aesgcm"
        return self.aes.decrypt(ciphertext[:12], ciphertext[12:], None)


class Secret(TypedDict, total=False):
    text: str
    note: str


async def test_encrypted_serializer_encrypts_values_and_writes(db_url: str) -> None:
    serde = EncryptedSerializer(AesGcm(AESGCM.generate_key(bit_length=128)))
    async with TenantCheckpointer.from_url(db_url, serde=serde) as saver:
        await saver.asetup()
        builder = StateGraph(Secret)
        # A long text (a blob row) and a short note (in the checkpoint row): both stores are checked.
        builder.add_node(
            "shout", lambda s: {"text": s["text"] + " TOP-SECRET-REPLY", "note": "TOP-SECRET-NOTE"}
        )
        builder.add_edge(START, "shout")
        builder.add_edge("shout", END)
        graph = builder.compile(checkpointer=saver)
        config = {"configurable": {"thread_id": "enc", "tenant_id": TENANT}}
        graph.invoke({"text": "TOP-SECRET-INPUT" * 300}, config)
        state = (await graph.aget_state(config)).values
        assert state == {"text": "TOP-SECRET-INPUT" * 300 + " TOP-SECRET-REPLY", "note": "TOP-SECRET-NOTE"}
    stores = ["SELECT type, blob FROM kassist_cp_blobs WHERE blob IS NOT NULL"]
    if db_url.startswith("sqlite"):  # the long text rides in its checkpoint's row (migration 6)
        stores.append(
            "SELECT value_type, value_blob FROM kassist_cp_checkpoints WHERE value_blob IS NOT NULL"
        )
    large = [row for sql in stores for row in raw(db_url, sql)]
    writes = raw(db_url, "SELECT type, blob FROM kassist_cp_writes WHERE blob IS NOT NULL")
    for rows in (large, writes):
        assert rows and all(t.endswith("+aesgcm") for t, _ in rows)
        assert not any(b"TOP-SECRET" in bytes(b) for _, b in rows)
    # Small values kept in the checkpoint row (the note) go through the serializer too.
    packed = raw(db_url, "SELECT small_values FROM kassist_cp_checkpoints WHERE small_values IS NOT NULL")
    entries = [e for (b,) in packed for e in ormsgpack.unpackb(bytes(b))]
    assert any(channel == "note" for channel, *_ in entries)
    assert all(type_.endswith("+aesgcm") and b"TOP-SECRET" not in blob for _, _, type_, blob in entries)
    # Without the key the values cannot be read, and the error says which checkpoint.
    with TenantCheckpointer.from_url(db_url) as plain, pytest.raises(CorruptCheckpoint):
        plain.for_tenant(TENANT).get_tuple(config)


def test_corrupted_blob_names_thread_and_checkpoint(saver: TenantCheckpointer, db_url: str) -> None:
    last = put_steps(saver, "broken", steps=2, size=5_000)  # over INLINE_MAX_BYTES: blob rows
    corrupt_values(db_url, "channel = 'c0'", b"\xc1\xff\x00garbage")
    with pytest.raises(CorruptCheckpoint) as info:
        saver.get_tuple({"configurable": {"thread_id": "broken"}})
    message = str(info.value)
    assert "'broken'" in message and last["configurable"]["checkpoint_id"] in message
    assert "c0" in message


def test_small_values_live_in_the_row_and_damage_there_is_named(
    saver: TenantCheckpointer, db_url: str
) -> None:
    """Short strings are kept in the checkpoint row (no blob row per step); values that
    serialise to more than INLINE_MAX_BYTES get their blob row."""
    from checkpointer.codec import INLINE_MAX_BYTES

    last = put_steps(saver, "small", steps=3, size=10)
    (blobs,) = raw(db_url, "SELECT count(*) FROM kassist_cp_blobs WHERE thread_id = 'small'")
    assert blobs == (0,)
    head = saver.get_tuple({"configurable": {"thread_id": "small"}})
    assert head is not None and head.checkpoint["channel_values"]["c4"] == "4" * 10
    assert head.checkpoint["channel_values"]["c0"] == "step2-" + "x" * 10
    put_steps(saver, "edge", steps=1, size=INLINE_MAX_BYTES + 1)
    assert large_values(db_url, "edge")[0] == 5
    raw(
        db_url,
        "UPDATE kassist_cp_checkpoints SET small_values = %s WHERE thread_id = 'small'",
        (b"\xc1junk",),
    )
    with pytest.raises(CorruptCheckpoint) as info:
        saver.get_tuple({"configurable": {"thread_id": "small"}})
    assert "'small'" in str(info.value) and last["configurable"]["checkpoint_id"] in str(info.value)


@pytest.mark.parametrize("changed", [0, 1, 3])
def test_a_put_stores_any_number_of_blob_rows(saver: TenantCheckpointer, db_url: str, changed: int) -> None:
    """A put extending the head writes 0, 1 or several blob rows (three statement shapes on
    PostgreSQL); every value reads back and nothing else is stored."""
    config: dict[str, Any] = {"configurable": {"thread_id": f"shape{changed}", "checkpoint_ns": ""}}
    cp = empty_checkpoint()
    cp["channel_values"], cp["channel_versions"] = {"n": 0}, {"n": "1"}
    config = saver.put(config, cp, {"source": "input", "step": -1}, {"n": "1"})
    cp = empty_checkpoint()
    big = {f"c{i}": f"{i}" * 5_000 for i in range(changed)}  # over INLINE_MAX_BYTES
    cp["channel_values"] = {"n": 1, **big}
    cp["channel_versions"] = {"n": "2", **{ch: "1" for ch in big}}
    saver.put(config, cp, {"source": "loop", "step": 0}, {"n": "2", **{ch: "1" for ch in big}})
    head = saver.get_tuple({"configurable": {"thread_id": f"shape{changed}"}})
    assert head is not None and head.checkpoint["channel_values"] == {"n": 1, **big}
    assert large_values(db_url, f"shape{changed}")[0] == changed


@pytest.mark.parametrize("count", [1, 3, 8, 9, 20])
async def test_put_writes_of_any_size_round_trip_once(saver: TenantCheckpointer, count: int) -> None:
    """1-8 writes and more (two statement shapes on PostgreSQL): stored once, in order, re-puts
    change nothing, and special writes (errors) replace."""
    config: dict[str, Any] = {"configurable": {"thread_id": f"w{count}", "checkpoint_ns": ""}}
    config = await saver.aput(config, empty_checkpoint(), {"source": "input", "step": -1}, {})
    writes = [(f"ch{i}", f"value {i}") for i in range(count)]
    await saver.aput_writes(config, writes, "task-1", "path")
    await saver.aput_writes(config, writes, "task-1", "path")  # idempotent
    await saver.aput_writes(config, [("__error__", "first")], "task-2", "path")
    await saver.aput_writes(config, [("__error__", "second")], "task-2", "path")  # special writes replace
    tup = await saver.aget_tuple(config)
    assert tup is not None
    assert tup.pending_writes == [("task-1", ch, v) for ch, v in writes] + [("task-2", "__error__", "second")]


class Color(enum.IntEnum):
    RED = 1


class Mood(enum.StrEnum):
    CALM = "calm"


def test_values_of_every_kind_round_trip_and_only_large_ones_get_blob_rows(
    saver: TenantCheckpointer, db_url: str
) -> None:
    """Any value whose serialised form fits INLINE_MAX_BYTES rides in the row, whatever its type;
    larger ones, and DeltaChannel snapshots, get their blob row."""
    from langgraph.checkpoint.serde.types import _DeltaSnapshot

    from checkpointer.codec import INLINE_MAX_BYTES, inline_form

    values: dict[str, Any] = {
        "none": None,
        "flag": True,
        "ratio": 1.5,
        "low": -(2**63),
        "high": 2**64 - 1,
        "short": "x" * (INLINE_MAX_BYTES - 8),
        "long": "x" * (INLINE_MAX_BYTES + 1),  # its own blob
        "raw": b"y" * 10,
        "color": Color.RED,  # int subclass
        "mood": Mood.CALM,  # str subclass
        "messages": [{"role": "user", "content": "hi"}] * 20,  # a small list: in the row
        "history": ["z" * 100] * 30,  # a list serialising to ~3 KB: its own blob
        "snapshot": _DeltaSnapshot(["a"]),  # always a blob row, as in the stock savers
    }
    serde = saver.serde
    assert [k for k, v in values.items() if inline_form(serde, v) is None] == ["long", "history", "snapshot"]
    cp = empty_checkpoint()
    cp["channel_values"] = dict(values)
    cp["channel_versions"] = {k: saver.get_next_version(None, None) for k in values}
    saver.put({"configurable": {"thread_id": "kinds", "checkpoint_ns": ""}}, cp, {}, cp["channel_versions"])
    assert large_values(db_url, "kinds")[0] == 3
    snapshot = "SELECT count(*) FROM kassist_cp_blobs WHERE thread_id = 'kinds' AND channel = 'snapshot'"
    assert raw(db_url, snapshot) == [(1,)]  # never in a checkpoint row
    got = saver.get_tuple({"configurable": {"thread_id": "kinds"}})
    assert got is not None
    assert got.checkpoint["channel_values"] == values
    assert {k: type(v) for k, v in got.checkpoint["channel_values"].items()} == {
        k: type(v) for k, v in values.items()
    }
