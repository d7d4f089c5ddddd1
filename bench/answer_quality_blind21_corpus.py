"""The corpus of blind 21 (bench/answer_quality_blind21.py): public text read at run time, nothing copied.

Another domain than every earlier answers set (the handbook and its demo corpus, blind 1-17; session
27's package READMEs and standard-library module docstrings; blind 18's Python language reference;
blind 19's section-5 manual pages and licence texts; blind 20's git release notes and Debian upgrade
notices): **a runtime platform's own documentation, as this machine's Node.js package ships it**
(``/usr/share/doc/nodejs``), the kind an enterprise's developers and platform team ask about every day -
"which 20.x fixed this", "we run 18.14 - do we have statfs", "is ``new Buffer()`` still allowed", "what
replaced ``url.parse``". It comes in versioned families of both kinds:

- ``node-releases/v<version>.txt`` (a series whose versions do NOT supersede each other): one document
  per release section of ``changelogs/CHANGELOG_V18.md`` and ``CHANGELOG_V20.md`` (18.0.0-18.15.0,
  20.0.0-20.20.2), its notable changes only (the section up to ``### Commits``); the question is about
  the release that introduced or fixed something, or the release the user runs, and the security
  releases of one day repeat each other's wording;
- ``node-deprecations/DEP<nnnn>.txt`` (a family where a newer API supersedes an older one): one
  document per entry of ``api/deprecations.md`` - what is deprecated, since which release, at which
  stage (documentation-only, runtime, end-of-life) and what replaces it; the entries repeat each other's
  sentences;
- ``licenses/<name>.txt`` (documents whose newer version supersedes the older): the versioned licence
  families of ``/usr/share/common-licenses`` a dependency review meets in Node's bundled components -
  GPL-1/2/3, LGPL-2/2.1/3, GFDL-1.2/1.3, MPL-1.1/2.0 (the one family of blind 19 read again, here for
  its versions: which one replaces which, and what "or any later version" means).

Markdown is read as plain text: a link ``[text](url)`` or ``[text][ref]`` keeps its text, link
definitions and lint comments go (the YAML history comments stay: they name the versions), a commit's ``\\[[`hash`](url)] - ``
prefix and backslash escapes are dropped (the changelog's bullets are otherwise two-thirds URLs).
:func:`fingerprint` hashes every selected path and text; the runner compares it with ``EXPECTED_SHA256``
so a changed machine (another Node.js package) is reported, not silently measured.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

NODE, LICENSES = Path("/usr/share/doc/nodejs"), Path("/usr/share/common-licenses")
LINES = ("CHANGELOG_V18.md", "CHANGELOG_V20.md")
FAMILIES = (
    "GPL-1",
    "GPL-2",
    "GPL-3",
    "LGPL-2",
    "LGPL-2.1",
    "LGPL-3",
    "GFDL-1.2",
    "GFDL-1.3",
    "MPL-1.1",
    "MPL-2.0",
)
EXPECTED_SHA256 = "5132538bee8d5a56bed1e0cfba45467ef31dc8d56520be0a0047f5a0c236703f"  # session 39, this machine's nodejs 20.20.2 docs and licences

_RELEASE = re.compile(r'\n(?=<a id="\d+\.\d+\.\d+"></a>)')
_VERSION = re.compile(r'<a id="(\d+\.\d+\.\d+)"></a>')
_DEP = re.compile(r"\n(?=### DEP\d{4}:)")
_COMMIT = re.compile(r"\\?\[\[`[0-9a-f]+`\]\([^)]*\)\] - ")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_REFERENCE = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_DEFINITION = re.compile(r"^\[[^\]]+\]: \S+\n", re.M)
_LINT = re.compile(r"<!-- md-lint [^>]*-->\n?")


def plain(markdown: str) -> str:
    """Markdown as a reader sees it: links keep their text, commit prefixes and escapes dropped."""
    text = _COMMIT.sub("", markdown)
    text = _LINK.sub(r"\1", text)
    text = _REFERENCE.sub(r"\1", _LINT.sub("", _DEFINITION.sub("", text)))
    return re.sub(r"\\([\[\]_*`#<>|-])", r"\1", text)


def releases() -> Iterator[tuple[str, str]]:
    for name in LINES:
        text = (NODE / "changelogs" / name).read_text(encoding="utf-8")
        for part in _RELEASE.split(text)[1:]:
            match = _VERSION.match(part.lstrip())
            if match is None:
                continue
            notes = part.split("### Commits")[0]
            yield f"node-releases/v{match.group(1)}.txt", plain(notes).strip() + "\n"


def deprecations() -> Iterator[tuple[str, str]]:
    text = (NODE / "api" / "deprecations.md").read_text(encoding="utf-8")
    for part in _DEP.split(text)[1:]:
        code = part[4:11]
        body = part.split("\n## ")[0]  # the last entry runs into no other heading
        yield f"node-deprecations/{code}.txt", plain(body).strip() + "\n"


def licences() -> Iterator[tuple[str, str]]:
    for name in FAMILIES:
        yield f"licenses/{name}.txt", (LICENSES / name).read_text(encoding="utf-8", errors="replace")


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    yield from releases()
    yield from deprecations()
    yield from licences()


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
