"""Ids and metadata filters that a backend cannot store or compare are refused by name, with what
to do, before any SQL runs, the same way on SQLite and PostgreSQL (one length limit for ids on
both). They used to surface as raw driver errors (``ProgramLimitExceeded``, ``UnicodeEncodeError``,
``OverflowError``, a NUL refused by PostgreSQL) or, on SQLite, be accepted where PostgreSQL failed."""

from __future__ import annotations

import operator
from typing import Annotated, Any

import pytest
from langgraph.graph import START, StateGraph
from typing_extensions import TypedDict

from checkpointer import TenantCheckpointer
from checkpointer.errors import InvalidFilter, InvalidId, InvalidMetadata
from checkpointer.tenant import MAX_ID_BYTES


class Log(TypedDict):
    log: Annotated[list[str], operator.add]


def _graph(saver: TenantCheckpointer) -> Any:
    builder: StateGraph[Any] = StateGraph(Log)
    builder.add_node("echo", lambda state: {"log": ["ok"]})
    builder.add_edge(START, "echo")
    return builder.compile(checkpointer=saver)


def _config(thread: Any, **extra: Any) -> Any:
    return {"configurable": {"thread_id": thread, "tenant_id": "acme", **extra}}


@pytest.fixture(autouse=True)
def good_thread(saver: TenantCheckpointer) -> None:
    """Thread "good", written by the conftest `saver`, which every refused call must leave intact."""
    _graph(saver).invoke({"log": ["kept"]}, _config("good"))


def _nothing_lost(saver: TenantCheckpointer) -> None:
    state = _graph(saver).get_state(_config("good"))
    assert state.values == {"log": ["kept", "ok"]}
    assert len(list(saver.list(_config("good")))) == 3


@pytest.mark.parametrize(
    ("thread", "match"),
    [
        ("t" * 3000, rf"thread_id is 3000 bytes long .*at most {MAX_ID_BYTES} bytes.*shorter id"),
        ("é" * (MAX_ID_BYTES // 2 + 1), rf"thread_id is {MAX_ID_BYTES + 2} bytes long"),
        ("bad\ud800id", r"thread_id 'bad\\ud800id' contains a lone surrogate"),
        ("bad\x00id", r"thread_id .* contains a NUL character"),
    ],
    ids=["3000-chars", "multibyte-over-limit", "lone-surrogate", "nul"],
)
def test_unstorable_thread_ids_are_refused_by_name(
    saver: TenantCheckpointer, thread: str, match: str
) -> None:
    graph = _graph(saver)
    with pytest.raises(InvalidId, match=match):
        graph.invoke({"log": ["x"]}, _config(thread))
    with pytest.raises(InvalidId, match=match):
        saver.get_tuple(_config(thread))
    with pytest.raises(InvalidId, match=match):
        list(saver.list(_config(thread)))
    _nothing_lost(saver)


async def test_unstorable_ids_are_refused_in_async_calls_too(saver: TenantCheckpointer) -> None:
    with pytest.raises(InvalidId, match="thread_id is 3000 bytes"):
        await _graph(saver).ainvoke({"log": ["x"]}, _config("t" * 3000))
    with pytest.raises(InvalidId, match=r"checkpoint_ns .* lone surrogate"):
        await saver.aget_tuple(_config("good", checkpoint_ns="\udfff"))


def test_ids_at_the_limit_are_stored_on_both_backends(saver: TenantCheckpointer) -> None:
    # The limit holds for each id at once: a thread id and a namespace of the full length (in
    # four-byte characters, too) fit PostgreSQL's index entries together.
    graph = _graph(saver)
    for thread in ("t" * MAX_ID_BYTES, "𝄞" * (MAX_ID_BYTES // 4)):
        graph.invoke({"log": ["x"]}, _config(thread))
        assert graph.get_state(_config(thread)).values == {"log": ["x", "ok"]}
    head = saver.get_tuple(_config("t" * MAX_ID_BYTES))
    assert head is not None
    ns_config = _config("t" * MAX_ID_BYTES, checkpoint_ns="n" * MAX_ID_BYTES)
    saver.put(ns_config, head.checkpoint, head.metadata, {})
    again = saver.get_tuple(ns_config)
    assert again is not None and again.checkpoint["id"] == head.checkpoint["id"]


@pytest.mark.parametrize(
    ("filter", "match"),
    [
        ({"sou\x00rce": "loop"}, r"key 'sou\\x00rce' contains a NUL character.*remove it"),
        ({"source": "lo\x00op"}, r"value for 'source' contains a NUL character"),
        ({"a": {"b": ["x\x00"]}}, r"value for 'a.b' contains a NUL character"),
        ({"step": 2**64}, r"value for 'step' is 18446744073709551616, outside the 64-bit .*as strings"),
        ({"step": -(2**63) - 1}, r"outside the 64-bit integer range"),
        ({"step": float("nan")}, r"value for 'step' is nan; JSON has no NaN"),
        ({"source": "\ud800"}, r"value for 'source' contains a lone surrogate"),
        ({"\udc80": 1}, r"key '\\udc80' contains a lone surrogate"),
    ],
    ids=[
        "nul-key",
        "nul-value",
        "nul-nested",
        "huge-int",
        "huge-negative",
        "nan",
        "surrogate",
        "surrogate-key",
    ],
)
def test_uncomparable_filters_are_refused_by_name(saver: TenantCheckpointer, filter: Any, match: str) -> None:
    with pytest.raises(InvalidFilter, match=match):
        list(saver.list(_config("good"), filter=filter))
    with pytest.raises(InvalidFilter, match=match):
        list(saver.for_tenant("acme").list(None, filter=filter))
    _nothing_lost(saver)


def test_filters_at_the_edges_still_match(saver: TenantCheckpointer) -> None:
    assert len(list(saver.list(_config("good"), filter={"step": 2**63 - 1}))) == 0
    assert len(list(saver.list(_config("good"), filter={"step": -1}))) == 1
    assert len(list(saver.list(_config("good"), filter={"source": "loop"}))) == 2


def test_id_only_calls_refuse_unstorable_ids_too(saver: TenantCheckpointer) -> None:
    acme = saver.for_tenant("acme")
    with pytest.raises(InvalidId, match=r"an id in thread_ids .* contains a NUL"):
        acme.delete_thread("bad\x00id")
    with pytest.raises(InvalidId, match=r"an id in run_ids .* lone surrogate"):
        acme.delete_for_runs(["\ud800"])
    with pytest.raises(
        InvalidId, match=rf"the copy_thread target is 3000 bytes long .*at most {MAX_ID_BYTES}"
    ):
        acme.copy_thread("good", "t" * 3000)
    with pytest.raises(InvalidId, match=r"an id in thread_ids is 3000 bytes"):
        acme.prune(["t" * 3000])
    _nothing_lost(saver)


@pytest.mark.parametrize("metadata", [{"x\ud800": 1}, {"note": "half \udc80 a pair"}], ids=["key", "value"])
def test_metadata_that_could_not_be_read_back_is_refused_and_the_thread_stays_readable(
    saver: TenantCheckpointer, metadata: dict[str, Any]
) -> None:
    # It used to be stored as a JSON escape that made every later read of the thread fail.
    with pytest.raises(InvalidMetadata, match="lone surrogate"):
        _graph(saver).invoke({"log": ["x"]}, {**_config("good"), "metadata": metadata})
    assert len(list(saver.list(_config("good")))) == 3
    assert _graph(saver).get_state(_config("good")).values == {"log": ["kept", "ok"]}
