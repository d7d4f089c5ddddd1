"""The demo corpus: realistic enterprise documents of a fictional company, Northwind Analytics.

24 files in .md, .txt and .html (HR policies, travel and expenses, security, IT runbooks, facilities,
an archived 2024 leave policy superseded by the 2026 handbook), about 250 chunks at 256 tokens. Used by
``make demo``, the retrieval benchmark (``bench/retrieval.py``) and ``kassist kb ingest``.
"""

from __future__ import annotations

from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent / "files"


def demo_corpus_path() -> Path:
    """The directory holding the shipped demo documents."""
    if not CORPUS_DIR.is_dir():
        raise FileNotFoundError(
            f"demo corpus not found at {CORPUS_DIR}; install kassist from its source tree (pip install -e .)"
        )
    return CORPUS_DIR


def ground_truth_path(corpus_dir: Path) -> Path:
    """Where ``kassist demo-corpus`` keeps a generated corpus's ground truth: next to the folder,
    ``<folder>.manifest.json``, not inside it, so that ingesting the folder reads only documents."""
    folder = Path(corpus_dir).resolve()
    return folder.parent / f"{folder.name}.manifest.json"
