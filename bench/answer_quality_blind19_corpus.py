"""The corpus of blind 19 (bench/answer_quality_blind19.py): public text built at run time, nothing copied.

Another domain than every earlier answers set (the handbook and its demo corpus, blind 1-17; session
27's package READMEs and standard-library module docstrings; blind 18's Python language reference):
**system administration manuals and licence texts as this machine ships them** - the English section-5
manual pages (configuration files and file formats: ``fstab``, ``sudoers``-like access rules, ``apt``'s
and ``dpkg``'s files, systemd units, git's formats ...) rendered to plain text by the machine's own
``man``, and the licence texts under ``/usr/share/common-licenses``. Like an enterprise's policy and
operations documents they come in versions and variants that say much of the same: GPL-1/2/3, LGPL-2/
2.1/3, GFDL-1.2/1.3, MPL-1.1/2.0; ``deb-preinst``/``deb-postinst``/``deb-prerm``/``deb-postrm``; the
``systemd.*`` unit pages that repeat each other's sections; ``passwd``/``shadow``/``group``/``gshadow``.
The selection is fixed by rule, so two machines with the same packages read the same documents:

- ``man5/<page>.txt``: every file of ``/usr/share/man/man5`` (English only: no language folders),
  rendered with ``man --nh --nj -l`` at width 80 and overstrikes removed (``col -bx``), whose text is
  600-15,000 characters (the few giant pages - ``proc``, ``systemd.exec``, ``terminfo`` - would be a third
  of the corpus alone); a text identical to an earlier page's (aliases such as ``utmp``/``wtmp``) is kept
  once, under the first name in sorted order;
- ``licenses/<name>.txt``: every regular file of ``/usr/share/common-licenses`` (symbolic links such as
  ``GPL -> GPL-3`` skipped).

:func:`fingerprint` hashes every selected path and text; the runner compares it with
``EXPECTED_SHA256`` so a changed machine (other packages, another ``groff``) is reported, not silently
measured.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

MAN5, LICENSES = Path("/usr/share/man/man5"), Path("/usr/share/common-licenses")
MIN_PAGE, MAX_PAGE = 600, 15_000
EXPECTED_SHA256 = "b91d1de9b6d2e90b42db5038488e5aee9fe5a6814d64e0dcabb506cd7558e742"  # session 37, this machine's man5 and licences


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def render(page: Path) -> str:
    """A manual page as plain text, the same on every run of one machine (width, locale, no hyphens)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "MANWIDTH": "80", "LC_ALL": "C.UTF-8"}
    man = subprocess.run(
        ["man", "--nh", "--nj", "-E", "UTF-8", "-l", str(page)],
        capture_output=True, check=False, env=env,
    )  # fmt: skip
    col = subprocess.run(["col", "-bx"], input=man.stdout, capture_output=True, check=False, env=env)
    return col.stdout.decode("utf-8", errors="replace")


def manual_pages() -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    for page in sorted(p for p in MAN5.iterdir() if p.is_file()):
        text = render(page)
        name = page.name.removesuffix(".gz")
        if not MIN_PAGE <= len(text) <= MAX_PAGE or text in seen:
            continue
        seen.add(text)
        yield f"man5/{_safe(name)}.txt", text


def licenses() -> Iterator[tuple[str, str]]:
    for path in sorted(LICENSES.iterdir()):
        if path.is_file() and not path.is_symlink():
            yield f"licenses/{_safe(path.name)}.txt", path.read_text(encoding="utf-8", errors="replace")


def documents() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every selected document, in a fixed order."""
    yield from manual_pages()
    yield from licenses()


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
