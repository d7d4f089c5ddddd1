"""Bad files never stop a run and never pass silently: each gets a typed DocumentError with a reason."""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import socket
import tempfile
import time
from pathlib import Path

from test_kb_loaders import write_pdf

from knowledge.documents import Document, DocumentError
from knowledge.loaders import load_directory, load_file

PNG_HEADER = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
REPO = Path(__file__).resolve().parents[1]


def results_by_path(root: Path, **kwargs: object) -> dict[str, Document | DocumentError]:
    results = list(load_directory(root, tenant_id="acme", collection="handbook", **kwargs))  # type: ignore[arg-type]
    paths = [r.source_path for r in results]
    assert len(paths) == len(set(paths)), "one result per file"
    return dict(zip(paths, results, strict=True))


def error(results: dict[str, Document | DocumentError], path: str) -> DocumentError:
    result = results[path]
    assert isinstance(result, DocumentError), f"{path} should have failed, loaded {result!r}"
    assert result.reason.strip()
    return result


def test_every_bad_file_gets_its_own_typed_error_and_good_files_still_load(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    outside = tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text("other tenant's secret", encoding="utf-8")

    (root / "good.md").write_text("# Good\n\nThis one loads.\n", encoding="utf-8")
    (root / "sub" / "good.txt").write_text("So does this one.\n", encoding="utf-8")
    (root / "sheet.xlsx").write_bytes(b"PK\x03\x04 spreadsheet")
    (root / "Makefile").write_text("all:\n\techo hi\n", encoding="utf-8")
    (root / "image.txt").write_bytes(PNG_HEADER + bytes(range(256)))
    (root / "latin1.txt").write_bytes("Caf\xe9 au lait".encode("latin-1"))
    (root / "zero.txt").write_bytes(b"")
    (root / "blank.md").write_text("  \n\n\t\n", encoding="utf-8")
    (root / "only_markup.html").write_text("<html><script>var a = 1;</script></html>", encoding="utf-8")
    (root / "big.txt").write_text("x" * 4096, encoding="utf-8")
    write_pdf(root / "locked.pdf", [["Salaries 2026"]], user_password="s3cret")
    write_pdf(root / "restricted.pdf", [["Owner password only: opens without one."]], owner_password="owner")
    write_pdf(root / "scanned.pdf", [[]])
    good_pdf = write_pdf(tmp_path / "whole.pdf", [["A complete PDF file with text."]]).read_bytes()
    (root / "truncated.pdf").write_bytes(good_pdf[: len(good_pdf) // 2])
    (root / "renamed.pdf").write_bytes(PNG_HEADER)
    (root / "garbage.docx").write_bytes(b"PK\x03\x04 not really a zip archive")
    (root / "protected.docx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512)
    os.mkfifo(root / "pipe.txt")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(root / "socket.md"))
        (root / "loop_a.md").symlink_to("loop_b.md")
        (root / "loop_b.md").symlink_to("loop_a.md")
        (root / "sub" / "back_up").symlink_to("..")
        (root / "escape.txt").symlink_to(outside / "secret.txt")
        (root / "escape_dir").symlink_to(outside)
        (root / "dangling.txt").symlink_to(root / "gone.txt")
        (root / "alias.md").symlink_to(root / "good.md")
        (root / ".git").mkdir()
        (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")

        results = results_by_path(root, max_bytes=2000)

    loaded = sorted(k for k, v in results.items() if isinstance(v, Document))
    assert loaded == ["alias.md", "good.md", "restricted.pdf", "sub/good.txt"]
    restricted = results["restricted.pdf"]
    assert isinstance(restricted, Document) and "opens without one" in restricted.text

    expected = {
        "sheet.xlsx": "unsupported_type",
        "Makefile": "unsupported_type",
        "image.txt": "binary",
        "latin1.txt": "invalid_utf8",
        "zero.txt": "empty",
        "blank.md": "empty",
        "only_markup.html": "empty",
        "scanned.pdf": "empty",
        "big.txt": "too_large",
        "locked.pdf": "encrypted_pdf",
        "truncated.pdf": "broken_file",
        "renamed.pdf": "broken_file",
        "garbage.docx": "broken_file",
        "protected.docx": "broken_file",
        "pipe.txt": "unreadable",
        "socket.md": "unreadable",
        "dangling.txt": "unreadable",
        "loop_a.md": "symlink_loop",
        "loop_b.md": "symlink_loop",
        "sub/back_up": "symlink_loop",
        "escape.txt": "outside_root",
        "escape_dir": "outside_root",
    }
    assert {path: error(results, path).kind for path in expected} == expected
    assert set(results) == set(expected) | set(loaded), "hidden .git is skipped, nothing else"

    # The reasons name the problem and the way out.
    assert "'.xlsx'" in error(results, "sheet.xlsx").reason and ".docx" in error(results, "sheet.xlsx").reason
    assert "0xe9" in error(results, "latin1.txt").reason and "UTF-8" in error(results, "latin1.txt").reason
    assert "4,096" in error(results, "big.txt").reason and "2,000" in error(results, "big.txt").reason
    assert "password" in error(results, "locked.pdf").reason
    assert "OCR" in error(results, "scanned.pdf").reason
    assert "password-protected" in error(results, "protected.docx").reason
    assert "named pipe" in error(results, "pipe.txt").reason
    assert "socket" in error(results, "socket.md").reason
    assert "gone.txt" in error(results, "dangling.txt").reason
    assert "secret" not in "".join(r.text for r in results.values() if isinstance(r, Document))


def test_load_file_refuses_paths_outside_the_root(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    stray = tmp_path / "stray.txt"
    stray.write_text("not in the root", encoding="utf-8")

    result = load_file(root / ".." / "stray.txt", root=root, tenant_id="acme", collection="handbook")

    assert isinstance(result, DocumentError)
    assert result.kind == "outside_root"


def load_as_nobody(root: Path) -> list[dict[str, object]]:
    """Run load_directory in a forked child that has dropped root privileges to user nobody."""
    list(load_directory(REPO / "knowledge" / "assets", tenant_id="acme", collection="warmup"))  # imports done
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: never return into pytest
        status = 1
        out = os.fdopen(write_fd, "w")
        try:
            os.close(read_fd)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            dumped = [
                r.model_dump(mode="json")
                for r in load_directory(root, tenant_id="acme", collection="handbook")
            ]
            json.dump(dumped, out)
            status = 0
        except BaseException as exc:
            out.write(f"child failed: {exc!r}")
        finally:
            out.close()
            os._exit(status)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 60
    with os.fdopen(read_fd, "rb") as inp:
        # Never hang the suite: a child stuck (e.g. on a lock inherited through fork) is killed.
        while select.select([inp], [], [], max(0.0, deadline - time.monotonic()))[0]:
            block = os.read(inp.fileno(), 65536)
            if not block:
                break
            chunks.append(block)
        else:
            os.kill(pid, signal.SIGKILL)
    payload = b"".join(chunks).decode()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, payload
    rows: list[dict[str, object]] = json.loads(payload)
    return rows


def test_unreadable_permissions_are_reported() -> None:
    """chmod 000 does not stop root, so as root the load runs in a child process as user nobody."""
    # pytest's tmp_path lives under a 0700 directory that nobody cannot enter.
    root = Path(tempfile.mkdtemp(prefix="kassist-perm-"))
    root.chmod(0o755)
    (root / "public.txt").write_text("Everyone may read this.", encoding="utf-8")
    secret = root / "private.txt"
    secret.write_text("Nobody may read this.", encoding="utf-8")
    secret.chmod(0o000)
    (root / "closed").mkdir()
    (root / "closed" / "inner.txt").write_text("hidden", encoding="utf-8")
    (root / "closed").chmod(0o000)
    try:
        if os.geteuid() == 0:
            rows = load_as_nobody(root)
        else:
            rows = [
                r.model_dump(mode="json")
                for r in load_directory(root, tenant_id="acme", collection="handbook")
            ]
    finally:
        (root / "closed").chmod(0o700)
        shutil.rmtree(root)

    by_path = {row["source_path"]: row for row in rows}
    assert set(by_path) == {"closed", "private.txt", "public.txt"}
    assert by_path["public.txt"]["text"] == "Everyone may read this."
    assert by_path["private.txt"]["kind"] == "unreadable"
    assert "permission denied" in str(by_path["private.txt"]["reason"])
    assert by_path["closed"]["kind"] == "unreadable"
    assert "cannot list" in str(by_path["closed"]["reason"])


def test_a_docx_that_would_expand_past_the_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    from knowledge.corpus.hostile import docx_of_paragraphs
    from knowledge.loaders.docx import MAX_XML_BYTES
    from knowledge.loaders.files import DEFAULT_MAX_BYTES

    root = tmp_path / "docs"
    root.mkdir()
    # A zip bomb: a valid Word file of short paragraphs that inflates past the limit, though the
    # file itself is well within the size limit. Without the check python-docx parses all of it
    # (260 MB took it 5 minutes) and the run chunks the text.
    plain, bombed = docx_of_paragraphs(MAX_XML_BYTES)
    bomb = root / "bomb.docx"
    bomb.write_bytes(bombed)
    assert bomb.stat().st_size < DEFAULT_MAX_BYTES

    result = load_file(bomb, root=root, tenant_id="acme", collection="handbook")

    assert isinstance(result, DocumentError), result
    assert result.kind == "too_large"
    assert "expands to" in result.reason and "zip bomb" in result.reason
    # The same file without the bomb still loads: the limit is on expansion, not on Word files.
    (root / "plain.docx").write_bytes(plain)
    loaded = load_file(root / "plain.docx", root=root, tenant_id="acme", collection="handbook")
    assert isinstance(loaded, Document) and "MARKER" in loaded.text


def test_a_pdf_whose_pages_hold_too_much_content_is_refused_before_its_text_is_read(tmp_path: Path) -> None:
    from knowledge.corpus.hostile import pdf_of_one_shared_page, text_operators
    from knowledge.loaders.pdf import MAX_CONTENT_BYTES

    root = tmp_path / "docs"
    root.mkdir()
    # 70 pages of one shared megabyte of text operators: a 14 KB file that pypdf would read for
    # about a minute (and a thousand such pages for hours, at every resume of the run).
    operators = text_operators(2**20)
    (root / "bomb.pdf").write_bytes(
        pdf_of_one_shared_page(MAX_CONTENT_BYTES // len(operators) + 6, operators)
    )
    (root / "fine.pdf").write_bytes(pdf_of_one_shared_page(2, text_operators(2500)))
    assert (root / "bomb.pdf").stat().st_size < 100_000

    bomb = load_file(root / "bomb.pdf", root=root, tenant_id="acme", collection="handbook")
    fine = load_file(root / "fine.pdf", root=root, tenant_id="acme", collection="handbook")

    assert isinstance(bomb, DocumentError) and bomb.kind == "too_large", bomb
    assert "bytes of content" in bomb.reason and "split" in bomb.reason
    assert isinstance(fine, Document) and "quick brown fox" in fine.text


def test_a_docx_of_an_unknown_zip_version_is_a_broken_file(tmp_path: Path) -> None:
    import io

    import docx

    buffer = io.BytesIO()
    document = docx.Document()
    document.add_paragraph("Text")
    document.save(buffer)
    data = bytearray(buffer.getvalue())
    central = data.index(b"PK\x01\x02")  # the first central directory entry
    data[central + 6 : central + 8] = (136).to_bytes(2, "little")  # "needs zip version 13.6"
    (tmp_path / "future.docx").write_bytes(bytes(data))

    result = load_file(tmp_path / "future.docx", root=tmp_path, tenant_id="acme", collection="handbook")

    assert isinstance(result, DocumentError) and result.kind == "broken_file", result
    assert "zip file version 13.6" in result.reason
