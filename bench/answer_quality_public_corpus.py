"""The public corpus of the public-text answers set (bench/answer_quality_public.py): built at run time.

Public documentation already on this machine, from a domain no answers set was tuned on: the long
descriptions (README text) of the packages installed in the running Python environment and the module
docstrings of the Python standard library. Nothing is copied into the repository; the selection is fixed
by rule so two machines with the same environment read the same documents:

- packages: every ``*.dist-info/METADATA`` of the environment's site-packages, sorted by file name, whose
  long description is 600-40,000 characters (a few lines of badges say nothing; the five longest, e.g.
  pydantic's 141,000-character changelog, would dominate ingestion time), except kassist itself;
  written as ``packages/<name>.md`` (markdown) or ``packages/<name>.txt`` (reStructuredText / plain);
- standard library: every top-level module ``<stdlib>/*.py`` and package ``<stdlib>/*/__init__.py`` of
  the interpreter, sorted, whose module docstring (read with ``ast``, nothing imported) is >= 400
  characters, written as ``stdlib/<module>.txt``.

Plugins of one framework (langgraph-checkpoint-*, opentelemetry-exporter-*, httpx/httpx2,
psycopg/psycopg-binary) and old-and-new modules (aifc/sunau/wave) are near-duplicates by nature.
:func:`fingerprint` hashes every selected text: the runner prints it and compares it with
``EXPECTED_SHA256`` so a changed environment is reported, not silently measured.
"""

from __future__ import annotations

import ast
import email
import hashlib
import re
import sysconfig
from collections.abc import Iterator
from pathlib import Path

MIN_README, MAX_README, MIN_DOCSTRING = 600, 40_000, 400
# The project's own README is not another domain; docutils became a dependency (session 28, 21a1117)
# after the set was frozen: left out, the corpus stays the 209 documents its questions were written on.
EXCLUDED = {"kassist", "docutils"}
EXPECTED_SHA256 = "feef92443e55591bdfa54a07e6a243a566d95d501764395f34f97609190b3cca"  # session 27, 04:25 UTC


def _markdown(content_type: str | None) -> bool:
    return bool(content_type) and "markdown" in str(content_type).lower()


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    site = Path(sysconfig.get_paths()["purelib"])
    for meta in sorted(site.glob("*.dist-info/METADATA")):
        msg = email.message_from_string(meta.read_text(encoding="utf-8", errors="replace"))
        name = str(msg["Name"] or meta.parent.name)
        body = msg.get_payload()
        text = body if isinstance(body, str) and body.strip() else str(msg.get("Description") or "")
        if name.lower() in EXCLUDED or not MIN_README <= len(text) <= MAX_README:
            continue
        suffix = ".md" if _markdown(msg.get("Description-Content-Type")) else ".txt"
        yield f"packages/{_safe(name)}{suffix}", text
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    modules = sorted(stdlib.glob("*.py")) + sorted(stdlib.glob("*/__init__.py"))
    for path in modules:
        try:
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        if doc and len(doc) >= MIN_DOCSTRING:
            name = path.parent.name if path.name == "__init__.py" else path.stem
            yield f"stdlib/{_safe(name)}.txt", doc


def fingerprint(docs: list[tuple[str, str]]) -> str:
    digest = hashlib.sha256()
    for rel, text in docs:
        digest.update(rel.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()


def write(root: Path) -> tuple[Path, list[tuple[str, str]], str]:
    """The selected documents written under ``root / "corpus"``: (folder, documents, fingerprint)."""
    corpus = root / "corpus"
    docs = list(documents())
    for rel, text in docs:
        target = corpus / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return corpus, docs, fingerprint(docs)
