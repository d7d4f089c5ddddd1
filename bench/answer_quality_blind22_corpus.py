"""The corpus of blind 22 (bench/answer_quality_blind22.py): public text read at run time, nothing copied.

Another domain than every earlier answers set (the handbook and its demo corpus, blind 1-17; session
27's package READMEs and standard-library module docstrings; blind 18's Python language reference;
blind 19's section-5 manual pages and licence texts; blind 20's git release notes and Debian upgrade
notices; blind 21's Node.js release notes, deprecation entries and versioned licences): **a build
tool's reference documentation in versions, as this machine's CMake package ships it**
(``/usr/share/cmake-3.25``, CMake 3.25), the kind an enterprise's build and platform engineers ask about
every day - "from which 3.x can we use ``cmake --build -j``", "our minimum is 3.16: does
``FetchContent_MakeAvailable`` exist there", "what do we use now instead of ``FindPythonInterp``", "what
does CMP0077 change when we bump the minimum". It comes in versioned families of both kinds:

- ``cmake-releases/<3.N>.txt`` (a series whose versions do NOT supersede each other): the release notes
  of every feature release 3.0-3.25 (``Help/release/3.N.rst``, with their "Updates" sections for the
  patch releases); the question is about the release that introduced, changed or removed a thing, or
  the one the user runs, and the releases repeat each other's sentences ("learned to support ...");
- ``cmake-policies/CMP<nnnn>.txt`` (a family where a newer behaviour supersedes an older one): one
  document per policy (``Help/policy``), the OLD behaviour it deprecates, the NEW one, the version that
  introduced it; the policies repeat each other's boilerplate nearly word for word;
- ``cmake-deprecated/<name>.txt`` (superseded editions): the commands and modules CMake marks
  deprecated (``Help/command`` pages and the documentation blocks of ``Modules/*.cmake`` with a
  ``deprecated`` directive), each naming since when and what replaces it.

reStructuredText is read as plain text the way the rendered manual shows it: a role keeps its text
(``:command:`install``` -> ``install``; ``:manual:`text <target>``` -> ``text``), double backquotes
go, ``|release|`` is 3.25, ``versionadded``/``versionchanged``/``deprecated`` directives read "New in
version X.", "Changed in version X.", "Deprecated since version X.", the policies' included
DEPRECATED.txt note is inlined, and the table-of-contents directives go. :func:`fingerprint` hashes
every selected path and text; the runner compares it with ``EXPECTED_SHA256`` so a changed machine
(another CMake package) is reported, not silently measured.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

CMAKE = Path("/usr/share/cmake-3.25")
HELP = CMAKE / "Help"
EXPECTED_SHA256 = "83de1379284419bd9c9242598512dac3773cae872d355c37e4bfa12959c943c8"  # session 40, this machine's cmake-data 3.25 Help and Modules

_ROLE_TARGET = re.compile(r":[a-z_]+(?::[a-z_]+)?:`([^`<]*?)\s*<[^`>]*>`")
_ROLE = re.compile(r":[a-z_]+(?::[a-z_]+)?:`([^`]*)`")
_LITERAL = re.compile(r"``([^`]*)``")
_DIRECTIVE = {
    "versionadded": "New in version {}.",
    "versionchanged": "Changed in version {}.",
    "deprecated": "Deprecated since version {}.",
}
_VERSIONED = re.compile(r"^(\s*)\.\. (versionadded|versionchanged|deprecated):: (\S+)", re.M)
_ONLY = re.compile(r"^\.\. only:: html\n\n  \.\. contents::\n", re.M)
_DROP = re.compile(r"^\s*\.\. (?:contents|toctree|rubric|index)::.*\n", re.M)
_LABEL = re.compile(r"^\.\. _[^:]+:\n", re.M)
_BLOCK = re.compile(r"#\[(=*)\[\.rst:\n(.*?)\n#?\]\1\]", re.S)
_DEPRECATED_NOTE = HELP / "policy" / "DEPRECATED.txt"


def plain(rst: str) -> str:
    """reStructuredText as a reader of the rendered manual sees it."""
    text = rst.replace("|release|", "3.25")
    note = _DEPRECATED_NOTE.read_text(encoding="utf-8")
    text = text.replace(".. include:: DEPRECATED.txt", note)
    text = _ONLY.sub("", text)
    text = _DROP.sub("", _LABEL.sub("", text))
    text = _VERSIONED.sub(lambda m: m.group(1) + _DIRECTIVE[m.group(2)].format(m.group(3)), text)
    text = _ROLE_TARGET.sub(r"\1", text)
    text = _ROLE.sub(r"\1", text)
    text = _LITERAL.sub(r"\1", text)
    text = text.replace(".. note::", "Note:").replace(".. warning::", "Warning:")
    return text


def _minor(path: Path) -> tuple[int, int]:
    major, minor = path.stem.split(".")
    return int(major), int(minor)


def releases() -> Iterator[tuple[str, str]]:
    for path in sorted((HELP / "release").glob("3.*.rst"), key=_minor):
        yield f"cmake-releases/{path.stem}.txt", plain(path.read_text(encoding="utf-8")).strip() + "\n"


def policies() -> Iterator[tuple[str, str]]:
    for path in sorted((HELP / "policy").glob("CMP*.rst")):
        yield f"cmake-policies/{path.stem}.txt", plain(path.read_text(encoding="utf-8")).strip() + "\n"


def deprecated() -> Iterator[tuple[str, str]]:
    """Commands and modules the manual marks deprecated: each says since when and what replaces it."""
    for path in sorted((HELP / "command").glob("*.rst")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^\.\. deprecated::", text, re.M) or "Disallowed" in text[:400]:
            yield f"cmake-deprecated/{path.stem}.txt", plain(text).strip() + "\n"
    for path in sorted((CMAKE / "Modules").glob("*.cmake")):
        match = _BLOCK.search(path.read_text(encoding="utf-8"))
        if match and re.search(r"^\.\. deprecated::", match.group(2), re.M):
            yield f"cmake-deprecated/{path.stem}.txt", plain(match.group(2)).strip() + "\n"


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    yield from releases()
    yield from policies()
    yield from deprecated()


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
