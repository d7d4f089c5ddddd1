"""The corpus of blind 18 (bench/answer_quality_blind18.py): public text built at run time, nothing copied.

Another domain than every earlier answers set (the handbook and its demo corpus, blind 1-17; session
27's package READMEs and standard-library module docstrings): **the Python language reference and
library manual as the interpreter ships it** - ``pydoc_data.topics``, the text ``help("if")`` shows,
one document per topic - among near-duplicate distractors that say much of the same in other words or
in another register. The selection is fixed by rule, so two machines with the same interpreter and
environment read the same documents:

- ``reference/<topic>.txt``: every topic of ``pydoc_data.topics`` (79 on Python 3.11.7). Natural
  near-duplicates: ``compound`` holds the ``if``/``while``/``for``/``try``/``with``/``function``/
  ``class`` topics again, ``specialnames`` holds ``customization``, ``attribute-access`` and the
  other special-method topics, ``types`` holds the type hierarchy that ``callable-types`` repeats;
- ``builtins/<name>.txt``: the docstrings of one built-in type with those of its public methods (every
  non-exception class of ``builtins`` whose text is >= 400 characters), and ``builtins/functions.txt``
  with every built-in function's docstring: the same behaviour as the reference's ``string-methods``,
  ``typesmapping``, ``typesseq`` ... in the terse words of ``help(str.split)``;
- ``packages/<name>.md|.txt``: the long descriptions (READMEs) session 27's public set left out - those
  of 400-599 characters and those over its 40,000-character cap up to 60,000 (orjson, tqdm, openai,
  charset-normalizer), and docutils, excluded there - and ``modules/<package>.txt``: the module
  docstrings (>= 400 characters, read with ``ast``, nothing imported) of the environment's top-level
  packages and modules: other-domain Python documentation that shares the reference's vocabulary.

:func:`fingerprint` hashes every selected path and text; the runner compares it with
``EXPECTED_SHA256`` so a changed interpreter or environment is reported, not silently measured.
"""

from __future__ import annotations

import ast
import builtins
import email
import hashlib
import pydoc_data.topics
import re
import sysconfig
from collections.abc import Iterator
from pathlib import Path

MIN_BUILTIN, MIN_DOCSTRING = 400, 400
README_SHORT, README_LONG = (400, 600), (40_000, 60_000)  # outside session 27's 600-40,000 window
README_ALSO = {"docutils"}  # inside the window, but session 27 excluded it
EXPECTED_SHA256 = "df1e0fc849f88e436499f3f80b09c36fd28ef80cdf5267fbddd172cc2c071baf"  # session 36, Python 3.11.7 + this venv


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def reference() -> Iterator[tuple[str, str]]:
    for topic, text in sorted(pydoc_data.topics.topics.items()):
        yield f"reference/{_safe(topic)}.txt", text


def _builtin_types() -> Iterator[tuple[str, str]]:
    for name in sorted(vars(builtins)):
        obj = getattr(builtins, name)
        if name.startswith("_") or not isinstance(obj, type) or issubclass(obj, BaseException):
            continue
        parts = [f"{name}\n\n{obj.__doc__ or ''}"]
        for attr, value in sorted(vars(obj).items()):
            doc = getattr(value, "__doc__", None)
            if not attr.startswith("_") and isinstance(doc, str) and doc.strip():
                parts.append(f"{name}.{attr}\n\n{doc}")
        text = "\n\n".join(parts)
        if len(text) >= MIN_BUILTIN:
            yield f"builtins/{name}.txt", text


def _builtin_functions() -> str:
    parts = []
    for name in sorted(vars(builtins)):
        obj = getattr(builtins, name)
        doc = getattr(obj, "__doc__", None)
        if name.startswith("_") or isinstance(obj, type) or not callable(obj):
            continue
        if isinstance(doc, str) and doc.strip():
            parts.append(f"{name}\n\n{doc}")
    return "\n\n".join(parts)


def _readme(meta: Path) -> tuple[str, str, bool] | None:
    msg = email.message_from_string(meta.read_text(encoding="utf-8", errors="replace"))
    name = str(msg["Name"] or meta.parent.name)
    body = msg.get_payload()
    text = body if isinstance(body, str) and body.strip() else str(msg.get("Description") or "")
    size = len(text)
    if not (
        README_SHORT[0] <= size < README_SHORT[1]
        or README_LONG[0] < size <= README_LONG[1]
        or name.lower() in README_ALSO
    ):
        return None
    markdown = "markdown" in str(msg.get("Description-Content-Type") or "").lower()
    return name, text, markdown


def packages() -> Iterator[tuple[str, str]]:
    site = Path(sysconfig.get_paths()["purelib"])
    for meta in sorted(site.glob("*.dist-info/METADATA")):
        found = _readme(meta)
        if found and found[0].lower() != "kassist":
            name, text, markdown = found
            yield f"packages/{_safe(name)}{'.md' if markdown else '.txt'}", text
    for path in sorted(site.glob("*.py")) + sorted(site.glob("*/__init__.py")):
        try:
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        name = path.parent.name if path.name == "__init__.py" else path.stem
        if doc and len(doc) >= MIN_DOCSTRING and not name.startswith("__editable__"):
            yield f"modules/{_safe(name)}.txt", doc


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    yield from reference()
    yield from _builtin_types()
    yield "builtins/functions.txt", _builtin_functions()
    yield from packages()


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
