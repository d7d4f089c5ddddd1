"""The next batch embeds while this one writes the index (graph/ingestion/batches_ahead.py): what a user
relies on is that this changes nothing but the speed. Every text goes to the model once, the
counters are those of one batch after another (a text the previous batch cached counts as a cache
hit, even though the look-ahead embedded it before that batch's writes were in), and a look-ahead
whose model call fails costs nothing: the batch embeds for itself. Both backends."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ingest_harness import chunk_ids, opened

from graph.ingestion import batches_ahead
from graph.ingestion.resources import Resources
from graph.ingestion.runner import execute
from graph.ingestion.state import AgentRunState, Settings

TENANT = "acme"


@pytest.fixture
def res(db_url: str, tmp_path: Path) -> Iterator[Resources]:
    with opened(db_url, tmp_path / "reports") as res:
        yield res


def policies(root: Path, n: int) -> Path:
    root.mkdir()
    for i in range(n):
        (root / f"p{i:02d}.md").write_text(
            f"# Policy {i}\n\n## Rules\n\nStaff of office {i} file form {i} within {i % 5 + 2} days.\n\n"
            f"## Scope\n\nApplies to building {i} and everyone working there.\n"
        )
    return root


class ModelCalls:
    """The texts each call to the run's model got, and on which thread."""

    def __init__(self, res: Resources, monkeypatch: pytest.MonkeyPatch, fail_ahead: int = 0) -> None:
        self.calls: list[tuple[str, list[str]]] = []
        self.fail_ahead = fail_ahead
        model, _ = res.embedder("hashing")
        embed = model.embed_documents

        def recorded(texts: list[str]) -> Any:
            thread = threading.current_thread().name
            self.calls.append((thread, list(texts)))
            if self.fail_ahead and thread != "MainThread":
                self.fail_ahead -= 1
                raise ConnectionError("embedding API: 503 Service Unavailable (injected)")
            return embed(texts)

        monkeypatch.setattr(model, "embed_documents", recorded)

    def texts(self) -> list[str]:
        return [t for _, texts in self.calls for t in texts]


def ingest(res: Resources, run_id: str, root: Path) -> AgentRunState:
    settings = Settings(source=str(root), collection="handbook", embedder="hashing", batch_size=3)
    out = execute(res, TENANT, run_id, settings=settings).state
    assert out.status == "completed", out.last_error
    return out


def test_each_text_goes_to_the_model_once_mostly_ahead_of_its_batch(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = ModelCalls(res, monkeypatch)
    out = ingest(res, "r1", policies(tmp_path / "docs", 12))  # 4 batches
    c = out.counters
    assert (c.documents_indexed, c.cache_hits) == (12, 0)
    assert sorted(model.texts()) == sorted(set(model.texts())) and len(model.texts()) == c.embedded
    ahead = [texts for thread, texts in model.calls if thread != "MainThread"]
    assert len(ahead) == 3  # every batch but the first was embedded while the one before it wrote


def test_a_text_the_previous_batch_cached_counts_as_a_hit(
    res: Resources, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = policies(tmp_path / "docs", 6)
    # p03 opens the second batch with p02's exact text: planned ahead, before p02's batch wrote it,
    # it is embedded for nothing, but counted as one batch after the other counts it: cache hits.
    (root / "p03.md").write_text((root / "p02.md").read_text())
    out = ingest(res, "dup", root)
    c = out.counters
    assert c.cache_hits >= 1 and c.embedded + c.cache_hits == c.chunks_added
    assert c.documents_indexed == 6
    (p03,) = res.runs.for_tenant(TENANT).sums("dup", 3, 4)  # what p03 recorded
    assert (int(p03["embedded"]), int(p03["hits"])) == (0, int(p03["added"])) and int(p03["added"]) > 0


def test_a_failed_look_ahead_costs_nothing_but_the_call(
    res: Resources, db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = policies(tmp_path / "docs", 12)
    model = ModelCalls(res, monkeypatch, fail_ahead=2)  # the look-ahead of batches 2 and 3 fails
    out = ingest(res, "flaky", root)
    assert model.fail_ahead == 0
    assert (out.counters.documents_indexed, out.counters.documents_failed) == (12, 0)
    assert out.retry_counts == {}  # the batches embedded for themselves: nothing was retried
    assert len(chunk_ids(db_url, TENANT, "handbook")) == out.counters.chunks_added


def test_runs_paused_between_batches_leave_a_bounded_look_ahead(res: Resources, tmp_path: Path) -> None:
    # A server pausing many runs (max_steps) must not keep every run's loaded batch and vectors.
    root = policies(tmp_path / "docs", 12)
    for i in range(batches_ahead.MAX_RUNS_AHEAD + 3):
        settings = Settings(source=str(root), collection="handbook", embedder="hashing", batch_size=3)
        assert execute(res, TENANT, f"p{i}", settings=settings, max_steps=2).state.status == "paused"
    for ahead in (batches_ahead._loading, batches_ahead._embedding):
        runs = {work.run_id for work in ahead}
        assert 0 < len(runs) <= batches_ahead.MAX_RUNS_AHEAD
    resumed = execute(res, TENANT, "p0").state  # its look-ahead was dropped: it loads again
    assert resumed.status == "completed" and resumed.counters.documents_indexed == 12
