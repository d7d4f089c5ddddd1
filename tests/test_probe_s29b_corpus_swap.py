"""Session 29 probes (h2): a folder of the corpus swapped for a link between the loader's check and
its read (time of check to time of use).

``knowledge.loaders.files`` resolves a document's path and checks it is inside the ingested root,
then opens the resolved path. ``O_NOFOLLOW`` guards only its last component: a folder of the path
replaced by a link in between is followed. The swap is made at that instant here by wrapping the
standard library's ``os.open`` (the attacker's move, at the moment a racing attacker aims for; our
code runs unchanged). Without the wrapper a loop of atomic renames won the race 8 times in 20 s of
loads on this machine (/tmp/h2s29/toctou/race.py), so the door is real, not only an instant we pick.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from knowledge.documents import Document
from knowledge.loaders import load_file

SECRET = "hunter2 is the root password"


def _swap_at_first_open(monkeypatch: pytest.MonkeyPatch, root: Path, folder: Path, target: Path) -> None:
    """Replace ``folder`` (inside ``root``) with a link to ``target`` when the loader first opens
    anything under ``root``: after its resolve-and-check, before its read."""
    real_open = os.open
    swapped: list[bool] = []

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if not swapped and os.fspath(path).startswith(os.fspath(root)):
            swapped.append(True)
            os.rename(folder, folder.with_name(folder.name + ".moved"))
            os.symlink(target, folder)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_the_swap)


def test_a_folder_swapped_for_a_link_after_the_check_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "corpus"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n")
    outside = tmp_path / "globex"  # another tenant's folder, beside acme's
    outside.mkdir()
    (outside / "leave.md").write_text(f"# Globex leave\n\n{SECRET}\n")

    _swap_at_first_open(monkeypatch, root, root / "sub", outside)
    loaded = load_file(root / "sub" / "leave.md", root=root, tenant_id="acme", collection="handbook")

    assert (root / "sub").is_symlink()  # the swap happened
    assert not (isinstance(loaded, Document) and SECRET in loaded.text), "read a file outside the root"
    assert not isinstance(loaded, Document)
    assert loaded.kind == "unreadable"


def test_a_link_swapped_in_as_the_file_itself_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What held: the last component is opened with O_NOFOLLOW."""
    root = tmp_path / "corpus"
    root.mkdir()
    (root / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n")
    outside = tmp_path / "secret.md"
    outside.write_text(f"# Secret\n\n{SECRET}\n")

    real_open = os.open
    swapped: list[bool] = []

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if not swapped and os.fspath(path).endswith("leave.md"):
            swapped.append(True)
            os.unlink(root / "leave.md")
            os.symlink(outside, root / "leave.md")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_after_the_swap)
    loaded = load_file(root / "leave.md", root=root, tenant_id="acme", collection="handbook")
    assert swapped
    assert not isinstance(loaded, Document)
    assert loaded.kind == "unreadable"


def test_a_folder_swapped_for_a_link_before_its_listing_is_not_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 30 (h1; h2's D3 follow-up): the walk checks ``sub`` is a folder, then lists it. A
    ``sub`` swapped for a link in between was listed by path: the link target's names (another
    tenant's folder, the operator's home) went into the run's failed list, which the tenant reads."""
    from knowledge.documents import DocumentError
    from knowledge.loaders.walk import walk_files

    root = tmp_path / "corpus"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "leave.md").write_text("# Leave\n\nNew joiners accrue 2 days a month.\n")
    outside = tmp_path / "home"
    outside.mkdir()
    (outside / "payroll-2026.md").write_text(f"# Payroll\n\n{SECRET}\n")

    real_open, real_scandir = os.open, os.scandir
    swapped: list[bool] = []

    def swap(target: Any) -> None:
        # The instant the walker reaches `sub` itself, by path or by name under a folder descriptor.
        if not swapped and isinstance(target, str | os.PathLike) and os.fspath(target).endswith("sub"):
            swapped.append(True)
            os.rename(root / "sub", root / "sub.moved")
            os.symlink(outside, root / "sub")

    def open_after_the_swap(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        swap(path)
        return real_open(path, flags, *args, **kwargs)

    def scandir_after_the_swap(path: Any = ".") -> Any:
        swap(path)
        return real_scandir(path)

    monkeypatch.setattr(os, "open", open_after_the_swap)
    monkeypatch.setattr(os, "scandir", scandir_after_the_swap)
    found = list(walk_files(root))

    assert swapped  # the swap happened
    named = [str(i) if isinstance(i, Path) else i.source_path for i in found]
    assert not [n for n in named if "payroll" in n], named  # no name from outside the root
    assert [i.kind for i in found if isinstance(i, DocumentError)] == ["unreadable"], found
