"""A missing or damaged order_model.json (the sentence stage's shipped weights) is one clear error when
the index opens, naming the file and how to rebuild it, on both the sync and the async index: not a
FileNotFoundError, JSONDecodeError, KeyError or numpy shape error inside a user's first search, and
not a NaN weight that silently makes every document's order score NaN (review s25, finding 1)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from knowledge.embedders.hashing import HashingEmbedder
from knowledge.index import AsyncKnowledgeIndex, KnowledgeIndex, OrderModelDamaged, order_model

SHIPPED = json.loads(order_model.WEIGHTS.read_text(encoding="utf-8"))


def shipped_with(**changes: object) -> str:
    return json.dumps({**SHIPPED, **changes})


DAMAGED = {
    "missing": None,
    "truncated": order_model.WEIGHTS.read_text(encoding="utf-8")[:200],
    "no weights": json.dumps({k: v for k, v in SHIPPED.items() if k != "weights"}),
    "too few weights": shipped_with(weights=SHIPPED["weights"][:-1]),
    "a NaN weight": shipped_with(weights=[float("nan"), *SHIPPED["weights"][1:]]),
    "a null weight": shipped_with(weights=[None, *SHIPPED["weights"][1:]]),
    "other features": shipped_with(features=[*SHIPPED["features"][:-1], "something_else"]),
}


@pytest.fixture
def weights_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """order_model.WEIGHTS pointed at a file of this test's; the cached weights read again before
    and after it."""
    path = tmp_path / "order_model.json"
    monkeypatch.setattr(order_model, "WEIGHTS", path)
    order_model.weights.cache_clear()
    yield path
    order_model.weights.cache_clear()


def damage(path: Path, kind: str) -> None:
    text = DAMAGED[kind]
    if text is not None:
        path.write_text(text, encoding="utf-8")


def one_line_naming_the_file(message: str, path: Path) -> None:
    assert "\n" not in message
    assert str(path) in message
    assert "bench/answer_quality_dev_rank.py --write" in message


@pytest.mark.parametrize("kind", list(DAMAGED))
def test_opening_the_index_with_damaged_weights_is_one_clear_error(
    weights_file: Path, tmp_path: Path, kind: str
) -> None:
    damage(weights_file, kind)
    with pytest.raises(OrderModelDamaged) as caught:
        KnowledgeIndex.from_url(f"sqlite:///{tmp_path / 'kassist.db'}", embedder=HashingEmbedder())
    one_line_naming_the_file(str(caught.value), weights_file)
    assert not (tmp_path / "kassist.db").exists()  # refused before anything was opened or created


@pytest.mark.parametrize("kind", ["missing", "a NaN weight"])
def test_the_async_index_refuses_them_the_same_way(weights_file: Path, tmp_path: Path, kind: str) -> None:
    damage(weights_file, kind)
    url = f"sqlite:///{tmp_path / 'kassist.db'}"
    with pytest.raises(OrderModelDamaged) as caught:
        asyncio.run(AsyncKnowledgeIndex.from_url(url, embedder=HashingEmbedder()))
    one_line_naming_the_file(str(caught.value), weights_file)


def test_the_shipped_file_opens(weights_file: Path, tmp_path: Path) -> None:
    weights_file.write_text(json.dumps(SHIPPED), encoding="utf-8")
    with KnowledgeIndex.from_url(f"sqlite:///{tmp_path / 'kassist.db'}", embedder=HashingEmbedder()):
        assert order_model.weights().shape == (len(order_model.FEATURES),)
