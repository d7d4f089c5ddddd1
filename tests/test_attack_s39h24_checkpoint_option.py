"""h24 s39: ``kassist checkpoints show --checkpoint`` with an id over 512 bytes is "a bug in kassist".

Session 38 (a94d81b, d260764) checks ``--thread`` and ``--user`` before anything is opened: a 600-byte
``--thread`` is ``error: --thread is 600 bytes long (...); ids may be at most 512 bytes ...``, exit 2.
``--checkpoint`` of the same command goes to the saver unchecked, and the saver's InvalidId escapes as
``error: unexpected InvalidId: configurable.checkpoint_id is 600 bytes long ... (a bug in kassist; run
again with KASSIST_DEBUG=1 ...)``, exit 1: the operator is told to report a bug for a typo'd id. docs/cli.md:
an id the command cannot use is one line, exit 2, before anything is opened. A real ``kassist`` process.
"""

from __future__ import annotations

from pathlib import Path

from ingest_harness import kassist

from checkpointer import TenantCheckpointer


def test_a_checkpoint_id_over_512_bytes_is_a_usage_error_as_a_thread_id_is(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    with TenantCheckpointer.from_url(url) as saver:
        saver.setup()
    thread = kassist("checkpoints", "show", "--tenant", "acme", "--thread", "t" * 600, "--database-url", url,
                     cwd=tmp_path)  # fmt: skip
    assert thread.returncode == 2 and "--thread is 600 bytes long" in thread.stderr, thread.stderr  # s38

    done = kassist("checkpoints", "show", "--tenant", "acme", "--thread", "t1", "--checkpoint", "c" * 600,
                   "--database-url", url, cwd=tmp_path)  # fmt: skip
    err = done.stderr.strip()
    assert "unexpected" not in err and "a bug in kassist" not in err, err
    assert done.returncode == 2, (done.returncode, err)
    assert err.startswith("error: --checkpoint") and len(err.splitlines()) == 1, err
