"""The corpus of blind 20 (bench/answer_quality_blind20.py): public text read at run time, nothing copied.

Another domain than every earlier answers set (the handbook and its demo corpus, blind 1-17; session
27's package READMEs and standard-library module docstrings; blind 18's Python language reference;
blind 19's section-5 manual pages and licence texts): **release notes and upgrade notices in versions**,
as this machine ships them. An enterprise's announcements come the same way - "what changed in 2.34",
"is that still true in 2.38", one notice per release that repeats the last one's wording - and the
main miss this set looks for is a sibling version's notes winning:

- ``relnotes/git-<version>.txt``: every file of ``/usr/share/doc/git/RelNotes`` whose version is 2.30 to
  2.39 (feature releases ``2.3x.0`` and their maintenance releases ``2.3x.y``; the security releases of
  one day - 2.30.7, 2.31.6 ... 2.39.1 - say nearly the same in each branch);
- ``debian-news/<package>.txt``: the ``NEWS.Debian.gz`` of every package under ``/usr/share/doc``
  (Debian's upgrade notices, newest version first), a text identical to an earlier package's (the
  binary packages of one source: gpg, gpgv, gpgsm ...) kept once, under the first name in sorted order.

:func:`fingerprint` hashes every selected path and text; the runner compares it with
``EXPECTED_SHA256`` so a changed machine (another git, other packages) is reported, not silently measured.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

RELNOTES, DOC = Path("/usr/share/doc/git/RelNotes"), Path("/usr/share/doc")
SERIES = re.compile(r"^2\.3[0-9]\.[0-9]+\.txt$")
EXPECTED_SHA256 = "e88d21fea3487a58ab8540f5664f31820c9beffbce00380acceca71e98f772d0"  # session 38, this machine's git 2.39.5 and packages


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.+-]", "_", name)


def release_notes() -> Iterator[tuple[str, str]]:
    names = sorted((p.name for p in RELNOTES.iterdir() if SERIES.match(p.name)),
                   key=lambda n: tuple(int(x) for x in n.removesuffix(".txt").split(".")))  # fmt: skip
    for name in names:
        text = (RELNOTES / name).read_text(encoding="utf-8", errors="replace")
        yield f"relnotes/git-{_safe(name)}", text


def debian_news() -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    for folder in sorted(p for p in DOC.iterdir() if p.is_dir()):
        news = folder / "NEWS.Debian.gz"
        if not news.is_file():
            continue
        text = gzip.decompress(news.read_bytes()).decode("utf-8", errors="replace")
        if text in seen:
            continue
        seen.add(text)
        yield f"debian-news/{_safe(folder.name)}.txt", text


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    yield from release_notes()
    yield from debian_news()


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
